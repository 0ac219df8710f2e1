import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { ensureSignedIn, saveScreen, sharedDataset, uploadDataset } from "./ui-helpers";

test("a project chat: questions answered with a chart and a table, a crowded chart that fits", async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  await ensureSignedIn(page);
  const datasetName = `superstore ${Date.now()}`;
  await uploadDataset(page, sharedDataset("nlv/superstore.csv"), datasetName);

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Projects" }).click();
  await page.waitForURL("**/projects");
  await page.getByLabel("Project name").fill("Store questions");
  await page.getByLabel("Dataset").selectOption({ label: datasetName });
  await saveScreen(page, testInfo, "projects");
  await page.getByRole("button", { name: "Create project" }).click();
  await page.waitForURL(/\/projects\/[^/]+$/);

  // Settings: the suggestions become one-click questions.
  await page.getByLabel("Suggested questions").fill("Total Sales by Region\nAverage Profit by Category");
  await page.getByLabel("Instructions").fill("Keep answers short.");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Saved.")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Instructions")).toHaveValue("Keep answers short.");
  // A blank name cannot be saved (said next to the field, not as the API's "name: name must not be empty"),
  // and a name stops at the longest the API takes.
  const settingsName = page.getByTestId("project-settings").getByLabel("Name", { exact: true });
  await settingsName.fill("   ");
  await expect(page.getByText("A project needs a name.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Save settings" })).toBeDisabled();
  await settingsName.fill("x".repeat(300));
  await expect(settingsName).toHaveValue("x".repeat(200));
  await settingsName.fill("Store questions");
  await expect(page.getByRole("button", { name: "Save settings" })).toBeDisabled(); // back to the saved settings

  const log = page.getByTestId("chat-log");
  const waitForAnswers = async (questions: number) => {
    await expect(log.getByTestId("user-message")).toHaveCount(questions);
    await expect(log.getByRole("status")).toHaveCount(0, { timeout: 60_000 });
    await expect(log.getByRole("alert")).toHaveCount(0);
  };

  await page.getByTestId("suggestion").filter({ hasText: "Total Sales by Region" }).click();
  await waitForAnswers(1);
  await page.getByLabel("Your question").fill("Average Profit by Category");
  await page.getByLabel("Your question").press("Enter");
  await waitForAnswers(2);
  await page.getByLabel("Your question").fill("top 5 Customer Name by Sales");
  await page.getByTestId("send-question").click();
  await waitForAnswers(3);

  expect(await log.getByTestId("assistant-message").count()).toBeGreaterThanOrEqual(3);
  const chart = log.getByTestId("chat-chart").first();
  await expect(chart.locator(".main-svg").first()).toBeVisible({ timeout: 30_000 });
  const table = log.getByTestId("chat-table").first();
  await expect(table.getByRole("row").nth(1)).toBeVisible();

  // Tables sort on a header click.
  const header = table.getByRole("columnheader").first();
  await header.getByRole("button").click();
  await expect(header).toHaveAttribute("aria-sort", "ascending");
  await chart.scrollIntoViewIfNeeded();
  await saveScreen(page, testInfo, "project-chat", { fullPage: false });

  // The conversation stays in the browser across a reload.
  await page.reload();
  await expect(page.getByTestId("chat-log").getByTestId("user-message")).toHaveCount(3);

  // Hundreds of groups with long names (1,742 products): the chart draws the top 50 and says so,
  // and its labels, shortened with "…", stay inside the chart on a desktop and on a phone.
  await page.getByRole("button", { name: "New conversation" }).click();
  await page.getByRole("dialog", { name: "Start a new conversation?" }).getByRole("button", { name: "Clear conversation" }).click();
  await expect(log.getByTestId("user-message")).toHaveCount(0);
  await page.getByLabel("Your question").fill("total Sales by Product Name");
  await page.getByLabel("Your question").press("Enter");
  await waitForAnswers(1);
  await expect(log.getByTestId("assistant-message").last()).toContainText("top 50 of 1,742");
  const crowded = log.getByTestId("chat-chart").last();
  for (const viewport of [
    { width: 1280, height: 860 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    await crowded.scrollIntoViewIfNeeded();
    await expect(crowded.locator(".xtick text").first()).toBeVisible({ timeout: 30_000 });
    await expect
      .poll(async () => {
        const box = (await crowded.boundingBox())!;
        const ticks = await crowded
          .locator(".xtick text")
          .evaluateAll((els) => els.map((e) => ({ text: e.textContent ?? "", left: e.getBoundingClientRect().left, right: e.getBoundingClientRect().right })));
        return {
          shortened: ticks.some((t) => t.text.endsWith("…")),
          tooLong: ticks.filter((t) => t.text.length > 20).map((t) => t.text),
          outside: ticks.filter((t) => t.left < box.x - 1 || t.right > box.x + box.width + 1).map((t) => t.text),
        };
      })
      .toEqual({ shortened: true, tooLong: [], outside: [] });
  }
  await saveScreen(page, testInfo, "project-chat-crowded-phone", { fullPage: false });
  await page.setViewportSize({ width: 1280, height: 860 });

  // A pie of 17 sub-categories: the slices' labels stay inside the slices (Plotly stacked the small
  // slices' labels outside, over the title and above the chart's top edge).
  await page.getByLabel("Your question").fill("total Sales by Sub-Category as a pie");
  await page.getByLabel("Your question").press("Enter");
  await waitForAnswers(2);
  const pie = log.getByTestId("chat-chart").last();
  await pie.scrollIntoViewIfNeeded();
  await expect(pie.locator(".slice")).toHaveCount(17, { timeout: 30_000 });
  await expect
    .poll(() =>
      pie.evaluate((el) => {
        const top = el.querySelector(".main-svg")!.getBoundingClientRect().top;
        const title = el.querySelector(".gtitle")!.getBoundingClientRect().bottom;
        const labels = [...el.querySelectorAll(".slicetext")].map((t) => t.getBoundingClientRect()).filter((b) => b.height > 0);
        return { shown: labels.length > 0, aboveChart: labels.filter((b) => b.top < top).length, overTitle: labels.filter((b) => b.top < title).length };
      }),
    )
    .toEqual({ shown: true, aboveChart: 0, overTitle: 0 });
});

test("a project whose dataset was deleted says so in the list and on its page", async ({ page }, testInfo) => {
  await ensureSignedIn(page);
  const dir = testInfo.outputPath("files");
  fs.mkdirSync(dir, { recursive: true });
  const file = `${dir}/short-lived.csv`;
  fs.writeFileSync(file, "city,sales\nOslo,3\nLima,5\nPune,8\n");
  const datasetName = `short-lived ${Date.now()}`;
  await uploadDataset(page, file, datasetName);

  await page.goto("/projects");
  const projectName = `orphan ${Date.now()}`;
  await page.getByLabel("Project name").fill(projectName);
  await page.getByLabel("Dataset").selectOption({ label: datasetName });
  await page.getByRole("button", { name: "Create project" }).click();
  await page.waitForURL(/\/projects\/[^/]+$/);
  const projectUrl = page.url();

  await page.goto("/datasets");
  await page.getByRole("button", { name: `Delete ${datasetName}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete dataset" }).click();
  await expect(page.getByRole("link", { name: datasetName, exact: true })).toHaveCount(0);

  await page.goto("/projects");
  await expect(page.getByRole("link", { name: projectName })).toContainText("Its dataset was deleted: choose another");
  await page.goto(projectUrl);
  await expect(page.getByText("This project's dataset no longer exists")).toBeVisible();
});
