import { describe, expect, it } from "vitest";
import {
  cleanHeaders,
  delimiterFor,
  guessEncoding,
  irregularRowsWarnings,
  notATableReason,
  parseDelimitedText,
  readTextFile,
  streamRowBatches,
  toCsv,
} from "./csv-upload";
import type { DataRow } from "./types";

function makeCsv(rows: number): string {
  const lines = ["id,name,score"];
  for (let i = 0; i < rows; i++) lines.push(`${i},"n, ${i}",${i * 0.5}`);
  return lines.join("\n") + "\n";
}

describe("streamRowBatches", () => {
  it("sends every row once, in order, in batches of at most the batch size", async () => {
    const csv = makeCsv(2345);
    const batches: DataRow[][] = [];
    const progress: number[] = [];
    const result = await streamRowBatches(csv, {
      batchRows: 500,
      totalBytes: csv.length,
      onBatch: async (rows) => {
        await new Promise((r) => setTimeout(r, 1));
        batches.push(rows);
      },
      onProgress: (p) => progress.push(p.fraction),
    });
    expect(result.rows).toBe(2345);
    expect(result.fields).toEqual(["id", "name", "score"]);
    expect(batches.every((b) => b.length <= 500)).toBe(true);
    const all = batches.flat();
    expect(all).toHaveLength(2345);
    expect(all[0]).toEqual({ id: "0", name: "n, 0", score: "0" });
    expect(all.map((r) => Number(r.id))).toEqual(Array.from({ length: 2345 }, (_, i) => i));
    expect(progress[progress.length - 1]).toBe(1);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
    // The whole file is parsed in one chunk ahead of the batches: progress follows the rows sent.
    expect(progress[0]).toBeCloseTo(500 / 2345, 5);
  });

  it("stops and reports the error when a batch fails", async () => {
    const csv = makeCsv(1200);
    let calls = 0;
    await expect(
      streamRowBatches(csv, {
        batchRows: 100,
        totalBytes: csv.length,
        onBatch: async () => {
          calls++;
          if (calls === 2) throw new Error("server said no");
        },
      }),
    ).rejects.toThrow("server said no");
    expect(calls).toBe(2);
  });

  it("rejects an empty file with a message that says what is missing", async () => {
    await expect(streamRowBatches("", { totalBytes: 0, onBatch: async () => undefined })).rejects.toThrow(/header row/);
  });

  it("reads tab-separated text", async () => {
    const tsv = "a\tb\n1\tx y\n2\tz\n";
    const rows: DataRow[] = [];
    await streamRowBatches(tsv, { totalBytes: tsv.length, delimiter: delimiterFor("f.tsv"), onBatch: async (b) => void rows.push(...b) });
    expect(rows).toEqual([
      { a: "1", b: "x y" },
      { a: "2", b: "z" },
    ]);
  });
});

describe("prototype-named columns", () => {
  it("keep their values: __proto__ and constructor are columns like any other", async () => {
    const csv = "__proto__,constructor,toString\na,1,x\nb,2,y\n";
    const batches: DataRow[][] = [];
    await streamRowBatches(csv, { batchRows: 10, totalBytes: csv.length, onBatch: async (rows) => void batches.push(rows) });
    const sent = JSON.parse(JSON.stringify(batches.flat())) as Record<string, unknown>[];
    expect(sent).toHaveLength(2);
    expect(Object.keys(sent[0])).toEqual(["__proto__", "constructor", "toString"]);
    expect(sent[1]["__proto__"]).toBe("b");
    expect(sent[1]["constructor"]).toBe("2");
  });
});

describe("headers and CSV helpers", () => {
  it("names blank and duplicate headers", () => {
    expect(cleanHeaders(["\uFEFFa", " ", "a", "b "])).toEqual(["a", "column_2", "a_2", "b"]);
  });

  it("round-trips rows through toCsv and parseDelimitedText", () => {
    const rows: DataRow[] = [
      { a: "1", b: "with, comma" },
      { a: "2", b: 'quote "q"', c: 3 },
    ];
    const parsed = parseDelimitedText(toCsv(rows));
    expect(parsed.fields).toEqual(["a", "b", "c"]);
    expect(parsed.rows).toEqual([
      { a: "1", b: "with, comma", c: "" },
      { a: "2", b: 'quote "q"', c: "3" },
    ]);
  });
});

describe("guessEncoding / readTextFile", () => {
  const latin1 = Uint8Array.from([...Buffer.from("name,city\nJos"), 0xe9, ...Buffer.from(",M"), 0xfc, ...Buffer.from("nchen\n")]);

  it("keeps UTF-8, even when the sample ends inside a character", () => {
    const utf8 = new TextEncoder().encode("name,city\nJosé,München\n");
    expect(guessEncoding(utf8)).toBe("utf-8");
    const cut = new TextEncoder().encode("a,b\nx,ü").slice(0, -1); // "ü" is two bytes: keep the first
    expect(guessEncoding(cut)).toBe("utf-8");
  });

  it("reads a Windows-1252 export as Windows-1252, not as replacement characters", async () => {
    expect(guessEncoding(latin1)).toBe("windows-1252");
    const text = await readTextFile(new Blob([latin1]));
    expect(text).toBe("name,city\nJosé,München\n");
    expect(parseDelimitedText(text).rows).toEqual([{ name: "José", city: "München" }]);
  });
});

describe("rows that do not fit the header", () => {
  const collect = async (csv: string) => {
    const rows: DataRow[] = [];
    const result = await streamRowBatches(csv, { totalBytes: csv.length, onBatch: async (b) => void rows.push(...b) });
    return { rows, irregular: result.irregular, warnings: irregularRowsWarnings(result.irregular, result.fields.length) };
  };

  it("counts short and long rows and says what happened to their cells", async () => {
    const { rows, irregular, warnings } = await collect("a,b,c\n1,2,3\n4,5\n6,7,8,9\n10,11\n");
    expect(rows).toHaveLength(4);
    expect(irregular).toEqual({ fewer: 2, more: 1, unclosedQuoteRow: null, decimalCommas: 0, dayFirstDates: 0 });
    expect(warnings).toEqual([
      "2 rows have fewer cells than the 3 columns of the header: the missing cells are empty.",
      "1 row has more cells than the 3 columns of the header: the extra cells were dropped.",
    ]);
  });

  it("names the data row where an unclosed quote swallows the rest of the file", async () => {
    const { rows, irregular, warnings } = await collect('a,b,c\n1,2,3\n"open,5,6\n7,8,9\n');
    expect(rows).toHaveLength(2);
    expect(irregular.unclosedQuoteRow).toBe(2);
    expect(warnings[0]).toMatch(/opens in data row 2 and never closes/);
  });

  it("finds the quote's row in a later chunk of a large file too", async () => {
    // Over 4 MB, so the parser reads it in more than one chunk.
    const body = Array.from({ length: 250_000 }, (_, i) => `${i},x${i},yyyyyyyy`).join("\n");
    const csv = `id,p,q\n${body}\n"broken,1,2\n3,4,5\n`;
    expect(csv.length).toBeGreaterThan(5 * 1024 * 1024);
    const result = await streamRowBatches(csv, { totalBytes: csv.length, onBatch: async () => undefined });
    expect(result.irregular.unclosedQuoteRow).toBe(250_001);
  });

  it("reads decimal commas of a semicolon-separated file as numbers, and says so; leaves commas elsewhere alone", async () => {
    const { rows, warnings } = await collect("name;score;note;code\nann;4,5;a, b;12\nbob;-0,25;x;3,2,1\n");
    expect(rows.map((r) => r.score)).toEqual(["4.5", "-0.25"]);
    expect(rows.map((r) => r.note)).toEqual(["a, b", "x"]); // text with a comma is text
    expect(rows[1].code).toBe("3,2,1"); // not a number with one decimal comma
    expect(warnings).toEqual(["2 values with a decimal comma (like 4,5) were read as a number (4.5), as semicolon-separated files write them."]);
    expect(parseDelimitedText("name;score\nann;4,5\n").rows).toEqual([{ name: "ann", score: "4.5" }]); // batch prediction files too
    // With commas between cells, "4,5" is two cells, never one number.
    const plain = await collect('a,b\n"4,5",1\n');
    expect(plain.rows[0].a).toBe("4,5");
    expect(plain.warnings).toEqual([]);
  });

  it("says nothing when every row fits", async () => {
    const { warnings } = await collect("a,b\n1,2\n3,4\n");
    expect(warnings).toEqual([]);
  });
});

describe("notATableReason", () => {
  const bytes = (text: string) => new TextEncoder().encode(text);
  it("passes CSV and TSV text, with or without a byte-order mark, in any language", () => {
    expect(notATableReason(bytes("a,b\n1,2\n"))).toBeNull();
    expect(notATableReason(bytes("\uFEFFname;âge\nÉlodie;31\n"))).toBeNull();
    expect(notATableReason(bytes("x\ty\n<b>1</b>\t2\n"))).toBeNull(); // markup inside a cell is data
    expect(notATableReason(new Uint8Array(0))).toBeNull(); // empty: the reader says what is missing
  });
  it("names binary files, archives, PDFs and markup instead of parsing them as rows", () => {
    expect(notATableReason(new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0, 0]))).toMatch(/binary data.*choose a CSV, TSV or \.xlsx/);
    expect(notATableReason(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 20, 0]))).toMatch(/\.xlsx extension/);
    expect(notATableReason(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1]))).toMatch(/save it as \.xlsx or CSV/);
    expect(notATableReason(bytes("%PDF-1.7\n"))).toMatch(/PDF/);
    expect(notATableReason(bytes('  <svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toMatch(/markup/);
    expect(notATableReason(bytes("<!DOCTYPE html><html></html>"))).toMatch(/markup/);
  });
});
