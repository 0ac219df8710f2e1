// A global gradient-boosting model over all series of a table (the engine's GBDT from lib/ml/core,
// through its public API). Direct multi-horizon: one row per (series, origin, step h) predicts the
// change from the last known value to step h, in units of the series' mean absolute step change,
// from lags, same-season values, rolling means and spread, a local slope, the calendar of the
// target date and the series' identity. Normalising by each series' own level and scale lets one
// model learn shared patterns across series of very different sizes; predicting changes (not
// levels) lets trees follow trends they cannot extrapolate. Steps beyond the trained horizon are
// forecast in chunks from the model's own forecasts.
import { trainGbdtCooperatively, TreeEnsemble, yieldToEventLoop, type FeatureMatrix, type FeatureSpec } from "../../ml/core";
import { dateAt, type Frequency } from "../calendar";
import type { FittedModel, ModelJson } from "./types";

export interface GlobalSeries {
  y: Float64Array;
  start: number;
  periods: number[];
}

export interface GbdtLayout {
  horizon: number;
  lags: number;
  periods: number[];
  window: number;
  frequency: Frequency;
  /** Calendar features used (depends on the frequency). */
  calendar: ("month" | "quarter" | "weekday" | "hour" | "monthday")[];
  seriesCount: number;
}

export interface GbdtSeriesJson extends ModelJson {
  type: "gbdt-global";
  /** Key of the shared ensemble in the artifact. */
  ensemble: string;
  layout: GbdtLayout;
  series: number;
  start: number;
  /** Values the features need, the last `tail.length` of the series (length `n`). */
  tail: number[];
  n: number;
  scale: number;
  /** RMS of the validation errors per step, in units of `scale`. */
  stepRmse: number[];
}

/** Calendar features that vary within the data's cycles. */
export function calendarFeatures(freq: Frequency): GbdtLayout["calendar"] {
  if (freq.unit === "month") return freq.months === 1 ? ["month"] : freq.months === 3 ? ["quarter"] : [];
  if (freq.unit === "weekday") return ["weekday", "month", "monthday"];
  const day = 86_400_000;
  if (freq.ms < day) return ["hour", "weekday", "month"];
  if (freq.ms === day) return ["weekday", "month", "monthday"];
  if (freq.ms <= 7 * day) return ["month"];
  return [];
}

function calendarValue(kind: GbdtLayout["calendar"][number], t: number): number {
  const d = new Date(t);
  switch (kind) {
    case "month":
      return d.getUTCMonth();
    case "quarter":
      return Math.floor(d.getUTCMonth() / 3);
    case "weekday":
      return d.getUTCDay();
    case "hour":
      return d.getUTCHours() + d.getUTCMinutes() / 60;
    case "monthday":
      return d.getUTCDate();
  }
}

export function featureSpecs(layout: GbdtLayout): FeatureSpec[] {
  const specs: FeatureSpec[] = [{ name: "step", kind: "numeric" }];
  for (let j = 2; j <= layout.lags + 1; j++) specs.push({ name: `lag${j}`, kind: "numeric" });
  for (const p of layout.periods) {
    specs.push({ name: `season${p}`, kind: "numeric" });
    specs.push({ name: `season${p}mean`, kind: "numeric" });
  }
  specs.push({ name: "mean3", kind: "numeric" }, { name: "meanW", kind: "numeric" }, { name: "sdW", kind: "numeric" }, { name: "slope", kind: "numeric" });
  for (const c of layout.calendar) specs.push({ name: c, kind: "numeric" });
  if (layout.seriesCount > 1 && layout.seriesCount <= 1000) specs.push({ name: "series", kind: "categorical", categories: layout.seriesCount });
  return specs;
}

/** Values before index `o` that the features read: enough for lags, seasons and windows. */
export function tailNeeded(layout: GbdtLayout): number {
  const maxPeriod = layout.periods.length ? Math.max(...layout.periods) : 0;
  return Math.max(layout.lags + 1, 3 * maxPeriod + layout.horizon, 2 * layout.window, 3);
}

/**
 * Writes the features of (origin o, step h) into row r of `cols`. `y` holds at least the values
 * before o (y[i] for i < o); `offset` maps series index i to y index i - offset.
 */
function writeRow(
  cols: Float64Array[],
  r: number,
  layout: GbdtLayout,
  y: ArrayLike<number>,
  offset: number,
  o: number,
  h: number,
  scale: number,
  start: number,
  seriesId: number,
): void {
  const at = (i: number) => (i - offset >= 0 && i < o ? y[i - offset] : NaN);
  const anchor = at(o - 1);
  let c = 0;
  cols[c++][r] = h;
  for (let j = 2; j <= layout.lags + 1; j++) cols[c++][r] = (at(o - j) - anchor) / scale;
  for (const p of layout.periods) {
    const target = o + h - 1;
    const back = p * Math.ceil(h / p);
    cols[c++][r] = (at(target - back) - anchor) / scale;
    let s = 0;
    let k = 0;
    for (let cyc = 0; cyc < 3; cyc++) {
      const v = at(target - back - cyc * p);
      if (Number.isFinite(v)) {
        s += v;
        k++;
      }
    }
    cols[c++][r] = k ? (s / k - anchor) / scale : NaN;
  }
  const w = layout.window;
  let s3 = 0;
  let k3 = 0;
  let sw = 0;
  let sw2 = 0;
  let kw = 0;
  let sp = 0;
  let kp = 0;
  for (let j = 1; j <= 2 * w; j++) {
    const v = at(o - j);
    if (!Number.isFinite(v)) continue;
    if (j <= 3) {
      s3 += v;
      k3++;
    }
    if (j <= w) {
      sw += v;
      sw2 += v * v;
      kw++;
    } else {
      sp += v;
      kp++;
    }
  }
  const meanW = kw ? sw / kw : NaN;
  cols[c++][r] = k3 ? (s3 / k3 - anchor) / scale : NaN;
  cols[c++][r] = kw ? (meanW - anchor) / scale : NaN;
  cols[c++][r] = kw > 1 ? Math.sqrt(Math.max(0, sw2 / kw - meanW * meanW)) / scale : NaN;
  cols[c++][r] = kw && kp ? (meanW - sp / kp) / scale : NaN;
  const t = dateAt(layout.frequency, start, o + h - 1);
  for (const kind of layout.calendar) cols[c++][r] = calendarValue(kind, t);
  if (layout.seriesCount > 1 && layout.seriesCount <= 1000) cols[c++][r] = seriesId;
}

/** Mean absolute step change over y[0..end): the unit of the model's targets. */
export function stepScale(y: ArrayLike<number>, end: number): number {
  let s = 0;
  let k = 0;
  for (let i = 1; i < end; i++) {
    const d = Math.abs(y[i] - y[i - 1]);
    if (Number.isFinite(d)) {
      s += d;
      k++;
    }
  }
  const v = k ? s / k : 0;
  if (v > 0) return v;
  let m = 0;
  for (let i = 0; i < end; i++) m += Math.abs(y[i]) / Math.max(1, end);
  return m > 0 ? m * 0.01 : 1;
}

export interface GlobalTrainResult {
  ensemble: TreeEnsemble;
  stepRmse: Float64Array;
  rows: number;
  rounds: number;
}

/** Longest stretch of work between two turns of the event loop. */
const YIELD_MS = 50;

/**
 * Trains on every series' values before its cutoff (cutoffs[s] = number of known values). The work
 * gives the event loop a turn every 50 ms or so, and `shouldStop` (polled as often) ends it early:
 * the boosting stops as at its deadline and the caller decides what to do (a cancel throws).
 */
export async function trainGlobalGbdt(
  series: GlobalSeries[],
  cutoffs: number[],
  scales: number[],
  layout: GbdtLayout,
  options: { maxRows: number; deadlineMs: number; seed: number; learningRate?: number; shouldStop?: () => boolean },
): Promise<GlobalTrainResult | null> {
  const H = layout.horizon;
  const minOrigin = Math.max(2, Math.min(layout.lags + 1, 8));
  let total = 0;
  series.forEach((s, i) => {
    const c = cutoffs[i];
    for (let o = minOrigin; o < c; o++) total += Math.min(H, c - o);
  });
  if (total < 30) return null;
  const keep = Math.min(1, options.maxRows / total);
  let state = (options.seed * 2654435761) >>> 0 || 1;
  const rand = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
  const specs = featureSpecs(layout);
  const F = specs.length;
  const estimate = Math.ceil(total * keep * 1.1) + H;
  let cols: Float64Array[] = specs.map(() => new Float64Array(estimate));
  let target: Float64Array = new Float64Array(estimate);
  let isValid: Uint8Array = new Uint8Array(estimate);
  let r = 0;
  let lastYield = Date.now();
  for (let i = 0; i < series.length; i++) {
    const s = series[i];
    const c = cutoffs[i];
    if (Date.now() - lastYield >= YIELD_MS) {
      await yieldToEventLoop();
      lastYield = Date.now();
      if (options.shouldStop?.()) return null;
    }
    for (let o = minOrigin; o < c; o++) {
      if (keep < 1 && rand() > keep) continue;
      for (let h = 1; h <= Math.min(H, c - o); h++) {
        if (r >= target.length) {
          cols = cols.map((col) => grow(col));
          target = grow(target);
          isValid = growBytes(isValid);
        }
        writeRow(cols, r, layout, s.y, 0, o, h, scales[i], s.start, i);
        target[r] = (s.y[o + h - 1] - s.y[o - 1]) / scales[i];
        // The most recent stretch (targets in the last horizon before the cutoff) stops the boosting.
        isValid[r] = o + h - 1 >= c - H ? 1 : 0;
        r++;
      }
    }
  }
  const split = (valid: boolean): FeatureMatrix & { y: Float64Array } => {
    const idx: number[] = [];
    for (let k = 0; k < r; k++) if ((isValid[k] === 1) === valid) idx.push(k);
    return {
      rowCount: idx.length,
      features: specs,
      columns: cols.map((col) => Float64Array.from(idx, (k) => col[k])),
      y: Float64Array.from(idx, (k) => target[k]),
    };
  };
  const train = split(false);
  const valid = split(true);
  if (train.rowCount < 20 || valid.rowCount < 5) return null;
  const params = {
    objective: "regression" as const,
    learningRate: options.learningRate ?? 0.05,
    numLeaves: train.rowCount > 20_000 ? 31 : 15,
    minDataInLeaf: Math.max(5, Math.min(50, Math.floor(train.rowCount / 100))),
    featureFraction: 0.8,
    baggingFraction: 0.8,
    lambdaL2: 1,
    maxRounds: 600,
    earlyStoppingRounds: 40,
    seed: options.seed,
    deadlineMs: options.deadlineMs,
  };
  const cooperation = { yieldMs: YIELD_MS, shouldStop: options.shouldStop };
  const first = await trainGbdtCooperatively(train, train.y, params, { valid: { x: valid, y: valid.y }, ...cooperation });
  if (options.shouldStop?.()) return null;
  const pred = first.predict(valid);
  const sums = new Float64Array(H);
  const counts = new Float64Array(H);
  for (let k = 0; k < valid.rowCount; k++) {
    const h = valid.columns[0][k] - 1;
    const e = valid.y[k] - pred[k];
    sums[h] += e * e;
    counts[h]++;
  }
  const stepRmse = new Float64Array(H);
  let last = 1;
  for (let h = 0; h < H; h++) {
    stepRmse[h] = counts[h] ? Math.sqrt(sums[h] / counts[h]) : last;
    last = stepRmse[h];
  }
  // Refit on all rows (the most recent ones matter most) with the rounds early stopping chose.
  const rounds = Math.max(10, Math.round(first.toJSON().numRounds * 1.1));
  let ensemble = first;
  if (Date.now() < options.deadlineMs) {
    await yieldToEventLoop();
    const all = { rowCount: r, features: specs, columns: cols.map((col) => col.slice(0, r)) };
    const refit = await trainGbdtCooperatively(all, target.slice(0, r), { ...params, maxRounds: rounds, earlyStoppingRounds: undefined }, cooperation);
    if (options.shouldStop?.()) return null;
    if (refit.toJSON().numRounds >= Math.min(rounds, 10)) ensemble = refit;
  }
  return { ensemble, stepRmse, rows: r, rounds };
}

function grow(a: Float64Array): Float64Array {
  const b = new Float64Array(Math.max(16, a.length * 2));
  b.set(a);
  return b;
}

function growBytes(a: Uint8Array): Uint8Array {
  const b = new Uint8Array(Math.max(16, a.length * 2));
  b.set(a);
  return b;
}

/** Forecasts of steps 1..h from origin o (values y[0..o) known) for one series. */
export function predictSeries(
  ensemble: TreeEnsemble,
  layout: GbdtLayout,
  y: ArrayLike<number>,
  offset: number,
  o: number,
  h: number,
  scale: number,
  start: number,
  seriesId: number,
): Float64Array {
  const specs = featureSpecs(layout);
  const out = new Float64Array(h);
  // Chunks of the trained horizon; later chunks start from the earlier forecasts.
  const known: number[] = [];
  const need = tailNeeded(layout);
  for (let i = Math.max(offset, o - need); i < o; i++) known.push(y[i - offset]);
  let base = o - known.length;
  let origin = o;
  for (let done = 0; done < h; ) {
    const steps = Math.min(layout.horizon, h - done);
    const cols = specs.map(() => new Float64Array(steps));
    for (let k = 0; k < steps; k++) writeRow(cols, k, layout, known, base, origin, k + 1, scale, start, seriesId);
    const pred = ensemble.predict({ rowCount: steps, features: specs, columns: cols });
    const anchor = known[known.length - 1];
    for (let k = 0; k < steps; k++) {
      const v = anchor + scale * pred[k];
      out[done + k] = v;
      known.push(v);
    }
    origin += steps;
    done += steps;
    if (known.length > 4 * need) {
      const drop = known.length - 2 * need;
      known.splice(0, drop);
      base += drop;
    }
  }
  return out;
}

export class GbdtSeriesModel implements FittedModel {
  constructor(
    readonly json: GbdtSeriesJson,
    private readonly ensemble: TreeEnsemble,
  ) {}

  get name(): string {
    return this.json.layout.seriesCount > 1 ? `gradient boosting across ${this.json.layout.seriesCount} series` : "gradient boosting on lags and calendar";
  }

  forecast(h: number): Float64Array {
    const { layout, tail, n, scale, start, series } = this.json;
    return predictSeries(this.ensemble, layout, tail, n - tail.length, n, h, scale, start, series);
  }

  spread(h: number): Float64Array {
    const { stepRmse, scale } = this.json;
    const out = new Float64Array(h);
    const H = stepRmse.length;
    for (let k = 0; k < h; k++) {
      // Beyond the trained horizon the error keeps growing like a random walk of chunks.
      out[k] = k < H ? stepRmse[k] * scale : stepRmse[H - 1] * scale * Math.sqrt((k + 1) / H);
    }
    return out;
  }

  toJSON(): GbdtSeriesJson {
    return this.json;
  }
}
