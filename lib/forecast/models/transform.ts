// Methods on the log scale: for positive series whose swings grow with their level (sales,
// passengers, earnings), additive models of log y are multiplicative models of y. Forecasts are
// back-transformed medians; the spread follows by the delta method (sd_y = y * sd_log).
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
