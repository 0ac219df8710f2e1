// Split finding over leaf histograms (LightGBM's FeatureHistogram::FindBestThreshold): for each
// candidate feature, a scan of the cumulative bin sums that tries missing values on both sides,
// extra-trees' single random threshold, and categorical partitions (one-vs-rest for few categories,
// else categories ordered by gradient / (hessian + smoothing) and scanned from both ends). The best
// split of every open leaf is kept in flat per-leaf arrays that the growth loop reads.
import { CAT_WORDS, thresholdL1, type BinLayout, type GrowerConfig } from "./grower-config";
import { Rng } from "./random";

export class SplitFinder {
  // Best split per leaf.
  readonly bestGain: Float64Array;
  readonly bestFeature: Int32Array;
  readonly bestBin: Int32Array;
  readonly bestDefaultLeft: Uint8Array;
  /** CAT_WORDS words per leaf: bins going left for a categorical split. */
  readonly bestCat: Uint32Array;
  /** Histogram sums (stride values) of the left side per leaf. */
  readonly bestLeftSum: Float64Array;
  private readonly m: number; // gradient channels
  private readonly S: number; // histogram stride per bin: m grads, hess, [count]
  private readonly hasCount: boolean;
  private cntFactor = 1; // rows per unit of hessian in the leaf being scanned (when counts are estimated)
  private totCount = 0; // rows in the leaf being scanned
  private rng: Rng = new Rng(0);
  // Scratch.
  private readonly acc: Float64Array;
  private readonly acc2: Float64Array;
  private readonly accMiss: Float64Array;
  private readonly tot: Float64Array;
  private readonly catOrder = new Int32Array(256);
  private readonly catKey = new Float64Array(256);
  private readonly catCand = new Uint32Array(CAT_WORDS);
  private readonly proj: Float64Array;
  private readonly nodeFeats: Int32Array;

  constructor(
    private readonly layout: BinLayout,
    private readonly cfg: GrowerConfig,
    channels: number,
    hasCount: boolean,
    maxLeaves: number,
  ) {
    this.m = channels;
    this.hasCount = hasCount;
    this.S = channels + (hasCount ? 2 : 1);
    const L = maxLeaves;
    this.bestGain = new Float64Array(L);
    this.bestFeature = new Int32Array(L);
    this.bestBin = new Int32Array(L);
    this.bestDefaultLeft = new Uint8Array(L);
    this.bestCat = new Uint32Array(L * CAT_WORDS);
    this.bestLeftSum = new Float64Array(L * this.S);
    this.acc = new Float64Array(this.S);
    this.acc2 = new Float64Array(this.S);
    this.accMiss = new Float64Array(this.S);
    this.tot = new Float64Array(this.S);
    this.proj = new Float64Array(channels);
    this.nodeFeats = new Int32Array(layout.numFeatures);
  }

  /**
   * Best split of `leaf` from its histogram. sums[base .. base + stride) are the leaf's totals and
   * `count` its rows; features are drawn from feats[0 .. numFeats) (a random share per node when
   * nodeFeatureFraction < 1). Sets bestFeature[leaf] = -1 when no split is allowed; bestGain[leaf]
   * must hold the gain to beat (-Infinity for any).
   */
  find(leaf: number, hist: Float64Array, sums: Float64Array, base: number, count: number, feats: Int32Array, numFeats: number, rng: Rng): void {
    const S = this.S;
    const m = this.m;
    const cfg = this.cfg;
    this.rng = rng;
    const tot = this.tot;
    for (let k = 0; k < S; k++) tot[k] = sums[base + k];
    this.totCount = count;
    this.cntFactor = this.hasCount ? 1 : tot[m] > 0 ? this.totCount / tot[m] : 0;
    this.bestFeature[leaf] = -1;
    // Candidate features: all of the tree's, or a random subset per node (forests).
    let nCand = numFeats;
    const cand = this.nodeFeats;
    for (let j = 0; j < nCand; j++) cand[j] = feats[j];
    if (cfg.nodeFeatureFraction < 1) {
      const want = Math.max(1, Math.round(nCand * cfg.nodeFeatureFraction));
      for (let j = 0; j < want; j++) {
        const p = j + this.rng.nextInt(nCand - j);
        const tmp = cand[j];
        cand[j] = cand[p];
        cand[p] = tmp;
      }
      nCand = want;
    }
    if (m > 1 && !cfg.extraTrees) {
      // Random projection of the channels orders categories for multi-output (class frequency) trees.
      for (let k = 0; k < m; k++) this.proj[k] = this.rng.next() - 0.5;
    }
    for (let j = 0; j < nCand; j++) {
      const f = cand[j];
      if (this.layout.isCategorical[f]) this.scanCategorical(leaf, f, hist, tot);
      else this.scanNumeric(leaf, f, hist, tot);
    }
  }

  /** Marks `leaf` as having no split. */
  clear(leaf: number): void {
    this.bestGain[leaf] = -Infinity;
  }

  /** Rows in a histogram bin or accumulated sums at `base` (estimated from the hessian without a count channel). */
  private binCount(a: Float64Array, base: number): number {
    return this.hasCount ? a[base + this.m + 1] : a[base + this.m] * this.cntFactor;
  }

  private leafScore(sums: Float64Array, base: number, extraL2: number): number {
    const m = this.m;
    const h = sums[base + m] + this.cfg.lambdaL2 + extraL2;
    if (h <= 0) return 0;
    if (m === 1) {
      const g = thresholdL1(sums[base], this.cfg.lambdaL1);
      return (g * g) / h;
    }
    let s = 0;
    for (let k = 0; k < m; k++) {
      const g = thresholdL1(sums[base + k], this.cfg.lambdaL1);
      s += g * g;
    }
    return s / h;
  }

  /** Records a candidate split if it beats the leaf's best; left sums are in `left`. */
  private consider(
    leaf: number,
    f: number,
    bin: number,
    defaultLeft: boolean,
    left: Float64Array,
    tot: Float64Array,
    parentScore: number,
    extraL2: number,
    catSet: Uint32Array | null,
  ): void {
    const S = this.S;
    const m = this.m;
    const cfg = this.cfg;
    const cl = this.binCount(left, 0);
    const cr = this.totCount - cl;
    if (cl < cfg.minDataInLeaf || cr < cfg.minDataInLeaf) return;
    const hl = left[m];
    const hr = tot[m] - hl;
    if (hl < cfg.minSumHessian || hr < cfg.minSumHessian) return;
    const right = this.acc2;
    for (let k = 0; k < S; k++) right[k] = tot[k] - left[k];
    const gain = this.leafScore(left, 0, extraL2) + this.leafScore(right, 0, extraL2) - parentScore;
    if (!(gain > this.bestGain[leaf])) return;
    this.bestGain[leaf] = gain;
    this.bestFeature[leaf] = f;
    this.bestBin[leaf] = bin;
    this.bestDefaultLeft[leaf] = defaultLeft ? 1 : 0;
    const cb = leaf * CAT_WORDS;
    for (let w = 0; w < CAT_WORDS; w++) this.bestCat[cb + w] = catSet ? catSet[w] : 0;
    for (let k = 0; k < S; k++) this.bestLeftSum[leaf * S + k] = left[k];
  }

  private scanNumeric(leaf: number, f: number, hist: Float64Array, tot: Float64Array): void {
    const S = this.S;
    const m = this.m;
    const nb = this.layout.numBins[f];
    if (nb < 2) return; // only the missing bin: nothing to split
    const o = this.layout.offsets[f] * S;
    const acc = this.acc;
    const parentScore = this.leafScore(tot, 0, 0);
    const missCount = this.binCount(hist, o);
    const last = nb - 1;
    if (this.cfg.extraTrees) {
      // Random threshold between the smallest and largest value bins present in the node.
      let lo = -1;
      let hi = -1;
      for (let b = 1; b < nb; b++) {
        if (this.binCount(hist, o + b * S) > 0) {
          if (lo < 0) lo = b;
          hi = b;
        }
      }
      let t: number;
      if (lo < 0) return;
      if (lo === hi) {
        if (missCount <= 0) return;
        t = last; // values vs missing
      } else t = lo + this.rng.nextInt(hi - lo);
      for (let k = 0; k < S; k++) acc[k] = 0;
      for (let b = 1; b <= t; b++) for (let k = 0; k < S; k++) acc[k] += hist[o + b * S + k];
      this.considerNumeric(leaf, f, t, acc, hist, o, tot, parentScore, missCount);
      return;
    }
    if (m === 1) {
      this.scanNumericScalar(leaf, f, hist, o, last, parentScore);
      return;
    }
    for (let k = 0; k < S; k++) acc[k] = 0;
    for (let t = 1; t <= last; t++) {
      const bo = o + t * S;
      if (this.binCount(hist, bo) === 0 && t < last) continue; // empty bin: same partition as t - 1
      for (let k = 0; k < S; k++) acc[k] += hist[bo + k];
      this.considerNumeric(leaf, f, t, acc, hist, o, tot, parentScore, missCount);
    }
  }

  /** Single-channel threshold scan with scalar accumulators (the hot path of boosting). */
  private scanNumericScalar(leaf: number, f: number, hist: Float64Array, o: number, last: number, parentScore: number): void {
    const S = this.S;
    const cfg = this.cfg;
    const hasCount = this.hasCount;
    const cf = this.cntFactor;
    const l2 = cfg.lambdaL2;
    const l1 = cfg.lambdaL1;
    const minData = cfg.minDataInLeaf;
    const minHess = cfg.minSumHessian;
    const gTot = this.tot[0];
    const hTot = this.tot[1];
    const cTot = this.totCount;
    const gM = hist[o];
    const hM = hist[o + 1];
    const cM = hasCount ? hist[o + 2] : hM * cf;
    const hasMissing = cM > 0;
    let best = this.bestGain[leaf];
    let bestT = -1;
    let bestDefLeft = false;
    let bG = 0;
    let bH = 0;
    let bC = 0;
    let gl = 0;
    let hl = 0;
    let cl = 0;
    for (let t = 1; t <= last; t++) {
      const bo = o + t * S;
      const hb = hist[bo + 1];
      const cb = hasCount ? hist[bo + 2] : hb * cf;
      if (cb === 0 && t < last) continue; // empty bin: same partition as t - 1
      gl += hist[bo];
      hl += hb;
      cl += cb;
      // Missing values to the right.
      let cr = cTot - cl;
      let hr = hTot - hl;
      if (cl >= minData && cr >= minData && hl >= minHess && hr >= minHess) {
        const a = l1 > 0 ? thresholdL1(gl, l1) : gl;
        const b = l1 > 0 ? thresholdL1(gTot - gl, l1) : gTot - gl;
        const gain = (a * a) / (hl + l2) + (b * b) / (hr + l2) - parentScore;
        if (gain > best) {
          best = gain;
          bestT = t;
          // Without missing rows here, future missing values follow the larger side.
          bestDefLeft = hasMissing ? false : cl >= cr;
          bG = gl;
          bH = hl;
          bC = cl;
        }
      }
      if (hasMissing) {
        // Missing values to the left.
        const gl2 = gl + gM;
        const hl2 = hl + hM;
        const cl2 = cl + cM;
        cr = cTot - cl2;
        hr = hTot - hl2;
        if (cl2 >= minData && cr >= minData && hl2 >= minHess && hr >= minHess) {
          const a = l1 > 0 ? thresholdL1(gl2, l1) : gl2;
          const b = l1 > 0 ? thresholdL1(gTot - gl2, l1) : gTot - gl2;
          const gain = (a * a) / (hl2 + l2) + (b * b) / (hr + l2) - parentScore;
          if (gain > best) {
            best = gain;
            bestT = t;
            bestDefLeft = true;
            bG = gl2;
            bH = hl2;
            bC = cl2;
          }
        }
      }
    }
    if (bestT < 0) return;
    this.bestGain[leaf] = best;
    this.bestFeature[leaf] = f;
    this.bestBin[leaf] = bestT;
    this.bestDefaultLeft[leaf] = bestDefLeft ? 1 : 0;
    const cbase = leaf * CAT_WORDS;
    for (let w = 0; w < CAT_WORDS; w++) this.bestCat[cbase + w] = 0;
    const base = leaf * S;
    this.bestLeftSum[base] = bG;
    this.bestLeftSum[base + 1] = bH;
    if (hasCount) this.bestLeftSum[base + 2] = bC;
  }

  private considerNumeric(
    leaf: number,
    f: number,
    t: number,
    acc: Float64Array,
    hist: Float64Array,
    o: number,
    tot: Float64Array,
    parentScore: number,
    missCount: number,
  ): void {
    const S = this.S;
    const m = this.m;
    // Missing to the right: left = value bins 1..t.
    const accCount = this.binCount(acc, 0);
    if (missCount > 0 || accCount < this.totCount) {
      const before = this.bestGain[leaf];
      this.consider(leaf, f, t, false, acc, tot, parentScore, 0, null);
      // With no missing rows in the node, send future missing values to the larger side.
      if (missCount === 0 && this.bestGain[leaf] > before && this.bestFeature[leaf] === f && this.bestBin[leaf] === t) {
        this.bestDefaultLeft[leaf] = accCount >= this.totCount - accCount ? 1 : 0;
      }
    }
    if (missCount > 0) {
      // Missing to the left: left = missing + value bins 1..t.
      const left = this.accMiss;
      for (let k = 0; k < S; k++) left[k] = acc[k] + hist[o + k];
      this.consider(leaf, f, t, true, left, tot, parentScore, 0, null);
    }
  }

  private scanCategorical(leaf: number, f: number, hist: Float64Array, tot: Float64Array): void {
    const S = this.S;
    const m = this.m;
    const cfg = this.cfg;
    const nb = this.layout.numBins[f];
    const o = this.layout.offsets[f] * S;
    const acc = this.acc;
    const set = this.catCand;
    const order = this.catOrder;
    const key = this.catKey;
    let used = 0;
    for (let b = 0; b < nb; b++) if (this.binCount(hist, o + b * S) > 0) order[used++] = b;
    if (used < 2) return;
    if (used <= cfg.maxCatToOnehot) {
      // One category against the rest.
      const parentScore = this.leafScore(tot, 0, 0);
      const pick = cfg.extraTrees ? this.rng.nextInt(used) : -1;
      for (let i = 0; i < used; i++) {
        if (pick >= 0 && i !== pick) continue;
        const b = order[i];
        for (let k = 0; k < S; k++) acc[k] = hist[o + b * S + k];
        set.fill(0);
        set[b >>> 5] |= 1 << (b & 31);
        this.consider(leaf, f, 0, b === 0, acc, tot, parentScore, 0, set);
      }
      return;
    }
    // Order frequent-enough categories by gradient / (hessian + smoothing), then scan prefixes from both ends.
    let nc = 0;
    for (let i = 0; i < used; i++) {
      const b = order[i];
      const bo = o + b * S;
      if (this.binCount(hist, bo) < cfg.minDataPerGroup) continue;
      let g = hist[bo];
      if (m > 1) {
        g = 0;
        for (let k = 0; k < m; k++) g += this.proj[k] * hist[bo + k];
      }
      key[b] = g / (hist[bo + m] + cfg.catSmooth);
      order[nc++] = b;
    }
    if (nc < 2) return;
    // Insertion sort by key (ties by bin): few categories, no allocation, deterministic.
    for (let i = 1; i < nc; i++) {
      const b = order[i];
      const kb = key[b];
      let j = i - 1;
      while (j >= 0 && (key[order[j]] > kb || (key[order[j]] === kb && order[j] > b))) {
        order[j + 1] = order[j];
        j--;
      }
      order[j + 1] = b;
    }
    const sorted = order;
    const parentScore = this.leafScore(tot, 0, cfg.catL2);
    const maxCats = Math.min(cfg.maxCatThreshold, Math.floor((nc + 1) / 2));
    for (let dir = 0; dir < 2; dir++) {
      for (let k = 0; k < S; k++) acc[k] = 0;
      set.fill(0);
      const limit = Math.min(maxCats, nc - 1);
      let only = -1;
      if (cfg.extraTrees) {
        only = this.rng.nextInt(limit);
        if (dir === 1) break;
      }
      for (let i = 0; i < limit; i++) {
        const b = dir === 0 ? sorted[i] : sorted[nc - 1 - i];
        const bo = o + b * S;
        for (let k = 0; k < S; k++) acc[k] += hist[bo + k];
        set[b >>> 5] |= 1 << (b & 31);
        if (only >= 0 && i !== only) continue;
        this.consider(leaf, f, 0, (set[0] & 1) === 1, acc, tot, parentScore, cfg.catL2, set);
      }
    }
  }
}
