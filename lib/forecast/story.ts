// What drives a series, in plain words: an MSTL decomposition into trend, one seasonal component
// per cycle and the rest, with each part's share of the variation (field_importance) and
// sentences about the trend's direction, the seasonal peaks and troughs, and the forecast.
import { dateAt, describeFrequency, type Frequency, type SeasonCandidate } from "./calendar";
import { mstl, smoothTrend } from "./decompose/stl";
import { mean, variance } from "./math/stats";

export interface StoryOutcome {
  outcome: string;
  causes: { field: string; top_value: string; bottom_value: string }[];
  top_case: number;
  avg_case: number;
  bottom_case: number;
  /** The same in one plain sentence. */
  text: string;
}

export interface SeriesStory {
  /** Component -> share of the variation (sums to 1). */
  shares: Record<string, number>;
  outcomes: StoryOutcome[];
  sentences: string[];
}

export function formatNumber(v: number): string {
  if (!Number.isFinite(v)) return String(v);
  const abs = Math.abs(v);
  const digits = abs >= 1000 ? 0 : abs >= 100 ? 1 : abs >= 1 ? 2 : 3;
  const rounded = Number(v.toPrecision(Math.max(3, Math.ceil(Math.log10(abs + 1e-12)) + 1)));
  return rounded.toLocaleString("en-US", { maximumFractionDigits: digits });
}

export function cycleName(cycle: string, period: number): string {
  const adjective = cycle === "year" ? "yearly" : cycle === "week" ? "weekly" : cycle === "day" ? "daily" : `${cycle}ly`;
  return `${adjective} seasonality (${period} steps)`;
}

export interface StoryInput {
  y: Float64Array;
  start: number;
  frequency: Frequency;
  seasons: SeasonCandidate[];
  periods: number[];
  forecast: Float64Array;
  valueField: string;
  dateField: string;
}

const dateLabel = (t: number, freq: Frequency) => {
  const iso = new Date(t).toISOString();
  if (freq.unit === "month") return freq.months >= 12 ? iso.slice(0, 4) : iso.slice(0, 7);
  if (freq.unit === "fixed" && freq.ms < 86_400_000) return iso.slice(0, 16).replace("T", " ");
  return iso.slice(0, 10);
};

export function describeSeries(input: StoryInput): SeriesStory {
  const { y, periods, frequency, valueField, dateField } = input;
  const n = y.length;
  const step = describeFrequency(frequency).step;
  const fit = periods.length ? mstl(y, periods) : null;
  const trend = fit ? fit.trend : smoothTrend(y);
  const seasonals = fit ? fit.seasonals : [];
  const used = fit ? fit.periods : [];
  const remainder = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let s = 0;
    for (const c of seasonals) s += c[i];
    remainder[i] = y[i] - trend[i] - s;
  }
  const vt = variance(trend);
  const vs = seasonals.map((c) => variance(c));
  const vr = variance(remainder);
  const total = vt + vs.reduce((a, b) => a + b, 0) + vr || 1;
  const shares: Record<string, number> = { trend: vt / total };
  const outcomes: StoryOutcome[] = [];
  const sentences: string[] = [];
  const level = mean(y);

  // Trend: the whole history and the recent pace.
  const k = Math.min(n - 1, Math.max(2 * (used[0] ?? 1), 10));
  const recent = (trend[n - 1] - trend[n - 1 - k]) / k;
  const first = trend[0];
  const last = trend[n - 1];
  const change = first !== 0 ? (100 * (last - first)) / Math.abs(first) : 0;
  const flat = Math.abs(last - first) < 0.05 * (Math.abs(level) + Math.sqrt(variance(y)));
  // The field's name is the subject of no present-tense verb: "deaths peaks", "sales has" read wrong.
  const trendText = flat
    ? `There is no clear trend in ${valueField}: the underlying level stayed near ${formatNumber(level)}.`
    : `${valueField} ${last > first ? "rose" : "fell"} from about ${formatNumber(first)} to ${formatNumber(last)} over the history (${change >= 0 ? "+" : ""}${formatNumber(change)}%), lately ${recent >= 0 ? "+" : ""}${formatNumber(recent)} per ${step}.`;
  outcomes.push({
    outcome: "trend",
    causes: [
      {
        field: dateField,
        top_value: dateLabel(dateAt(frequency, input.start, last >= first ? n - 1 : 0), frequency),
        bottom_value: dateLabel(dateAt(frequency, input.start, last >= first ? 0 : n - 1), frequency),
      },
    ],
    top_case: Math.max(first, last),
    avg_case: level,
    bottom_case: Math.min(first, last),
    text: trendText,
  });
  sentences.push(trendText);

  used.forEach((p, idx) => {
    const candidate = input.seasons.find((c) => c.period === p);
    const name = cycleName(candidate?.cycle ?? `${p}-step`, p);
    shares[name] = vs[idx] / total;
    // Average seasonal effect per position over the last (up to) three cycles.
    const comp = seasonals[idx];
    const cycles = Math.min(3, Math.floor(n / p));
    const avg = new Float64Array(p);
    for (let c = 0; c < cycles; c++) for (let j = 0; j < p; j++) avg[j] += comp[n - (c + 1) * p + j] / cycles;
    let hi = 0;
    let lo = 0;
    for (let j = 1; j < p; j++) {
      if (avg[j] > avg[hi]) hi = j;
      if (avg[j] < avg[lo]) lo = j;
    }
    const label = (j: number) => (candidate ? candidate.label(dateAt(frequency, input.start, n - p + j)) : `position ${j + 1}`);
    const swing = (avg[hi] - avg[lo]) / 2;
    const rel = level !== 0 ? (100 * swing) / Math.abs(level) : 0;
    const text = `Every ${candidate?.cycle ?? `${p} steps`}, the peak of ${valueField} comes around ${label(hi)} and the low around ${label(lo)}: a swing of about ±${formatNumber(swing)}${level > 0 ? ` (±${formatNumber(rel)}% of the level)` : ""}.`;
    outcomes.push({
      outcome: name,
      causes: [{ field: dateField, top_value: label(hi), bottom_value: label(lo) }],
      top_case: level + avg[hi],
      avg_case: level,
      bottom_case: level + avg[lo],
      text,
    });
    sentences.push(text);
  });
  shares.irregular = vr / total;
  const noise = `About ${Math.round(100 * shares.irregular)}% of the variation is irregular: movement no trend or cycle explains.`;
  sentences.push(noise);

  // The forecast against the most recent stretch of the same length.
  const h = input.forecast.length;
  const recentMean = mean(y, Math.max(0, n - h), n);
  const futureMean = mean(input.forecast);
  if (Number.isFinite(futureMean) && Math.abs(recentMean) > 0) {
    const pct = (100 * (futureMean - recentMean)) / Math.abs(recentMean);
    sentences.push(
      Math.abs(pct) < 1
        ? `Over the next ${h} ${h === 1 ? step : `${step}s`} the forecast stays about level with the last ${h} (average ${formatNumber(futureMean)}).`
        : `Over the next ${h} ${h === 1 ? step : `${step}s`} the forecast averages ${formatNumber(futureMean)}, ${formatNumber(Math.abs(pct))}% ${pct > 0 ? "above" : "below"} the last ${h}.`,
    );
  }
  return { shares, outcomes, sentences };
}
