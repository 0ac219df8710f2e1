// The project chat in a real browser at 1280x800 over the shared telco data: one answer card per
// question (interpretation, chart and table together), the question box on screen after several
// turns, examples built from the dataset's own fields, follow-up chips, clarifying questions with
// one-click choices, errors inside the card with the question kept, and the CSV download.
import fs from "node:fs";
import Papa from "papaparse";
import { expect, request, test, type Page } from "@playwright/test";
import { ensureSignedIn, saveScreen, sharedDataset } from "./ui-helpers";

test.use({ viewport: { width: 1280, height: 800 } });

const VIEWPORT_HEIGHT = 800;
let projectId = "";
let fieldNames: string[] = [];

// The dataset and project come through the API (the upload page has its own spec); the chat is
// then used only through the page.
test.beforeAll(async () => {
  const api = await request.newContext({ baseURL: process.env.E2E_BASE_URL, extraHTTPHeaders: { "X-API-Key": process.env.E2E_API_KEY! } });
  const parsed = Papa.parse<Record<string, string>>(fs.readFileSync(sharedDataset("telco.csv"), "utf8").trim(), { header: true, skipEmptyLines: true });
  fieldNames = parsed.meta.fields ?? [];
  const created = await api.post("/v1/datasets", { data: { api_key: process.env.E2E_API_KEY, name: `telco ${Date.now()}` } });
  expect(created.status()).toBe(200);
  const { dataset_id } = await created.json();
  for (let i = 0; i < parsed.data.length; i += 5000) {
    const res = await api.post("/v1/datasets", { data: { api_key: process.env.E2E_API_KEY, id: dataset_id, rows: parsed.data.slice(i, i + 5000) } });
    expect(res.status(), await res.text()).toBe(200);
  }
  const project = await api.post("/api/v1/projects", { data: { name: "Churn questions", datasetId: dataset_id } });
  expect(project.status()).toBe(201);
  projectId = (await project.json()).id;
  await api.dispose();
});

async function openChat(page: Page) {
  await ensureSignedIn(page);
  await page.goto(`/projects/${projectId}`);
  await expect(page.getByRole("heading", { level: 1, name: "Churn questions" })).toBeVisible();
}

/** Waits until the newest card has its answer (no waiting state, no error). */
async function waitForCards(page: Page, count: number) {
  const log = page.getByTestId("chat-log");
  await expect(log.getByTestId("answer-card")).toHaveCount(count);
  await expect(log.getByTestId("answer-card").last()).toHaveAttribute("data-status", "done", { timeout: 60_000 });
  await expect(log.getByRole("alert")).toHaveCount(0);
}

/** Clears the conversation through "New conversation" and its confirmation. */
async function startNewConversation(page: Page) {
  await page.getByRole("button", { name: "New conversation" }).click();
  await page.getByRole("dialog", { name: "Start a new conversation?" }).getByRole("button", { name: "Clear conversation" }).click();
  await expect(page.getByTestId("chat-log").getByTestId("answer-card")).toHaveCount(0);
}

/** The question box lies inside the window and the page itself is not scrolled. */
async function expectBoxOnScreen(page: Page) {
  const box = await page.getByLabel("Your question").boundingBox();
  expect(box).not.toBeNull();
  expect(box!.y).toBeGreaterThan(0);
  expect(box!.y + box!.height).toBeLessThanOrEqual(VIEWPORT_HEIGHT);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await expect(page.getByLabel("Your question")).toBeInViewport({ ratio: 1 });
}

test("answer cards, a pinned question box, examples from the fields and follow-up chips", async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  await openChat(page);
  const log = page.getByTestId("chat-log");
  await expect(log).toHaveAttribute("role", "log");
  await expect(log).toHaveAttribute("aria-live", "polite");

  // Empty state: examples generated from this dataset's fields, said in words ("monthly charge" for
  // MonthlyCharges): each names at least one of them.
  const examples = page.getByTestId("example-question");
  await expect(examples.first()).toBeVisible();
  const exampleTexts = await examples.allInnerTexts();
  expect(exampleTexts.length).toBeGreaterThanOrEqual(3);
  const nameWords = (f: string) =>
    f
      .replace(/([a-z])([A-Z])/g, "$1 $2")
      .toLowerCase()
      .split(/[\s_]+/);
  for (const text of exampleTexts)
    expect(
      fieldNames.some((f) => nameWords(f).every((w) => text.toLowerCase().includes(w.replace(/s$/, "")))),
      `"${text}" names no telco field`,
    ).toBe(true);
  await expect(page.getByTestId("chat-fields").getByRole("button", { name: /MonthlyCharges/ })).toBeVisible();
  await expectBoxOnScreen(page);
  await saveScreen(page, testInfo, "chat-empty", { fullPage: false });

  // Shift+Enter is a new line, Enter sends.
  const input = page.getByLabel("Your question");
  await input.fill("What is the average MonthlyCharges");
  await input.press("Shift+Enter");
  await input.pressSequentially("by PaymentMethod?");
  await expect(input).toHaveValue("What is the average MonthlyCharges\nby PaymentMethod?");
  await expect(log.getByTestId("answer-card")).toHaveCount(0);
  await input.press("Enter");
  await expect(input).toHaveValue("");
  await waitForCards(page, 1);

  // One card: the question, then the interpretation, the chart and the table together.
  const card = log.getByTestId("answer-card").first();
  await expect(card.getByTestId("user-message")).toContainText("average MonthlyCharges");
  await expect(card.getByTestId("assistant-message")).toHaveCount(1);
  await expect(card.getByTestId("assistant-message")).toContainText("PaymentMethod");
  // Plotly is a 4.6 MB script: on a busy machine its first drawing can take a while.
  await expect(card.getByTestId("chat-chart").locator(".main-svg").first()).toBeVisible({ timeout: 90_000 });
  // Plotly's own toolbar downloads a PNG; its "Share chart..." (an upload to cloud.plotly.com) is off.
  await expect(card.locator('.modebar-btn[data-title="Download plot as a PNG"]')).toHaveCount(1);
  await expect(card.locator('.modebar-btn[data-title="Share chart..."]')).toHaveCount(0);
  // On a phone the chart's title is broken into lines that fit (Plotly cut it at the chart's edge),
  // and no mode bar lies over it.
  await page.setViewportSize({ width: 390, height: 844 });
  const chart = card.getByTestId("chat-chart");
  await expect(async () => {
    expect(await chart.locator(".gtitle tspan.line").count()).toBeGreaterThan(1);
    const titleBox = await chart.locator(".gtitle").boundingBox();
    const chartBox = await chart.boundingBox();
    expect(titleBox && chartBox && titleBox.x + titleBox.width <= chartBox.x + chartBox.width + 1).toBe(true);
  }).toPass();
  await expect(chart.locator(".modebar")).toHaveCount(0);
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(chart.locator(".gtitle tspan.line")).toHaveCount(0);
  const table = card.getByTestId("chat-table");
  await expect(table.getByRole("row")).toHaveCount(5); // header + 4 payment methods
  await expect(table.getByRole("columnheader").first()).toContainText("PaymentMethod");
  await expectBoxOnScreen(page);

  // Sort a number column (largest first on the first click), then download the table.
  const numberHeader = table.getByRole("columnheader").nth(1);
  await numberHeader.getByRole("button").click();
  await expect(numberHeader).toHaveAttribute("aria-sort", "descending");
  const [download] = await Promise.all([page.waitForEvent("download"), card.getByTestId("download-csv").click()]);
  expect(download.suggestedFilename()).toBe("what-is-the-average-monthlycharges-by-paymentmethod.csv");
  const csv = fs
    .readFileSync(await download.path(), "utf8")
    .replace(/^\uFEFF/, "")
    .split(/\r\n/);
  expect(csv[0].split(",")[0]).toBe("PaymentMethod");
  expect(csv).toHaveLength(5);

  // A follow-up chip under the latest answer asks its question: a second card.
  const chips = card.getByTestId("follow-ups").getByTestId("suggestion");
  await expect(chips.first()).toBeVisible();
  const chipText = (await chips.first().innerText()).trim();
  await chips.first().click();
  await waitForCards(page, 2);
  await expect(log.getByTestId("answer-card").last().getByTestId("user-message")).toContainText(chipText);
  // Only the latest answer carries follow-ups.
  await expect(log.getByTestId("follow-ups")).toHaveCount(1);

  // Several more turns: the box stays on screen, the newest card is scrolled into view in the log.
  for (const [i, question] of ["How many customers are there per Contract?", "average tenure by InternetService"].entries()) {
    await input.fill(question);
    await page.getByTestId("send-question").click();
    await waitForCards(page, 3 + i);
    await expectBoxOnScreen(page);
  }
  const newest = log.getByTestId("answer-card").last();
  await expect(newest.getByTestId("user-message")).toBeInViewport();
  expect(await log.evaluate((el) => el.scrollHeight > el.clientHeight && el.scrollTop > 0)).toBe(true);
  await saveScreen(page, testInfo, "chat-cards", { fullPage: false });

  // The conversation stays in the browser across a reload.
  await page.reload();
  await expect(page.getByTestId("chat-log").getByTestId("answer-card")).toHaveCount(4);
  await expectBoxOnScreen(page);
});

test("clarifying questions offer one-click choices; a failed question stays in the box and can be retried", async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  await openChat(page);
  const log = page.getByTestId("chat-log");
  const input = page.getByLabel("Your question");

  // The engine asks back (here its answer is replaced in the browser, so that this checks the page,
  // not the engine's judgement), in the engine's form: a question, and the question reworded once
  // per reading as the reply's suggestions. It reads as a question; the readings are buttons.
  await page.route("**/api/v1/chat-explore/chats/**", (route) =>
    route.fulfill({
      status: 200,
      contentType: "application/json",
      body: JSON.stringify({
        id: "c1",
        messages: [
          {
            role: "assistant",
            content: '"plan" could mean more than one field: "Contract" or "InternetService". Which one do you mean?',
            images: null,
            table: null,
          },
        ],
        suggestions: ["average MonthlyCharges by Contract", "average MonthlyCharges by InternetService"],
      }),
    }),
  );
  await input.fill("average MonthlyCharges by plan");
  await input.press("Enter");
  await waitForCards(page, 1);
  const clarification = log.getByTestId("clarification");
  await expect(clarification).toContainText("Which one do you mean?");
  const choices = clarification.getByRole("group", { name: "Choose one to answer" }).getByRole("button");
  await expect(choices).toHaveText(["average MonthlyCharges by Contract", "average MonthlyCharges by InternetService"]);
  await saveScreen(page, testInfo, "chat-clarification", { fullPage: false });
  await page.unroute("**/api/v1/chat-explore/chats/**");
  await choices.first().click();
  await waitForCards(page, 2);
  const answered = log.getByTestId("answer-card").last();
  await expect(answered.getByTestId("user-message")).toContainText("average MonthlyCharges by Contract");
  await expect(answered.getByTestId("chat-table").getByRole("row")).toHaveCount(4); // header + 3 contracts

  // The server refuses the next question: the error shows inside its card, the text is back in the box.
  let refuse = true;
  await page.route("**/api/v1/chat-explore/new", (route) =>
    refuse
      ? route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ detail: "The chat queue is full. Try again in a minute." }) })
      : route.continue(),
  );
  await input.fill("average TotalCharges by gender");
  await input.press("Enter");
  const failed = log.getByTestId("answer-card").last();
  await expect(failed.getByRole("alert")).toContainText("The chat queue is full");
  await expect(failed).toHaveAttribute("data-status", "error");
  await expect(input).toHaveValue("average TotalCharges by gender");
  await expect(input).toBeEnabled();
  refuse = false;
  await failed.getByRole("button", { name: "Try again" }).click();
  await waitForCards(page, 3);
  await expect(input).toHaveValue("");
  await expect(log.getByTestId("answer-card").last().getByTestId("chat-table")).toBeVisible();
});

test("the engine's own clarifying question, assumptions and other reading are one click away", async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  await openChat(page);
  const log = page.getByTestId("chat-log");
  const input = page.getByLabel("Your question");

  // "charges" names two fields: the engine asks back, each reading is a button that asks it.
  await input.fill("average charges by Contract");
  await input.press("Enter");
  await waitForCards(page, 1);
  const clarification = log.getByTestId("clarification");
  await expect(clarification).toContainText("Which one do you mean?");
  await expect(log.getByTestId("chat-table")).toHaveCount(0);
  const choices = clarification.getByRole("group", { name: "Choose one to answer" }).getByRole("button");
  await expect(choices).toHaveText(["average MonthlyCharges by Contract", "average TotalCharges by Contract"]);
  await choices.nth(1).click();
  await waitForCards(page, 2);
  const answered = log.getByTestId("answer-card").last();
  await expect(answered.getByTestId("user-message")).toContainText("average TotalCharges by Contract");
  await expect(answered.getByTestId("chat-table").getByRole("row")).toHaveCount(4); // header + 3 contracts

  // Each reading below is of a question on its own (in a conversation, a question may be read as a follow-up).
  const newConversation = () => startNewConversation(page);

  // No aggregate named: the answer says what it assumed, apart from what it computed.
  await newConversation();
  await input.fill("MonthlyCharges by Contract");
  await input.press("Enter");
  await waitForCards(page, 1);
  const assumed = log.getByTestId("answer-card").last();
  // (A charge per month, over a table without dates, is averaged by default.)
  await expect(assumed.getByTestId("assumptions")).toContainText("so I used the average");
  await expect(assumed.getByTestId("assistant-message")).toContainText("I computed the average of MonthlyCharges grouped by Contract");
  await expect(assumed.getByTestId("assistant-message")).not.toContainText("Assumptions:");

  // A question it is unsure of ("tenure by churn": the average tenure per churn group, or rows per tenure
  // and churn): the other reading is a button that asks it.
  await newConversation();
  await input.fill("tenure by churn");
  await input.press("Enter");
  await waitForCards(page, 1);
  const unsure = log.getByTestId("answer-card").last();
  const other = unsure.getByTestId("assumption-alternative");
  await expect(other).toHaveCount(1);
  await expect(other).toHaveAccessibleName(/^Ask instead: /);
  const reading = (await other.getAttribute("data-question")) ?? "";
  expect(reading).not.toBe("");
  await expect(unsure.getByTestId("chat-chart").locator(".main-svg").first()).toBeVisible({ timeout: 90_000 });
  await saveScreen(page, testInfo, "chat-assumptions", { fullPage: false });
  await other.click();
  await waitForCards(page, 2);
  await expect(log.getByTestId("answer-card").last().getByTestId("user-message")).toContainText(reading);
  await expectBoxOnScreen(page);
});

test("a chart's few long category labels are shown whole, a pie of rates says each rate, a long title on a phone stays above the plot", async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  await openChat(page);
  const log = page.getByTestId("chat-log");
  const input = page.getByLabel("Your question");

  // Four payment methods across a wide chart: "Bank transfer (automatic)" on two lines, not "Bank transfer…".
  await input.fill("average MonthlyCharges by PaymentMethod");
  await input.press("Enter");
  await waitForCards(page, 1);
  const chart = log.getByTestId("answer-card").last().getByTestId("chat-chart");
  await expect(chart.locator(".xtick").first()).toBeVisible({ timeout: 90_000 });
  const ticks = await chart.locator(".xtick text").allTextContents();
  expect(ticks.join(" ")).not.toContain("…");
  expect(ticks.some((t) => t.includes("(automatic)"))).toBe(true);
  // The labels lie inside the chart.
  const figure = await chart.boundingBox();
  for (const box of await chart.locator(".xtick text").evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON() as DOMRect))) {
    expect(box.y + box.height).toBeLessThanOrEqual(figure!.y + figure!.height);
  }

  // A pie of churn rates: each slice reads its rate as the table has it, not its share of the rates' sum.
  await startNewConversation(page);
  await input.fill("churn rate by Contract as a pie");
  await input.press("Enter");
  await waitForCards(page, 1);
  const card = log.getByTestId("answer-card").last();
  await expect(card.getByTestId("chat-chart").locator(".slicetext").first()).toBeVisible({ timeout: 90_000 });
  const slices = (await card.getByTestId("chat-chart").locator(".slicetext").allTextContents()).join(" ");
  const rows = await card.getByTestId("chat-table").locator("tbody tr").allTextContents();
  expect(rows.length).toBe(3);
  // Month-to-month churns 42.7% of the time (1,655 of 3,875 rows).
  expect(rows.find((r) => r.startsWith("Month-to-month"))).toContain("42.71");
  expect(slices).toContain("42.7%");
  await saveScreen(page, testInfo, "chat-pie-rates", { fullPage: false });

  // On a phone a long title wraps onto several lines: all of them between the chart's top and its plot.
  await page.setViewportSize({ width: 390, height: 844 });
  await startNewConversation(page);
  await input.fill("number of rows by Contract and InternetService for rows where SeniorCitizen is 1");
  await input.press("Enter");
  await waitForCards(page, 1);
  const narrow = log.getByTestId("answer-card").last().getByTestId("chat-chart");
  await expect(narrow.locator(".gtitle")).toBeVisible({ timeout: 90_000 });
  expect(await narrow.locator(".gtitle tspan.line").count()).toBeGreaterThanOrEqual(3);
  await expect(async () => {
    const svg = await narrow.locator(".main-svg").first().boundingBox();
    const title = await narrow.locator(".gtitle").boundingBox();
    const plot = await narrow.locator(".nsewdrag").first().boundingBox();
    expect(svg && title && plot).toBeTruthy();
    expect(title!.y).toBeGreaterThanOrEqual(svg!.y);
    expect(title!.y + title!.height).toBeLessThanOrEqual(plot!.y);
  }).toPass();
  await saveScreen(page, testInfo, "chat-phone-long-title", { fullPage: false });
});

test("New conversation asks before it clears the conversation", async ({ page }) => {
  await openChat(page);
  const log = page.getByTestId("chat-log");
  const input = page.getByLabel("Your question");
  if ((await log.getByTestId("answer-card").count()) > 0) await startNewConversation(page);
  // Nothing to lose yet: nothing to clear, so nothing asked.
  await expect(page.getByRole("button", { name: "New conversation" })).toHaveCount(0);

  await input.fill("number of rows by Contract");
  await input.press("Enter");
  await waitForCards(page, 1);
  const dialog = page.getByRole("dialog", { name: "Start a new conversation?" });
  await page.getByRole("button", { name: "New conversation" }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(log.getByTestId("answer-card")).toHaveCount(1);

  await page.getByRole("button", { name: "New conversation" }).click();
  await dialog.getByRole("button", { name: "Clear conversation" }).click();
  await expect(dialog).toBeHidden();
  await expect(log.getByTestId("answer-card")).toHaveCount(0);
  await expect(input).toBeFocused();
});
