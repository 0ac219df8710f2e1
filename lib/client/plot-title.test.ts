import { describe, expect, it } from "vitest";
import { layoutTitle, titleCharsFor, wrapTitle, wrapCategoryLabels } from "./plot-title";

describe("layoutTitle", () => {
  it("reads a string title and a { text } title", () => {
    expect(layoutTitle({ title: "Sales" })).toBe("Sales");
    expect(layoutTitle({ title: { text: "Profit by Region", x: 0.02 } })).toBe("Profit by Region");
    expect(layoutTitle({ title: "" })).toBeNull();
    expect(layoutTitle({})).toBeNull();
    expect(layoutTitle(undefined)).toBeNull();
  });
});

describe("wrapTitle", () => {
  const title = 'Average of tenure by MultipleLines and Contract — for rows where Churn is "Yes" (reading not certain)';
  it("breaks between words into lines that fit", () => {
    const lines = wrapTitle(title, 40);
    expect(lines.length).toBeGreaterThan(2);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(40);
    expect(lines.join(" ")).toBe(title);
  });
  it("keeps a title that fits, and one that has its own line breaks", () => {
    expect(wrapTitle("Sales by Region", 40)).toEqual(["Sales by Region"]);
    expect(wrapTitle("First<br>Second", 5)).toEqual(["First", "Second"]);
  });
  it("cuts only a word longer than a whole line", () => {
    expect(wrapTitle("by Supercalifragilisticexpialidocious", 10)).toEqual(["by", "Supercalif", "ragilistic", "expialidoc", "ious"]);
  });
});

describe("titleCharsFor", () => {
  it("fits fewer characters on a phone than on a desktop", () => {
    expect(titleCharsFor(330, 16.8)).toBeLessThan(40);
    expect(titleCharsFor(1100, 16.8)).toBeGreaterThan(100);
  });
});

describe("wrapCategoryLabels", () => {
  it("breaks a label that does not fit its slot between words, on two lines", () => {
    expect(wrapCategoryLabels(["Electronic check", "Bank transfer (automatic)", "Mailed check"], 16)).toEqual([
      "Electronic check",
      "Bank transfer<br>(automatic)",
      "Mailed check",
    ]);
  });
  it("gives up (null) when a label needs a third line, a word is longer than the slot, or the slot is tiny", () => {
    expect(wrapCategoryLabels(["one two three four five six seven"], 10)).toBeNull();
    expect(wrapCategoryLabels(["Telecommunications"], 10)).toBeNull();
    expect(wrapCategoryLabels(["a b"], 5)).toBeNull();
  });
  it("leaves labels its caller broke into lines to the caller", () => {
    expect(wrapCategoryLabels(["yearly<br>seasonality"], 30)).toBeNull();
  });
});
