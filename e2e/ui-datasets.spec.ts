import fs from "node:fs";
import { expect, test } from "@playwright/test";
import writeExcelFile from "write-excel-file/node";
import { ensureSignedIn, openUploadPanel, saveScreen, sharedDataset } from "./ui-helpers";

test("upload a shared CSV with progress, preview it, edit a type, delete with confirmation", async ({ page }, testInfo) => {
  await ensureSignedIn(page);
  await openUploadPanel(page);
  await page.getByTestId("dataset-file-input").setInputFiles(sharedDataset("adult.csv"));
  await expect(page.getByLabel("Dataset name")).toHaveValue("adult");
  const name = `adult ${Date.now()}`;
  await page.getByLabel("Dataset name").fill(name);
  await page.getByTestId("start-upload").click();
  // 48,842 rows go out in batches: the progress bar shows up while they do.
  await expect(page.getByRole("progressbar", { name: "Upload progress" })).toBeVisible();
  await saveScreen(page, testInfo, "datasets-uploading");
  await expect(page.getByText("Uploaded 48,842 rows")).toBeVisible({ timeout: 120_000 });
  const row = page.getByTestId("datasets-table").getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("48,842");
  await expect(row).toContainText("15");
  await saveScreen(page, testInfo, "datasets-list");

  await row.getByRole("link", { name }).click();
  await page.waitForURL(/\/datasets\/[^/]+$/);
  const preview = page.getByTestId("dataset-preview");
  await expect(preview.getByRole("row")).toHaveCount(51); // header + 50 rows
  await expect(preview).toContainText("education");
  await expect(page.getByText("Rows 1–50 of 48,842")).toBeVisible();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText("Rows 51–100 of 48,842")).toBeVisible();
  // A header sorts the 50 rows on screen, not the dataset: the footer says so.
  await expect(page.getByTestId("preview-sort-scope")).toHaveCount(0);
  await preview.getByRole("button", { name: /^age/ }).click();
  await expect(page.getByTestId("preview-sort-scope")).toHaveText(" · sorted by age within these rows only");

  // Inferred types are shown and editable.
  const ageType = page.getByTestId("field-type-age");
  await expect(ageType).toHaveValue("integer");
  await page.getByTestId("field-type-education_num").selectOption("category");
  await page.getByRole("button", { name: "Save types" }).click();
  await expect(page.getByText("Field types saved")).toBeVisible();
  await page.reload();
  await expect(page.getByTestId("field-type-education_num")).toHaveValue("category");
  // Every type select shows its whole word: Chromium draws its arrow inside the box, about 20 px past
  // the padding, and at 7.5rem wide "category" read "categor".
  const typeFits = await page.locator('[data-testid^="field-type-"]').evaluateAll((selects) =>
    selects.map((el) => {
      const select = el as HTMLSelectElement;
      const style = getComputedStyle(select);
      const context = document.createElement("canvas").getContext("2d")!;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const text = context.measureText(select.selectedOptions[0]?.text ?? "").width;
      return text + Number.parseFloat(style.paddingLeft) + Number.parseFloat(style.paddingRight) + 20 <= select.clientWidth;
    }),
  );
  expect(typeFits.length).toBe(15);
  expect(typeFits.every(Boolean)).toBe(true);
  await saveScreen(page, testInfo, "dataset-detail");

  // On a phone the list keeps each row's Delete on screen (no sideways scroll), with the update time under the name.
  await page.goto("/datasets");
  await page.setViewportSize({ width: 390, height: 844 });
  const deleteBox = await page.getByRole("button", { name: `Delete ${name}` }).boundingBox();
  expect(deleteBox && deleteBox.x >= 0 && deleteBox.x + deleteBox.width <= 390).toBe(true);
  await expect(row.getByTestId("dataset-updated-phone")).toBeVisible();
  const table = page.getByTestId("datasets-table");
  expect(await table.evaluate((t) => (t.parentElement as HTMLElement).scrollWidth <= (t.parentElement as HTMLElement).clientWidth)).toBe(true);
  await saveScreen(page, testInfo, "datasets-list-phone");
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(row.getByTestId("dataset-updated-phone")).toBeHidden();

  // Delete asks first, then the dataset leaves the list.
  await page.getByRole("button", { name: `Delete ${name}` }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("48,842 rows");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(row).toBeVisible();
  await page.getByRole("button", { name: `Delete ${name}` }).click();
  await dialog.getByRole("button", { name: "Delete dataset" }).click();
  await expect(row).toHaveCount(0);
  // The focus, on the Delete button that went with the row, moves to the list (not to the page).
  await expect(page.getByTestId("datasets-section")).toBeFocused();
});

test("a TSV file uploads too (Enter in the name field), and an empty file says what is missing", async ({ page }, testInfo) => {
  await ensureSignedIn(page);
  const dir = testInfo.outputPath("files");
  fs.mkdirSync(dir, { recursive: true });
  const tsv = `${dir}/pets.tsv`;
  fs.writeFileSync(tsv, "name\tlegs\tkind\nRex\t4\tdog\nTweety\t2\tbird\nNemo\t0\tfish\n");
  const empty = `${dir}/empty.csv`;
  fs.writeFileSync(empty, "");

  await openUploadPanel(page);
  // Keyboard: the visible "choose a file" button is the one stop; the hidden input is not a second, invisible one.
  await page.getByRole("button", { name: "choose a file" }).focus();
  await page.keyboard.press("Tab");
  await expect(page.getByTestId("dataset-file-input")).not.toBeFocused();
  await page.getByTestId("dataset-file-input").setInputFiles(empty);
  await page.getByTestId("start-upload").click();
  await expect(page.getByTestId("upload-panel").getByRole("alert")).toContainText("empty");
  // A file that is not text (here a PNG picked as .csv) is named, and nothing is created.
  const before = await page.getByTestId("datasets-table").getByRole("row").count();
  const png = `${dir}/chart.csv`;
  fs.writeFileSync(png, Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex"));
  await page.getByTestId("dataset-file-input").setInputFiles(png);
  await page.getByTestId("start-upload").click();
  await expect(page.getByTestId("upload-panel").getByRole("alert")).toContainText("binary data");
  await expect(page.getByTestId("upload-panel").getByRole("alert")).not.toContainText("\\u0000");
  // A name over the limit says so with the count, before anything is sent.
  await page.getByTestId("dataset-file-input").setInputFiles(tsv);
  await page.getByLabel("Dataset name").fill("n".repeat(500));
  await page.getByTestId("start-upload").click();
  await expect(page.getByTestId("upload-panel").getByRole("alert")).toContainText("The dataset name has 500 characters; shorten it to at most 200");
  await expect(page.getByTestId("datasets-table").getByRole("row")).toHaveCount(before);
  // Choosing the same file again (as after fixing it) starts over from it, with its own name.
  await page.getByTestId("dataset-file-input").setInputFiles(tsv);
  await expect(page.getByLabel("Dataset name")).toHaveValue("pets");

  // Enter in the name field uploads, as the Upload button does.
  await page.getByLabel("Dataset name").press("Enter");
  await expect(page.getByText("Uploaded 3 rows")).toBeVisible();
  await page.getByRole("button", { name: "Open the dataset" }).click();
  await expect(page.getByTestId("dataset-preview")).toContainText("Tweety");
  await expect(page.getByTestId("field-type-legs")).toHaveValue("integer");
});

test("a CSV exported as Windows-1252 (not UTF-8) keeps its accented letters; one field reads as '1 field'", async ({ page }, testInfo) => {
  await ensureSignedIn(page);
  const dir = testInfo.outputPath("files");
  fs.mkdirSync(dir, { recursive: true });
  const file = `${dir}/cities-1252.csv`;
  fs.writeFileSync(file, Buffer.from("city\nMünchen\nKöln\nZürich\n", "latin1"));
  await openUploadPanel(page);
  await page.getByTestId("dataset-file-input").setInputFiles(file);
  const name = `cities ${Date.now()}`;
  await page.getByLabel("Dataset name").fill(name);
  await page.getByTestId("start-upload").click();
  await expect(page.getByText("Uploaded 3 rows")).toBeVisible();
  await page.getByRole("button", { name: "Open the dataset" }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByText("3 rows · 1 field", { exact: true })).toBeVisible();
  const preview = page.getByTestId("dataset-preview");
  await expect(preview).toContainText("München");
  await expect(preview).toContainText("Zürich");
  await expect(preview).not.toContainText("\uFFFD");
});

test("a ragged CSV with an unclosed quote uploads with a warning that says which rows did not fit", async ({ page }, testInfo) => {
  await ensureSignedIn(page);
  const dir = testInfo.outputPath("files");
  fs.mkdirSync(dir, { recursive: true });
  const file = `${dir}/ragged.csv`;
  fs.writeFileSync(file, 'a,b,c\n1,2,3\n4,5\n"open,7,8\n9,10,11\n');
  await openUploadPanel(page);
  await page.getByTestId("dataset-file-input").setInputFiles(file);
  await page.getByLabel("Dataset name").fill(`ragged ${Date.now()}`);
  await page.getByTestId("start-upload").click();
  await expect(page.getByText("Uploaded 3 rows")).toBeVisible();
  const warnings = page.getByTestId("upload-warnings");
  await expect(warnings).toContainText("opens in data row 3 and never closes");
  // "4,5" and the row the quote swallowed.
  await expect(warnings).toContainText("2 rows have fewer cells than the 3 columns of the header");
  await saveScreen(page, testInfo, "upload-ragged-warning", { fullPage: false });

  // A semicolon-separated export with decimal commas and dates written day first: numbers and
  // dates, and notes that are not about rows.
  const semi = `${dir}/semicolon.csv`;
  fs.writeFileSync(semi, "name;score;joined\nann;4,5;01/05/2021\nbob;3,25;24/01/2022\n");
  await page.getByTestId("dataset-file-input").setInputFiles(semi);
  await page.getByLabel("Dataset name").fill(`semicolon ${Date.now()}`);
  await page.getByTestId("start-upload").click();
  await expect(page.getByText("Uploaded 2 rows")).toBeVisible();
  await expect(page.getByText("Check these before you train:")).toBeVisible();
  await expect(page.getByTestId("upload-warnings")).toContainText(
    "2 values with a decimal comma (like 4,5) were read as a number (4.5), as semicolon-separated files write them.",
  );
  await expect(page.getByTestId("upload-warnings")).toContainText("2 dates written day first (like 24/01/2022) were read as day/month/year");
  await page.getByRole("button", { name: "Open the dataset" }).click();
  await expect(page.getByTestId("field-type-score")).toHaveValue("float");
  // 01/05/2021 is the first of May here (the other date has day 24), not January 5.
  await expect(page.getByTestId("field-type-joined")).toHaveValue("date");
  await expect(page.getByTestId("dataset-preview")).toContainText("2021-05-01");
  await expect(page.getByTestId("dataset-preview")).toContainText("2022-01-24");
});

test("an Excel workbook uploads from its first sheet, with numbers and dates typed; .xls is refused with a remedy", async ({ page }, testInfo) => {
  await ensureSignedIn(page);
  const dir = testInfo.outputPath("files");
  fs.mkdirSync(dir, { recursive: true });
  const xlsx = `${dir}/orders.xlsx`;
  const day = (d: number) => ({ value: new Date(Date.UTC(2024, 0, d)), format: "yyyy-mm-dd" });
  await writeExcelFile([
    ["order", "amount", "region", "ordered on"],
    ...Array.from({ length: 12 }, (_, i) => [`A-${100 + i}`, 10 + i * 2.5, i % 2 ? "north" : "south", day(i + 1)]),
  ]).toFile(xlsx);
  const legacy = `${dir}/old.xls`;
  fs.writeFileSync(legacy, "not really a workbook");

  await openUploadPanel(page);
  await page.getByTestId("dataset-file-input").setInputFiles(legacy);
  await expect(page.getByTestId("upload-panel").getByRole("alert")).toContainText(".xlsx or CSV");

  await page.getByTestId("dataset-file-input").setInputFiles(xlsx);
  await expect(page.getByLabel("Dataset name")).toHaveValue("orders");
  await page.getByLabel("Dataset name").fill(`orders ${Date.now()}`);
  await page.getByTestId("start-upload").click();
  await expect(page.getByText("Uploaded 12 rows")).toBeVisible();
  await page.getByRole("button", { name: "Open the dataset" }).click();
  await expect(page.getByTestId("dataset-preview")).toContainText("A-111");
  await expect(page.getByTestId("dataset-preview")).toContainText("2024-01-12");
  // Dates read as days, not as the stored midnight-UTC timestamps.
  await expect(page.getByTestId("dataset-preview")).not.toContainText("T00:00:00");
  await expect(page.getByTestId("field-type-amount")).toHaveValue("float");
  await expect(page.getByTestId("field-type-ordered on")).toHaveValue("date");
});

test("closing the tab while an upload runs asks first; staying lets the upload finish", async ({ page }, testInfo) => {
  await ensureSignedIn(page);
  const file = testInfo.outputPath("slow.csv");
  fs.writeFileSync(file, "a,b\n1,2\n3,4\n");
  // Hold the rows back, so the upload is still running when the tab is closed.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let rowsSent!: () => void;
  const sending = new Promise<void>((resolve) => (rowsSent = resolve));
  await page.route("**/v1/datasets", async (route) => {
    if (route.request().postData()?.includes('"rows"')) {
      rowsSent();
      await held;
    }
    await route.continue();
  });
  await openUploadPanel(page);
  await page.getByTestId("dataset-file-input").setInputFiles(file);
  await page.getByLabel("Dataset name").fill(`slow upload ${Date.now()}`);
  await page.getByTestId("start-upload").click();
  await sending;
  const dialog = page.waitForEvent("dialog");
  await page.close({ runBeforeUnload: true });
  const asked = await dialog;
  expect(asked.type()).toBe("beforeunload");
  await asked.dismiss();
  release();
  await expect(page.getByText("Uploaded 2 rows")).toBeVisible();
  expect(page.isClosed()).toBe(false);
});

test("an upload goes on when the page is left through the app's links: progress, outcome and Cancel follow on other pages", async ({ page }, testInfo) => {
  await ensureSignedIn(page);
  const dir = testInfo.outputPath("files");
  fs.mkdirSync(dir, { recursive: true });
  const file = `${dir}/readings.csv`;
  const lines = ["station,reading"];
  for (let i = 0; i < 30_000; i += 1) lines.push(`s${i % 7},${i}`);
  fs.writeFileSync(file, `${lines.join("\n")}\n`);
  // Each batch of rows is held back a little, so the upload is still running when we navigate.
  await page.route("**/v1/datasets", async (route) => {
    const body = route.request().postData() ?? "";
    if (route.request().method() === "POST" && body.includes('"rows"')) await new Promise((r) => setTimeout(r, 700));
    await route.continue();
  });

  const name = `readings ${Date.now()}`;
  await openUploadPanel(page);
  await page.getByTestId("dataset-file-input").setInputFiles(file);
  await page.getByLabel("Dataset name").fill(name);
  await page.getByTestId("start-upload").click();
  await expect(page.getByRole("progressbar", { name: "Upload progress" })).toBeVisible();
  // The panel cannot be closed mid-upload (its progress and Cancel would vanish with it).
  await expect(page.getByRole("button", { name: "Close" })).toHaveCount(0);

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Models" }).click();
  await page.waitForURL(/\/models$/);
  const indicator = page.getByTestId("upload-indicator");
  await expect(indicator).toContainText("Uploading readings.csv");
  await saveScreen(page, testInfo, "upload-indicator-running", { fullPage: false });

  // Back on Datasets, the panel shows the same upload again, then its outcome.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Datasets" }).click();
  await expect(page.getByTestId("upload-panel")).toContainText(`Uploading readings.csv as “${name}”`);
  await expect(indicator).toHaveCount(0);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Projects" }).click();
  await expect(indicator).toContainText(`Uploaded “${name}”: 30,000 rows`, { timeout: 60_000 });
  await indicator.getByRole("link", { name: `Open “${name}”` }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByText("30,000 rows · 2 fields", { exact: true })).toBeVisible();
  await expect(indicator).toHaveCount(0);

  // Cancel from another page: nothing is kept.
  const cancelled = `cancelled ${Date.now()}`;
  await openUploadPanel(page);
  await page.getByTestId("dataset-file-input").setInputFiles(file);
  await page.getByLabel("Dataset name").fill(cancelled);
  await page.getByTestId("start-upload").click();
  await expect(page.getByRole("progressbar", { name: "Upload progress" })).toBeVisible();
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Models" }).click();
  await indicator.getByRole("button", { name: "Cancel upload" }).click();
  // The user's own Cancel reads as a plain notice, not as a red failure.
  await expect(indicator).toContainText("Upload of readings.csv cancelled");
  await expect(indicator).toContainText("Nothing was kept.");
  await expect(indicator).not.toContainText("did not finish");
  await expect(indicator).toHaveClass(/bg-slate-50/);
  await indicator.getByRole("button", { name: "Dismiss" }).click();
  await expect(indicator).toHaveCount(0);
  await page.goto("/datasets");
  await expect(page.getByTestId("datasets-table")).not.toContainText(cancelled);

  // Cancelled on the Datasets page itself: the panel says so plainly too.
  await openUploadPanel(page);
  await page.getByTestId("dataset-file-input").setInputFiles(file);
  await page.getByTestId("start-upload").click();
  await expect(page.getByRole("progressbar", { name: "Upload progress" })).toBeVisible();
  await page.getByTestId("upload-panel").getByRole("button", { name: "Cancel" }).first().click();
  await expect(page.getByTestId("upload-panel")).toContainText("Upload of readings.csv cancelled; nothing was kept.");
  await expect(page.getByTestId("upload-panel").getByRole("alert")).toHaveCount(0);
  await saveScreen(page, testInfo, "upload-cancelled", { fullPage: false });
});

test("coming back to Datasets as an upload ends shows the list, never 'No datasets yet' first", async ({ page }, testInfo) => {
  await ensureSignedIn(page);
  const dir = testInfo.outputPath("files");
  fs.mkdirSync(dir, { recursive: true });
  const file = `${dir}/first.csv`;
  const lines = ["station,reading"];
  for (let i = 0; i < 12_000; i += 1) lines.push(`s${i % 5},${i}`);
  fs.writeFileSync(file, `${lines.join("\n")}\n`);
  // A team's first upload: the list is empty when the page first loads (answered here), the rows are
  // held back a little so that the upload ends while another page is open, and the list asked for on
  // the way back comes slowly, as on a busy server.
  let listDelay = 0;
  await page.route("**/v1/datasets", async (route) => {
    const request = route.request();
    if (request.method() === "GET" && listDelay === 0) return route.fulfill({ json: { datasets: [] } });
    if (request.method() === "GET") await new Promise((r) => setTimeout(r, listDelay));
    if (request.method() === "POST" && (request.postData() ?? "").includes('"rows"')) await new Promise((r) => setTimeout(r, 500));
    await route.continue();
  });
  const name = `first upload ${Date.now()}`;
  await openUploadPanel(page);
  await expect(page.getByText("No datasets yet")).toBeVisible();
  await page.getByTestId("dataset-file-input").setInputFiles(file);
  await page.getByLabel("Dataset name").fill(name);
  await page.getByTestId("start-upload").click();
  await expect(page.getByRole("progressbar", { name: "Upload progress" })).toBeVisible();
  // A page that does not list datasets: the finished upload leaves the cached (empty) list stale.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Team settings" }).click();
  await expect(page.getByTestId("upload-indicator")).toContainText(`Uploaded “${name}”`, { timeout: 60_000 });

  listDelay = 1500;
  await page.evaluate(() => {
    const w = window as unknown as { sawEmpty?: boolean };
    w.sawEmpty = false;
    new MutationObserver(() => {
      if (document.body.textContent?.includes("No datasets yet")) w.sawEmpty = true;
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Datasets" }).click();
  await expect(page.getByTestId("datasets-table")).toContainText(name);
  expect(await page.evaluate(() => (window as unknown as { sawEmpty?: boolean }).sawEmpty)).toBe(false);
});
