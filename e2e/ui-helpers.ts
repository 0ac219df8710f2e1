// Shared steps of the browser specs. One app instance serves all specs (e2e/global-setup.ts), so
// the first spec to run completes /setup and later ones sign in with the same account.
import fs from "node:fs";
import path from "node:path";
import { expect, type Page, type TestInfo } from "@playwright/test";
import { OWNER } from "./helpers/accounts";

export { OWNER };
export const SHARED_DATASETS = "/work/shared/datasets";

export function sharedDataset(relative: string): string {
  const dir = process.env.SHARED_DATASETS_DIR ?? SHARED_DATASETS;
  return path.join(dir, relative);
}

/** Signs in as the owner, doing the first-run setup if the instance is fresh. */
export async function ensureSignedIn(page: Page) {
  await page.goto("/datasets");
  await page.waitForURL(/\/(setup|login|datasets)/);
  if (page.url().includes("/setup")) {
    await page.getByLabel("Setup token").fill(process.env.E2E_SETUP_TOKEN ?? "");
    await page.getByLabel("Team name").fill(OWNER.teamName);
    await page.getByLabel("Your name").fill(OWNER.name);
    await page.getByLabel("Email").fill(OWNER.email);
    await page.getByLabel("Password").fill(OWNER.password);
    await page.getByRole("button", { name: "Create the owner account" }).click();
    await page.waitForURL("**/datasets");
  } else if (page.url().includes("/login")) {
    await signIn(page);
  }
  await expect(page.getByTestId("current-team")).toContainText(OWNER.teamName);
}

export async function signIn(page: Page) {
  await page.getByLabel("Email").fill(OWNER.email);
  await page.getByLabel("Password").fill(OWNER.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL("**/datasets");
}

/** A full-page screenshot kept as a test artifact and under test-results/screens/ for review. */
export async function saveScreen(page: Page, testInfo: TestInfo, name: string, options: { fullPage?: boolean } = {}) {
  const file = testInfo.outputPath(`${name}.png`);
  // Pages with their own scroll area (the chat) look as users see them only at the real viewport size.
  await page.screenshot({ path: file, fullPage: options.fullPage ?? true });
  await testInfo.attach(name, { path: file, contentType: "image/png" });
  const screens = path.join("test-results", "screens");
  fs.mkdirSync(screens, { recursive: true });
  fs.copyFileSync(file, path.join(screens, `${name}.png`));
}

/** On the datasets page: shows the upload panel (open already when there are no datasets). */
export async function openUploadPanel(page: Page) {
  await page.goto("/datasets");
  const open = page.getByRole("button", { name: "Upload a dataset" });
  const input = page.getByTestId("dataset-file-input");
  await expect(open.or(input)).toBeAttached();
  if (await open.isVisible()) await open.click();
  await expect(input).toBeAttached();
}

/** Uploads a file through the datasets page and opens the new dataset; returns its id. */
export async function uploadDataset(page: Page, file: string, name: string): Promise<string> {
  await openUploadPanel(page);
  await page.getByTestId("dataset-file-input").setInputFiles(file);
  await page.getByLabel("Dataset name").fill(name);
  await page.getByTestId("start-upload").click();
  await expect(page.getByText(/Uploaded [\d,]+ rows?\b/)).toBeVisible({ timeout: 120_000 });
  await page.getByRole("button", { name: "Open the dataset" }).click();
  await page.waitForURL(/\/datasets\/[^/]+$/);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  return page.url().split("/").pop()!;
}
