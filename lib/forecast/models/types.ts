// The contract between the forecasting methods and the search (backtest, selection, intervals).
//
//   const model = method.fit(series);      // FittedModel, fitted on series.y (all of it)
//   model.forecast(12);                    // point forecasts for the next 12 steps
//   model.spread(12);                      // the model's own error sd per step (uncalibrated)
//   reviveModel(JSON.parse(JSON.stringify(model.toJSON()))).forecast(12);   // same numbers

/** One regular series as the methods see it: gaps already filled, oldest first. */
export interface SeriesInput {
  y: Float64Array;
  /** Seasonal periods judged present, shortest first (e.g. [48, 336] for half-hourly demand). */
  periods: number[];
  /** All values > 0 (multiplicative forms and log transforms are allowed). */
  positive: boolean;
  /** Epoch ms: automatic fits stop trying structures after it and keep the best so far. */
  deadline?: number;
}

export interface FittedModel {
  /** Human-readable description, e.g. "ETS(M,Ad,M)" or "ARIMA(0,1,1)(0,1,1)[12]". */
  readonly name: string;
  /** Point forecasts for steps 1..h after the end of the fitted series. */
  forecast(h: number): Float64Array;
  /**
   * The model's own standard deviation of the step-k error for k = 1..h. Model-based intervals
   * are usually too narrow out of sample; the engine rescales them with backtest errors.
   */
  spread(h: number): Float64Array;
  toJSON(): ModelJson;
}

export type ModelJson = { type: string } & Record<string, unknown>;

export interface Method {
  /** Stable id used in reports and artifacts, e.g. "ets", "arima-log". */
  readonly id: string;
  /** Rough relative cost, to order work within a budget. */
  readonly cost: number;
  /** Whether the method can fit this series at all (length, positivity). */
  applies(series: SeriesInput): boolean;
  /** The full automatic fit, structure selection (ETS form, ARIMA orders) included. */
  fit(series: SeriesInput): FittedModel;
  /**
   * Re-estimates the parameters of `template`'s structure on other data (an earlier stretch of the
   * same series). Backtests use it: the structure chosen on the whole history is what will
   * forecast, and re-selecting it on a shorter stretch would judge a different model.
   */
  refit(series: SeriesInput, template: FittedModel): FittedModel;
}
