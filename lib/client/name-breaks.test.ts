import { describe, expect, it } from "vitest";
import { nameBreakPieces } from "./name-breaks";

describe("nameBreakPieces", () => {
  it("breaks camelCase names between their words", () => {
    expect(nameBreakPieces("DeviceProtection")).toEqual(["Device", "Protection"]);
    expect(nameBreakPieces("StreamingMovies")).toEqual(["Streaming", "Movies"]);
    expect(nameBreakPieces("monthlyCharges2024Total")).toEqual(["monthly", "Charges2024", "Total"]);
  });

  it("breaks after separators, keeping them at the end of the piece", () => {
    expect(nameBreakPieces("median_house_value")).toEqual(["median_", "house_", "value"]);
    expect(nameBreakPieces("order-id.v2")).toEqual(["order-", "id.", "v2"]);
    expect(nameBreakPieces("a__b")).toEqual(["a__", "b"]);
  });

  it("keeps acronyms whole and splits the word after them", () => {
    expect(nameBreakPieces("HTTPStatusCode")).toEqual(["HTTP", "Status", "Code"]);
    expect(nameBreakPieces("customerID")).toEqual(["customer", "ID"]);
  });

  it("leaves names without a break point, and the empty name, as they are", () => {
    expect(nameBreakPieces("Churn")).toEqual(["Churn"]);
    expect(nameBreakPieces("tenure")).toEqual(["tenure"]);
    expect(nameBreakPieces("")).toEqual([]);
  });

  it("always joins back to the name", () => {
    for (const name of ["California housing: median_house_value", "ÄrgerLevel_x", "__lead", "trail__", "A", "PaymentMethod (auto)"]) {
      expect(nameBreakPieces(name).join("")).toBe(name);
    }
  });
});
