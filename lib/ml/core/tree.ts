// Compact tree ensembles shared by gradient boosting and forests: all trees are concatenated into
// flat typed arrays, thresholds are raw feature values (prediction needs no binning), and the
// model serializes to JSON of base64 typed arrays that loads without parsing per-node objects.
import { validateMatrix } from "./binning";
import { decodeFloat64, decodeInt32, decodeUint32, decodeUint8, encodeTyped } from "./codec";
import { compileTrees, coverageColumns, warmUpColumns, type TreeGroup } from "./tree-compile";
import { FastTreeShap } from "./fast-treeshap";
import { computeTreeShap } from "./treeshap";
import type { FeatureMatrix, FeatureSpec, Objective, ShapResult } from "./types";

/** Node flag: missing values go left. */
export const FLAG_DEFAULT_LEFT = 1;
/** Node flag: categorical split (left = categories whose bit is set). */
export const FLAG_CATEGORICAL = 2;
/** Node flag: categories not covered by the bitset (unseen in training) go left. */
export const FLAG_UNSEEN_LEFT = 4;

/** How raw outputs map to predictions. */
export type Link = "identity" | "logit" | "softmax";

/** One tree as a learner produces it; node indices are local to the tree. */
export interface RawTree {
  /** Output this tree adds to (class index), or -1 when every leaf holds a value per output. */
  output: number;
  /** Split feature per node; -1 marks a leaf. */
  feature: Int32Array;
  threshold: Float64Array;
  flags: Uint8Array;
  /** Left child; for a leaf, the leaf's index (its values start at leafIndex * width in leafValues). */
  left: Int32Array;
  right: Int32Array;
  /** Category bitset per categorical node (null for others). */
  catBits: (Uint32Array | null)[];
  /** Number of categories a node's bitset covers. */
  catSize: Int32Array;
  /** Training rows reaching the node (used by TreeSHAP as the path probabilities). */
  cover: Float64Array;
  /** Split gain (0 for leaves), for gain-based feature importance. */
  gain: Float64Array;
  leafValues: Float64Array;
}

export interface EnsembleMeta {
  objective: Objective;
  numClasses: number;
  link: Link;
  features: FeatureSpec[];
  baseScore: Float64Array;
  /** Trees per output (boosting rounds, or forest size). */
  numRounds: number;
  /** Free-form learner description kept in the artifact ("gbdt", "random_forest", "extra_trees"). */
  algorithm: string;
}

interface EnsembleJson {
  format: "tabula-tree-ensemble";
  version: 1;
  objective: Objective;
  numClasses: number;
  link: Link;
  algorithm: string;
  numRounds: number;
  features: FeatureSpec[];
  baseScore: number[];
  arrays: Record<string, string>;
}

const BLOCK_ROWS = 256;
const WARM_UP_ROWS = 256;
/** Passes over every compiled group's leaf-reaching rows before compiled code is timed. */
const WARM_UP_ROUNDS = 4;
/** CPU time a warm-up may take in all before the compiled trees are given up on. */
const WARM_UP_LIMIT_MS = 5_000;

export class TreeEnsemble {
  readonly objective: Objective;
  readonly numClasses: number;
  readonly numRounds: number;
  readonly link: Link;
  readonly algorithm: string;
  readonly features: FeatureSpec[];
  /** Raw outputs per row: numClasses for multiclass, else 1. */
  readonly outputs: number;
  readonly baseScore: Float64Array;
  // Flat storage (global indices).
  readonly treeRoot: Int32Array;
  readonly treeOutput: Int32Array;
  readonly nodeFeature: Int32Array;
  readonly nodeThreshold: Float64Array;
  readonly nodeFlags: Uint8Array;
  readonly nodeLeft: Int32Array;
  readonly nodeRight: Int32Array;
  readonly nodeCatStart: Int32Array;
  readonly nodeCatSize: Int32Array;
  readonly catBits: Uint32Array;
  readonly nodeCover: Float64Array;
  readonly nodeGain: Float64Array;
  readonly leafValues: Float64Array;

  private constructor(meta: EnsembleMeta, arrays: Record<string, Int32Array | Float64Array | Uint8Array | Uint32Array>) {
    this.objective = meta.objective;
    this.numClasses = meta.numClasses;
    this.numRounds = meta.numRounds;
    this.link = meta.link;
    this.algorithm = meta.algorithm;
    this.features = meta.features;
    this.outputs = meta.objective === "multiclass" ? meta.numClasses : 1;
    if (meta.baseScore.length !== this.outputs) {
      throw new Error(`baseScore has length ${meta.baseScore.length}, expected ${this.outputs} outputs`);
    }
    this.baseScore = meta.baseScore;
    this.treeRoot = arrays.treeRoot as Int32Array;
    this.treeOutput = arrays.treeOutput as Int32Array;
    this.nodeFeature = arrays.nodeFeature as Int32Array;
    this.nodeThreshold = arrays.nodeThreshold as Float64Array;
    this.nodeFlags = arrays.nodeFlags as Uint8Array;
    this.nodeLeft = arrays.nodeLeft as Int32Array;
    this.nodeRight = arrays.nodeRight as Int32Array;
    this.nodeCatStart = arrays.nodeCatStart as Int32Array;
    this.nodeCatSize = arrays.nodeCatSize as Int32Array;
    this.catBits = arrays.catBits as Uint32Array;
    this.nodeCover = arrays.nodeCover as Float64Array;
    this.nodeGain = arrays.nodeGain as Float64Array;
    this.leafValues = arrays.leafValues as Float64Array;
    const nodes = this.nodeFeature.length;
    for (const name of ["nodeThreshold", "nodeFlags", "nodeLeft", "nodeRight", "nodeCatStart", "nodeCatSize", "nodeCover", "nodeGain"]) {
      if (arrays[name].length !== nodes) throw new Error(`tree array ${name} has length ${arrays[name].length}, expected ${nodes} nodes`);
    }
    if (this.treeOutput.length !== this.treeRoot.length) throw new Error("treeRoot and treeOutput lengths differ");
    let adjacent = true;
    for (let i = 0; i < nodes && adjacent; i++) if (this.nodeFeature[i] >= 0 && this.nodeRight[i] !== this.nodeLeft[i] + 1) adjacent = false;
    this.adjacentChildren = adjacent;
    // Prediction-time category bitsets with two extra bits per node, so that the hot loop needs no
    // validity tests: rows are sanitized once per block (category k = missing, k + 1 = unseen,
    // where k is the largest bitset size used with that feature).
    const F = meta.features.length;
    this.predCatK = new Int32Array(F).fill(-1);
    for (let i = 0; i < nodes; i++) {
      const f = this.nodeFeature[i];
      if (f >= 0 && (this.nodeFlags[i] & FLAG_CATEGORICAL) !== 0) this.predCatK[f] = Math.max(this.predCatK[f], this.nodeCatSize[i]);
    }
    this.predCatStart = new Int32Array(nodes).fill(-1);
    let words = 0;
    for (let i = 0; i < nodes; i++) {
      const f = this.nodeFeature[i];
      if (f >= 0 && (this.nodeFlags[i] & FLAG_CATEGORICAL) !== 0) {
        this.predCatStart[i] = words;
        words += Math.ceil((this.predCatK[f] + 2) / 32);
      }
    }
    this.predCatBits = new Uint32Array(words);
    for (let i = 0; i < nodes; i++) {
      const s0 = this.predCatStart[i];
      if (s0 < 0) continue;
      const k = this.predCatK[this.nodeFeature[i]];
      const fl = this.nodeFlags[i];
      for (let c = 0; c < k + 2; c++) {
        let left: boolean;
        if (c < this.nodeCatSize[i]) left = ((this.catBits[this.nodeCatStart[i] + (c >>> 5)] >>> (c & 31)) & 1) === 1;
        else if (c === k) left = (fl & FLAG_DEFAULT_LEFT) !== 0;
        else left = (fl & FLAG_UNSEEN_LEFT) !== 0;
        if (left) this.predCatBits[s0 + (c >>> 5)] |= 1 << (c & 31);
      }
    }
  }

  readonly predCatK: Int32Array;
  readonly predCatStart: Int32Array;
  readonly predCatBits: Uint32Array;

  /** Trees compiled to JavaScript by prepareForServing, and per tree the group it starts (-1: none). */
  private compiled: TreeGroup[] | null = null;
  private groupStart: Int32Array | null = null;
  /** Predictions use the compiled groups: set by warmUpStep once V8 has optimized them. */
  private useCompiled = false;
  private warmUp: {
    x: FeatureMatrix;
    out: Float64Array;
    arrayMs: number;
    coverage: (FeatureMatrix | null)[];
    next: number;
    rounds: number;
    spentMs: number;
    fastInARow: number;
  } | null = null;

  /**
   * Compiles the trees to JavaScript for a model that will serve many predictions (2-3x the
   * throughput of the array traversal once V8 has optimized the code). The compiled code is used
   * only after warmUpStep has found it faster, so predictions are never slower meanwhile.
   * Training does not call it: its ensembles predict once or twice.
   */
  prepareForServing(): void {
    if (this.compiled || this.numTrees === 0) return;
    const groups = compileTrees(this);
    this.compiled = groups;
    this.groupStart = new Int32Array(this.numTrees).fill(-1);
    groups.forEach((g, i) => (this.groupStart![g.first] = i));
  }

  /**
   * One short slice of warm-up work (a few ms); true once the compiled trees are in use or were
   * given up on. Call it repeatedly, between other work, after prepareForServing. Each compiled
   * group first runs on rows reaching every one of its leaves (so that optimized code meets no
   * unseen branch), then compiled and array traversal are timed on the same rows.
   */
  warmUpStep(): boolean {
    const groups = this.compiled;
    if (!groups || groups.length === 0 || this.useCompiled) return true;
    if (!this.warmUp) {
      const rows = WARM_UP_ROWS;
      const x: FeatureMatrix = { rowCount: rows, features: this.features, columns: warmUpColumns(this, this.features.length, rows) };
      const out = new Float64Array(rows * this.outputs);
      this.warmUp = { x, out, arrayMs: Infinity, coverage: new Array(groups.length).fill(null), next: 0, rounds: 0, spentMs: 0, fastInARow: 0 };
    }
    const w = this.warmUp;
    const started = performance.now();
    if (w.rounds < WARM_UP_ROUNDS) {
      // Coverage rounds: every group on its own leaf-reaching rows, a few ms at a time.
      do {
        const g = groups[w.next];
        const x = (w.coverage[w.next] ??= { rowCount: 0, features: this.features, columns: coverageColumns(this, this.features.length, g.first, g.end) });
        if (x.rowCount === 0) x.rowCount = x.columns[0]?.length ?? 0;
        if (x.rowCount > 0) this.addTrees(x.columns, 0, x.rowCount, g.first, g.end, new Float64Array(x.rowCount * this.outputs), true);
        w.next = (w.next + 1) % groups.length;
        if (w.next === 0) w.rounds++;
      } while (w.next !== 0 && performance.now() - started < 4);
    } else {
      // Then time both ways on the same synthetic rows; switch once compiled is clearly faster.
      let t = performance.now();
      this.addTrees(w.x.columns, 0, w.x.rowCount, 0, this.numTrees, w.out, false);
      w.arrayMs = Math.min(w.arrayMs, performance.now() - t);
      t = performance.now();
      this.addTrees(w.x.columns, 0, w.x.rowCount, 0, this.numTrees, w.out, true);
      const compiledMs = performance.now() - t;
      w.fastInARow = compiledMs < 0.8 * w.arrayMs ? w.fastInARow + 1 : 0;
      if (w.fastInARow >= 3) {
        this.useCompiled = true;
        this.warmUp = null;
        return true;
      }
    }
    w.spentMs += performance.now() - started;
    if (w.spentMs > WARM_UP_LIMIT_MS) {
      // Never got faster (an unusual engine or model): keep the array traversal for good.
      this.compiled = [];
      this.groupStart = null;
      this.warmUp = null;
      return true;
    }
    return false;
  }

  /** True when predictions run through compiled trees (after a successful warm-up). */
  get servesCompiled(): boolean {
    return this.useCompiled;
  }

  /** True when every right child directly follows its left sibling (trees from our learners): enables branch-light prediction. */
  private readonly adjacentChildren: boolean;

  get numTrees(): number {
    return this.treeRoot.length;
  }

  /** Concatenates learner trees into one ensemble. */
  static fromTrees(meta: EnsembleMeta, trees: RawTree[]): TreeEnsemble {
    const outputs = meta.objective === "multiclass" ? meta.numClasses : 1;
    let nodes = 0;
    let values = 0;
    let bits = 0;
    for (const t of trees) {
      nodes += t.feature.length;
      values += t.leafValues.length;
      for (const b of t.catBits) if (b) bits += b.length;
    }
    const a = {
      treeRoot: new Int32Array(trees.length),
      treeOutput: new Int32Array(trees.length),
      nodeFeature: new Int32Array(nodes),
      nodeThreshold: new Float64Array(nodes),
      nodeFlags: new Uint8Array(nodes),
      nodeLeft: new Int32Array(nodes),
      nodeRight: new Int32Array(nodes),
      nodeCatStart: new Int32Array(nodes).fill(-1),
      nodeCatSize: new Int32Array(nodes),
      catBits: new Uint32Array(bits),
      nodeCover: new Float64Array(nodes),
      nodeGain: new Float64Array(nodes),
      leafValues: new Float64Array(values),
    };
    let nodeOff = 0;
    let valueOff = 0;
    let bitOff = 0;
    trees.forEach((t, ti) => {
      const width = t.output >= 0 ? 1 : outputs;
      if (t.output >= outputs) throw new Error(`tree ${ti} writes output ${t.output}, model has ${outputs} outputs`);
      a.treeRoot[ti] = nodeOff;
      a.treeOutput[ti] = t.output;
      const n = t.feature.length;
      for (let i = 0; i < n; i++) {
        const g = nodeOff + i;
        a.nodeFeature[g] = t.feature[i];
        a.nodeThreshold[g] = t.threshold[i];
        a.nodeFlags[g] = t.flags[i];
        a.nodeCover[g] = t.cover[i];
        a.nodeGain[g] = t.gain[i];
        if (t.feature[i] < 0) {
          a.nodeLeft[g] = valueOff + t.left[i] * width;
          a.nodeRight[g] = -1;
        } else {
          a.nodeLeft[g] = nodeOff + t.left[i];
          a.nodeRight[g] = nodeOff + t.right[i];
          const cb = t.catBits[i];
          if (cb) {
            a.nodeCatStart[g] = bitOff;
            a.nodeCatSize[g] = t.catSize[i];
            a.catBits.set(cb, bitOff);
            bitOff += cb.length;
          }
        }
      }
      a.leafValues.set(t.leafValues, valueOff);
      nodeOff += n;
      valueOff += t.leafValues.length;
    });
    return new TreeEnsemble(meta, a);
  }

  /**
   * One ensemble whose raw output is sum_i weight_i * raw_i(x): the members' trees side by side with
   * leaf values (and split gains) scaled by their weight, base scores summed likewise. Members must
   * share the objective, classes, features and link (margins: logit, softmax or identity). TreeSHAP
   * values are linear in the leaf values, so the merged ensemble's contributions are exactly the
   * weighted sums of the members' contributions; prediction and compilation treat it as one model.
   */
  static combine(parts: { weight: number; ensemble: TreeEnsemble }[], algorithm = "ensemble"): TreeEnsemble {
    if (parts.length === 0) throw new Error("combine needs at least one ensemble");
    const first = parts[0].ensemble;
    for (const { weight, ensemble: e } of parts) {
      if (!(weight > 0) || !Number.isFinite(weight)) throw new Error(`ensemble weights must be positive, got ${weight}`);
      if (e.objective !== first.objective || e.numClasses !== first.numClasses || e.link !== first.link) {
        throw new Error(`cannot combine a ${e.objective}/${e.link} ensemble with a ${first.objective}/${first.link} one`);
      }
      if (e.features.length !== first.features.length || e.features.some((f, i) => f.name !== first.features[i].name || f.kind !== first.features[i].kind)) {
        throw new Error("cannot combine ensembles trained on different features");
      }
    }
    const sum = (get: (e: TreeEnsemble) => { length: number }): number => parts.reduce((n, p) => n + get(p.ensemble).length, 0);
    const a = {
      treeRoot: new Int32Array(sum((e) => e.treeRoot)),
      treeOutput: new Int32Array(sum((e) => e.treeOutput)),
      nodeFeature: new Int32Array(sum((e) => e.nodeFeature)),
      nodeThreshold: new Float64Array(sum((e) => e.nodeThreshold)),
      nodeFlags: new Uint8Array(sum((e) => e.nodeFlags)),
      nodeLeft: new Int32Array(sum((e) => e.nodeLeft)),
      nodeRight: new Int32Array(sum((e) => e.nodeRight)),
      nodeCatStart: new Int32Array(sum((e) => e.nodeCatStart)),
      nodeCatSize: new Int32Array(sum((e) => e.nodeCatSize)),
      catBits: new Uint32Array(sum((e) => e.catBits)),
      nodeCover: new Float64Array(sum((e) => e.nodeCover)),
      nodeGain: new Float64Array(sum((e) => e.nodeGain)),
      leafValues: new Float64Array(sum((e) => e.leafValues)),
    };
    const baseScore = new Float64Array(first.outputs);
    let trees = 0;
    let nodes = 0;
    let values = 0;
    let bits = 0;
    let rounds = 0;
    for (const { weight, ensemble: e } of parts) {
      for (let k = 0; k < baseScore.length; k++) baseScore[k] += weight * e.baseScore[k];
      for (let t = 0; t < e.numTrees; t++) {
        a.treeRoot[trees + t] = e.treeRoot[t] + nodes;
        a.treeOutput[trees + t] = e.treeOutput[t];
      }
      for (let i = 0; i < e.nodeFeature.length; i++) {
        const g = nodes + i;
        const leaf = e.nodeFeature[i] < 0;
        a.nodeFeature[g] = e.nodeFeature[i];
        a.nodeThreshold[g] = e.nodeThreshold[i];
        a.nodeFlags[g] = e.nodeFlags[i];
        // Internal nodes point at nodes; leaves point at their values.
        a.nodeLeft[g] = e.nodeLeft[i] + (leaf ? values : nodes);
        a.nodeRight[g] = leaf ? -1 : e.nodeRight[i] + nodes;
        a.nodeCatStart[g] = e.nodeCatStart[i] < 0 ? -1 : e.nodeCatStart[i] + bits;
        a.nodeCatSize[g] = e.nodeCatSize[i];
        a.nodeCover[g] = e.nodeCover[i];
        a.nodeGain[g] = e.nodeGain[i] * weight;
      }
      a.catBits.set(e.catBits, bits);
      for (let i = 0; i < e.leafValues.length; i++) a.leafValues[values + i] = e.leafValues[i] * weight;
      trees += e.numTrees;
      nodes += e.nodeFeature.length;
      values += e.leafValues.length;
      bits += e.catBits.length;
      rounds += e.numRounds;
    }
    return new TreeEnsemble(
      {
        objective: first.objective,
        numClasses: first.numClasses,
        link: first.link,
        features: first.features.map((f) => ({ ...f })),
        baseScore,
        numRounds: rounds,
        algorithm,
      },
      a,
    );
  }

  /** Raw scores: rowCount * outputs, row-major (log-odds / margins / values, or averaged probabilities for forests). */
  predictRaw(x: FeatureMatrix): Float64Array {
    this.checkInput(x);
    const n = x.rowCount;
    const K = this.outputs;
    const out = new Float64Array(n * K);
    for (let r = 0; r < n; r++) for (let k = 0; k < K; k++) out[r * K + k] = this.baseScore[k];
    this.addTrees(x.columns, 0, n, 0, this.numTrees, out);
    return out;
  }

  /** Probabilities (binary: P(class 1) per row; multiclass: rowCount*k row-major) or regression values. */
  predict(x: FeatureMatrix): Float64Array {
    const raw = this.predictRaw(x);
    return applyLink(raw, this.link, this.outputs);
  }

  /**
   * TreeSHAP contributions on the raw output scale; rows default to all rows. `onlyOutput` (one
   * output index per listed row) computes just that output per row (others stay 0): faster for
   * multiclass boosting. Exact (fast-treeshap.ts; its per-leaf tables are built on the first call).
   */
  shap(x: FeatureMatrix, rows?: Int32Array | number[], onlyOutput?: ArrayLike<number>): ShapResult {
    const list = this.checkShapInput(x, rows, onlyOutput);
    this.fastShap ??= new FastTreeShap(this);
    return this.fastShap.explain(x.columns, list, onlyOutput);
  }

  /** The same contributions by the reference recursion of treeshap.ts (the oracle of tests and benchmarks). */
  shapReference(x: FeatureMatrix, rows?: Int32Array | number[], onlyOutput?: ArrayLike<number>): ShapResult {
    const list = this.checkShapInput(x, rows, onlyOutput);
    return computeTreeShap(this, x.columns, list, onlyOutput);
  }

  /** The fast explainer's precomputation (built on first use), for diagnostics. */
  get shapPlan(): FastTreeShap {
    this.fastShap ??= new FastTreeShap(this);
    return this.fastShap;
  }

  private fastShap: FastTreeShap | null = null;

  private checkShapInput(x: FeatureMatrix, rows: Int32Array | number[] | undefined, onlyOutput: ArrayLike<number> | undefined): Int32Array {
    this.checkInput(x);
    const list = rows ? Int32Array.from(rows) : Int32Array.from({ length: x.rowCount }, (_, i) => i);
    for (const r of list) {
      if (!(r >= 0 && r < x.rowCount)) throw new Error(`shap row ${r} out of range 0..${x.rowCount - 1}`);
    }
    if (onlyOutput && onlyOutput.length !== list.length) {
      throw new Error(`shap onlyOutput has length ${onlyOutput.length}, expected ${list.length} (one per row)`);
    }
    return list;
  }

  /** Total split gain per feature (length = features). */
  featureImportance(): Float64Array {
    const imp = new Float64Array(this.features.length);
    for (let i = 0; i < this.nodeFeature.length; i++) {
      const f = this.nodeFeature[i];
      if (f >= 0) imp[f] += this.nodeGain[i];
    }
    return imp;
  }

  /** Leaf reached by `row` in tree `t` (node index). */
  findLeaf(columns: Float64Array[], row: number, t: number): number {
    let node = this.treeRoot[t];
    let f: number;
    while ((f = this.nodeFeature[node]) >= 0) {
      node = this.goesLeft(node, columns[f][row]) ? this.nodeLeft[node] : this.nodeRight[node];
    }
    return node;
  }

  /** Decision of one internal node for a raw value. */
  goesLeft(node: number, v: number): boolean {
    const fl = this.nodeFlags[node];
    if ((fl & FLAG_CATEGORICAL) === 0) {
      if (v <= this.nodeThreshold[node]) return true;
      return v !== v && (fl & FLAG_DEFAULT_LEFT) !== 0;
    }
    if (v !== v) return (fl & FLAG_DEFAULT_LEFT) !== 0;
    if (v >= 0 && v < this.nodeCatSize[node] && v === Math.floor(v)) {
      return ((this.catBits[this.nodeCatStart[node] + (v >>> 5)] >>> (v & 31)) & 1) === 1;
    }
    return (fl & FLAG_UNSEEN_LEFT) !== 0;
  }

  /** Adds trees [t0, t1) to out for rows [r0, r1) (out row-major, row r at (r - r0)). */
  addTrees(cols: Float64Array[], r0: number, r1: number, t0: number, t1: number, out: Float64Array, compiledTrees = this.useCompiled): void {
    const K = this.outputs;
    const F = this.features.length;
    const feat = this.nodeFeature;
    const thr = this.nodeThreshold;
    const flags = this.nodeFlags;
    const left = this.nodeLeft;
    const right = this.nodeRight;
    const vals = this.leafValues;
    const pstart = this.predCatStart;
    const pbits = this.predCatBits;
    const adjacent = this.adjacentChildren;
    const groups = this.compiled;
    const groupStart = compiledTrees ? this.groupStart : null;
    // Rows are copied into a row-major block so a row's features share cache lines across trees.
    const block = new Float64Array(Math.min(BLOCK_ROWS, Math.max(1, r1 - r0)) * F);
    for (let b0 = r0; b0 < r1; b0 += BLOCK_ROWS) {
      const b1 = Math.min(r1, b0 + BLOCK_ROWS);
      const nb = b1 - b0;
      for (let f = 0; f < F; f++) {
        const col = cols[f];
        const k = this.predCatK[f];
        if (k < 0) {
          for (let i = 0, p = f; i < nb; i++, p += F) block[p] = col[b0 + i];
        } else {
          for (let i = 0, p = f; i < nb; i++, p += F) {
            const v = col[b0 + i];
            block[p] = v !== v ? k : v >= 0 && v < k && v === Math.floor(v) ? v : k + 1;
          }
        }
      }
      for (let t = t0; t < t1; t++) {
        const root = this.treeRoot[t];
        const o = this.treeOutput[t];
        const g = groupStart ? groupStart[t] : -1;
        if (g >= 0 && groups![g].end <= t1) {
          groups![g].run(block, F, nb, out, (b0 - r0) * K);
          t = groups![g].end - 1;
          continue;
        }
        for (let i = 0; i < nb; i++) {
          const xb = i * F;
          let node = root;
          let f: number;
          if (adjacent) {
            // Children are adjacent: pick left + 0/1. The comparisons send NaN to the default side
            // without a separate test: !(v <= t) is true for NaN, (v > t) is false.
            while ((f = feat[node]) >= 0) {
              const v = block[xb + f];
              const fl = flags[node];
              if (fl === 0) node = left[node] + (v <= thr[node] ? 0 : 1);
              else if (fl === FLAG_DEFAULT_LEFT) node = left[node] + (v > thr[node] ? 1 : 0);
              else {
                const c = v | 0; // sanitized: 0..k+1
                node = left[node] + 1 - ((pbits[pstart[node] + (c >>> 5)] >>> (c & 31)) & 1);
              }
            }
            const li = left[node];
            const base = (b0 - r0 + i) * K;
            if (o >= 0) out[base + o] += vals[li];
            else for (let k = 0; k < K; k++) out[base + k] += vals[li + k];
            continue;
          }
          while ((f = feat[node]) >= 0) {
            const v = block[xb + f];
            const fl = flags[node];
            if ((fl & FLAG_CATEGORICAL) === 0) {
              if (v <= thr[node]) node = left[node];
              else if (v !== v && (fl & FLAG_DEFAULT_LEFT) !== 0) node = left[node];
              else node = right[node];
            } else {
              const c = v | 0; // sanitized: 0..k+1
              node = ((pbits[pstart[node] + (c >>> 5)] >>> (c & 31)) & 1) === 1 ? left[node] : right[node];
            }
          }
          const li = left[node];
          const base = (b0 - r0 + i) * K;
          if (o >= 0) out[base + o] += vals[li];
          else for (let k = 0; k < K; k++) out[base + k] += vals[li + k];
        }
      }
    }
  }

  private checkInput(x: FeatureMatrix): void {
    validateMatrix(x);
    if (x.features.length !== this.features.length) {
      throw new Error(`model expects ${this.features.length} features, got ${x.features.length}`);
    }
  }

  toJSON(): EnsembleJson {
    const arrays: Record<string, string> = {};
    const src: Record<string, Int32Array | Float64Array | Uint8Array | Uint32Array> = {
      treeRoot: this.treeRoot,
      treeOutput: this.treeOutput,
      nodeFeature: this.nodeFeature,
      nodeThreshold: this.nodeThreshold,
      nodeFlags: this.nodeFlags,
      nodeLeft: this.nodeLeft,
      nodeRight: this.nodeRight,
      nodeCatStart: this.nodeCatStart,
      nodeCatSize: this.nodeCatSize,
      catBits: this.catBits,
      nodeCover: this.nodeCover,
      nodeGain: this.nodeGain,
      leafValues: this.leafValues,
    };
    for (const [k, v] of Object.entries(src)) arrays[k] = encodeTyped(v);
    return {
      format: "tabula-tree-ensemble",
      version: 1,
      objective: this.objective,
      numClasses: this.numClasses,
      link: this.link,
      algorithm: this.algorithm,
      numRounds: this.numRounds,
      features: this.features.map((f) => ({ ...f })),
      baseScore: Array.from(this.baseScore),
      arrays,
    };
  }

  static fromJSON(json: unknown): TreeEnsemble {
    const j = json as EnsembleJson;
    if (!j || j.format !== "tabula-tree-ensemble" || j.version !== 1 || typeof j.arrays !== "object") {
      throw new Error("not a tree ensemble JSON (format tabula-tree-ensemble, version 1)");
    }
    const need = (k: string): string => {
      const v = j.arrays[k];
      if (typeof v !== "string") throw new Error(`tree ensemble JSON lacks array ${k}`);
      return v;
    };
    const arrays = {
      treeRoot: decodeInt32(need("treeRoot")),
      treeOutput: decodeInt32(need("treeOutput")),
      nodeFeature: decodeInt32(need("nodeFeature")),
      nodeThreshold: decodeFloat64(need("nodeThreshold")),
      nodeFlags: decodeUint8(need("nodeFlags")),
      nodeLeft: decodeInt32(need("nodeLeft")),
      nodeRight: decodeInt32(need("nodeRight")),
      nodeCatStart: decodeInt32(need("nodeCatStart")),
      nodeCatSize: decodeInt32(need("nodeCatSize")),
      catBits: decodeUint32(need("catBits")),
      nodeCover: decodeFloat64(need("nodeCover")),
      nodeGain: decodeFloat64(need("nodeGain")),
      leafValues: decodeFloat64(need("leafValues")),
    };
    return new TreeEnsemble(
      {
        objective: j.objective,
        numClasses: j.numClasses,
        link: j.link,
        algorithm: j.algorithm,
        numRounds: j.numRounds,
        features: j.features,
        baseScore: Float64Array.from(j.baseScore),
      },
      arrays,
    );
  }
}

/** Maps raw scores to predictions: sigmoid for binary boosting, softmax per row for multiclass. */
export function applyLink(raw: Float64Array, link: Link, outputs: number): Float64Array {
  const out = new Float64Array(raw.length);
  if (link === "identity") {
    out.set(raw);
  } else if (link === "logit") {
    for (let i = 0; i < raw.length; i++) out[i] = 1 / (1 + Math.exp(-raw[i]));
  } else {
    const K = outputs;
    for (let r = 0; r < raw.length; r += K) {
      let m = -Infinity;
      for (let k = 0; k < K; k++) if (raw[r + k] > m) m = raw[r + k];
      let s = 0;
      for (let k = 0; k < K; k++) s += out[r + k] = Math.exp(raw[r + k] - m);
      for (let k = 0; k < K; k++) out[r + k] /= s;
    }
  }
  return out;
}
