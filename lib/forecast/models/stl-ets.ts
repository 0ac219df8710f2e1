// STL (or MSTL for several periods) + non-seasonal ETS, as forecast::stlf: the seasonally adjusted
// series is forecast by automatic ETS (or ARIMA), each seasonal component by repeating its last
// cycle. Handles long periods (48, 144, 168, 365) and several at once, which seasonal ETS and
// ARIMA cannot.
import { mstl } from "../decompose/stl";
import { autoArimaMethod, fitAutoArima } from "./arima";
import { autoEtsMethod, fitAutoEts } from "./ets";
import type { FittedModel, Method, ModelJson, SeriesInput } from "./types";
import { reviveModel } from "./registry";

export interface StlJson extends ModelJson {
  type: "stl";
  periods: number[];
  /** Last full cycle of each seasonal component (oldest first). */
  cycles: number[][];
  adjusted: ModelJson;
}

export class StlModel implements FittedModel {
  private readonly inner: FittedModel;

  constructor(readonly json: StlJson) {
    this.inner = reviveModel(json.adjusted);
  }

  get name(): string {
    return `STL(${this.json.periods.join(", ")}) + ${this.inner.name}`;
  }

  forecast(h: number): Float64Array {
    const out = this.inner.forecast(h);
    for (const cycle of this.json.cycles) for (let k = 0; k < h; k++) out[k] += cycle[k % cycle.length];
    return out;
  }

  spread(h: number): Float64Array {
    return this.inner.spread(h);
  }

  toJSON(): StlJson {
    return this.json;
  }
}

export function fitStl(y: Float64Array, periods: number[], adjustedWith: "ets" | "arima", template?: StlModel, deadline?: number): StlModel {
  const fit = mstl(y, periods);
  if (!fit.periods.length) throw new Error("STL needs a seasonal period with two full cycles");
  const n = y.length;
  const adjusted = Float64Array.from(y);
  for (const s of fit.seasonals) for (let i = 0; i < n; i++) adjusted[i] -= s[i];
  const positive = adjusted.every((v) => v > 0);
  let inner: FittedModel | null;
  if (template) {
    const method = adjustedWith === "ets" ? autoEtsMethod : autoArimaMethod;
    inner = method.refit({ y: adjusted, periods: [], positive }, reviveModel(template.json.adjusted));
  } else inner = adjustedWith === "ets" ? fitAutoEts(adjusted, 1, { positive, seasonal: false, deadline }) : fitAutoArima(adjusted, 1, { deadline });
  if (!inner) throw new Error("no model for the seasonally adjusted series");
  const cycles = fit.seasonals.map((s, k) => Array.from(s.subarray(n - fit.periods[k])));
  return new StlModel({ type: "stl", periods: fit.periods, cycles, adjusted: inner.toJSON() });
}

const stlPeriods = (s: SeriesInput) => s.periods.filter((p) => s.y.length >= 2 * p + 2);

export const stlEtsMethod: Method = {
  id: "stl-ets",
  cost: 2,
  applies: (s) => stlPeriods(s).length > 0,
  fit: (s: SeriesInput) => fitStl(s.y, stlPeriods(s), "ets", undefined, s.deadline),
  refit: (s: SeriesInput, t) => fitStl(s.y, (t as StlModel).json.periods, "ets", t as StlModel),
};

export const stlArimaMethod: Method = {
  id: "stl-arima",
  cost: 4,
  applies: (s) => stlPeriods(s).length > 0,
  fit: (s: SeriesInput) => fitStl(s.y, stlPeriods(s), "arima", undefined, s.deadline),
  refit: (s: SeriesInput, t) => fitStl(s.y, (t as StlModel).json.periods, "arima", t as StlModel),
};

export function reviveStl(json: StlJson): StlModel {
  return new StlModel(json);
}
