// A trained forecast model loaded from its artifact: forecasts any horizon (1..1000) for every
// series or one, with calibrated 80%/95% intervals, plus the history and backtests for charts.
import { TreeEnsemble } from "../ml/core";
import { decodeForecastArtifact, type ArtifactSeries, type ForecastArtifact } from "./artifact";
import { dateAt, isoDate } from "./calendar";
import { ForecastError } from "./errors";
import { stepFactor } from "./intervals";
import { GbdtSeriesModel, type GbdtSeriesJson } from "./models/gbdt-global";
import { registerModelType, reviveModel } from "./models/registry";
import type { FittedModel, ModelJson } from "./models/types";

export interface ForecastPoint {
  date: string;
  group?: string;
  value: number;
  lower_80: number;
  upper_80: number;
  lower_95: number;
  upper_95: number;
}

export const MAX_HORIZON = 1000;

/** 8 significant digits: exact enough for any measurement, and short JSON. */
export function roundValue(v: number): number {
  return Number.isFinite(v) ? Number(v.toPrecision(8)) : v;
}

/** Point forecasts and intervals for steps 1..h of one series. */
export function forecastPoints(
  series: Pick<ArtifactSeries, "key" | "start" | "n" | "calibration" | "nonNegative">,
  model: FittedModel,
  artifact: Pick<ForecastArtifact, "frequency" | "groupField">,
  h: number,
): ForecastPoint[] {
  const f = model.forecast(h);
  const sd = model.spread(h);
  const out: ForecastPoint[] = [];
  const floor = series.nonNegative ? 0 : -Infinity;
  for (let k = 0; k < h; k++) {
    const v = f[k];
    const s = Number.isFinite(sd[k]) && sd[k] > 0 ? sd[k] * stepFactor(series.calibration, k) : 0;
    const point: ForecastPoint = {
      date: isoDate(dateAt(artifact.frequency, series.start, series.n + k)),
      value: roundValue(Math.max(floor, v)),
      lower_80: roundValue(Math.max(floor, v - series.calibration.q80 * s)),
      upper_80: roundValue(Math.max(floor, v + series.calibration.q80 * s)),
      lower_95: roundValue(Math.max(floor, v - series.calibration.q95 * s)),
      upper_95: roundValue(Math.max(floor, v + series.calibration.q95 * s)),
    };
    if (artifact.groupField !== null && series.key !== null) point.group = series.key;
    out.push(point);
  }
  return out;
}

export class ForecastModel {
  private readonly models = new Map<number, FittedModel>();
  private readonly ensembles = new Map<string, TreeEnsemble>();

  private constructor(readonly artifact: ForecastArtifact) {
    for (const [key, json] of Object.entries(artifact.ensembles)) this.ensembles.set(key, TreeEnsemble.fromJSON(json));
  }

  static load(bytes: Uint8Array): ForecastModel {
    return new ForecastModel(decodeForecastArtifact(bytes));
  }

  get horizon(): number {
    return this.artifact.horizon;
  }

  get groupField(): string | null {
    return this.artifact.groupField;
  }

  /** History values stored for charts, over all series. */
  historyPoints(): number {
    return this.artifact.series.reduce((a, s) => a + s.history.length, 0);
  }

  seriesKeys(): (string | null)[] {
    return this.artifact.series.map((s) => s.key);
  }

  private model(index: number): FittedModel {
    let m = this.models.get(index);
    if (!m) {
      m = reviveWithEnsembles(this.artifact.series[index].model, this.ensembles);
      this.models.set(index, m);
    }
    return m;
  }

  private indexOf(group: string | undefined): number[] {
    if (group === undefined) return this.artifact.series.map((_, i) => i);
    const i = this.artifact.series.findIndex((s) => s.key === group);
    if (i < 0) {
      const known = this.artifact.series
        .slice(0, 20)
        .map((s) => JSON.stringify(s.key))
        .join(", ");
      throw new ForecastError(
        "bad_request",
        `Unknown group ${JSON.stringify(group)}. The model forecasts the series ${known}${this.artifact.series.length > 20 ? ", ..." : ""}.`,
        "group",
      );
    }
    return [i];
  }

  /** Series indexes a forecast request covers (all, or the one named by `group`). */
  seriesIndexes(group?: string): number[] {
    return this.indexOf(group);
  }

  /** The forecast of one series (by index) for h steps. */
  forecastSeries(index: number, h: number): ForecastPoint[] {
    if (!Number.isInteger(h) || h < 1 || h > MAX_HORIZON)
      throw new ForecastError("bad_request", `horizon must be a whole number from 1 to ${MAX_HORIZON}.`, "horizon");
    return forecastPoints(this.artifact.series[index], this.model(index), this.artifact, h);
  }

  forecast(options: { horizon?: number; group?: string } = {}): ForecastPoint[] {
    const h = options.horizon ?? this.artifact.horizon;
    if (!Number.isInteger(h) || h < 1 || h > MAX_HORIZON)
      throw new ForecastError("bad_request", `horizon must be a whole number from 1 to ${MAX_HORIZON}.`, "horizon");
    const out: ForecastPoint[] = [];
    for (const i of this.indexOf(options.group)) out.push(...forecastPoints(this.artifact.series[i], this.model(i), this.artifact, h));
    return out;
  }

  /** History (filled steps flagged) and the chosen model's backtest forecasts, for charts. */
  history(group?: string) {
    return this.indexOf(group).map((i) => {
      const s = this.artifact.series[i];
      const first = s.n - s.history.length;
      const filled = new Set(s.filled);
      return {
        group: s.key,
        method: s.method,
        points: s.history.map((v, k) => ({
          date: isoDate(dateAt(this.artifact.frequency, s.start, first + k)),
          value: v,
          ...(filled.has(k) ? { filled: true } : {}),
        })),
        backtest: s.windows.map((w) => ({
          origin: isoDate(dateAt(this.artifact.frequency, s.start, w.origin)),
          points: w.forecast.map((v, k) => ({ date: isoDate(dateAt(this.artifact.frequency, s.start, w.origin + k)), value: v })),
        })),
        ...(s.leftOut ? { partial: { date: isoDate(s.leftOut.date), value: s.leftOut.value, note: s.leftOut.note } } : {}),
      };
    });
  }
}

export function reviveWithEnsembles(json: ModelJson, ensembles: Map<string, TreeEnsemble>): FittedModel {
  ensureGbdtRegistered();
  currentEnsembles = ensembles;
  try {
    return reviveModel(json);
  } finally {
    currentEnsembles = null;
  }
}

// The registry revives nested models (ensembles of members) synchronously; the shared trees of
// the artifact being revived are reachable through this slot for that call only.
let currentEnsembles: Map<string, TreeEnsemble> | null = null;
let registered = false;
function ensureGbdtRegistered() {
  if (registered) return;
  registered = true;
  registerModelType("gbdt-global", (json) => {
    const j = json as GbdtSeriesJson;
    const ensemble = currentEnsembles?.get(j.ensemble);
    if (!ensemble) throw new Error(`forecast artifact is missing the tree ensemble "${j.ensemble}"`);
    return new GbdtSeriesModel(j, ensemble);
  });
}
