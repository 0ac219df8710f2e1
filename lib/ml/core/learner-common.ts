// Helpers shared by the boosting and forest learners: target checks, bin layout, and conversion of
// trees grown on bins into trees with raw thresholds.
import type { BinMapper } from "./binning";
import { CAT_WORDS, createLayout, type BinLayout, type BinnedTree } from "./grower";
import { FLAG_CATEGORICAL, FLAG_DEFAULT_LEFT, FLAG_UNSEEN_LEFT, type RawTree } from "./tree";
import type { FeatureMatrix, Objective } from "./types";

export function layoutOf(mapper: BinMapper): BinLayout {
  return createLayout(Int32Array.from(mapper.numBins), Uint8Array.from(mapper.features.map((f) => (f.kind === "categorical" ? 1 : 0))));
}

/** Number of classes implied by the objective and params; validates y. */
export function checkTargets(x: FeatureMatrix, y: Float64Array, objective: Objective, numClasses: number | undefined): number {
  if (y.length !== x.rowCount) throw new Error(`y has length ${y.length}, expected rowCount ${x.rowCount}`);
  if (x.rowCount < 1) throw new Error("training needs at least 1 row, got 0");
  if (objective === "regression") {
    for (let i = 0; i < y.length; i++) {
      if (!Number.isFinite(y[i])) throw new Error(`regression target at row ${i} is not a finite number (${y[i]})`);
    }
    return 1;
  }
  const k = objective === "binary" ? 2 : (numClasses ?? 0);
  if (objective === "binary" && numClasses !== undefined && numClasses !== 2) {
    throw new Error(`binary objective needs numClasses 2, got ${numClasses}`);
  }
  if (objective === "multiclass" && !(k >= 2)) throw new Error(`multiclass objective needs numClasses >= 2, got ${numClasses}`);
  for (let i = 0; i < y.length; i++) {
    const v = y[i];
    if (!(v >= 0 && v < k && v === Math.floor(v))) throw new Error(`class label at row ${i} is ${v}, expected an integer in 0..${k - 1}`);
  }
  return k;
}

export function checkWeights(w: Float64Array | undefined, n: number, what: string): void {
  if (!w) return;
  if (w.length !== n) throw new Error(`${what} weights have length ${w.length}, expected ${n}`);
  for (let i = 0; i < n; i++) {
    if (!(w[i] >= 0) || !Number.isFinite(w[i])) throw new Error(`${what} weight at row ${i} is ${w[i]}, expected a finite number >= 0`);
  }
}

/** Converts a grown tree (bins) into a RawTree (raw thresholds, category bitsets over raw indices). */
export function toRawTree(bt: BinnedTree, mapper: BinMapper, output: number, width: number): RawTree {
  const n = bt.numNodes;
  const t: RawTree = {
    output,
    feature: new Int32Array(n),
    threshold: new Float64Array(n),
    flags: new Uint8Array(n),
    left: new Int32Array(n),
    right: new Int32Array(n),
    catBits: new Array<Uint32Array | null>(n).fill(null),
    catSize: new Int32Array(n),
    cover: Float64Array.from(bt.cover.subarray(0, n)),
    gain: Float64Array.from(bt.gain.subarray(0, n)),
    leafValues: Float64Array.from(bt.leafValues.subarray(0, bt.numLeaves * width)),
  };
  for (let i = 0; i < n; i++) {
    const f = bt.feature[i];
    t.feature[i] = f;
    if (f < 0) {
      t.left[i] = bt.leafIndex[i];
      t.right[i] = -1;
      continue;
    }
    t.left[i] = bt.left[i];
    t.right[i] = bt.right[i];
    const info = mapper.info[f];
    if (info.kind === "numeric") {
      t.threshold[i] = mapper.thresholdOf(f, bt.binThreshold[i]);
      t.flags[i] = bt.defaultLeft[i] ? FLAG_DEFAULT_LEFT : 0;
    } else {
      const binIn = (b: number) => ((bt.catBits[i * CAT_WORDS + (b >>> 5)] >>> (b & 31)) & 1) === 1;
      const k = info.catToBin.length;
      const bits = new Uint32Array(Math.max(1, Math.ceil(k / 32)));
      for (let c = 0; c < k; c++) if (binIn(info.catToBin[c])) bits[c >>> 5] |= 1 << (c & 31);
      t.catBits[i] = bits;
      t.catSize[i] = k;
      let flags = FLAG_CATEGORICAL;
      if (binIn(0)) flags |= FLAG_DEFAULT_LEFT;
      if (binIn(info.unseenBin)) flags |= FLAG_UNSEEN_LEFT;
      t.flags[i] = flags;
      t.threshold[i] = 0;
    }
  }
  return t;
}

/** Estimates whether one more round fits before the deadline, from the recent round durations. */
export class RoundTimer {
  private ema = 0;
  private last = 0;
  private started = 0;

  start(): void {
    this.started = Date.now();
  }

  stop(): void {
    const d = Date.now() - this.started;
    this.last = d;
    this.ema = this.ema === 0 ? d : 0.7 * this.ema + 0.3 * d;
  }

  /** True when the next round is expected to end after deadlineMs. */
  wouldMiss(deadlineMs: number | undefined): boolean {
    if (deadlineMs === undefined) return false;
    const est = Math.max(this.ema, this.last);
    return Date.now() + est > deadlineMs;
  }
}
