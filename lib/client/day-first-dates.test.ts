import { describe, expect, it } from "vitest";
import { inferFieldType } from "../store/infer";
import { parseDate } from "../table/values";
import { parseDelimitedText, streamRowBatches, irregularRowsWarnings } from "./csv-upload";
import { dayFirstColumns, dayFirstIso, fileDateOrder } from "./day-first-dates";
import type { DataRow } from "./types";

describe("dayFirstIso", () => {
  it("writes a day-first date as an ISO date the engine reads", () => {
    expect(dayFirstIso("24/01/2022")).toBe("2022-01-24");
    expect(dayFirstIso("01/05/2021")).toBe("2021-05-01");
    expect(dayFirstIso("3/2/21 9:05")).toBe("2021-02-03 09:05");
    expect(dayFirstIso("31/12/1999 23:59:58")).toBe("1999-12-31 23:59:58");
    expect(parseDate(dayFirstIso("24/01/2022")!)).toBe(Date.UTC(2022, 0, 24));
  });
  it("refuses what is no day-first date", () => {
    expect(dayFirstIso("01/24/2022")).toBeNull();
    expect(dayFirstIso("31/02/2022")).toBeNull();
    expect(dayFirstIso("2022-01-24")).toBeNull();
    expect(dayFirstIso("24/01/2022 25:00")).toBeNull();
  });
});

describe("dayFirstColumns", () => {
  it("marks a column whose dates read only day first", () => {
    const rows = [
      ["01/05/2021", "01/05/2021", "x", "01/05/2021"],
      ["24/01/2022", "01/24/2022", "y", ""],
      ["NA", "02/03/2022", "z", "05/06/2022"],
    ];
    // Day first; month first (the engine reads it already); text; ambiguous (month first stays).
    expect(dayFirstColumns(4, rows)).toEqual([true, false, false, false]);
  });
  it("leaves a column with any other value alone", () => {
    expect(dayFirstColumns(1, [["24/01/2022"], ["soon"]])).toEqual([false]);
  });
});

describe("uploads with day-first dates", () => {
  const csv = "id;signup;spend\n1;01/05/2021;4,5\n2;24/01/2022;3\n3;;7\n";

  it("sends them as ISO dates, so the field is a date with the file's days and months", async () => {
    const rows: DataRow[] = [];
    const result = await streamRowBatches(csv, { totalBytes: csv.length, onBatch: async (b) => void rows.push(...b) });
    expect(rows.map((r) => r.signup)).toEqual(["2021-05-01", "2022-01-24", ""]);
    expect(inferFieldType(rows.map((r) => r.signup))).toBe("date");
    expect(result.irregular.dayFirstDates).toBe(2);
    expect(irregularRowsWarnings(result.irregular, 3)).toContain(
      "2 dates written day first (like 24/01/2022) were read as day/month/year (24 January 2022): in their columns some days are above 12.",
    );
  });

  it("reads a file to predict the same way", () => {
    expect(parseDelimitedText(csv).rows.map((r) => r.signup)).toEqual(["2021-05-01", "2022-01-24", ""]);
  });
});

describe("fileDateOrder", () => {
  it("is the order the file's slash-date columns show, when they agree", () => {
    expect(
      fileDateOrder(2, [
        ["03/04/2021", "13/04/2021"],
        ["05/06/2021", ""],
      ]),
    ).toBe("day_first");
    expect(fileDateOrder(1, [["01/24/2022"], ["NA"]])).toBe("month_first");
    expect(fileDateOrder(1, [["03/04/2021"], ["05/06/2021"]])).toBeUndefined();
    expect(fileDateOrder(2, [["13/04/2021", "01/24/2022"]])).toBeUndefined();
    expect(fileDateOrder(1, [["13/04/2021"], ["soon"]])).toBeUndefined();
  });
});

describe("TSV and semicolon files: NA codes and the file's date order reach the server as written", () => {
  const expectSent = async (text: string, delimiter?: string) => {
    const rows: DataRow[] = [];
    const orders: (string | undefined)[] = [];
    await streamRowBatches(text, {
      totalBytes: text.length,
      delimiter,
      onBatch: async (b, file) => {
        rows.push(...b);
        orders.push(file.dateOrder);
      },
    });
    // The region's "NA" is sent as text (the server decides it is a code); the ambiguous column is
    // sent as written with the order the other column shows; the day-first column as ISO dates.
    expect(rows.map((r) => r.region)).toEqual(["NA", "EU", "AS", "AF"]);
    expect(rows.map((r) => r.ordered)).toEqual(["03/04/2021", "05/06/2021", "07/08/2021", "NA"]);
    expect(rows.map((r) => r.shipped)).toEqual(["2021-04-13", "2021-06-07", "2021-08-09", ""]);
    expect(orders).toEqual(["day_first"]);
  };
  const lines = [
    ["region", "ordered", "shipped", "spend"],
    ["NA", "03/04/2021", "13/04/2021", "4,5"],
    ["EU", "05/06/2021", "07/06/2021", "NA"],
    ["AS", "07/08/2021", "09/08/2021", "3"],
    ["AF", "NA", "", "2"],
  ];
  it("semicolon-separated", async () => expectSent(`${lines.map((l) => l.join(";")).join("\n")}\n`));
  it("tab-separated", async () => expectSent(`${lines.map((l) => l.join("\t")).join("\n")}\n`, "\t"));
});
