import { describe, expect, it } from "vitest";
import { routeCuePositions, routeSideField } from "./route-side";
import { tokenize } from "./tokens";

const at = (question: string, value: string) => {
  const tokens = tokenize(question);
  const start = tokens.findIndex((t) => t.lemma === value);
  return { lemmas: tokens.map((t) => t.lemma), start };
};

describe("routeSideField: the words before a value held by two route fields pick the side", () => {
  const cities = ["origin_city", "destination_city"];
  const states = ["billing_state", "shipping_state"];
  it.each([
    ["flights out of lima", "lima", cities, "origin_city"],
    ["trips leaving lima", "lima", cities, "origin_city"],
    ["how many did not depart from lima", "lima", cities, "origin_city"],
    ["seats on flights arriving in lima", "lima", cities, "destination_city"],
    ["buses bound for lima", "lima", cities, "destination_city"],
    ["parcels shipped to ohio", "ohio", states, "shipping_state"],
    ["sales billed to ohio", "ohio", states, "billing_state"],
    // a cue whose side has no field gives way to a shorter one: "shipped to" over a route is its destination
    ["parcels shipped to lima", "lima", cities, "destination_city"],
  ])("%s", (question, value, fields, want) => {
    const { lemmas, start } = at(question, value);
    expect(routeSideField(lemmas, start, fields)).toBe(want);
  });
  it("no cue, one field or no field of the side: no choice", () => {
    const q = at("how many flights with lima", "lima");
    expect(routeSideField(q.lemmas, q.start, cities)).toBeNull();
    const s = at("orders sent to ohio", "ohio");
    expect(routeSideField(s.lemmas, s.start, ["billing_state", "region"])).toBeNull();
    expect(routeSideField(s.lemmas, s.start, ["shipping_state"])).toBeNull();
  });
});

describe("routeCuePositions: the cue words said right before a value", () => {
  it("covers 'billed to' before the value, nothing where no value follows", () => {
    const lemmas = tokenize("total sales billed to ohio").map((t) => t.lemma);
    expect([...routeCuePositions(lemmas, [4])].sort()).toEqual([2, 3]);
    expect(routeCuePositions(lemmas, []).size).toBe(0);
    expect(
      routeCuePositions(
        tokenize("where do the cars originate from").map((t) => t.lemma),
        [],
      ).size,
    ).toBe(0);
  });
});
