import { describe, expect, it } from "vitest";
import type { CandidateConfig, CandidateResult } from "./evaluate";
import { Worker } from "node:worker_threads";
import { ADDITIVE_BINS, awaitWorker, buildPortfolio, Proposer } from "./search";
import { splitRows } from "./split";

function fakeResult(config: CandidateResult["config"], loss: number): CandidateResult {
  return {
    config,
    loss,
    metric: 1 - loss,
    rounds: 10,
    seconds: 0.1,
    validPredictions: new Float64Array(0),
    learner: { kind: "linear", model: {} as never },
    size: 100,
  };
}

describe("search", () => {
  it("starts cheap: the first candidate is a small boosting model, boosting first on larger data", () => {
    const small = buildPortfolio(500, 10);
    expect(small[0]).toMatchObject({ family: "gbdt", numLeaves: 8 });
    expect(new Set(small.map((c) => c.family))).toEqual(new Set(["gbdt", "linear", "extra_trees", "random_forest"]));
    const large = buildPortfolio(50_000, 10);
    expect(large.slice(0, 3).every((c) => c.family === "gbdt")).toBe(true);
  });

  it("has an additive (binned linear) entry on larger tables when asked, the plain linear model otherwise", () => {
    const binned = (cs: CandidateConfig[]) => cs.filter((c) => c.family === "linear" && c.bins);
    expect(binned(buildPortfolio(50_000, 10, { objective: "binary", additive: true }))).toEqual([{ family: "linear", lambda: 1e-4, bins: ADDITIVE_BINS }]);
    expect(binned(buildPortfolio(50_000, 10, { objective: "regression", additive: true }))).toHaveLength(1);
    const plain = buildPortfolio(50_000, 10, { objective: "binary" });
    expect(binned(plain)).toEqual([]);
    expect(plain.filter((c) => c.family === "linear")).toHaveLength(1);
    expect(binned(buildPortfolio(5000, 10, { objective: "binary", additive: true }))).toEqual([]);
  });

  it("then proposes new configurations near the best boosting model, deterministically", () => {
    const run = () => {
      const p = new Proposer(5000, 8, 7);
      const results: CandidateResult[] = [];
      const seen = new Set<string>();
      for (let i = 0; i < 20; i++) {
        const c = p.next(results);
        if (!c) break;
        const key = JSON.stringify(c);
        expect(seen.has(key)).toBe(false);
        seen.add(key);
        // Pretend smaller learning rates are better, so the search has a direction to follow.
        results.push(fakeResult(c, c.family === "gbdt" ? c.learningRate : 1));
      }
      return [...seen];
    };
    const a = run();
    expect(a.length).toBe(20);
    expect(a).toEqual(run());
    const gbdts = a.map((k) => JSON.parse(k)).filter((c) => c.family === "gbdt");
    for (const c of gbdts) {
      expect(c.numLeaves).toBeGreaterThanOrEqual(4);
      expect(c.numLeaves).toBeLessThanOrEqual(256);
      expect(c.featureFraction).toBeGreaterThanOrEqual(0.3);
    }
  });

  it("does not propose a configuration recorded as evaluated elsewhere", () => {
    const p = new Proposer(5000, 8, 3);
    const first = buildPortfolio(5000, 8)[0];
    p.skip(first);
    const proposed: string[] = [];
    for (let i = 0; i < 30; i++) {
      const c = p.next([]);
      if (!c) break;
      proposed.push(JSON.stringify(c));
    }
    expect(proposed.length).toBeGreaterThan(0);
    expect(proposed).not.toContain(JSON.stringify(first));
  });

  it("stratified holdout keeps each class's share", () => {
    const strata = Float64Array.from({ length: 1000 }, (_, i) => (i % 10 === 0 ? 1 : 0));
    const { rest, part } = splitRows(1000, 0.2, 3, strata);
    expect(part.length).toBe(200);
    expect(rest.length).toBe(800);
    expect(Array.from(part).filter((r) => strata[r] === 1).length).toBe(20);
    expect(new Set([...rest, ...part]).size).toBe(1000);
  });
});

describe("search threads that fail", () => {
  const listenFor = (w: Worker, type: string) => (done: (value: string) => void) => {
    const onMessage = (m: { type: string }) => m.type === type && done(m.type);
    w.on("message", onMessage);
    return () => w.off("message", onMessage);
  };

  it("a thread that exits is reported, not waited for forever", async () => {
    const w = new Worker("process.exit(3)", { eval: true });
    await expect(awaitWorker(w, 10_000, "loading", listenFor(w, "loaded"))).rejects.toThrow(/exited \(code 3\) while loading/);
  });

  it("a thread that never answers times out and is terminated", async () => {
    const w = new Worker("setInterval(() => {}, 1000)", { eval: true });
    const exited = new Promise((resolve) => w.once("exit", resolve));
    await expect(awaitWorker(w, 200, "training a candidate", listenFor(w, "result"))).rejects.toThrow(/did not answer within 0 s while training a candidate/);
    await exited;
  });

  it("a thread that answers resolves", async () => {
    const w = new Worker("require('node:worker_threads').parentPort.postMessage({ type: 'loaded' }); setInterval(() => {}, 1000)", { eval: true });
    await expect(awaitWorker(w, 10_000, "loading", listenFor(w, "loaded"))).resolves.toBe("loaded");
    await w.terminate();
  });
});
