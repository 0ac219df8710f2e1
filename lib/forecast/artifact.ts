// The forecast model artifact: "TBFC" + version byte + gzip'd JSON. The prefix tells it apart
// from lib/ml's artifacts (plain gzip) without decompressing, so the prediction endpoints can
// answer "this is a forecast model" at once.
import { gunzipSync, gzipSync } from "node:zlib";
import type { Frequency } from "./calendar";
import type { ModelJson } from "./models/types";
import type { BacktestStats } from "./stats";

export const FORECAST_ARTIFACT_FORMAT = "tabula-forecast";
export const FORECAST_ARTIFACT_VERSION = 1;
const MAGIC = [0x54, 0x42, 0x46, 0x43]; // "TBFC"

export interface ArtifactSeries {
  key: string | null;
  /** Date of step 0 and number of steps of the (regular, filled) history. */
  start: number;
  n: number;
  /** The last history.length values (the chart's history), and which of them were filled in. */
  history: number[];
  filled: number[];
  model: ModelJson;
  method: string;
  /** Interval multipliers of the model's sd, and per-step factors (intervals.ts). */
  calibration: { q80: number; q95: number; steps?: number[] };
  /** Every historical value was >= 0: forecasts and bounds are kept >= 0. */
  nonNegative: boolean;
  /** The chosen model's backtest forecasts (origin = index of the first forecast step). */
  windows: { origin: number; forecast: number[] }[];
  stats: BacktestStats;
  /** The incomplete last period left out of the fit: its start, partial value and why (charts show it beside the forecast). */
  leftOut?: { date: number; value: number; note: string };
}

export interface ForecastArtifact {
  format: typeof FORECAST_ARTIFACT_FORMAT;
  version: number;
  createdAt: string;
  valueField: string;
  dateField: string;
  groupField: string | null;
  frequency: Frequency;
  horizon: number;
  /** Shared tree ensembles (the global GBDT), by key. */
  ensembles: Record<string, unknown>;
  series: ArtifactSeries[];
}

export function isForecastArtifact(bytes: Uint8Array): boolean {
  return bytes.length > MAGIC.length && MAGIC.every((b, i) => bytes[i] === b);
}

export function encodeForecastArtifact(artifact: ForecastArtifact): Uint8Array {
  const body = gzipSync(Buffer.from(JSON.stringify(artifact), "utf8"), { level: 6 });
  const out = new Uint8Array(MAGIC.length + 1 + body.length);
  out.set(MAGIC, 0);
  out[MAGIC.length] = FORECAST_ARTIFACT_VERSION;
  out.set(body, MAGIC.length + 1);
  return out;
}

export function decodeForecastArtifact(bytes: Uint8Array): ForecastArtifact {
  if (!isForecastArtifact(bytes)) throw new Error("not a forecast model artifact");
  const version = bytes[MAGIC.length];
  if (version !== FORECAST_ARTIFACT_VERSION)
    throw new Error(`forecast artifact version ${version} is not supported by this build (supports ${FORECAST_ARTIFACT_VERSION}); retrain the model`);
  const json = JSON.parse(gunzipSync(bytes.subarray(MAGIC.length + 1)).toString("utf8")) as ForecastArtifact;
  if (json.format !== FORECAST_ARTIFACT_FORMAT || !Array.isArray(json.series)) throw new Error("malformed forecast artifact");
  return json;
}
