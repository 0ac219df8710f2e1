// The training result's summaries: overall backtest statistics, field_importance (shares of the
// variation) and the data story in plain words.
import { roundValue } from "./model";
import type { SearchResult } from "./search";
import { formatNumber, type describeSeries } from "./story";
import type { ForecastStat, ForecastStory, ForecastTrainRequest, Prepared } from "./train";

/** The overall statistics: point-weighted errors, MASE averaged over series. */
export function summarise(stats: ForecastStat[], base: { field: number; field_name: string; field_type: "forecast" }, H: number): ForecastStat {
  if (stats.length === 1) return { ...stats[0] };
  const count = stats.reduce((a, s) => a + s.count, 0);
  const w = (pick: (s: ForecastStat) => number | null) => {
    let sum = 0;
    let weight = 0;
    for (const s of stats) {
      const v = pick(s);
      if (v === null || !Number.isFinite(v)) return null;
      sum += v * s.count;
      weight += s.count;
    }
    return weight ? roundValue(sum / weight) : null;
  };
  const rmse = Math.sqrt(stats.reduce((a, s) => a + s.rmse * s.rmse * s.count, 0) / Math.max(1, count));
  return {
    ...base,
    series: stats.length,
    count,
    windows: Math.round(stats.reduce((a, s) => a + s.windows, 0) / stats.length),
    horizon: H,
    mae: w((s) => s.mae) ?? NaN,
    rmse: roundValue(rmse),
    mape: w((s) => s.mape),
    mase: roundValue(stats.reduce((a, s) => a + s.mase, 0) / stats.length),
    coverage_80: w((s) => s.coverage_80),
    coverage_95: w((s) => s.coverage_95),
  };
}

export function fieldImportance(shares: Record<string, number>, prepared: Prepared[], groupField?: string): Record<string, number> {
  const out: Record<string, number> = {};
  let between = 0;
  if (groupField && prepared.length > 1) {
    // Share of the variation that is differences between the series' levels.
    const means = prepared.map((p) => p.y.reduce((a, v) => a + v, 0) / p.y.length);
    const grand = means.reduce((a, v) => a + v, 0) / means.length;
    const vb = means.reduce((a, v) => a + (v - grand) ** 2, 0) / means.length;
    const vw = prepared.reduce((a, p, i) => a + p.y.reduce((b, v) => b + (v - means[i]) ** 2, 0) / p.y.length, 0) / prepared.length;
    between = vb + vw > 0 ? vb / (vb + vw) : 0;
    out[`${groupField} (differences between series)`] = between;
  }
  for (const [k, v] of Object.entries(shares)) out[k] = v * (1 - between);
  const total = Object.values(out).reduce((a, v) => a + v, 0) || 1;
  for (const k of Object.keys(out)) out[k] = Math.round((1e6 * out[k]) / total) / 1e6;
  return out;
}

export function buildStory(
  main: ReturnType<typeof describeSeries>,
  prepared: Prepared[],
  results: { search: SearchResult }[],
  req: ForecastTrainRequest,
  overall: ForecastStat,
  importance: Record<string, number>,
  notes: string[],
  series: { group: string; sentences: string[] }[],
): ForecastStory {
  const outcomes = [...main.outcomes];
  const parts: string[] = [...notes];
  if (prepared.length > 1) {
    const means = prepared.map((p) => ({ key: p.key ?? "", mean: p.y.reduce((a, v) => a + v, 0) / p.y.length }));
    means.sort((a, b) => b.mean - a.mean);
    const grand = means.reduce((a, m) => a + m.mean, 0) / means.length;
    outcomes.push({
      outcome: "differences between series",
      causes: [{ field: req.groupField ?? "series", top_value: means[0].key, bottom_value: means[means.length - 1].key }],
      top_case: roundValue(means[0].mean),
      avg_case: roundValue(grand),
      bottom_case: roundValue(means[means.length - 1].mean),
      text: `${prepared.length} series by ${req.groupField}: "${means[0].key}" is highest on average (${formatNumber(means[0].mean)}), "${means[means.length - 1].key}" lowest (${formatNumber(means[means.length - 1].mean)}).`,
    });
    const largest = prepared.reduce((a, p, i) => (p.observed > prepared[a].observed ? i : a), 0);
    const [first, ...rest] = main.sentences;
    parts.push(`In the largest series, "${prepared[largest].key}", ${first ?? ""}`, ...rest);
  } else parts.push(...main.sentences);
  const ranked = Object.entries(importance).sort((a, b) => b[1] - a[1]);
  parts.push(`What drives ${req.valueField}: ${ranked.map(([k, v]) => `${k} ${Math.round(100 * v)}%`).join(", ")}.`);
  parts.push(
    `The forecast uses the history of ${req.valueField} and the calendar only: other fields are not used, because their future values are not known (holidays and promotions are not modelled unless they recur with the calendar).`,
  );
  const chosen = results.map((r) => r.search.model.name);
  const counts = new Map<string, number>();
  for (const c of chosen) counts.set(c, (counts.get(c) ?? 0) + 1);
  const top = [...counts.entries()].sort((a, b) => b[1] - a[1])[0];
  // The method's name comes last, after a colon, where any name reads right: 'comes from average of
  // ARIMA…, ETS(A,A,A)' lacked its article, and its commas ran into the sentence's own.
  const methodText =
    prepared.length === 1
      ? `The forecast is made by the best of ${results[0].search.leaderboard.filter((c) => c.score !== null).length} methods compared on ${overall.windows} backtest window${overall.windows === 1 ? "" : "s"} at the end of the history: ${chosen[0]}.`
      : `Each series got the best of the methods compared on backtest windows at the end of its history (most often ${top[0]}, for ${top[1]} of ${prepared.length}).`;
  parts.push(methodText);
  const mase = overall.mase;
  if (Number.isFinite(mase)) {
    parts.push(
      mase < 1
        ? `In those backtests its errors were ${Math.round(100 * (1 - mase))}% smaller than simply repeating the last ${prepared[0].periods.length ? "season" : "value"} (MASE ${formatNumber(mase)}; the figure is measured on the windows the model was chosen with, so expect it to be a little worse on new data).`
        : `In those backtests it did no better than simply repeating the last ${prepared[0].periods.length ? "season" : "value"} (MASE ${formatNumber(mase)}): the series is hard to predict, so trust the wide intervals more than the line.`,
    );
  }
  if (overall.coverage_80 !== null) {
    parts.push(
      `Its 80% intervals held ${Math.round(100 * overall.coverage_80)}% and its 95% intervals ${Math.round(100 * (overall.coverage_95 ?? 0))}% of the backtest values (each window judged with intervals calibrated on the others).`,
    );
  }
  return {
    name: req.valueField,
    type: "forecast",
    summary: parts.join(" "),
    sentences: parts,
    outcomes,
    ...(series.length ? { series } : {}),
  };
}
