import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { ensureSignedIn, saveScreen, sharedDataset, uploadDataset } from "./ui-helpers";

test("forecast a shared series from the dataset page and read the chart with its bands", async ({ page }, testInfo) => {
  test.setTimeout(300_000);
  await ensureSignedIn(page);
  const name = `air passengers ${Date.now()}`;
  await uploadDataset(page, sharedDataset("forecast/air_passengers.csv"), name);
  await expect(page.getByTestId("field-type-date")).toHaveValue("date");

  // The dataset has dates and numbers, so the training card offers a forecast.
  await expect(page.getByTestId("forecast-unavailable")).toHaveCount(0);
  await page.getByTestId("train-mode-forecast").click();
  const form = page.getByTestId("forecast-form");
  await expect(form.getByLabel("Value to forecast")).toHaveValue("passengers");
  await expect(form.getByLabel("Date field")).toHaveValue("date");
  await form.getByLabel("Horizon").fill("18");
  await form.getByText("Fastest").click();
  await form.getByLabel(/Train anew/).check();
  await form.getByTestId("start-forecast").click();
  await expect(form.getByTestId("training-status")).toBeVisible();
  await expect(page.getByTestId("open-model")).toBeVisible({ timeout: 120_000 });
  await saveScreen(page, testInfo, "forecast-trained");
  const modelHref = await page.getByTestId("open-model").getAttribute("href");
  expect(modelHref).toMatch(/^\/models\//);

  // A second start the server refuses (422: 144 months are too short for 100 steps) shows the refusal's
  // detail, and nothing of the earlier training's success that would read as this attempt's outcome.
  await form.getByLabel("Horizon").fill("100");
  await form.getByTestId("start-forecast").click();
  const refusal = form.getByRole("alert");
  await expect(refusal).toContainText("The forecast did not start");
  await expect(refusal).toContainText("needs at least 200 points per series");
  await expect(page.getByTestId("open-model")).toHaveCount(0);
  await expect(page.getByTestId("training-status")).toHaveCount(0);
  await expect(form).not.toContainText("The model is ready");
  await page.goto(modelHref!);
  await page.waitForURL(/\/models\/[^/]+$/);

  // The chart: history, backtests, forecast, and two filled bands (80% and 95%).
  const detail = page.getByTestId("forecast-detail");
  await expect(detail).toContainText("Forecasts passengers by date");
  await expect(detail).toContainText("monthly");
  const chart = page.getByTestId("forecast-chart");
  await expect(chart.locator(".main-svg").first()).toBeVisible({ timeout: 60_000 });
  await expect(chart.locator(".legendtext", { hasText: "80% interval" })).toBeVisible();
  await expect(chart.locator(".legendtext", { hasText: "95% interval" })).toBeVisible();
  await expect(chart.locator(".legendtext", { hasText: "backtest forecasts" })).toBeVisible();
  expect(await chart.locator("path.js-fill").count()).toBeGreaterThanOrEqual(2);
  // On a phone the legend goes below the plot (above it, its rows covered the lines), and the
  // model's long name wraps instead of being cut with an ellipsis.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(async () => {
    const legend = await chart.locator(".legend").boundingBox();
    const plot = await chart.locator(".nsewdrag").first().boundingBox();
    expect(legend && plot && legend.y >= plot.y + plot.height).toBe(true);
  }).toPass();
  const heading = page.getByRole("heading", { level: 1 });
  await expect(heading).toContainText(name);
  expect(await heading.evaluate((h) => h.scrollWidth <= h.clientWidth)).toBe(true);
  await page.setViewportSize({ width: 1280, height: 860 });
  // The backtest table and the data story.
  const backtest = page.getByTestId("forecast-backtest");
  for (const header of ["MAE", "MASE", "80% coverage", "95% coverage"]) await expect(backtest).toContainText(header);
  await expect(page.getByTestId("forecast-story")).toContainText(/passengers rose from about/);
  await saveScreen(page, testInfo, "forecast-model");

  // Forecast further: 36 steps, then the CSV holds all of them.
  await page.getByLabel("Forecast steps").fill("36");
  await page.getByTestId("forecast-further").click();
  await page.getByText(/Forecast values \(36 steps\)/).click();
  await expect(page.getByTestId("forecast-table").getByRole("row")).toHaveCount(37);
  const downloadPromise = page.waitForEvent("download");
  await page.getByTestId("download-forecast").click();
  const csv = fs
    .readFileSync(await (await downloadPromise).path(), "utf8")
    .trim()
    .split(/\r?\n/);
  expect(csv[0]).toBe("date,passengers,lower_80,upper_80,lower_95,upper_95");
  expect(csv).toHaveLength(37);
  // A monthly series: the CSV has days, as spreadsheets read them, not midnight timestamps.
  expect(csv[1]).toMatch(/^1961-01-01,/);

  // Bad input in the further control says what to fix.
  await page.getByLabel("Forecast steps").fill("5000");
  await page.getByTestId("forecast-further").click();
  await expect(page.getByText("A whole number of steps from 1 to 1000.")).toBeVisible();
  await expect(page.getByTestId("forecast-table").getByRole("row")).toHaveCount(37);
  await saveScreen(page, testInfo, "forecast-further");

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Models" }).click();
  await expect(page.getByTestId("models-list")).toContainText("Forecasts passengers");
});

test("a table without dates says what forecasting needs instead of hiding it silently", async ({ page }, testInfo) => {
  await ensureSignedIn(page);
  const dir = testInfo.outputPath("files");
  fs.mkdirSync(dir, { recursive: true });
  const file = `${dir}/no-dates.csv`;
  fs.writeFileSync(file, `region,amount\n${Array.from({ length: 20 }, (_, i) => `${i % 2 ? "north" : "south"},${10 + i}`).join("\n")}\n`);
  await uploadDataset(page, file, `no dates ${Date.now()}`);
  await expect(page.getByTestId("train-mode-forecast")).toHaveCount(0);
  await expect(page.getByTestId("forecast-unavailable")).toContainText("this table has no date field");
  await expect(page.getByTestId("forecast-unavailable")).toContainText("set its type to date under Field types");
});

test("on a phone, a two-year monthly forecast keeps its legend clear of the tilted date labels", async ({ page }, testInfo) => {
  test.setTimeout(300_000);
  await ensureSignedIn(page);
  const dir = testInfo.outputPath("files");
  fs.mkdirSync(dir, { recursive: true });
  const file = `${dir}/monthly-sales.csv`;
  const months = Array.from({ length: 24 }, (_, i) => `${2023 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, "0")}-01`);
  fs.writeFileSync(file, `month,sales\n${months.map((m, i) => `${m},${(15000 + 400 * i + 2500 * Math.sin(i)).toFixed(2)}`).join("\n")}\n`);
  await uploadDataset(page, file, `monthly sales ${Date.now()}`);
  await page.getByTestId("train-mode-forecast").click();
  const form = page.getByTestId("forecast-form");
  await form.getByLabel("Horizon").fill("6");
  await form.getByTestId("start-forecast").click();
  await expect(page.getByTestId("open-model")).toBeVisible({ timeout: 120_000 });
  await page.getByTestId("open-model").click();
  await page.waitForURL(/\/models\/[^/]+$/);
  await page.setViewportSize({ width: 390, height: 844 });
  const chart = page.getByTestId("forecast-chart");
  await expect(chart.locator(".main-svg").first()).toBeVisible({ timeout: 60_000 });
  // "Jan 2023" tilts at this width; the legend below the plot ran over those labels and past the chart's box.
  await expect(async () => {
    const legend = (await chart.locator(".legend").boundingBox())!;
    const box = (await chart.boundingBox())!;
    const ticks = await chart.locator(".xtick text").all();
    expect(ticks.length).toBeGreaterThan(1);
    for (const tick of ticks) {
      const label = (await tick.boundingBox())!;
      expect(label.y + label.height <= legend.y || label.y >= legend.y + legend.height).toBe(true);
    }
    expect(legend.y + legend.height).toBeLessThanOrEqual(box.y + box.height + 1);
  }).toPass();
  await saveScreen(page, testInfo, "forecast-phone-legend");
  await page.setViewportSize({ width: 1280, height: 860 });
});

test("a table of two series: forecast per series with a series picker", async ({ page }, testInfo) => {
  test.setTimeout(300_000);
  await ensureSignedIn(page);
  const name = `lung deaths ${Date.now()}`;
  await uploadDataset(page, sharedDataset("forecast/uk_lung_deaths_by_sex.csv"), name);
  await page.getByTestId("train-mode-forecast").click();
  const form = page.getByTestId("forecast-form");
  await expect(form.getByLabel("Value to forecast")).toHaveValue("deaths");
  // Without the series field the dates repeat: the refusal names the form's field, not the API's.
  await form.getByLabel("Horizon").fill("12");
  await form.getByTestId("start-forecast").click();
  const refusal = form.getByRole("alert");
  await expect(refusal).toContainText("Duplicated timestamps");
  await expect(refusal).toContainText("“Series field”");
  await expect(refusal).toContainText("1974-01-01,");
  await expect(refusal).not.toContainText("forecast.group_field");
  await expect(refusal).not.toContainText("T00:00:00");
  await form.getByLabel("Series field (optional)").selectOption("sex");
  await form.getByLabel("Horizon").fill("12");
  await form.getByLabel(/Train anew/).check();
  await expect(form).toContainText("Forecasting deaths by date, one series per sex");
  await form.getByTestId("start-forecast").click();
  await expect(page.getByTestId("open-model")).toBeVisible({ timeout: 120_000 });
  await page.getByTestId("open-model").click();
  await page.waitForURL(/\/models\/[^/]+$/);

  const picker = page.getByTestId("forecast-series");
  await expect(picker.locator("option")).toHaveText(["male", "female"]);
  await expect(page.getByTestId("forecast-chart-card")).toContainText("Forecast of deaths for sex = male");
  await expect(page.getByTestId("forecast-chart").locator(".main-svg").first()).toBeVisible({ timeout: 60_000 });
  await picker.selectOption("female");
  await expect(page.getByTestId("forecast-chart-card")).toContainText("Forecast of deaths for sex = female");
  // The backtest table has a row per series and one for both.
  const rows = page.getByTestId("forecast-backtest").getByRole("row");
  await expect(rows).toHaveCount(4);
  await expect(page.getByTestId("forecast-backtest")).toContainText("all 2 series");
  // Each error column (MAE, RMSE, MAPE, MASE) keeps one number of decimals down its rows.
  for (const col of [3, 4, 5, 6]) {
    const cells = await page.getByTestId("forecast-backtest").locator(`tbody tr td:nth-child(${col})`).allTextContents();
    expect(cells).toHaveLength(3);
    const numbers = cells.filter((c) => c !== "—");
    expect(numbers.length).toBeGreaterThan(1);
    expect(new Set(numbers.map((c) => c.replace(/[%,]/g, "").split(".")[1]?.length ?? 0)).size, cells.join(" | ")).toBe(1);
  }
  await expect(page.getByTestId("forecast-story")).toContainText("sex = female");
  // On a wide screen too, the decomposition's names are whole (they were cut to "yearly sea…").
  const wideTicks = page.getByTestId("forecast-drivers").locator(".ytick text");
  await expect(wideTicks.first()).toBeVisible({ timeout: 30_000 });
  await expect(async () => expect((await wideTicks.allTextContents()).join(" | ")).not.toContain("…")).toPass();
  await saveScreen(page, testInfo, "forecast-series");
  // On a phone the decomposition chart's long names ("sex (differences between series)") stay whole
  // inside the chart and leave room for the bars: Plotly caps the margin it grows for labels, so a
  // longer one-line name was cut (superstore's "Region (...)") and this one left the bars a sliver.
  await page.setViewportSize({ width: 390, height: 844 });
  const drivers = page.getByTestId("forecast-drivers");
  await drivers.scrollIntoViewIfNeeded();
  await expect(drivers.locator(".ytick text").first()).toBeVisible({ timeout: 30_000 });
  await expect(async () => {
    const box = (await drivers.boundingBox())!;
    const labels = await drivers.locator(".ytick text").evaluateAll((els) => els.map((e) => e.getBoundingClientRect().left));
    expect(labels.length).toBeGreaterThan(1);
    for (const left of labels) expect(left).toBeGreaterThanOrEqual(box.x - 1);
    // ... and leave the bars most of the width (one-line names squeezed them into a sliver).
    const plotArea = (await drivers.locator("rect.nsewdrag").first().boundingBox())!;
    expect(plotArea.width).toBeGreaterThan(box.width * 0.45);
    // The names are broken into lines, not cut with "…" ("sex (differen…", "yearly sea…").
    const texts = await drivers.locator(".ytick text").allTextContents();
    expect(texts.join(" | ")).not.toContain("…");
    expect(texts.some((t) => t.includes("between") && t.includes("series)"))).toBe(true);
  }).toPass({ timeout: 15_000 });
  await saveScreen(page, testInfo, "forecast-drivers-phone", { fullPage: false });
  await page.setViewportSize({ width: 1280, height: 860 });
});

test("a row-level table (superstore orders): combine rows per month and region, the model page states the rule", async ({ page }, testInfo) => {
  test.setTimeout(300_000);
  await ensureSignedIn(page);
  const name = `superstore ${Date.now()}`;
  await uploadDataset(page, sharedDataset("nlv/superstore.csv"), name);
  await page.getByTestId("train-mode-forecast").click();
  const form = page.getByTestId("forecast-form");
  await form.getByLabel("Value to forecast").selectOption("Sales");
  await form.getByLabel("Date field").selectOption("Order Date");
  await form.getByLabel("Series field (optional)").selectOption("Region");
  await form.getByLabel("Horizon").fill("6");
  await expect(form.getByLabel("Period", { exact: true })).toBeDisabled();
  // Several orders per day: the refusal points to the form's own control.
  await form.getByTestId("start-forecast").click();
  const refusal = form.getByRole("alert");
  await expect(refusal).toContainText("Duplicated timestamps");
  await expect(refusal).toContainText("“Combine rows per period”");
  await expect(refusal).not.toContainText("forecast.aggregate");
  await form.getByLabel("Combine rows per period").selectOption("sum");
  await form.getByLabel("Period", { exact: true }).selectOption("month");
  await expect(form).toContainText("Periods without rows count as 0");
  await expect(form).toContainText("Forecasting the sum of Sales per month of Order Date, one series per Region");
  await form.getByLabel(/Train anew/).check();
  await form.getByTestId("start-forecast").click();
  await expect(page.getByTestId("open-model")).toBeVisible({ timeout: 120_000 });
  await page.getByTestId("open-model").click();
  await page.waitForURL(/\/models\/[^/]+$/);

  const detail = page.getByTestId("forecast-detail");
  await expect(detail).toContainText("Forecasts sum of Sales per month by Order Date, one series per Region");
  await expect(page.getByTestId("forecast-aggregate")).toHaveText("5,899 rows combined per month (UTC) by sum.");
  await expect(page.getByTestId("forecast-chart-card")).toContainText("Forecast of sum of Sales per month for Region = ");
  await expect(page.getByTestId("forecast-story")).toContainText(
    "5,899 rows were combined per month and Region (UTC calendar months): the forecast is of the sum of Sales per month.",
  );
  await expect(page.getByTestId("forecast-chart").locator(".main-svg").first()).toBeVisible({ timeout: 60_000 });
  await saveScreen(page, testInfo, "forecast-combined");

  // The history the page charts, per region (kept for the check against pandas' resample sums).
  const modelId = page.url().split("/").pop()!;
  const histories = await page.evaluate(async (id) => {
    const out: Record<string, { date: string; value: number }[]> = {};
    for (const region of ["Central", "East", "South", "West"]) {
      const res = await fetch(`/api/v1/models/${id}/forecast`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-tabula-csrf": "1" },
        body: JSON.stringify({ group: region, horizon: 6, include_history: true }),
      });
      out[region] = (await res.json()).history[0].points;
    }
    return out;
  }, modelId);
  fs.writeFileSync(testInfo.outputPath("superstore-monthly-history.json"), JSON.stringify(histories, null, 1));
  for (const points of Object.values(histories)) {
    expect(points).toHaveLength(24);
    expect(points[0].date).toBe("2016-01-01T00:00:00.000Z");
    expect(points[23].date).toBe("2017-12-01T00:00:00.000Z");
  }
});

test("a sum per month whose rows stop on 22 December: the chart marks December so far beside its forecast, and says why", async ({ page }, testInfo) => {
  test.setTimeout(300_000);
  await ensureSignedIn(page);
  // One order a day from January 2023 to 22 December 2024, amount 10 on weekdays and 4 at weekends.
  const lines = ["ordered,amount"];
  for (let d = Date.UTC(2023, 0, 1); d <= Date.UTC(2024, 11, 22); d += 86_400_000) {
    const weekday = new Date(d).getUTCDay();
    lines.push(`${new Date(d).toISOString().slice(0, 10)},${weekday === 0 || weekday === 6 ? 4 : 10}`);
  }
  const file = testInfo.outputPath("orders-to-22-december.csv");
  fs.writeFileSync(file, `${lines.join("\n")}\n`);
  await uploadDataset(page, file, `orders to 22 December ${Date.now()}`);
  await page.getByTestId("train-mode-forecast").click();
  const form = page.getByTestId("forecast-form");
  await form.getByLabel("Value to forecast").selectOption("amount");
  await form.getByLabel("Date field").selectOption("ordered");
  await form.getByLabel("Horizon").fill("3");
  await form.getByLabel("Combine rows per period").selectOption("sum");
  await form.getByLabel("Period", { exact: true }).selectOption("month");
  await form.getByText("Fastest").click();
  await form.getByLabel(/Train anew/).check();
  await form.getByTestId("start-forecast").click();
  await expect(page.getByTestId("open-model")).toBeVisible({ timeout: 120_000 });
  await page.getByTestId("open-model").click();
  await page.waitForURL(/\/models\/[^/]+$/);

  // December 1-22 2024: 15 weekdays x 10 + 7 weekend days x 4 = 178.
  await expect(page.getByTestId("forecast-partial")).toHaveText(
    "December 2024 has rows up to 22 December only (22 of 31 days): its sum so far, 178, is marked ◇ and was left out of the fit; the forecast starts with that period.",
  );
  const chart = page.getByTestId("forecast-chart");
  await expect(chart.locator(".main-svg").first()).toBeVisible({ timeout: 60_000 });
  await expect(chart.locator(".legendtext", { hasText: "so far (partial period)" })).toHaveCount(1);
  await saveScreen(page, testInfo, "forecast-partial-month");
});
