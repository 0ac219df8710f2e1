import { describe, expect, it } from "vitest";
import { looseBoolean, looseWholeNumber } from "./lax-values";
import { predictRequestSchema } from "./models";
import { trainRequestSchema } from "./training";

const base = { dataset_id: "d1", predict_fields: ["churned"] };

describe("looseBoolean (Pydantic's lax bool)", () => {
  it("reads the text spellings in any case, and 1/0", () => {
    for (const text of ["true", "True", "TRUE", "yes", "on", "1", "t", "y", " true "]) expect(looseBoolean(text)).toBe(true);
    for (const text of ["false", "False", "no", "off", "0", "f", "n"]) expect(looseBoolean(text)).toBe(false);
    expect(looseBoolean(1)).toBe(true);
    expect(looseBoolean(0)).toBe(false);
  });
  it("leaves anything else for the boolean check to refuse", () => {
    for (const value of ["maybe", "", 2, null, "constructor"]) expect(looseBoolean(value)).toBe(value);
  });
});

describe("looseWholeNumber (Pydantic's lax int)", () => {
  it("reads whole-number text", () => {
    expect(looseWholeNumber("10")).toBe(10);
    expect(looseWholeNumber(" 60 ")).toBe(60);
    expect(looseWholeNumber("300.0")).toBe(300);
  });
  it("leaves other text as it is", () => {
    for (const value of ["1e1", "10.5", "ten", "", "0x10"]) expect(looseWholeNumber(value)).toBe(value);
  });
});

describe("trainRequestSchema with loose values", () => {
  it("accepts duration and booleans as text", () => {
    const parsed = trainRequestSchema.parse({ ...base, duration: "10", force: "true", extra_attention: "no" });
    expect(parsed).toMatchObject({ duration: 10, force: true, extra_attention: false });
  });
  it("still refuses a budget that is not allowed, however written", () => {
    for (const duration of ["30", 30, "10.5", 10.5, "1e1", true, null]) {
      expect(trainRequestSchema.safeParse({ ...base, duration }).success).toBe(false);
    }
  });
  it("refuses a boolean that is no spelling of one (null included, as Pydantic does)", () => {
    for (const force of ["maybe", 2, null]) {
      const result = trainRequestSchema.safeParse({ ...base, duration: 10, force });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0].message).toBe("force must be true or false");
    }
  });
  it("keeps the defaults when the booleans are absent", () => {
    expect(trainRequestSchema.parse({ ...base, duration: 60 })).toMatchObject({ force: false, extra_attention: false });
  });
});

describe("predictRequestSchema with loose values", () => {
  it("reads show_factors and explain as text", () => {
    expect(predictRequestSchema.parse({ data: [{ a: 1 }], show_factors: "true", explain: "0" })).toMatchObject({ show_factors: true, explain: false });
  });
});
