// Public API of the forecasting engine (pure: typed arrays in, plain data out).
//
//   const outcome = await trainForecast({ columns, dateField, valueField, groupField, horizon, budgetSeconds });
//   outcome.result.forecast;                 // [{date, group?, value, lower_80, upper_80, lower_95, upper_95}]
//   ForecastModel.load(outcome.artifact).forecast({ horizon: 36, group: "north" });
//   prepareSeries(columns, { horizon, dateField, valueField });   // the input checks alone (ForecastError)
export { trainForecast, planFor } from "./train";
export type { ForecastTrainRequest, ForecastTrainOutcome, ForecastResult, ForecastReport, ForecastStat, ForecastStory, ForecastSeriesReport } from "./train";
export { ForecastModel, MAX_HORIZON, type ForecastPoint } from "./model";
export { isForecastArtifact } from "./artifact";
export { ForecastError, type ForecastErrorCode } from "./errors";
export { aggregateRows, choosePeriod, periodStart, AGGREGATE_RULES, PERIODS, type AggregateRule, type Period } from "./aggregate";
export { prepareSeries, minimumPoints, MAX_SERIES, MAX_FORECAST_POINTS, type SeriesColumns, type PrepareOptions, type PreparedTable } from "./prepare";
export { describeFrequency, type Frequency } from "./calendar";
