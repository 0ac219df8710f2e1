// The store applies table/reading.ts when the first rows define the schema: "NA" in a column of
// codes stays a value (and is said so in the schema), slash dates are read in one order per field,
// and every reader (table, rows, later appends, reparse) sees the same values.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { RawRow, Table } from "../table/types";
import { cellValue } from "../table/values";
import { openDatasetStore, type DatasetStore } from "./index";

let dir = "";
let store: DatasetStore;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "reading-"));
  store = openDatasetStore(dir);
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

function values(table: Table, name: string): (string | number | null)[] {
  const col = table.columns.find((c) => c.name === name)!;
  return Array.from({ length: table.rowCount }, (_, i) => cellValue(col, i));
}

const REGIONS = ["EU", "AS", "AF", "SA", "OC", "NA"];

/** Made-up export: region codes (NA = North America in about half the rows), a spend with NA blanks, a comment. */
function exportRows(n: number): RawRow[] {
  return Array.from({ length: n }, (_, i) => ({
    region: i % 2 === 0 ? "NA" : REGIONS[i % 5],
    spend: i % 7 === 0 ? "NA" : String(10 + (i % 13)),
    comment: i % 3 === 0 ? "NA" : `note ${i} about the order and its delivery`,
  }));
}

describe("NA in a column of codes", () => {
  it("is a value there, missing among numbers and free text, and the schema says so", async () => {
    await store.create("d");
    const info = await store.append("d", exportRows(520));
    const region = info.fields.find((f) => f.name === "region")!;
    expect(region).toEqual({ name: "region", type: "category", readAsValues: ["NA"] });
    expect(info.fields.find((f) => f.name === "spend")).toEqual({ name: "spend", type: "integer" });
    expect(info.fields.find((f) => f.name === "comment")?.readAsValues).toBeUndefined();
    const table = await store.read("d");
    const regions = values(table, "region");
    expect(regions.filter((v) => v === "NA")).toHaveLength(260);
    expect(regions.filter((v) => v === null)).toHaveLength(0);
    expect(values(table, "spend").filter((v) => v === null)).toHaveLength(75);
    expect(values(table, "comment").filter((v) => v === null)).toHaveLength(174);
  });

  it("later appends and reparse keep the reading", async () => {
    await store.create("d");
    await store.append("d", exportRows(40));
    await store.append("d", [{ region: "NA", spend: "NA", comment: "NA" }]);
    let table = await store.read("d", { offset: 40 });
    expect([values(table, "region")[0], values(table, "spend")[0], values(table, "comment")[0]]).toEqual(["NA", null, null]);
    const info = await store.reparse("d");
    expect(info.fields.find((f) => f.name === "region")?.readAsValues).toEqual(["NA"]);
    table = await store.read("d");
    expect(values(table, "region").filter((v) => v === "NA")).toHaveLength(21);
  });

  it("a column of words keeps reading NA as missing", async () => {
    await store.create("d");
    const rows = ["Low", "High", "Medium", "NA", "Low"].map((level) => ({ level }));
    const info = await store.append("d", rows);
    expect(info.fields).toEqual([{ name: "level", type: "category" }]);
    expect(values(await store.read("d"), "level")).toEqual(["Low", "High", "Medium", null, "Low"]);
  });
});

describe("slash-date order", () => {
  it("reads a field day first when one of its dates can only be read so", async () => {
    await store.create("d");
    const info = await store.append("d", [{ signup: "03/04/2021" }, { signup: "24/01/2022" }, { signup: "" }]);
    expect(info.fields).toEqual([{ name: "signup", type: "date", dateOrder: "day_first", dateOrderBasis: "values" }]);
    const table = await store.read("d");
    expect(values(table, "signup")).toEqual(["2021-04-03T00:00:00.000Z", "2022-01-24T00:00:00.000Z", null]);
    expect(table.columns[0].kind === "number" && table.columns[0].dateOrder).toBe("day_first");
  });

  it("takes the order another date column of the same rows shows", async () => {
    await store.create("d");
    const info = await store.append("d", [
      { ordered: "03/04/2021", shipped: "13/04/2021" },
      { ordered: "05/06/2021", shipped: "07/06/2021" },
    ]);
    expect(info.fields).toEqual([
      { name: "ordered", type: "date", dateOrder: "day_first", dateOrderBasis: "other_columns" },
      { name: "shipped", type: "date", dateOrder: "day_first", dateOrderBasis: "values" },
    ]);
    expect(values(await store.read("d"), "ordered")).toEqual(["2021-04-03T00:00:00.000Z", "2021-06-05T00:00:00.000Z"]);
  });

  it("without evidence reads month first and records that it was assumed; a later day-first date is refused with the reason", async () => {
    await store.create("d");
    const info = await store.append("d", [{ day: "03/04/2021" }, { day: "05/06/2021" }]);
    expect(info.fields).toEqual([{ name: "day", type: "date", dateOrder: "month_first", dateOrderBasis: "assumed" }]);
    expect(values(await store.read("d"), "day")).toEqual(["2021-03-04T00:00:00.000Z", "2021-05-06T00:00:00.000Z"]);
    await expect(store.append("d", [{ day: "13/04/2021" }])).rejects.toThrow(
      /reads its dates month first \(the first rows could not tell the order\), but "13\/04\/2021" reads only day first/,
    );
  });

  it("follows the order the client states, unless the field's own dates show the other", async () => {
    await store.create("d");
    const info = await store.append(
      "d",
      [
        { a: "03/04/2021", b: "01/24/2022" },
        { a: "05/06/2021", b: "02/03/2022" },
      ],
      { dateOrder: "day_first" },
    );
    expect(info.fields).toEqual([
      { name: "a", type: "date", dateOrder: "day_first", dateOrderBasis: "client" },
      { name: "b", type: "date", dateOrder: "month_first", dateOrderBasis: "values" },
    ]);
    const table = await store.read("d");
    expect(values(table, "a")[0]).toBe("2021-04-03T00:00:00.000Z");
    expect(values(table, "b")[1]).toBe("2022-02-03T00:00:00.000Z");
    // Later appends read in the field's order; the client's word only counts with the first rows.
    await store.append("d", [{ a: "07/08/2021", b: "01/02/2023" }], { dateOrder: "month_first" });
    const last = await store.read("d", { offset: 2 });
    expect([values(last, "a")[0], values(last, "b")[0]]).toEqual(["2021-08-07T00:00:00.000Z", "2023-01-02T00:00:00.000Z"]);
  });

  it("ISO dates need no order; reparse keeps a stored field's order", async () => {
    await store.create("d");
    await store.append("d", [{ iso: "2021-04-03", dmy: "24/01/2022" }]);
    const info = await store.reparse("d");
    expect(info.fields).toEqual([
      { name: "iso", type: "date" },
      { name: "dmy", type: "date", dateOrder: "day_first", dateOrderBasis: "values" },
    ]);
  });
});

describe("rows as the browser sends a TSV or semicolon file", () => {
  it("reads NA codes, blanks, and the ambiguous date column in the order the file showed", async () => {
    await store.create("d");
    const rows = [
      { region: "NA", ordered: "03/04/2021", shipped: "2021-04-13", spend: "4.5" },
      { region: "EU", ordered: "05/06/2021", shipped: "2021-06-07", spend: "NA" },
      { region: "AS", ordered: "07/08/2021", shipped: "2021-08-09", spend: "3" },
      { region: "AF", ordered: "NA", shipped: "", spend: "2" },
    ];
    const info = await store.append("d", rows, { dateOrder: "day_first" });
    expect(info.fields).toEqual([
      { name: "region", type: "category", readAsValues: ["NA"] },
      { name: "ordered", type: "date", dateOrder: "day_first", dateOrderBasis: "client" },
      { name: "shipped", type: "date" },
      { name: "spend", type: "float" },
    ]);
    const table = await store.read("d");
    expect(values(table, "region")).toEqual(["NA", "EU", "AS", "AF"]);
    expect(values(table, "ordered")).toEqual(["2021-04-03T00:00:00.000Z", "2021-06-05T00:00:00.000Z", "2021-08-07T00:00:00.000Z", null]);
    expect(values(table, "spend")).toEqual([4.5, null, 3, 2]);
  });
});
