// The insights report in a real browser: the decision-threshold control, versions and retraining,
// a read-only report link opened in a fresh signed-out browser, printing, and a regression report.
import { expect, test, type APIRequestContext } from "@playwright/test";
import { churnRows } from "./helpers/data";
import { ensureSignedIn, saveScreen } from "./ui-helpers";

const apiKey = () => process.env.E2E_API_KEY!;

/** A dataset and a model trained through the legacy API with a short budget (the owner's team holds the key). */
async function trainModel(request: APIRequestContext, name: string, predict: string, rows: Record<string, unknown>[]) {
  const created = await request.post(`/v1/datasets?api_key=${apiKey()}`, { data: { name } });
  const { dataset_id } = await created.json();
  expect((await request.post("/v1/datasets", { data: { api_key: apiKey(), id: dataset_id, rows } })).status()).toBe(200);
  const trained = await request.post(`/v1/models?api_key=${apiKey()}`, {
    data: { dataset_id, predict_fields: [predict], ignore_fields: ["customer_id"], duration: 2, force: true },
  });
  expect(trained.status(), await trained.text()).toBe(200);
  return { datasetId: dataset_id as string, modelId: (await trained.json()).model_id as string };
}

const count = async (page: import("@playwright/test").Page, id: string) => Number((await page.getByTestId(id).innerText()).replace(/,/g, ""));

test("threshold control, versions and a shared report opened signed out", async ({ page, request, browser }, testInfo) => {
  test.setTimeout(240_000);
  await ensureSignedIn(page);
  const name = `ui insights ${Date.now()}`;
  const { modelId } = await trainModel(request, name, "churned", churnRows(600, 31));
  await page.goto(`/models/${modelId}`);

  // The threshold control starts at the default rule and shows the holdout's confusion matrix.
  const control = page.getByTestId("threshold-control");
  await expect(control).toBeVisible();
  await expect(page.getByTestId("threshold-input")).toHaveValue("0.500");
  await expect(page.getByTestId("threshold-status")).toContainText("default");
  const cells = ["cm-tp", "cm-fn", "cm-fp", "cm-tn"];
  const at = async (): Promise<Record<string, number>> => Object.fromEntries(await Promise.all(cells.map(async (c) => [c, await count(page, c)] as const)));
  const atDefault = await at();
  expect(Object.values(atDefault).reduce((a, b) => a + b, 0)).toBe(120); // 20% of 600 rows
  const precisionAtDefault = await page.getByTestId("threshold-precision").innerText();
  // The model's confusion matrix above reads like the threshold card's: actual classes in rows,
  // predicted in columns, both axes labelled, the positive class first, and at the default rule
  // the same four counts in the same places.
  const top = page.getByTestId("confusion-matrix");
  for (const table of [top, page.getByTestId("threshold-confusion")]) {
    await expect(table.getByTestId("cm-axis-actual")).toHaveText(/^actual$/i);
    await expect(table.getByTestId("cm-axis-predicted")).toHaveText(/^predicted$/i);
    await expect(table.getByTestId("cm-actual-class")).toHaveText(["yes", "no"]);
    await expect(table.getByTestId("cm-predicted-class")).toHaveText(["yes", "no"]);
  }
  const topCells = (await top.getByTestId("cm-cell").allInnerTexts()).map((n) => Number(n.replace(/,/g, "")));
  expect(topCells).toEqual([atDefault["cm-tp"], atDefault["cm-fn"], atDefault["cm-fp"], atDefault["cm-tn"]]);
  await expect(page.getByTestId("class-stats").locator("tbody tr").first()).toContainText("yes");

  // Lowering the threshold flags more rows: recall cannot fall, false alarms cannot fall.
  await page.getByTestId("threshold-slider").fill("150");
  await expect(page.getByTestId("threshold-input")).toHaveValue("0.150");
  const atLow = await at();
  expect(atLow["cm-tp"] + atLow["cm-fn"]).toBe(atDefault["cm-tp"] + atDefault["cm-fn"]);
  expect(atLow["cm-tp"]).toBeGreaterThanOrEqual(atDefault["cm-tp"]);
  expect(atLow["cm-fp"]).toBeGreaterThanOrEqual(atDefault["cm-fp"]);
  expect(atLow["cm-tp"] + atLow["cm-fp"]).toBeGreaterThan(atDefault["cm-tp"] + atDefault["cm-fp"]);
  const flagged = (atLow["cm-tp"] + atLow["cm-fp"]) / 120;
  await expect(page.getByTestId("threshold-flagged")).toHaveText(`${(flagged * 100).toFixed(1)}%`);
  await expect(page.getByTestId("threshold-expected")).toContainText(`about ${Math.round(flagged * 1000).toLocaleString("en-US")} predicted yes`);
  // The rows box takes a number typed over the old one: cleared with Backspace it waits for the new
  // number (it snapped to 1 under the cursor, and 5000 typed after read 15000).
  const rowsBox = page.getByLabel("Rows to score");
  await rowsBox.click();
  await rowsBox.press("End");
  for (let i = 0; i < 4; i++) await rowsBox.press("Backspace");
  await expect(page.getByTestId("threshold-rows-hint")).toBeVisible();
  await rowsBox.pressSequentially("5000");
  await expect(rowsBox).toHaveValue("5000");
  await expect(page.getByTestId("threshold-expected")).toContainText(`about ${Math.round(flagged * 5000).toLocaleString("en-US")} predicted yes`);
  // A typed value outside (0, 1) is refused in a sentence, and the control stays where it was.
  const sliderBefore = await page.getByTestId("threshold-slider").inputValue();
  await page.getByTestId("threshold-input").fill("1.5");
  await page.getByTestId("threshold-input").press("Enter");
  await expect(page.getByTestId("threshold-input-error")).toContainText("1.5 is not a probability threshold");
  await expect(page.getByTestId("threshold-slider")).toHaveValue(sliderBefore);
  // Moving the threshold another way (the slider, a button) clears the refusal: it no longer applies.
  await page.getByTestId("threshold-slider").focus();
  await page.keyboard.press("ArrowLeft");
  await expect(page.getByTestId("threshold-input-error")).toHaveCount(0);
  await page.getByTestId("threshold-input").fill("7");
  await page.getByTestId("threshold-input").press("Enter");
  await expect(page.getByTestId("threshold-input-error")).toContainText("7 is not a probability threshold");
  await page.getByRole("button", { name: "Default (0.500)" }).click();
  await expect(page.getByTestId("threshold-input-error")).toHaveCount(0);
  // Typing a value moves the control too (and clears the refusal).
  await page.getByTestId("threshold-input").fill("1.5");
  await page.getByTestId("threshold-input").press("Enter");
  await expect(page.getByTestId("threshold-input-error")).toBeVisible();
  await page.getByTestId("threshold-input").fill("0.35");
  await page.getByTestId("threshold-input").press("Enter");
  await expect(page.getByTestId("threshold-slider")).toHaveValue("350");
  await expect(page.getByTestId("threshold-input-error")).toHaveCount(0);
  await expect(page.getByTestId("threshold-precision")).not.toHaveText("");
  expect(precisionAtDefault).toMatch(/%$/);
  // Curves, examples, partial dependence and field statistics are drawn.
  await expect(page.getByTestId("roc-curve").locator(".main-svg").first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("gains-chart").locator(".main-svg").first()).toBeVisible();
  // The gains chart's x axis is labelled at both ends (its "100%", past a 10-pixel right margin, was hidden).
  await expect(page.getByTestId("gains-chart").locator(".xtick text", { hasText: "100%" })).toBeVisible();
  await expect(page.getByTestId("lift-summary")).toContainText("top 10%");
  await expect(page.getByTestId("false-positives").getByTestId("insight-example").first()).toBeVisible();
  // One example's pushes are one column of numbers: the same decimals for all ("+1.16", "+0.27").
  const pushes = await page.getByTestId("false-positives").getByTestId("insight-example").first().getByTestId("factor-value").allTextContents();
  expect(pushes.length).toBeGreaterThan(1);
  expect(new Set(pushes.map((p) => p.split(".")[1]?.length ?? 0)).size).toBe(1);
  // On a phone an example's values are whole: they wrap, never cut with "…" (there is no hover on touch).
  await page.setViewportSize({ width: 390, height: 844 });
  const exampleFields = page.getByTestId("false-positives").getByTestId("insight-example").first().getByTestId("example-field");
  expect(await exampleFields.count()).toBeGreaterThan(1);
  for (const cell of await exampleFields.evaluateAll((els) =>
    els.map((el) => ({ text: el.textContent, clipped: el.scrollWidth > el.clientWidth, ellipsis: getComputedStyle(el).textOverflow === "ellipsis" })),
  ))
    expect(cell, `${cell.text} is cut`).toMatchObject({ clipped: false, ellipsis: false });
  await page.setViewportSize({ width: 1280, height: 860 });
  expect(await page.getByTestId("pdp-chart").count()).toBeGreaterThan(1);
  await expect(page.getByTestId("field-stats")).toContainText("monthly_usage");
  // Each field's values are written whole (wrapped), as on paper: an ellipsis hid the last ones.
  for (const cell of await page
    .getByTestId("field-values")
    .evaluateAll((els) =>
      els.map((el) => ({ text: el.textContent, clipped: el.scrollWidth > el.clientWidth, ellipsis: getComputedStyle(el).textOverflow === "ellipsis" })),
    ))
    expect(cell, `${cell.text} is cut`).toMatchObject({ clipped: false, ellipsis: false });

  // Saving stores it with the model: predictions use it, and it is there after a reload.
  await page.getByTestId("threshold-save").click();
  await expect(page.getByTestId("threshold-status")).toContainText("Saved");
  await expect(page.getByTestId("threshold-status")).toContainText("0.35");
  const stored = await (await request.get(`/api/v1/models/${modelId}`, { headers: { "X-API-Key": apiKey() } })).json();
  expect(stored.model.thresholds).toEqual({ churned: { threshold: 0.35, positive_class: "yes" } });
  await page.reload();
  await expect(page.getByTestId("threshold-input")).toHaveValue("0.350");
  await expect(page.getByTestId("threshold-save")).toHaveText("Saved");
  await saveScreen(page, testInfo, "model-insights");
  // A single prediction says that the saved threshold decided its class (a "yes" shown with yes at 44%
  // and no at 56% read as a mistake).
  await page.getByTestId("predict-button").click();
  const yesShare = (await page.getByTestId("probabilities").locator("li", { hasText: /^yes/ }).textContent())!.match(/(\d+)%/)![1];
  await expect(page.getByTestId("prediction-threshold")).toContainText(
    new RegExp(`the saved threshold predicts yes when its probability is above 0\\.35 \\(here ${yesShare}%\\)`, "i"),
  );
  // A predicted file says so too: its rows read "yes" under a probability of yes below 50%.
  const rows = churnRows(30, 41);
  const csv = [Object.keys(rows[0]).join(","), ...rows.map((r) => Object.values(r).join(","))].join("\n");
  await page.locator("#batch-file").setInputFiles({ name: "to-predict.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await page.getByTestId("run-batch").click();
  await expect(page.getByTestId("batch-threshold")).toHaveText(
    " churned is yes when its probability is above 0.35 (the saved threshold), even where the other class is more probable.",
  );

  // Retrain: a second version appears and becomes active; version 1 can be made active again.
  await request.post("/v1/datasets", { data: { api_key: apiKey(), id: stored.model.dataset_id, rows: churnRows(200, 32) } });
  const versions = page.getByTestId("model-versions");
  await expect(versions.getByTestId("version-1").getByTestId("active-version")).toBeVisible();
  await versions.getByTestId("retrain-button").click();
  await expect(versions.getByTestId("version-2").getByTestId("active-version")).toBeVisible({ timeout: 90_000 });
  await expect(versions.getByTestId("version-2")).toContainText("800");
  await expect(versions.getByTestId("version-1")).toContainText("600");
  // The header's "trained" date is the active version's, not the model's first training.
  const versionDates = async () => {
    const listed = await (await request.get(`/api/v1/models/${modelId}/versions`, { headers: { "X-API-Key": apiKey() } })).json();
    return Object.fromEntries(listed.versions.map((v: { version: number; created_at: string }) => [v.version, v.created_at]));
  };
  const dates = await versionDates();
  expect(dates[2]).not.toBe(dates[1]);
  await expect(page.getByTestId("model-trained-at")).toHaveAttribute("datetime", dates[2]);
  await saveScreen(page, testInfo, "model-versions");
  await versions.getByTestId("activate-1").click();
  await expect(versions.getByTestId("version-1").getByTestId("active-version")).toBeVisible();
  await expect(versions.getByTestId("version-2").getByTestId("active-version")).toHaveCount(0);
  await expect(page.getByText("version 1", { exact: false }).first()).toBeVisible();
  await expect(page.getByTestId("model-trained-at")).toHaveAttribute("datetime", dates[1]);

  // A read-only link, opened in a fresh browser that has never signed in.
  const share = page.getByTestId("share-report");
  await share.getByTestId("create-share-link").click();
  const url = await share.getByTestId("share-link-url").inputValue();
  expect(url).toMatch(/\/share\/[A-Za-z0-9_-]{43}$/);
  const outsider = await browser.newContext();
  const shared = await outsider.newPage();
  await shared.goto(url);
  await expect(shared.getByTestId("shared-report")).toBeVisible();
  await expect(shared.getByRole("heading", { level: 1 })).toContainText(name);
  await expect(shared.getByTestId("threshold-status")).toContainText("0.35");
  await expect(shared.getByTestId("threshold-save")).toHaveCount(0); // read-only
  await expect(shared.getByTestId("roc-curve").locator(".main-svg").first()).toBeVisible({ timeout: 30_000 });
  await expect(shared.getByText("Where the model goes wrong")).toHaveCount(0); // no example rows unless asked
  await expect(shared.getByRole("navigation")).toHaveCount(0);
  expect(await shared.content()).not.toContain(modelId);
  await saveScreen(shared, testInfo, "shared-report");
  // Print layout: controls are hidden.
  await shared.emulateMedia({ media: "print" });
  await expect(shared.getByTestId("print-report")).toBeHidden();
  await expect(shared.getByTestId("threshold-slider")).toBeHidden();
  await saveScreen(shared, testInfo, "shared-report-print");
  await shared.emulateMedia({ media: "screen" });
  // The signed-out visitor reaches nothing else.
  await shared.goto(`/models/${modelId}`);
  await shared.waitForURL(/\/login/);

  // Revoked: the link answers 404.
  // Revoking asks first; the signed-out visitor then learns whom to ask, not "go to datasets".
  await share.getByTestId("revoke-share-link").first().click();
  const confirm = page.getByRole("dialog");
  await expect(confirm).toContainText("cannot be undone");
  await confirm.getByRole("button", { name: "Revoke link" }).click();
  await expect(confirm).toBeHidden();
  await expect(share.getByTestId("share-link-row").first()).toContainText("revoked");
  await expect(share.getByTestId("share-link-url")).toHaveCount(0);
  const gone = await shared.goto(url);
  expect(gone?.status()).toBe(404);
  await expect(shared.getByRole("heading", { level: 1 })).toHaveText("This shared report is not available");
  await expect(shared.getByTestId("shared-report-gone")).toContainText("Ask the person who sent it");
  await saveScreen(shared, testInfo, "shared-report-revoked");
  await outsider.close();

  // Printing the model page keeps the report and drops the app around it.
  await page.emulateMedia({ media: "print" });
  await expect(page.getByTestId("model-versions")).toBeHidden();
  await expect(page.getByTestId("share-report")).toBeHidden();
  await expect(page.getByRole("link", { name: "← Models" })).toBeHidden();
  await expect(page.getByRole("button", { name: "Delete model" })).toBeHidden();
  await expect(page.getByTestId("threshold-control")).toBeVisible();
  await page.emulateMedia({ media: "screen" });
});

test("regression and multiclass reports: predicted versus actual, error by range, residuals; one-vs-rest curves", async ({ page, request }, testInfo) => {
  test.setTimeout(180_000);
  await ensureSignedIn(page);
  const { modelId } = await trainModel(request, `ui usage ${Date.now()}`, "monthly_usage", churnRows(400, 33));
  await page.goto(`/models/${modelId}`);
  await expect(page.getByTestId("insights-regression")).toBeVisible();
  await expect(page.getByTestId("threshold-control")).toHaveCount(0);
  for (const id of ["predicted-vs-actual", "error-by-range"]) await expect(page.getByTestId(id).locator(".main-svg").first()).toBeVisible({ timeout: 30_000 });
  expect(await page.getByTestId("residuals-by-field").count()).toBeGreaterThan(0);
  await expect(page.getByTestId("under-predicted").getByTestId("insight-example").first()).toBeVisible();
  // The distribution beside MAE and R² is of the holdout's actual values, and says so.
  await expect(page.getByTestId("regression-stats").locator("caption")).toHaveText(/^Actual monthly_usage on the [\d,]+ holdout rows$/);
  // A regression's story has one card ("high values"): it spans the story's width, not half of it.
  const storyGrid = page.getByTestId("data-story");
  await expect(storyGrid.locator("article")).toHaveCount(1);
  const [gridWidth, cardWidth] = await storyGrid.evaluate((g) => [g.getBoundingClientRect().width, g.children[0].getBoundingClientRect().width]);
  expect(cardWidth).toBeGreaterThan(gridWidth - 2);
  await saveScreen(page, testInfo, "model-insights-regression");

  // Three classes: curves one class against the rest, no threshold, and the page says why.
  const multi = await trainModel(request, `ui plan ${Date.now()}`, "plan", churnRows(400, 34));
  await page.goto(`/models/${multi.modelId}`);
  await expect(page.getByTestId("insights-report")).toContainText("one-vs-rest");
  await expect(page.getByTestId("threshold-control")).toHaveCount(0);
  await expect(page.getByTestId("roc-curve").locator(".main-svg").first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("roc-curve")).toContainText("vs rest");
  await expect(page.getByTestId("misclassified").getByTestId("insight-example").first()).toBeVisible();
  await saveScreen(page, testInfo, "model-insights-multiclass");

  // On a phone the curves' legends wrap into rows: they sit under the x-axis title, inside the
  // chart, and a wrapped chart title stays inside the chart too.
  await page.setViewportSize({ width: 390, height: 844 });
  for (const id of ["roc-curve", "pr-curve", "gains-chart"]) {
    const chart = page.getByTestId(id);
    await expect(async () => {
      const figure = await chart.boundingBox();
      const legend = await chart.locator(".legend").boundingBox();
      const axisTitle = await chart.locator(".g-xtitle").boundingBox();
      const title = await chart.locator(".gtitle").boundingBox();
      expect(figure && legend && axisTitle && title).toBeTruthy();
      expect(legend!.y).toBeGreaterThanOrEqual(axisTitle!.y + axisTitle!.height);
      expect(legend!.y + legend!.height).toBeLessThanOrEqual(figure!.y + figure!.height + 1);
      expect(title!.y).toBeGreaterThanOrEqual(figure!.y);
    }).toPass();
  }
  expect(await page.getByTestId("gains-chart").locator(".gtitle tspan.line").count()).toBeGreaterThan(1);
  // The per-class statistics of three classes are turned to fit: nothing scrolls off the right edge.
  const turned = page.getByTestId("class-stats-narrow");
  await expect(turned).toBeVisible();
  await expect(page.getByTestId("class-stats")).toBeHidden();
  await expect(turned.getByRole("columnheader")).toHaveCount(4);
  await expect(turned.getByRole("rowheader")).toHaveText(["Precision", "Recall", "F1", "Count", "Share", "True pos.", "False pos.", "False neg."]);
  expect(await turned.evaluate((t) => t.parentElement!.scrollWidth <= t.parentElement!.clientWidth)).toBe(true);
  await saveScreen(page, testInfo, "model-insights-multiclass-phone");
});

test("regression charts write value ranges whole at desktop and phone widths; the error axis says it holds errors", async ({ page, request }, testInfo) => {
  test.setTimeout(180_000);
  await ensureSignedIn(page);
  // Incomes with four decimals, as California housing writes them: the residuals group them in
  // ranges like "0.4999 - 2.008", which cut to one line read "0.4999…" (a number, not a range).
  let s = 11;
  const rand = () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
  const rows = Array.from({ length: 400 }, (_, i) => {
    const income = 0.4999 + rand() * 14.5;
    const rooms = 1.5 + rand() * 6;
    return {
      customer_id: `C${i}`,
      income: Number(income.toFixed(4)),
      rooms: Number(rooms.toFixed(3)),
      house_value: Math.round(income * 30_000 + rooms * 5_000 + rand() * 40_000),
    };
  });
  const { modelId } = await trainModel(request, `ui incomes ${Date.now()}`, "house_value", rows);
  await page.goto(`/models/${modelId}`);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 860 });
    const residuals = page.getByTestId("residuals-by-field").first();
    await expect(residuals.locator(".xtick").first()).toBeVisible({ timeout: 30_000 });
    const ticks = await residuals.locator(".xtick").allTextContents();
    expect(ticks.join(" | ")).not.toContain("…");
    expect(ticks.some((t) => t.includes("–"))).toBe(true);
    await expect(page.getByTestId("error-by-range").locator(".ytitle")).toHaveText("Error (house_value)");
    // A range's two lines read in order: its start above its end, or, turned, to the left of it.
    const lineOrder = await residuals.locator(".xtick text").evaluateAll((texts) =>
      texts
        .map((t) => [...t.querySelectorAll("tspan.line")].map((l) => l.getBoundingClientRect()))
        .filter((lines) => lines.length === 2)
        .map(([a, b]) => a.top < b.top - 1 || a.left < b.left - 1),
    );
    expect(lineOrder.length).toBeGreaterThan(0);
    expect(lineOrder.every(Boolean)).toBe(true);
    // The partial-dependence axis title fits in its chart (on one line it was cut at both ends).
    const pdp = page.getByTestId("pdp-chart").first();
    await expect(pdp.locator(".ytitle")).toBeVisible();
    const [title, chart] = await pdp.evaluate((el) =>
      [el.querySelector(".ytitle")!, el.querySelector(".main-svg")!].map((n) => n.getBoundingClientRect().toJSON()),
    );
    expect(title.top).toBeGreaterThanOrEqual(chart.top);
    expect(title.bottom).toBeLessThanOrEqual(chart.bottom);
    await expect(pdp.locator(".ytitle")).toHaveText("Average predictedhouse_value");
    await saveScreen(page, testInfo, `model-regression-ranges-${width}`);
  }
});
