// Golden fingerprints of trees grown by every path of the tree grower (boosting with the unrolled and
// the generic histogram kernels, bagging, feature sampling, L1, depth limits, weights, multiclass;
// forests with bootstrap counts, extra trees, depth-first order; histogram eviction). The hashes were
// recorded before the grower was split into row partition, histogram pool, split finder and growth
// loop (commit 283fe02): the same seed and data must still give bit-identical trees. A deliberate
// change to what the grower learns updates them (print them with FINGERPRINTS=print).
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { BinMapper } from "./binning";
import { trainForest } from "./forest";
import { trainGbdt } from "./gbdt";
import { TreeGrower, type GrowerConfig } from "./grower";
import { layoutOf } from "./learner-common";
import { Rng } from "./random";
import type { FeatureMatrix, FeatureSpec } from "./types";

function dataset(n: number, numeric: number, seed: number): { x: FeatureMatrix; yBin: Float64Array; yReg: Float64Array; yMulti: Float64Array } {
  const rng = new Rng(seed);
  const features: FeatureSpec[] = [];
  const columns: Float64Array[] = [];
  for (let f = 0; f < numeric; f++) {
    features.push({ name: `n${f}`, kind: "numeric" });
    // Some columns with few distinct values, some with missing values.
    columns.push(
      Float64Array.from({ length: n }, () => (f % 4 === 1 && rng.next() < 0.1 ? NaN : f % 5 === 2 ? Math.floor(rng.next() * 6) : rng.next() * 10 - 3)),
    );
  }
  features.push({ name: "cat", kind: "categorical", categories: 9 });
  columns.push(Float64Array.from({ length: n }, () => (rng.next() < 0.05 ? NaN : Math.floor(rng.next() * rng.next() * 9))));
  features.push({ name: "small", kind: "categorical", categories: 3 });
  columns.push(Float64Array.from({ length: n }, () => rng.nextInt(3)));
  const x: FeatureMatrix = { rowCount: n, features, columns };
  const yBin = new Float64Array(n);
  const yReg = new Float64Array(n);
  const yMulti = new Float64Array(n);
  const catEffect = [0.5, -1, 2, 0, 1, -0.5, 0.3, 1.5, -2];
  for (let i = 0; i < n; i++) {
    const a = columns[0][i];
    const b = Number.isNaN(columns[1][i]) ? 4 : columns[1][i];
    const c = Number.isNaN(columns[numeric][i]) ? 0 : catEffect[columns[numeric][i]];
    const s = 0.4 * a - 0.3 * b + c + (columns[numeric + 1][i] === 1 ? 0.8 : 0) + (rng.next() - 0.5) * 2;
    yReg[i] = s * 3 + Math.sin(a);
    yBin[i] = s > 0 ? 1 : 0;
    yMulti[i] = s < -1 ? 0 : s < 1 ? 1 : 2;
  }
  return { x, yBin, yReg, yMulti };
}

function fingerprint(json: unknown): string {
  return createHash("sha256").update(JSON.stringify(json)).digest("hex").slice(0, 16);
}

function fingerprints(): Record<string, string> {
  const { x, yBin, yReg, yMulti } = dataset(1500, 7, 11);
  const wide = dataset(400, 140, 12);
  const w = Float64Array.from({ length: x.rowCount }, (_, i) => 0.5 + (i % 7) / 4);
  const out: Record<string, string> = {};
  out.gbdtBinary = fingerprint(trainGbdt(x, yBin, { objective: "binary", maxRounds: 25, numLeaves: 15, minDataInLeaf: 10 }).toJSON());
  out.gbdtBagged = fingerprint(
    trainGbdt(x, yBin, { objective: "binary", maxRounds: 25, numLeaves: 31, minDataInLeaf: 5, baggingFraction: 0.7, featureFraction: 0.6, seed: 3 }).toJSON(),
  );
  out.gbdtMulticlass = fingerprint(trainGbdt(x, yMulti, { objective: "multiclass", numClasses: 3, maxRounds: 10, numLeaves: 8, lambdaL2: 1 }).toJSON());
  out.gbdtRegression = fingerprint(
    trainGbdt(x, yReg, { objective: "regression", maxRounds: 30, numLeaves: 20, maxDepth: 4, lambdaL1: 0.5, minGainToSplit: 0.01, maxBins: 32 }).toJSON(),
  );
  out.gbdtWeighted = fingerprint(
    trainGbdt(x, yBin, { objective: "binary", maxRounds: 15, numLeaves: 12, catSmooth: 2, maxCatToOnehot: 2 }, { weights: w }).toJSON(),
  );
  out.gbdtWide = fingerprint(trainGbdt(wide.x, wide.yReg, { objective: "regression", maxRounds: 10, numLeaves: 6, minDataInLeaf: 8 }).toJSON());
  out.gbdtWideSampled = fingerprint(
    trainGbdt(wide.x, wide.yBin, { objective: "binary", maxRounds: 10, numLeaves: 6, minDataInLeaf: 8, featureFraction: 0.5, seed: 2 }).toJSON(),
  );
  out.randomForest = fingerprint(trainForest(x, yBin, { objective: "binary", numTrees: 6, seed: 4, maxFeatures: 0.5 }).toJSON());
  out.randomForestRegression = fingerprint(
    trainForest(x, yReg, { objective: "regression", numTrees: 5, seed: 5, numLeaves: 40, minDataInLeaf: 3 }, { weights: w }).toJSON(),
  );
  out.extraTreesMulticlass = fingerprint(
    trainForest(x, yMulti, { objective: "multiclass", numClasses: 3, numTrees: 6, extraTrees: true, seed: 6, maxDepth: 8 }).toJSON(),
  );
  out.extraTreesBinary = fingerprint(trainForest(x, yBin, { objective: "binary", numTrees: 6, extraTrees: true, seed: 7, numLeaves: 64 }).toJSON());

  // Histogram eviction: a pool of 4 slots for trees of 40 leaves (leaves rebuild from their rows).
  const mapper = BinMapper.fit(x, 64);
  const bins = mapper.transform(x).bins;
  const cfg: GrowerConfig = {
    numLeaves: 40,
    maxDepth: -1,
    minDataInLeaf: 4,
    minSumHessian: 1e-3,
    lambdaL2: 0.1,
    lambdaL1: 0,
    minGainToSplit: 0,
    catSmooth: 10,
    catL2: 10,
    maxCatThreshold: 32,
    minDataPerGroup: 10,
    maxCatToOnehot: 4,
    leafMode: "newton",
    learningRate: 0.1,
    nodeFeatureFraction: 1,
    extraTrees: false,
    order: "best",
    exactCounts: false,
    maxHistogramSlots: 4,
  };
  const n = x.rowCount;
  const grower = new TreeGrower(layoutOf(mapper), bins, n, 1, cfg);
  const rng = new Rng(9);
  const grad = Float64Array.from(yReg, (v) => -v);
  const hess = new Float64Array(n).fill(1);
  const rows = Int32Array.from({ length: n }, (_, i) => i);
  const mask = new Uint8Array(x.features.length).fill(1);
  const t = grower.grow(rows, n, grad, hess, null, mask, rng);
  out.evicting = fingerprint({
    nodes: Array.from(t.feature.subarray(0, t.numNodes)),
    bins: Array.from(t.binThreshold.subarray(0, t.numNodes)),
    left: Array.from(t.defaultLeft.subarray(0, t.numNodes)),
    values: Array.from(t.leafValues.subarray(0, t.numLeaves)),
    rows: Array.from(rows),
  });
  return out;
}

const EXPECTED: Record<string, string> = {
  gbdtBinary: "ce74ea3ca6982268",
  gbdtBagged: "3d53f3cf9ffe61c9",
  gbdtMulticlass: "602acbc48cc0c4ac",
  gbdtRegression: "1783890247cf1987",
  gbdtWeighted: "af7f97ec1d160315",
  gbdtWide: "a9bd7afedc111eed",
  gbdtWideSampled: "06997a24ad75878b",
  randomForest: "710f7694b30f1aa9",
  randomForestRegression: "98282feb5c4e197c",
  extraTreesMulticlass: "a5b0b33932be48fd",
  extraTreesBinary: "c754c1611a6d6428",
  evicting: "a606265b9989f4f0",
};

describe("tree grower fingerprints", () => {
  it("grows bit-identical trees for a seed on every grower path", () => {
    const got = fingerprints();
    if (process.env.FINGERPRINTS === "print") console.log(JSON.stringify(got, null, 2));
    expect(got).toEqual(EXPECTED);
  });
});
