// A wide table's training form: a filter box finds the field to predict among many (a 3,000-column
// upload showed 3,000 chips and nothing else); a chosen field stays in view whatever the filter.
import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { ensureSignedIn, saveScreen, uploadDataset } from "./ui-helpers";

test("the field to predict is found with a filter on a wide table; the choice stays shown", async ({ page }, testInfo) => {
  await ensureSignedIn(page);
  const names = [...Array.from({ length: 38 }, (_, i) => `sensor_${i}_reading`), "monthly_charge", "total_charge"];
  const rows = Array.from({ length: 6 }, (_, r) => names.map((_, i) => (r * 7 + i) % 11).join(","));
  const file = testInfo.outputPath("wide.csv");
  fs.writeFileSync(file, `${names.join(",")}\n${rows.join("\n")}\n`);
  await uploadDataset(page, file, `wide ${Date.now()}`);

  const chips = page.getByRole("group", { name: "Fields to predict" }).locator("label");
  await expect(chips).toHaveCount(40);
  const filter = page.getByTestId("target-filter");
  await expect(filter).toHaveAttribute("placeholder", "Find one of 40 fields");
  await filter.fill("CHARGE");
  await expect(chips).toHaveText([/^monthly_charge/, /^total_charge/]);
  await expect(page.getByTestId("target-filter-count")).toHaveText("2 of 40 fields");
  await page.getByTestId("target-total_charge").check({ force: true });
  // Enter in the filter does not start a training.
  await filter.press("Enter");
  await expect(page.getByTestId("training-status")).toHaveCount(0);

  await filter.fill("sensor 12");
  await expect(chips).toHaveText([/^sensor_12_reading/, /^total_charge/]);
  await filter.fill("nothing like it");
  await expect(page.getByTestId("target-filter-count")).toHaveText("No field matches.");
  await expect(chips).toHaveText([/^total_charge/]);
  await saveScreen(page, testInfo, "train-field-filter");
  await filter.fill("");
  await expect(chips).toHaveCount(40);
  await expect(page.getByTestId("target-total_charge")).toBeChecked();
  await expect(page.getByText("Predicting total_charge")).toBeVisible();
});
