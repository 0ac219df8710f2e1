import writeExcelFile from "write-excel-file/node";
import { describe, expect, it } from "vitest";
import { isExcelFile, isLegacyExcelFile, readExcelRows, sheetToRows } from "./excel-upload";

describe("Excel upload", () => {
  it("turns sheet cells into rows with CSV's header rules; dates become ISO text", () => {
    const { fields, rows } = sheetToRows([
      [null, null],
      [" plan ", "plan", null, "signed up"],
      ["basic", 12.5, true, new Date(Date.UTC(2024, 0, 5))],
      [null, null, null, null],
      ["pro", null, false, new Date(Date.UTC(2024, 1, 29, 13, 45))],
    ]);
    expect(fields).toEqual(["plan", "plan_2", "column_3", "signed up"]);
    expect(rows).toEqual([
      { plan: "basic", plan_2: 12.5, column_3: true, "signed up": "2024-01-05" },
      { plan: "pro", plan_2: "", column_3: false, "signed up": "2024-02-29T13:45:00Z" },
    ]);
    expect(sheetToRows([])).toEqual({ fields: [], rows: [] });
  });

  it("reads the first sheet of a real .xlsx workbook", async () => {
    const buffer = await writeExcelFile([
      ["customer", "monthly usage", "churned", "since"],
      ["a", 10.25, "yes", { value: new Date(Date.UTC(2023, 4, 1)), format: "yyyy-mm-dd" }],
      ["b", 3, "no", { value: new Date(Date.UTC(2022, 11, 31)), format: "yyyy-mm-dd" }],
    ]).toBuffer();
    const { fields, rows } = await readExcelRows(new Blob([new Uint8Array(buffer)]));
    expect(fields).toEqual(["customer", "monthly usage", "churned", "since"]);
    expect(rows).toEqual([
      { customer: "a", "monthly usage": 10.25, churned: "yes", since: "2023-05-01" },
      { customer: "b", "monthly usage": 3, churned: "no", since: "2022-12-31" },
    ]);
  });

  it("explains files that are not workbooks", async () => {
    await expect(readExcelRows(new Blob(["plan,usage\nbasic,1\n"]))).rejects.toThrow(/Cannot read the Excel file.*save it again as \.xlsx or as CSV/i);
    expect(isExcelFile("Report.XLSX")).toBe(true);
    expect(isLegacyExcelFile("old.xls")).toBe(true);
    expect(isExcelFile("data.csv")).toBe(false);
  });
});
