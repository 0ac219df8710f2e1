// Methods on the log scale: for positive series whose swings grow with their level (sales,
// passengers, earnings), additive models of log y are multiplicative models of y. Forecasts are
// back-transformed medians; the spread follows by the delta method (sd_y = y * sd_log).
import { boxCox, guerreroLambda, invBoxCox } from "../math/stats";
import { reviveModel } from "./registry";
import type { FittedModel, Method, ModelJson, SeriesInput } from "./types";

export interface LogJson extends ModelJson {
  type: "log";
  inner: ModelJson;
}

export class LogModel implements FittedModel {
  private readonly inner: FittedModel;

  constructor(readonly json: LogJson) {
    this.inner = reviveModel(json.inner);
  }

  get name(): string {
    return `${this.inner.name} on log values`;
  }

  forecast(h: number): Float64Array {
    return this.inner.forecast(h).map(Math.exp);
  }

  spread(h: number): Float64Array {
    const f = this.forecast(h);
    const s = this.inner.spread(h);
    for (let k = 0; k < h; k++) s[k] *= f[k];
    return s;
  }

  toJSON(): LogJson {
    return this.json;
  }
}

export function logMethod(inner: Method): Method {
  return {
    id: `${inner.id}-log`,
    cost: inner.cost,
    applies: (s) => s.positive && inner.applies(s),
    fit(s: SeriesInput) {
      const logged: SeriesInput = { ...s, y: s.y.map(Math.log), positive: false };
      return new LogModel({ type: "log", inner: inner.fit(logged).toJSON() });
    },
    refit(s: SeriesInput, template: FittedModel) {
      const logged: SeriesInput = { ...s, y: s.y.map(Math.log), positive: false };
      return new LogModel({ type: "log", inner: inner.refit(logged, reviveModel((template as LogModel).json.inner)).toJSON() });
    },
  };
}

export function reviveLog(json: LogJson): LogModel {
  return new LogModel(json);
}

// Box-Cox transformed methods, as forecast's ets()/auto.arima() with lambda = "auto": the power
// lambda by Guerrero's method (forecast::BoxCox.lambda) on the whole history, kept for the
// backtest refits (the structure that will forecast). Back-transformed medians, delta-method spread
// (sd_y = y^(1 - lambda) * sd_z). Lambdas near 0 or 1 are the log or plain method already in the
// pool: the candidate then stands aside rather than count the same model twice in an average.
export interface BoxCoxJson extends ModelJson {
  type: "boxcox";
  lambda: number;
  inner: ModelJson;
}

export class BoxCoxModel implements FittedModel {
  private readonly inner: FittedModel;

  constructor(readonly json: BoxCoxJson) {
    this.inner = reviveModel(json.inner);
  }

  get name(): string {
    return `${this.inner.name} on Box-Cox values (lambda ${this.json.lambda.toFixed(2)})`;
  }

  forecast(h: number): Float64Array {
    const { lambda } = this.json;
    return this.inner.forecast(h).map((z) => invBoxCox(z, lambda));
  }

  spread(h: number): Float64Array {
    const { lambda } = this.json;
    const f = this.forecast(h);
    const s = this.inner.spread(h);
    for (let k = 0; k < h; k++) s[k] *= f[k] > 0 ? Math.pow(f[k], 1 - lambda) : 0;
    return s;
  }

  toJSON(): BoxCoxJson {
    return this.json;
  }
}

/** Distance from 0 (log) and 1 (no transform) under which the Box-Cox candidate stands aside. */
export const BOX_COX_MIN_DISTANCE = 0.1;

export function boxCoxLambda(s: SeriesInput): number {
  const period = s.periods.find((p) => s.y.length > 2 * p) ?? 1;
  return guerreroLambda(s.y, period);
}

export function boxCoxMethod(inner: Method): Method {
  const transformed = (s: SeriesInput, lambda: number): SeriesInput => ({ ...s, y: s.y.map((v) => boxCox(v, lambda)), positive: false });
  return {
    id: `${inner.id}-bc`,
    cost: inner.cost,
    applies: (s) => s.positive && inner.applies(s),
    fit(s: SeriesInput) {
      const lambda = boxCoxLambda(s);
      if (Math.abs(lambda) < BOX_COX_MIN_DISTANCE || Math.abs(lambda - 1) < BOX_COX_MIN_DISTANCE)
        throw new Error(`Box-Cox lambda ${lambda.toFixed(2)} is the ${Math.abs(lambda) < 0.5 ? "log" : "plain"} method`);
      return new BoxCoxModel({ type: "boxcox", lambda, inner: inner.fit(transformed(s, lambda)).toJSON() });
    },
    refit(s: SeriesInput, template: FittedModel) {
      const { lambda, inner: innerJson } = (template as BoxCoxModel).json;
      return new BoxCoxModel({ type: "boxcox", lambda, inner: inner.refit(transformed(s, lambda), reviveModel(innerJson)).toJSON() });
    },
  };
}

export function reviveBoxCox(json: BoxCoxJson): BoxCoxModel {
  return new BoxCoxModel(json);
}
