import { expect, test } from "@playwright/test";
import { ensureSignedIn, saveScreen } from "./ui-helpers";

test("create an API key, use it, revoke it", async ({ page, request }, testInfo) => {
  await ensureSignedIn(page);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Team settings" }).click();
  await page.waitForURL("**/team-settings");
  await expect(page.getByTestId("members")).toContainText("owner");

  const keyName = `ui key ${Date.now()}`;
  await page.getByLabel("Key name").fill(keyName);
  await page.getByTestId("create-key").click();
  const secret = await page.getByTestId("new-key-secret").inputValue();
  expect(secret.length).toBeGreaterThan(20);
  const row = page.getByRole("row").filter({ hasText: keyName });
  await expect(row).toContainText("active");
  await expect(row).toContainText(secret.slice(0, 6));
  await saveScreen(page, testInfo, "team-settings-new-key");
  // On a phone the table keeps Revoke on screen: the dates move under the key's name.
  await page.setViewportSize({ width: 390, height: 844 });
  const revokeButton = page.getByRole("button", { name: new RegExp(`Revoke ${keyName}`) });
  await expect(revokeButton).toBeVisible();
  const box = (await revokeButton.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await expect(row.getByTestId("key-dates-phone")).toContainText("never used");
  await saveScreen(page, testInfo, "team-settings-keys-phone", { fullPage: false });
  await page.setViewportSize({ width: 1280, height: 860 });
  await expect(row.getByTestId("key-dates-phone")).toBeHidden();

  // The secret works for scripts right away.
  const ok = await request.get("/api/v1/models", { headers: { "X-API-Key": secret } });
  expect(ok.status()).toBe(200);

  await page.getByRole("button", { name: new RegExp(`Revoke ${keyName}`) }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("stop working at once");
  await saveScreen(page, testInfo, "team-settings-revoke-confirm");
  await dialog.getByRole("button", { name: "Revoke key" }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText("revoked");
  await expect(page.getByTestId("new-key-secret")).toHaveCount(0);
  await saveScreen(page, testInfo, "team-settings-revoked");

  const refused = await request.get("/api/v1/models", { headers: { "X-API-Key": secret } });
  expect(refused.status()).toBe(401);
});

test("a double click on Create key or Create project makes one, not two", async ({ page, request }) => {
  await ensureSignedIn(page);
  // A project needs a dataset: one small table through the API.
  const key = `api_key=${process.env.E2E_API_KEY}`;
  const made = await request.post(`/v1/datasets?${key}&name=double-click%20data`);
  expect(made.status()).toBeLessThan(300);
  const { dataset_id } = await made.json();
  const filled = await request.post(`/v1/datasets?${key}`, { data: { id: dataset_id, rows: [{ a: "1" }, { a: "2" }] } });
  expect(filled.status()).toBeLessThan(300);

  await page.goto("/team-settings");
  const keyName = `double ${Date.now()}`;
  await page.getByLabel("Key name").fill(keyName);
  await page.getByTestId("create-key").dblclick();
  await expect(page.getByTestId("new-key-secret")).toBeVisible();
  await page.reload();
  await expect(page.getByTestId("keys-table")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: keyName })).toHaveCount(1);

  await page.goto("/projects");
  const projectName = `double ${Date.now()}`;
  await page.getByLabel("Project name").fill(projectName);
  await page.getByRole("button", { name: "Create project" }).dblclick();
  await page.waitForURL(/\/projects\/[^/]+$/);
  await page.goto("/projects");
  await expect(page.getByRole("link", { name: projectName })).toHaveCount(1);
});

test("invite a member with a role: a pending invitation until they accept", async ({ page }) => {
  await ensureSignedIn(page);
  await page.goto("/team-settings");
  const email = `member${Date.now()}@example.com`;
  // A refused address is said, and the message goes once the field is edited (it is not about the new value).
  const form = page.getByTestId("invite-form");
  await page.getByLabel("Email").fill("someone@nowhere");
  await page.getByLabel("Initial password").fill("initial-pass-1");
  await page.getByRole("button", { name: "Invite" }).click();
  // The server's message reads as a sentence, without the API's field name in front ("email: ...").
  await expect(form.getByRole("alert").locator("p").nth(1)).toHaveText("Enter a valid email address.");
  await page.getByLabel("Email").fill(email);
  await expect(form.getByRole("alert")).toHaveCount(0);
  await page.getByLabel("Role").selectOption("admin");
  await page.getByLabel("Initial password").fill("initial-pass-1");
  await page.getByRole("button", { name: "Invite" }).click();
  await expect(page.getByTestId("team-invitations").getByRole("listitem").filter({ hasText: email })).toContainText("admin, pending");
  await expect(page.getByTestId("members")).not.toContainText(`${email} · joined`);
});
