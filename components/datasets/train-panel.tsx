"use client";
import { useState } from "react";
import type { DatasetField } from "@/lib/client/types";
import { DatasetTrainings } from "./dataset-trainings";
import { ForecastForm, forecastFieldOptions } from "./forecast-form";
import { TrainForm } from "./train-form";

/** The dataset page's training card: row-wise models, or a forecast when the data has dates and numbers. */
export function TrainPanel({ datasetId, datasetName, fields }: { datasetId: string; datasetName: string; fields: DatasetField[] }) {
  const options = forecastFieldOptions(fields);
  const canForecast = options.dates.length > 0 && options.values.length > 0;
  const [mode, setMode] = useState<"predict" | "forecast">("predict");
  if (!canForecast) {
    // Say where forecasting is, and what it needs, rather than leave people looking for it.
    const missing = options.dates.length === 0 ? "date field" : "number field to forecast";
    return (
      <div className="space-y-4">
        <DatasetTrainings datasetId={datasetId} />
        <TrainForm datasetId={datasetId} datasetName={datasetName} fields={fields} />
        <p className="border-t border-slate-100 pt-3 text-xs text-slate-500" data-testid="forecast-unavailable">
          Forecasting over time needs a date field and a number field; this table has no {missing}.
          {options.dates.length === 0 && " If a column holds dates, set its type to date under Field types below."}
        </p>
      </div>
    );
  }
  const tab = (value: "predict" | "forecast", label: string) => (
    <button
      type="button"
      role="tab"
      aria-selected={mode === value}
      onClick={() => setMode(value)}
      data-testid={`train-mode-${value}`}
      className={`rounded-md px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand-500 ${mode === value ? "bg-white text-slate-900 shadow-sm" : "text-slate-600 hover:text-slate-900"}`}
    >
      {label}
    </button>
  );
  return (
    <div className="space-y-5">
      <DatasetTrainings datasetId={datasetId} />
      <div role="tablist" aria-label="Kind of model" className="inline-flex gap-1 rounded-lg bg-slate-100 p-1">
        {tab("predict", "Predict a field")}
        {tab("forecast", "Forecast")}
      </div>
      {mode === "predict" ? (
        <TrainForm datasetId={datasetId} datasetName={datasetName} fields={fields} />
      ) : (
        <ForecastForm datasetId={datasetId} datasetName={datasetName} fields={fields} />
      )}
    </div>
  );
}
