// The "am I sure" model's plan features (issue 12, chat-honest2): the weights of the best reading's plan features
// add to the dense inputs' score, only for the features present, never for the per-field role/cue features.
import { describe, expect, it } from "vitest";
import type { Features } from "./understand/candidates";
import { SURE_INPUTS, type SureModel, sureFeature, sureInputs, sureProbability, WEIGHTS } from "./understand/choose";

describe("sure model plan features", () => {
  const dense = new Array<number>(SURE_INPUTS.length).fill(0);
  const model: SureModel = { weights: dense.map((_, k) => (k === 0 ? 1 : 0)), threshold: 0.7, features: { "measure:defaultAgg:mean": -2 } };
  const x = [1, ...dense.slice(1)];

  it("adds the weight of a plan feature the best reading has", () => {
    const feats: Features = new Map([["measure:defaultAgg:mean", 1]]);
    expect(sureProbability(x, model, feats)).toBeCloseTo(1 / (1 + Math.exp(1)), 6);
    expect(sureProbability(x, model, new Map())).toBeCloseTo(1 / (1 + Math.exp(-1)), 6);
    // Without the plan features (older weights, or none passed) only the dense inputs count.
    expect(sureProbability(x, { ...model, features: undefined }, feats)).toBeCloseTo(1 / (1 + Math.exp(-1)), 6);
  });

  it("never weighs the per-field role and cue features", () => {
    expect(sureFeature("role:measure|partial")).toBe(false);
    expect(sureFeature("cue:by|group")).toBe(false);
    expect(sureFeature("measure:defaultAgg:mean")).toBe(true);
  });

  it("reads a follow-up reading and an unsaid aggregate as inputs", () => {
    const feats: Features = new Map([
      ["edit|agg", 1],
      ["measure:defaultAgg:sum", 1],
    ]);
    const xs = sureInputs([0, -1], 0, -1, feats, 0, []);
    expect(xs[SURE_INPUTS.indexOf("followUp")]).toBe(1);
    expect(xs[SURE_INPUTS.indexOf("defaultAgg")]).toBe(1);
    expect(sureInputs([0, -1], 0, -1, new Map(), 0, [])[SURE_INPUTS.indexOf("followUp")]).toBe(0);
  });

  it("the shipped model has a weight for every input", () => {
    expect(WEIGHTS.sure?.weights.length).toBe(SURE_INPUTS.length);
  });
});
