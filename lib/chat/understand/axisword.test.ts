// An axis word of the chart vocabulary ("value", "height") said with no sort or axis asked names the one
// number field whose name holds it ("value by ocean" over median_house_value), partly named.
import { describe, expect, it } from "vitest";
import { describeTable } from "../columns";
import { tableFromRows } from "../testing/load-csv";
import { buildTableLexicon } from "./lexicon";
import { axisWordField, readMentions } from "./readers";

const header = ["harbour_zone", "appraised_boat_value", "hull_length"];
const rows = Array.from({ length: 30 }, (_, i) => [["North", "South", "Lagoon"][i % 3], String(10000 + 750 * i), String(6 + (i % 9))]);
const lex = buildTableLexicon(describeTable(tableFromRows(header, rows)));
const fieldsOf = (q: string) =>
  readMentions(q, lex)
    .mentions.filter((m) => m.kind === "field")
    .map((m) => (m.kind === "field" ? m.fields.map((f) => f.name).join("|") : ""));

describe("axis words naming one field", () => {
  it("reads 'value by zone' as appraised_boat_value by harbour_zone", () => {
    expect(fieldsOf("value by zone")).toEqual(["appraised_boat_value", "harbour_zone"]);
    expect(fieldsOf("show value per harbour zone as a bar chart")).toEqual(["appraised_boat_value", "harbour_zone"]);
  });

  it("keeps the axis word the sort's where a sort or an axis is said", () => {
    expect(fieldsOf("count by zone sorted by value")).toEqual(["harbour_zone"]);
    expect(fieldsOf("count by zone, y axis value")).toEqual(["harbour_zone"]);
    expect(axisWordField(lex, ["rank", "zone", "by", "value"], 3)).toBeNull();
  });

  it("reads no field where no field's name holds the word or several do", () => {
    expect(axisWordField(lex, ["height", "by", "zone"], 0)).toBeNull();
    const two = buildTableLexicon(
      describeTable(
        tableFromRows(
          ["zone", "boat_value", "engine_value"],
          rows.map((r) => [r[0], r[1], r[2]]),
        ),
      ),
    );
    expect(axisWordField(two, ["value", "by", "zone"], 0)).toBeNull();
  });
});
