// The search's worker threads: they start (a regression test: with `--import tsx` in execArgv they
// never loaded on Node 20 and every search silently ran in-process), run a search, and fit
// refits on all rows that are identical to the same fits in-process.
import { describe, expect, it } from "vitest";
import { Rng } from "./core/random";
import type { FeatureMatrix } from "./core/types";
import { fitCandidate, type CandidateConfig, type TaskSpec } from "./evaluate";
import { runRefits, toSharedMatrix, warmSearchWorkers } from "./search";

const task: TaskSpec = { objective: "binary", numClasses: 2, seed: 4 };

function data(n: number): { x: FeatureMatrix; y: Float64Array } {
  const rng = new Rng(3);
  const x: FeatureMatrix = {
    rowCount: n,
    features: [
      { name: "a", kind: "numeric" },
      { name: "b", kind: "numeric" },
      { name: "c", kind: "categorical", categories: 5 },
    ],
    columns: [
      Float64Array.from({ length: n }, () => rng.next()),
      Float64Array.from({ length: n }, () => (rng.next() < 0.1 ? NaN : rng.next())),
      Float64Array.from({ length: n }, () => rng.nextInt(5)),
    ],
  };
  const y = Float64Array.from({ length: n }, (_, i) => (x.columns[0][i] + (x.columns[2][i] === 3 ? 0.4 : 0) + rng.next() * 0.5 > 0.9 ? 1 : 0));
  return { x, y };
}

describe("search threads", () => {
  it("start", async () => {
    const workers = await warmSearchWorkers(2);
    expect(workers).not.toBeNull();
    expect(workers!.length).toBeGreaterThanOrEqual(2);
  });

  it("fit refits identical to the same fits in-process, from shared columns", async () => {
    const { x, y } = data(3000);
    const configs: CandidateConfig[] = [
      { family: "gbdt", learningRate: 0.1, numLeaves: 15, minDataInLeaf: 10, lambdaL2: 1, featureFraction: 0.8, baggingFraction: 0.8, rounds: 30 },
      { family: "extra_trees", numTrees: 5, maxFeatures: 0.7, minDataInLeaf: 3, logitLeaves: true },
      { family: "linear", lambda: 0.01 },
    ];
    const deadline = Date.now() + 60_000;
    const jsons = await runRefits({ task, rows: { x: toSharedMatrix(x), y }, jobs: configs.map((config) => ({ config, deadlineMs: deadline })), threads: 2 });
    configs.forEach((config, i) => {
      expect(jsons[i]).not.toBeNull();
      expect(JSON.stringify(jsons[i])).toBe(JSON.stringify(fitCandidate(config, task, x, y, undefined, deadline).toJSON()));
    });
  });

  it("give up on refits when cancelled", async () => {
    const { x, y } = data(20_000);
    const controller = new AbortController();
    const slow: CandidateConfig = {
      family: "gbdt",
      learningRate: 0.01,
      numLeaves: 255,
      minDataInLeaf: 2,
      lambdaL2: 0,
      featureFraction: 1,
      baggingFraction: 1,
      rounds: 100_000,
    };
    setTimeout(() => controller.abort(), 300);
    const t0 = Date.now();
    const jsons = await runRefits({
      task,
      rows: { x: toSharedMatrix(x), y },
      jobs: [{ config: slow, deadlineMs: Date.now() + 120_000 }],
      threads: 2,
      signal: controller.signal,
    });
    expect(Date.now() - t0).toBeLessThan(5000);
    expect(jsons).toEqual([null]);
    // The terminated threads are replaced for the next training.
    expect(await warmSearchWorkers(2)).not.toBeNull();
  });
});
