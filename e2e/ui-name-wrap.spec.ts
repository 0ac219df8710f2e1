// Long field and dataset names wrap between their words, not at any letter: in a 1280 px field-types
// grid "DeviceProtection" read "DeviceProtectio / n", and a snake_case title on a phone broke mid-word.
import fs from "node:fs";
import { expect, type Locator, test } from "@playwright/test";
import { nameBreakPieces } from "../lib/client/name-breaks";
import { ensureSignedIn, saveScreen, uploadDataset } from "./ui-helpers";

/** The offsets in an element's text at which its rendered lines begin (after the first). */
async function lineStartOffsets(element: Locator): Promise<number[]> {
  return element.evaluate((el) => {
    const starts: number[] = [];
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    let offset = 0;
    let lastTop: number | null = null;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? "";
      for (let i = 0; i < text.length; i++) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const top = range.getClientRects()[0]?.top;
        if (top !== undefined && lastTop !== null && top > lastTop + 2 && text[i] !== " ") starts.push(offset + i);
        if (top !== undefined) lastTop = top;
      }
      offset += text.length;
    }
    return starts;
  });
}

/** Offsets where a line may begin: after a space, or between nameBreakPieces' pieces. */
function allowedStarts(name: string): Set<number> {
  const allowed = new Set<number>();
  let at = 0;
  for (const piece of nameBreakPieces(name)) {
    allowed.add(at);
    at += piece.length;
  }
  for (let i = 1; i < name.length; i++) if (name[i - 1] === " ") allowed.add(i);
  return allowed;
}

test("field types and a long dataset title wrap between words, not inside them", async ({ page }, testInfo) => {
  await ensureSignedIn(page);
  const fields = ["DeviceProtection", "StreamingMovies", "PaperlessBilling", "MonthlyCharges", "total_bedrooms_per_household"];
  const file = testInfo.outputPath("wrap.csv");
  fs.writeFileSync(file, `${fields.join(",")}\nYes,No,Yes,29.85,1.5\nNo,Yes,No,56.95,2.5\n`);
  const title = `quarterly_customer_retention_measurements_by_region ${Date.now()}`;
  await page.setViewportSize({ width: 1280, height: 800 });
  await uploadDataset(page, file, title);

  let wrapped = 0;
  for (const field of fields) {
    const label = page.locator(`label[for="${await page.getByTestId(`field-type-${field}`).getAttribute("id")}"]`);
    await expect(label).toHaveText(field);
    const starts = await lineStartOffsets(label);
    wrapped += starts.length;
    const allowed = allowedStarts(field);
    expect(
      starts.filter((s) => !allowed.has(s)),
      `${field} wraps inside a word`,
    ).toEqual([]);
  }
  // The grid's name column is narrow enough at 1280 px that some of these names do wrap.
  expect(wrapped).toBeGreaterThan(0);
  await saveScreen(page, testInfo, "field-types-wrap");

  await page.setViewportSize({ width: 390, height: 844 });
  const heading = page.getByRole("heading", { level: 1 });
  await expect(heading).toHaveText(title);
  const starts = await lineStartOffsets(heading);
  expect(starts.length).toBeGreaterThan(0);
  const allowed = allowedStarts(title);
  expect(
    starts.filter((s) => !allowed.has(s)),
    "the title wraps inside a word",
  ).toEqual([]);
  await saveScreen(page, testInfo, "dataset-title-wrap-phone");
});
