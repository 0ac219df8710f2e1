import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { toCsv as answerCsv } from "./answer-table";
import { csvText, downloadFileName } from "./csv-download";
import { toCsv as predictionsCsv } from "./csv-upload";
import { forecastCsv } from "./forecast";

const BOM = "\uFEFF";
const longName = `Größe ${"x".repeat(300)}`;

describe("CSV downloads: one format for answers, predictions and forecasts", () => {
  it("unicode and very long field names and values survive (UTF-8 with a BOM so spreadsheets read them)", () => {
    const rows = [{ "名前 😀": "東京, 本社", [longName]: "ä".repeat(5_000), "Probability Größe is ja": 0.25 }];
    for (const csv of [answerCsv(rows), predictionsCsv(rows)]) {
      expect(csv.startsWith(BOM)).toBe(true);
      const parsed = Papa.parse<Record<string, string>>(csv.slice(1), { header: true });
      expect(parsed.meta.fields).toEqual(Object.keys(rows[0]));
      expect(parsed.data[0]).toEqual({ "名前 😀": "東京, 本社", [longName]: "ä".repeat(5_000), "Probability Größe is ja": "0.25" });
    }
  });

  it("defuses formulas in names and values, but keeps numbers written as text", () => {
    const csv = predictionsCsv([{ plan: "=HYPERLINK(1)", usage: "-5", rate: "+3.5e2", note: "@SUM(A1)", dash: "-", minus: "-1+2" }]);
    expect(csv.slice(1).split("\r\n")[1]).toBe(`"'=HYPERLINK(1)",-5,+3.5e2,"'@SUM(A1)",-,"'-1+2"`);
    const forecast = forecastCsv(
      [{ date: "2024-01-01T00:00:00.000Z", group: "=cmd|' /C calc'!A0", value: -1.5, lower_80: -2, upper_80: 0, lower_95: -3, upper_95: 1 }],
      "Größe",
      "売上",
    );
    expect(forecast.startsWith(BOM)).toBe(true);
    expect(forecast.slice(1).split("\r\n")).toEqual(["date,Größe,売上,lower_80,upper_80,lower_95,upper_95", `2024-01-01,"'=cmd|' /C calc'!A0",-1.5,-2,0,-3,1`]);
  });

  it("csvText writes the header even without rows", () => {
    expect(csvText(["a", "ü"], [])).toBe(`${BOM}a,ü\r\n`);
  });
});

describe("downloadFileName", () => {
  it("keeps letters and digits of any script, joins the rest with _, stays short", () => {
    expect(downloadFileName("Überdaten 🚀: Größe (m²)", "-predictions.csv")).toBe("Überdaten_Größe_m²-predictions.csv");
    expect(downloadFileName("売上データ: 地域", "_forecast.csv")).toBe("売上データ_地域_forecast.csv");
    expect(downloadFileName("🚀🚀", ".csv")).toBe("download.csv");
    const long = downloadFileName(longName, "-predictions.csv");
    expect(Array.from(long.replace("-predictions.csv", "")).length).toBeLessThanOrEqual(80);
  });
});
