// Microbenchmark of the tree learners on a shared data set (default: adult): fit time of 300
// boosted trees, holdout AUC, early-stopped AUC, forest AUC, prediction throughput and TreeSHAP speed.
// Usage: npx tsx scripts/bench-gbdt.ts [dataset.csv target] ; writes the split to /tmp/bench-gbdt-split.json
// so that scripts/bench-gbdt-xgb.py can run XGBoost on exactly the same rows.
import { readFileSync, writeFileSync } from "node:fs";
import { trainForest, trainGbdt, TreeEnsemble, type FeatureMatrix } from "../lib/ml/core/index";
import { Rng } from "../lib/ml/core/random";

const file = process.argv[2] ?? "/work/shared/datasets/adult.csv";
const target = process.argv[3] ?? "class";

function parseCsv(text: string): string[][] {
  // The shared data sets have no quoted commas except where noted; handle simple quotes anyway.
  return text
    .split(/\r?\n/)
    .filter((l) => l.length > 0)
    .map((l) => l.split(",").map((c) => c.trim().replace(/^"(.*)"$/, "$1")));
}

const rows = parseCsv(readFileSync(file, "utf8"));
const header = rows.shift()!;
const ti = header.indexOf(target);
const n = rows.length;
const featNames = header.filter((_, i) => i !== ti);
const cols = header.map((_, i) => i).filter((i) => i !== ti);
const isMissing = (s: string) => s === "" || s === "?" || s === "NA";
const features: FeatureMatrix["features"] = [];
const columns: Float64Array[] = [];
for (const c of cols) {
  const numeric = rows.every((r) => isMissing(r[c]) || Number.isFinite(Number(r[c])));
  const col = new Float64Array(n);
  if (numeric) {
    for (let r = 0; r < n; r++) col[r] = isMissing(rows[r][c]) ? NaN : Number(rows[r][c]);
    features.push({ name: header[c], kind: "numeric" });
  } else {
    const dict = new Map<string, number>();
    for (let r = 0; r < n; r++) {
      const v = rows[r][c];
      if (isMissing(v)) col[r] = NaN;
      else {
        if (!dict.has(v)) dict.set(v, dict.size);
        col[r] = dict.get(v)!;
      }
    }
    features.push({ name: header[c], kind: "categorical", categories: dict.size });
  }
  columns.push(col);
}
const labels = [...new Set(rows.map((r) => r[ti].replace(/\.$/, "")))].sort();
const y = Float64Array.from(rows, (r) => labels.indexOf(r[ti].replace(/\.$/, "")));
console.log(`${file}: ${n} rows, ${featNames.length} features, classes ${labels.join(" / ")}`);

const perm = new Rng(42).sampleIndices(n, n);
// sampleIndices returns sorted; shuffle explicitly for the split.
const order = Array.from(perm);
const rng = new Rng(7);
for (let i = order.length - 1; i > 0; i--) {
  const j = rng.nextInt(i + 1);
  [order[i], order[j]] = [order[j], order[i]];
}
const nTrain = Math.round(n * 0.8);
const trainIdx = order.slice(0, nTrain).sort((a, b) => a - b);
const testIdx = order.slice(nTrain).sort((a, b) => a - b);
writeFileSync("/tmp/bench-gbdt-split.json", JSON.stringify({ file, target, train: trainIdx, test: testIdx }));

function subset(idx: number[]): FeatureMatrix {
  return { rowCount: idx.length, features, columns: columns.map((c) => Float64Array.from(idx, (i) => c[i])) };
}
const xTr = subset(trainIdx);
const yTr = Float64Array.from(trainIdx, (i) => y[i]);
const xTe = subset(testIdx);
const yTe = Float64Array.from(testIdx, (i) => y[i]);

function auc(score: Float64Array, yy: Float64Array): number {
  const idx = Array.from(score.keys()).sort((a, b) => score[a] - score[b]);
  let rankSum = 0;
  let pos = 0;
  let i = 0;
  while (i < idx.length) {
    let j = i;
    while (j + 1 < idx.length && score[idx[j + 1]] === score[idx[i]]) j++;
    const avg = (i + j) / 2 + 1;
    for (let k = i; k <= j; k++)
      if (yy[idx[k]] === 1) {
        rankSum += avg;
        pos++;
      }
    i = j + 1;
  }
  const neg = idx.length - pos;
  return (rankSum - (pos * (pos + 1)) / 2) / (pos * neg);
}

const c0 = process.cpuUsage();
const t0 = performance.now();
const m300 = trainGbdt(xTr, yTr, { objective: "binary", maxRounds: 300, numLeaves: 31, learningRate: 0.1, maxBins: 255, minDataInLeaf: 20, lambdaL2: 0 });
const fitMs = performance.now() - t0;
console.log(
  `gbdt 300 trees fit: ${(fitMs / 1000).toFixed(2)} s wall, ${(process.cpuUsage(c0).user / 1e6).toFixed(2)} s cpu, holdout AUC ${auc(m300.predict(xTe), yTe).toFixed(4)}`,
);

// Early stopping on an inner 10% validation split of the training rows.
const nv = Math.round(nTrain * 0.1);
const vIdx = Array.from({ length: nv }, (_, i) => i);
const fIdx = Array.from({ length: nTrain - nv }, (_, i) => i + nv);
const pick = (x: FeatureMatrix, idx: number[]): FeatureMatrix => ({
  rowCount: idx.length,
  features,
  columns: x.columns.map((c) => Float64Array.from(idx, (i) => c[i])),
});
const t1 = performance.now();
const mEs = trainGbdt(
  pick(xTr, fIdx),
  Float64Array.from(fIdx, (i) => yTr[i]),
  { objective: "binary", maxRounds: 2000, learningRate: 0.05, numLeaves: 31, earlyStoppingRounds: 50 },
  { valid: { x: pick(xTr, vIdx), y: Float64Array.from(vIdx, (i) => yTr[i]) } },
);
console.log(
  `gbdt early-stopped (lr 0.05): ${mEs.numRounds} rounds in ${((performance.now() - t1) / 1000).toFixed(2)} s, holdout AUC ${auc(mEs.predict(xTe), yTe).toFixed(4)}`,
);

// Prediction throughput of the 300-tree model on 100k rows (holdout rows repeated).
const big = 100_000;
const xBig: FeatureMatrix = { rowCount: big, features, columns: xTe.columns.map((c) => Float64Array.from({ length: big }, (_, i) => c[i % c.length])) };
m300.predictRaw(xBig); // warm-up
const c2 = process.cpuUsage();
const t2 = performance.now();
m300.predictRaw(xBig);
const predMs = performance.now() - t2;
const predCpu = process.cpuUsage(c2).user / 1000;
console.log(
  `predict ${m300.numTrees} trees: ${Math.round(big / (predMs / 1000)).toLocaleString()} rows/s wall, ${Math.round(big / (predCpu / 1000)).toLocaleString()} rows/s cpu`,
);

// As served: a loaded model compiles its trees and switches to the compiled code once warm-up shows it is faster.
m300.prepareForServing();
while (!m300.warmUpStep()) {
  /* warm-up runs in steps so that a server can interleave requests */
}
m300.predictRaw(xBig);
const t2s = performance.now();
m300.predictRaw(xBig);
const servedMs = performance.now() - t2s;
console.log(
  `predict ${m300.numTrees} trees served (${m300.servesCompiled ? "compiled" : "array traversal"}): ${Math.round(big / (servedMs / 1000)).toLocaleString()} rows/s wall`,
);

function sameArrays(a: Float64Array, b: Float64Array): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}
const json = JSON.stringify(m300.toJSON());
const t3 = performance.now();
const loaded = TreeEnsemble.fromJSON(JSON.parse(json));
console.log(
  `serialized ${(json.length / 1024).toFixed(0)} KiB, load ${(performance.now() - t3).toFixed(1)} ms, same predictions: ${sameArrays(loaded.predictRaw(xTe), m300.predictRaw(xTe))}`,
);

const t4 = performance.now();
const sh = m300.shap(
  xTe,
  Int32Array.from({ length: 1000 }, (_, i) => i),
);
console.log(`treeshap: ${(1000 / ((performance.now() - t4) / 1000)).toFixed(0)} rows/s (expected ${sh.expected[0].toFixed(3)})`);

for (const extraTrees of [false, true]) {
  const t5 = performance.now();
  const rf = trainForest(xTr, yTr, { objective: "binary", numTrees: 100, extraTrees, seed: 1 });
  console.log(
    `${extraTrees ? "extra trees" : "random forest"} 100 trees: ${((performance.now() - t5) / 1000).toFixed(2)} s, holdout AUC ${auc(rf.predict(xTe), yTe).toFixed(4)}`,
  );
}
