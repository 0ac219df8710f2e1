import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { churnRows } from "./helpers/data";
import { ensureSignedIn, OWNER, saveScreen, sharedDataset, uploadDataset } from "./ui-helpers";

test("train at 10 seconds with live status, then read the model page and predict", async ({ page }, testInfo) => {
  test.setTimeout(300_000);
  await ensureSignedIn(page);
  const name = `telco ${Date.now()}`;
  await uploadDataset(page, sharedDataset("telco.csv"), name);
  await expect(page.getByTestId("field-type-customerID")).toHaveValue("id");
  // Every field's name in the types editor reads in full (no ellipsis) at 1280 px.
  const typeLabels = page.locator('label[for^="type-"]');
  await expect(typeLabels).toHaveCount(21);
  const cut = await typeLabels.evaluateAll((ls) => ls.filter((l) => l.scrollWidth > l.clientWidth).map((l) => l.textContent));
  expect(cut).toEqual([]);
  await expect(page.getByTestId("field-type-DeviceProtection")).toHaveValue("category");

  const form = page.getByTestId("train-form");
  await form.getByTestId("target-Churn").check({ force: true });
  await expect(form.getByText("Predicting Churn")).toBeVisible();

  // A long training: after a reload its panel still names the field it trains; the Models page
  // lists it with its progress and leads back to it; it can be cancelled from its status panel.
  await form.getByText("High quality").click();
  await form.getByLabel(/Train anew/).check();
  await form.getByTestId("start-training").click();
  await expect(page.getByTestId("training-title")).toHaveText("Training a model for Churn");
  await page.reload();
  await expect(page.getByTestId("training-title")).toHaveText("Training a model for Churn");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Models" }).click();
  const running = page.getByTestId("running-training").filter({ hasText: name });
  await expect(running).toContainText("Predicts Churn");
  await expect(running).toContainText(`by ${OWNER.name} from the web app`);
  await expect(running.getByText(/pending|in progress/)).toBeVisible();
  await expect(running.getByRole("progressbar")).toBeVisible();
  await saveScreen(page, testInfo, "models-training-running");
  await running.getByRole("link", { name: "Open the dataset" }).click();
  await page.waitForURL(/\/datasets\/[^/]+$/);
  await page.getByTestId("cancel-training").click();
  // A cancel the user asked for reads as one, not as a red "Training failed".
  const cancelledPanel = page.getByTestId("training-status");
  await expect(cancelledPanel.getByTestId("training-cancelled")).toHaveText("Cancelled; nothing was saved. Start the training again to run it.");
  await expect(cancelledPanel.getByText("cancelled", { exact: true })).toBeVisible();
  await expect(cancelledPanel.getByText("Training failed")).toHaveCount(0);
  await expect(page.getByTestId("cancel-training")).toHaveCount(0);
  // A cancelled training stays listed until dismissed, under its own word.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Models" }).click();
  await expect(page.getByRole("heading", { name: "Failed and cancelled trainings" })).toBeVisible();
  await expect(running).toContainText("Cancelled; nothing was saved.");
  await expect(running.getByText("cancelled", { exact: true })).toBeVisible();
  await running.getByRole("button", { name: "Dismiss" }).click();
  await expect(running).toHaveCount(0);
  await page.goBack();
  // Back on the dataset page, the panel shows the cancelled training again (the page is live).
  await expect(page.getByTestId("training-cancelled")).toBeVisible();
  // The page comes back scrolled, with the field under the sticky header: click its visible label
  // (a forced click on the hidden checkbox would land on the header).
  await form
    .locator("label")
    .filter({ has: page.getByTestId("target-Churn") })
    .click();
  await expect(form.getByTestId("target-Churn")).toBeChecked();

  await form.getByText("Fastest").click();
  await form.getByLabel(/Train anew/).check();
  await form.getByTestId("start-training").click();

  const status = page.getByTestId("training-status");
  await expect(status).toBeVisible();
  // The panel sits below the form: starting a training brings it into view.
  await expect(status).toBeInViewport({ ratio: 0.9 });
  await expect(status.getByText(/pending|in progress/)).toBeVisible();
  await expect(page.getByRole("progressbar", { name: "Training progress" })).toBeVisible();
  await saveScreen(page, testInfo, "training-in-progress");
  await expect(page.getByTestId("open-model")).toBeVisible({ timeout: 180_000 });
  await page.getByTestId("open-model").click();
  await page.waitForURL(/\/models\/[^/]+$/);

  // Holdout statistics per class with a confusion matrix.
  const stats = page.getByTestId("class-stats");
  await expect(stats.getByRole("row")).toHaveCount(3);
  for (const header of ["Precision", "Recall", "F1", "Count"]) await expect(stats).toContainText(header);
  await expect(page.getByTestId("confusion-matrix")).toBeVisible();
  // The leaderboard names model families in words (not "extra_trees"), each number column with one
  // number of decimals.
  await page.getByText(/Leaderboard of candidates/).click();
  const board = page.getByTestId("leaderboard");
  await expect(board.getByRole("row").nth(1)).toBeVisible();
  expect(await board.getByRole("cell").allTextContents()).not.toContainEqual(expect.stringMatching(/_/));
  const metrics = await board.locator("tbody tr td:nth-child(2)").allTextContents();
  expect(new Set(metrics.map((m) => m.split(".")[1]?.length ?? 0)).size).toBe(1);
  // Field importance drawn by Plotly, with bars.
  const chart = page.getByTestId("field-importance-chart");
  await expect(chart.locator(".main-svg").first()).toBeVisible({ timeout: 30_000 });
  expect(await chart.locator(".bars .point").count()).toBeGreaterThan(3);
  // Plotly's mode bar (zoom, pan, download) is there on a desktop, but not on a phone, where it lay
  // over the chart's title after the first tap.
  await chart.hover();
  await expect(chart.locator(".modebar")).toHaveCount(1);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(chart.locator(".modebar")).toHaveCount(0);
  await page.setViewportSize({ width: 1280, height: 860 });
  await expect(chart.locator(".modebar")).toHaveCount(1);
  // The data story as readable cards.
  const story = page.getByTestId("data-story");
  await expect(story.getByRole("article")).toHaveCount(2);
  await expect(story).toContainText("Churn = Yes");
  await expect(story).toContainText(/On average \d+% of rows/);
  // The top and bottom rates are the model's mean over the real rows that meet every cause together: the
  // sentence names each cause listed under it, how many rows those are and what share actually churned.
  const yesCard = story.getByRole("article").filter({ hasText: "Churn = Yes" });
  const headline = ((await yesCard.locator("p").first().textContent()) ?? "").replace(/\s+/g, " ");
  expect(headline).not.toMatch(/Rows where/);
  const details = await yesCard.getByRole("listitem").allTextContents();
  expect(details.length).toBeGreaterThan(1);
  expect(headline).toContain("the model gives");
  expect(headline).toMatch(/For the [\d,]+ rows \(of [\d,]+( sampled)?\) where .* \(\d+(\.\d)?% actually have it\)/);
  for (const d of details) {
    const m = /([^\s▸].*): highest with (.+), lowest with (.+)$/.exec(d.replace(/\s+/g, " ").trim());
    expect(m, d).not.toBeNull();
    expect(headline).toContain(`${m?.[1]} is ${m?.[2]}`);
    expect(headline).toContain(`${m?.[1]} is ${m?.[3]}`);
  }

  // Try a prediction: prefilled from the first row, answers with probabilities and factors.
  const contract = page.getByTestId("try-prediction").getByLabel("Contract", { exact: true });
  await expect(contract).not.toHaveValue("");
  // A text field suggests the values the model was trained on (a misspelt category counts as unknown).
  await expect(contract).toHaveAttribute("list", /^predict-values-/);
  await expect(page.getByTestId("known-values-Contract").locator("option")).toHaveCount(3);
  await expect(page.getByTestId("known-values-Contract").locator('option[value="Month-to-month"]')).toHaveCount(1);
  await expect(page.getByTestId("try-prediction").getByLabel("tenure", { exact: true })).not.toHaveAttribute("list", /.+/);
  await page.getByTestId("predict-button").click();
  const result = page.getByTestId("prediction-result");
  await expect(result.getByTestId("probabilities").getByRole("listitem")).toHaveCount(2);
  // The busy button was not disabled on the way: the keyboard focus is still on it, not on the page.
  await expect(page.getByTestId("predict-button")).toBeFocused();
  await expect(result.getByTestId("factors").getByRole("listitem").first()).toBeVisible();
  await saveScreen(page, testInfo, "model");

  // An empty form says what to fill in, sends nothing and keeps the answer shown; a partly blank one says what counted as unknown.
  const tryForm = page.getByTestId("try-prediction");
  await tryForm.getByRole("button", { name: "Clear" }).click();
  await expect(contract).toHaveValue("");
  await page.getByTestId("predict-button").click();
  await expect(tryForm.getByRole("alert")).toContainText("Fill in at least one field");
  await expect(result.getByTestId("probabilities").getByRole("listitem")).toHaveCount(2);
  await contract.fill("Month-to-month");
  await page.getByTestId("predict-button").click();
  await expect(tryForm.getByRole("alert")).toHaveCount(0);
  await expect(result.getByTestId("prediction-blanks")).toContainText(/Left blank, so treated as unknown: .*tenure/);
  await expect(result.getByTestId("prediction-blanks")).not.toContainText("Contract");

  // The form is there before the first row that prefills it arrives: a click on Predict then says
  // "fill in a field", which no longer holds once the row fills the fields; a value typed meanwhile is kept.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const firstRow = /\/api\/v1\/datasets\/[^/]+\/rows\?offset=0&limit=1$/;
  await page.route(firstRow, async (route) => {
    await held;
    await route.continue();
  });
  await page.reload();
  await expect(contract).toHaveValue("");
  await page.getByTestId("predict-button").click();
  await expect(tryForm.getByRole("alert")).toContainText("Fill in at least one field");
  release();
  await expect(contract).not.toHaveValue("");
  await expect(tryForm.getByRole("alert")).toHaveCount(0);
  let releaseAgain = () => {};
  const heldAgain = new Promise<void>((resolve) => (releaseAgain = resolve));
  await page.unroute(firstRow);
  await page.route(firstRow, async (route) => {
    await heldAgain;
    await route.continue();
  });
  await page.reload();
  const tenureInput = tryForm.getByLabel("tenure", { exact: true });
  await tenureInput.fill("71");
  releaseAgain();
  await expect(contract).not.toHaveValue("");
  await expect(tenureInput).toHaveValue("71");
  await page.unroute(firstRow);

  // Batch prediction of a CSV and a download of the results.
  const file = testInfo.outputPath("to-predict.csv");
  const lines = fs.readFileSync(sharedDataset("telco.csv"), "utf8").split(/\r?\n/).slice(0, 31);
  fs.writeFileSync(file, lines.join("\n") + "\n");
  await page.getByLabel("CSV file of rows to predict").setInputFiles(file);
  await page.getByTestId("run-batch").click();
  await expect(page.getByText("Predicted 30 rows")).toBeVisible({ timeout: 30_000 });
  // The preview shows the answers first (after twenty input columns they were off the right edge).
  const previewHeaders = await page.getByTestId("batch-preview").getByRole("columnheader").allInnerTexts();
  expect(previewHeaders.slice(0, 3).map((h) => h.replace(/[↕▲▼]/g, "").trim())).toEqual(["Churn", "Probability Churn is No", "Probability Churn is Yes"]);
  expect(previewHeaders.findIndex((h) => h.includes("customerID"))).toBeGreaterThan(2);
  // A probability column shows one number of decimals ("0.9620" under "0.9574", not "0.962").
  const yesProbabilities = await page.getByTestId("batch-preview").locator("tbody tr td:nth-child(3)").allTextContents();
  expect(yesProbabilities).toHaveLength(30);
  expect(new Set(yesProbabilities.map((t) => t.split(".")[1]?.length ?? 0)).size).toBe(1);
  const downloadPromise = page.waitForEvent("download");
  await page.getByTestId("download-predictions").click();
  const download = await downloadPromise;
  const csv = fs.readFileSync(await download.path(), "utf8");
  const [header, ...rows] = csv.trim().split(/\r?\n/);
  expect(header).toContain("Probability Churn is Yes");
  expect(rows).toHaveLength(30);
  // Ignored fields such as the id come back too, so results can be joined to the source rows.
  expect(rows[0]).toContain("7590-VHVEG");
  await saveScreen(page, testInfo, "model-batch");

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Models" }).click();
  await expect(page.getByTestId("models-list")).toContainText(name);
  // The finished training is no longer listed as running: it is the model now.
  await expect(page.getByTestId("running-training").filter({ hasText: name })).toHaveCount(0);
  await saveScreen(page, testInfo, "models");

  // A model that does not exist (a deleted one, a mistyped link) says so, with no pointless Retry.
  await page.goto("/models/no-such-model");
  await expect(page.getByRole("alert").filter({ hasText: "Could not open this model" })).toContainText("not found");
  await expect(page.getByRole("button", { name: "Retry" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: /Back to models/ })).toBeVisible();
});

test("a missing model's page asks for the model only, not for its versions", async ({ page }) => {
  await ensureSignedIn(page);
  const asked: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname.startsWith("/api/")) asked.push(new URL(r.url()).pathname);
  });
  await page.goto("/models/no-such-model");
  await expect(page.getByRole("alert").filter({ hasText: "Could not open this model" })).toContainText("not found");
  expect(asked.some((p) => p.includes("no-such-model"))).toBe(true);
  expect(asked.filter((p) => p.endsWith("/versions"))).toEqual([]);
});

test("a training started through the API is listed on the Models page while it runs, then leads to its model", async ({ page, request }, testInfo) => {
  test.setTimeout(180_000);
  await ensureSignedIn(page);
  // The owner's team holds the E2E API key: a teammate's script, not this browser, starts the training.
  const apiKey = process.env.E2E_API_KEY!;
  const name = `api training ${Date.now()}`;
  const created = await request.post(`/v1/datasets?api_key=${apiKey}`, { data: { name } });
  const { dataset_id } = await created.json();
  expect((await request.post("/v1/datasets", { data: { api_key: apiKey, id: dataset_id, rows: churnRows(600, 41) } })).status()).toBe(200);
  const started = await request.post("/api/v1/models/train/new", {
    headers: { "X-API-Key": apiKey },
    data: { dataset_id, predict_fields: ["churned"], ignore_fields: ["customer_id"], duration: 10, force: true },
  });
  expect(started.status(), await started.text()).toBe(201);
  const { task_id } = await started.json();

  await page.goto("/models");
  const running = page.locator(`[data-testid="running-training"][data-task-id="${task_id}"]`);
  await expect(running).toContainText("Predicts churned");
  await expect(running).toContainText(name);
  await expect(running).toContainText(/by API key ".+" through the API/);
  await expect(running.getByText(/pending|in progress/)).toBeVisible();
  await expect(running.getByRole("link", { name: "Open the dataset" })).toHaveAttribute("href", `/datasets/${dataset_id}`);
  await saveScreen(page, testInfo, "models-api-training-running");

  // Polled while it runs: once done it leaves the running list and leads to the model, which the list below shows.
  const done = page.locator(`[data-testid="finished-training"][data-task-id="${task_id}"]`);
  await expect(done.getByRole("link", { name: "Open the model" })).toBeVisible({ timeout: 120_000 });
  await expect(running).toHaveCount(0);
  await expect(page.getByTestId("models-list")).toContainText(name);
  await done.getByRole("link", { name: "Open the model" }).click();
  await page.waitForURL(/\/models\/[^/]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(name);
});

test("the dataset page and the Models page name a legacy /v1 training (key, fields, budget); failures are listed apart with a heading", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  await ensureSignedIn(page);
  const apiKey = process.env.E2E_API_KEY!;
  const stamp = Date.now();
  const upload = async (name: string, rows: Record<string, string | number>[]) => {
    const { dataset_id } = await (await request.post(`/v1/datasets?api_key=${apiKey}`, { data: { name } })).json();
    expect((await request.post("/v1/datasets", { data: { api_key: apiKey, id: dataset_id, rows } })).status()).toBe(200);
    return dataset_id as string;
  };
  // A failure first: a field with one value cannot be learned (the worker says so).
  const constName = `one value ${stamp}`;
  const constId = await upload(
    constName,
    Array.from({ length: 50 }, (_, i) => ({ x: i, same: "always" })),
  );
  const failing = await request.post("/api/v1/models/train/new", {
    headers: { "X-API-Key": apiKey },
    data: { dataset_id: constId, predict_fields: ["same"], duration: 10, force: true },
  });
  expect(failing.status(), await failing.text()).toBe(201);

  // A teammate's script trains through the legacy synchronous API (the answer comes when it is done).
  const name = `legacy training ${stamp}`;
  const datasetId = await upload(name, churnRows(3000, 43));
  const legacy = request.post("/v1/models", {
    data: { api_key: apiKey, dataset_id: datasetId, predict_fields: ["churned"], ignore_fields: ["customer_id"], duration: 60, force: true },
    timeout: 150_000,
  });

  // This browser did not start it, yet the dataset page says it runs, by whom, and with what budget.
  await page.goto(`/datasets/${datasetId}`);
  const here = page.getByTestId("dataset-trainings");
  await expect(here.getByRole("heading", { name: "Also training on this dataset" })).toBeVisible();
  const item = here.getByTestId("running-training");
  await expect(item).toContainText("Predicts churned");
  await expect(item).toContainText(/1 min budget · started .* by API key ".+" through the legacy \/v1 API/);
  await expect(item.getByRole("link", { name: "Open the dataset" })).toHaveCount(0); // we are on it
  await saveScreen(page, testInfo, "dataset-teammate-training");

  await page.goto("/models");
  const failed = page.getByTestId("trainings-failed");
  await expect(failed.getByRole("heading", { name: /^Failed (and cancelled )?trainings$/ })).toBeVisible();
  await expect(failed).toContainText("failed in the last 24 hours");
  await expect(failed.getByTestId("running-training").filter({ hasText: constName })).toContainText("has only one value");
  await expect(page.getByTestId("trainings-running").filter({ hasText: constName })).toHaveCount(0);
  const listed = page.getByTestId("trainings-running").getByTestId("running-training").filter({ hasText: name });
  const finished = page.getByTestId("trainings-running").getByTestId("finished-training").filter({ hasText: name });
  await expect(listed.or(finished).or(page.getByTestId("models-list").filter({ hasText: name }))).toBeVisible();
  await saveScreen(page, testInfo, "models-legacy-and-failed");

  expect((await legacy).status()).toBe(200);
  // Once done it leaves the dataset page's list (or turns into a link to its model).
  await page.goto(`/datasets/${datasetId}`);
  await expect(page.getByTestId("dataset-trainings")).toHaveCount(0);
});
