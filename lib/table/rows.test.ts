import { describe, expect, it } from "vitest";
import { emptyRecord, fieldReader, ownField } from "./rows";

describe("rows with prototype-named fields", () => {
  const row = JSON.parse('{"__proto__": "p", "toString": "t", "age": 3}') as Record<string, unknown>;

  it("reads own fields only", () => {
    expect(fieldReader("constructor")(row)).toBeUndefined();
    expect(fieldReader("__proto__")(row)).toBe("p");
    expect(fieldReader("toString")(row)).toBe("t");
    expect(fieldReader("age")(row)).toBe(3);
    expect(ownField(row, "valueOf")).toBeUndefined();
    expect(ownField(row, "__proto__")).toBe("p");
  });

  it("builds records where __proto__ is a key like any other", () => {
    const out = emptyRecord<string>();
    out["__proto__"] = "kept";
    out["constructor"] = "also kept";
    expect(JSON.parse(JSON.stringify(out))).toEqual(JSON.parse('{"__proto__": "kept", "constructor": "also kept"}'));
    expect(Object.keys(out)).toEqual(["__proto__", "constructor"]);
  });
});
