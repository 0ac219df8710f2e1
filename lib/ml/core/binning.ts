// Quantile binning of features into bytes, as LightGBM does: trees are grown on bins, which makes
// histograms small and split finding independent of the row count.
import { Rng } from "./random";
import type { BinnedMatrix, FeatureMatrix, FeatureSpec } from "./types";

/** Bin 0 always holds missing values (NaN); value bins start at 1. */
export const MISSING_BIN = 0;
/** Most value bins a feature may have: 255 value bins + the missing bin fit in a byte. */
export const MAX_VALUE_BINS = 255;
const DEFAULT_SAMPLE_ROWS = 200_000;
/** Categories seen fewer times than this are pooled into one "other" bin. */
const MIN_CATEGORY_COUNT = 2;

export interface NumericBinInfo {
  kind: "numeric";
  /** Upper bounds of value bins 1..n-1 (the last value bin is unbounded): bin k holds v <= bounds[k-1]. */
  bounds: Float64Array;
  numBins: number;
}

export interface CategoricalBinInfo {
  kind: "categorical";
  /** Bin of each category index 0..k-1. */
  catToBin: Int32Array;
  /** Bin for categories never seen (or pooled): the "other" bin if there is one, else the missing bin. */
  unseenBin: number;
  numBins: number;
}

export type FeatureBinInfo = NumericBinInfo | CategoricalBinInfo;

interface BinMapperJson {
  version: 1;
  features: FeatureSpec[];
  bins: ({ kind: "numeric"; bounds: number[] } | { kind: "categorical"; catToBin: number[]; unseenBin: number; numBins: number })[];
}

export class BinMapper {
  readonly features: FeatureSpec[];
  readonly info: FeatureBinInfo[];
  /** Total bins (including the missing bin) per feature. */
  readonly numBins: Int32Array;

  private constructor(features: FeatureSpec[], info: FeatureBinInfo[]) {
    this.features = features;
    this.info = info;
    this.numBins = Int32Array.from(info.map((i) => i.numBins));
  }

  get numFeatures(): number {
    return this.features.length;
  }

  /** Fits bins on (a sample of at most ~200k rows of) the training features. */
  static fit(x: FeatureMatrix, maxBins = MAX_VALUE_BINS, seed = 0, sampleRows = DEFAULT_SAMPLE_ROWS): BinMapper {
    validateMatrix(x);
    const valueBins = Math.max(2, Math.min(MAX_VALUE_BINS, Math.floor(maxBins)));
    let sample: Int32Array | null = null;
    if (x.rowCount > sampleRows) sample = new Rng(seed).sampleIndices(x.rowCount, sampleRows);
    const info: FeatureBinInfo[] = x.features.map((spec, f) => {
      const col = x.columns[f];
      if (spec.kind === "categorical") return fitCategorical(col, spec.categories ?? 0, valueBins);
      return fitNumeric(col, sample, valueBins);
    });
    return new BinMapper(
      x.features.map((s) => ({ ...s })),
      info,
    );
  }

  /** Maps features (same layout as the fitted ones) to row-major bytes. */
  transform(x: FeatureMatrix): BinnedMatrix {
    validateMatrix(x);
    this.checkCompatible(x);
    const F = this.features.length;
    const n = x.rowCount;
    const bins = new Uint8Array(n * F);
    for (let f = 0; f < F; f++) {
      const info = this.info[f];
      const col = x.columns[f];
      if (info.kind === "numeric") {
        const bounds = info.bounds;
        const nb = bounds.length;
        for (let r = 0, p = f; r < n; r++, p += F) {
          const v = col[r];
          if (v !== v) continue; // NaN -> missing bin 0 (already zero)
          // Lower bound search: first k with v <= bounds[k]; bin k + 1.
          let lo = 0;
          let hi = nb;
          while (lo < hi) {
            const mid = (lo + hi) >>> 1;
            if (v <= bounds[mid]) hi = mid;
            else lo = mid + 1;
          }
          bins[p] = lo + 1;
        }
      } else {
        const map = info.catToBin;
        const k = map.length;
        const unseen = info.unseenBin;
        for (let r = 0, p = f; r < n; r++, p += F) {
          const v = col[r];
          if (v !== v) continue;
          bins[p] = v >= 0 && v < k && v === Math.floor(v) ? map[v] : unseen;
        }
      }
    }
    return { rowCount: n, numFeatures: F, bins };
  }

  /** Raw threshold of a numeric split "bin <= bin": values v <= threshold go left. */
  thresholdOf(feature: number, bin: number): number {
    const info = this.info[feature];
    if (info.kind !== "numeric") throw new Error(`feature ${feature} is categorical, it has no threshold`);
    if (bin < 1 || bin > info.bounds.length) return Infinity;
    return info.bounds[bin - 1];
  }

  /** Throws unless x has the fitted feature count and kinds. */
  checkCompatible(x: FeatureMatrix): void {
    if (x.features.length !== this.features.length) {
      throw new Error(`feature count mismatch: bins were fitted on ${this.features.length} features, got ${x.features.length}`);
    }
    for (let f = 0; f < this.features.length; f++) {
      if (x.features[f].kind !== this.features[f].kind) {
        throw new Error(`feature ${f} ("${x.features[f].name}") is ${x.features[f].kind}, bins were fitted for ${this.features[f].kind}`);
      }
    }
  }

  toJSON(): BinMapperJson {
    return {
      version: 1,
      features: this.features.map((s) => ({ ...s })),
      bins: this.info.map((i) =>
        i.kind === "numeric"
          ? { kind: "numeric" as const, bounds: Array.from(i.bounds) }
          : { kind: "categorical" as const, catToBin: Array.from(i.catToBin), unseenBin: i.unseenBin, numBins: i.numBins },
      ),
    };
  }

  static fromJSON(json: unknown): BinMapper {
    const j = json as BinMapperJson;
    if (!j || j.version !== 1 || !Array.isArray(j.features) || !Array.isArray(j.bins) || j.bins.length !== j.features.length) {
      throw new Error("invalid BinMapper JSON");
    }
    const info: FeatureBinInfo[] = j.bins.map((b) =>
      b.kind === "numeric"
        ? { kind: "numeric", bounds: Float64Array.from(b.bounds), numBins: b.bounds.length + 2 }
        : { kind: "categorical", catToBin: Int32Array.from(b.catToBin), unseenBin: b.unseenBin, numBins: b.numBins },
    );
    return new BinMapper(j.features, info);
  }
}

/** Throws an Error naming the sizes when columns do not match the declared shape. */
export function validateMatrix(x: FeatureMatrix): void {
  if (!x || !Array.isArray(x.features) || !Array.isArray(x.columns)) throw new Error("FeatureMatrix needs features and columns arrays");
  if (x.columns.length !== x.features.length) {
    throw new Error(`FeatureMatrix has ${x.features.length} features but ${x.columns.length} columns`);
  }
  for (let f = 0; f < x.columns.length; f++) {
    if (x.columns[f].length !== x.rowCount) {
      throw new Error(`column ${f} ("${x.features[f].name}") has length ${x.columns[f].length}, expected rowCount ${x.rowCount}`);
    }
  }
}

function fitNumeric(col: Float64Array, sample: Int32Array | null, maxValueBins: number): NumericBinInfo {
  const m = sample ? sample.length : col.length;
  const vals = new Float64Array(m);
  let k = 0;
  for (let i = 0; i < m; i++) {
    const v = col[sample ? sample[i] : i];
    if (v === v) vals[k++] = v;
  }
  const sorted = vals.subarray(0, k).sort();
  // Distinct values and their counts.
  const distinct: number[] = [];
  const counts: number[] = [];
  for (let i = 0; i < k; i++) {
    const v = sorted[i];
    if (distinct.length > 0 && distinct[distinct.length - 1] === v) counts[counts.length - 1]++;
    else {
      distinct.push(v);
      counts.push(1);
    }
  }
  const bounds: number[] = [];
  const nd = distinct.length;
  if (nd <= maxValueBins) {
    for (let i = 0; i + 1 < nd; i++) bounds.push(midpoint(distinct[i], distinct[i + 1]));
  } else {
    // Greedy equal-frequency bins; re-aim the target after each bin so heavy values get a bin of their own.
    let remaining = k;
    let binsLeft = maxValueBins;
    let acc = 0;
    for (let i = 0; i + 1 < nd && binsLeft > 1; i++) {
      acc += counts[i];
      const target = remaining / binsLeft;
      // Close early if the next value alone would overshoot the target by more than this bin is short of it.
      if (acc >= target || acc + counts[i + 1] - target > target - acc) {
        bounds.push(midpoint(distinct[i], distinct[i + 1]));
        remaining -= acc;
        acc = 0;
        binsLeft--;
      }
    }
  }
  return { kind: "numeric", bounds: Float64Array.from(bounds), numBins: bounds.length + 2 };
}

function midpoint(a: number, b: number): number {
  const m = a + (b - a) / 2;
  // Guard against rounding onto b (adjacent floats): the bound must separate a from b.
  return m >= b ? a : m;
}

function fitCategorical(col: Float64Array, declared: number, maxValueBins: number): CategoricalBinInfo {
  let k = Math.max(0, Math.floor(declared));
  for (let i = 0; i < col.length; i++) {
    const v = col[i];
    if (v === v && v >= 0 && v === Math.floor(v) && v + 1 > k) k = v + 1;
  }
  const counts = new Float64Array(k);
  for (let i = 0; i < col.length; i++) {
    const v = col[i];
    if (v === v && v >= 0 && v < k && v === Math.floor(v)) counts[v]++;
  }
  const order = Array.from({ length: k }, (_, i) => i)
    .filter((c) => counts[c] >= MIN_CATEGORY_COUNT)
    .sort((a, b) => counts[b] - counts[a] || a - b);
  // Leave room for the "other" bin when some categories are pooled.
  const keep = order.slice(0, maxValueBins - 1);
  const catToBin = new Int32Array(k);
  const kept = new Set(keep);
  const hasOther = keep.length < k;
  const otherBin = keep.length + 1;
  keep.sort((a, b) => a - b).forEach((c, i) => (catToBin[c] = i + 1));
  for (let c = 0; c < k; c++) if (!kept.has(c)) catToBin[c] = otherBin;
  return {
    kind: "categorical",
    catToBin,
    unseenBin: hasOther ? otherBin : MISSING_BIN,
    numBins: keep.length + 1 + (hasOther ? 1 : 0),
  };
}
