"use client";
import { useMemo, useState, type FormEvent } from "react";
import { withFormLabels } from "@/lib/client/api";
import { useRememberStartedTraining, useTeamStartedTrainings } from "@/lib/client/started-trainings";
import { useRememberedTask, useStartTraining } from "@/lib/client/use-training";
import { DURATIONS, type DatasetField, type Duration } from "@/lib/client/types";
import { Button } from "../ui/button";
import { ErrorBanner } from "../ui/feedback";
import { Checkbox, Field, Select, TextInput } from "../ui/form";
import { TrainingStatusPanel } from "./train-form";

const VALUE_TYPES = new Set(["integer", "float"]);
const GROUP_TYPES = new Set(["category", "string", "id", "integer"]);

/** Fields a forecast can use: numbers to forecast, dates, and fields that split the table into series. */
export function forecastFieldOptions(fields: DatasetField[]) {
  return {
    values: fields.filter((f) => VALUE_TYPES.has(f.type)),
    dates: fields.filter((f) => f.type === "date"),
    groups: fields.filter((f) => GROUP_TYPES.has(f.type)),
  };
}

// The API's names for this form's fields, as the labels the form shows (in the server's messages).
const FORM_LABELS = {
  "forecast.aggregate": "Combine rows per period",
  "forecast.frequency": "Period",
  "forecast.date_field": "Date field",
  "forecast.group_field": "Series field",
  "forecast.horizon": "Horizon",
  predict_fields: "Value to forecast",
};

/** forecast.aggregate choices: "" sends none (one row per date and series, as the table is). */
const RULES = [
  { value: "", label: "No: one row per date" },
  { value: "sum", label: "Sum of the value" },
  { value: "mean", label: "Average of the value" },
  { value: "count", label: "Count of rows" },
  { value: "min", label: "Smallest value" },
  { value: "max", label: "Largest value" },
] as const;
type Rule = (typeof RULES)[number]["value"];
const PERIODS = ["hour", "day", "week", "month", "quarter", "year"] as const;

export function ForecastForm({ datasetId, datasetName, fields }: { datasetId: string; datasetName: string; fields: DatasetField[] }) {
  const start = useStartTraining();
  const rememberStarted = useRememberStartedTraining();
  const options = useMemo(() => forecastFieldOptions(fields), [fields]);
  const [valueField, setValueField] = useState(options.values[0]?.name ?? "");
  const [dateField, setDateField] = useState(options.dates[0]?.name ?? "");
  const [groupField, setGroupField] = useState("");
  const [horizon, setHorizon] = useState("12");
  const [rule, setRule] = useState<Rule>("");
  const [period, setPeriod] = useState<(typeof PERIODS)[number] | "">("");
  const [duration, setDuration] = useState<Duration>(10);
  const [force, setForce] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const lastStarted = useTeamStartedTrainings().list.find((e) => e.datasetId === datasetId && e.kind === "forecast")?.taskId ?? null;
  const [taskId, rememberTask] = useRememberedTask(`tabula:forecast:${datasetId}`, lastStarted);
  const [startedHere, setStartedHere] = useState(false);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const steps = Number(horizon);
    if (!valueField || !dateField) return setFormError("Pick the value to forecast and its date field.");
    if (!Number.isInteger(steps) || steps < 1 || steps > 1000) return setFormError("The horizon is a whole number of future steps from 1 to 1000.");
    setFormError(null);
    start.mutate(
      {
        dataset_id: datasetId,
        predict_fields: [valueField],
        ignore_fields: [],
        duration,
        extra_attention: false,
        force,
        forecast: {
          date_field: dateField,
          horizon: steps,
          ...(groupField ? { group_field: groupField } : {}),
          ...(rule ? { aggregate: rule, ...(period ? { frequency: period } : {}) } : {}),
        },
      },
      {
        onSuccess: (r) => {
          rememberTask(r.task_id);
          rememberStarted({ taskId: r.task_id, kind: "forecast", datasetId, datasetName, fields: [valueField] });
          setStartedHere(true);
        },
      },
    );
  };

  const groups = options.groups.filter((f) => f.name !== valueField && f.name !== dateField);
  // Counting rows needs no number: any field (the date field itself counts every dated row).
  const valueChoices = rule === "count" ? fields.filter((f) => f.type !== "unknown") : options.values;
  const chooseRule = (next: Rule) => {
    setRule(next);
    if (next === "count" && dateField) setValueField(dateField);
    else if (next !== "count" && !options.values.some((f) => f.name === valueField)) setValueField(options.values[0]?.name ?? "");
  };
  const countLabel = (name: string) => (rule === "count" && name === dateField ? `${name} (every dated row)` : name);
  return (
    <form onSubmit={submit} noValidate className="space-y-6" data-testid="forecast-form" aria-describedby={formError ? "forecast-form-error" : undefined}>
      <p className="text-sm text-slate-600">
        Forecast the future of a numeric field over time. The engine detects the frequency and seasonal cycles, compares several methods on backtests at the end
        of the history, and gives 80% and 95% intervals calibrated on those backtests.
      </p>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Field label="Value to forecast" htmlFor="forecast-value" hint={rule === "count" ? "Rows with a value in this field are counted." : "A numeric field."}>
          <Select id="forecast-value" value={valueField} onChange={(e) => setValueField(e.target.value)}>
            {valueChoices.map((f) => (
              <option key={f.name} value={f.name}>
                {countLabel(f.name)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Date field" htmlFor="forecast-date" hint="When each value was measured.">
          <Select id="forecast-date" value={dateField} onChange={(e) => setDateField(e.target.value)}>
            {options.dates.map((f) => (
              <option key={f.name} value={f.name}>
                {f.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Series field (optional)" htmlFor="forecast-group" hint="One series per value, e.g. per store.">
          <Select id="forecast-group" value={groupField} onChange={(e) => setGroupField(e.target.value)}>
            <option value="">One series (none)</option>
            {groups.map((f) => (
              <option key={f.name} value={f.name}>
                {f.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Horizon" htmlFor="forecast-horizon" hint={rule ? "Future periods to forecast (1-1000)." : "Future steps to forecast (1-1000)."}>
          <TextInput id="forecast-horizon" type="number" min={1} max={1000} step={1} value={horizon} onChange={(e) => setHorizon(e.target.value)} />
        </Field>
      </div>

      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="forecast-combine">
        <Field
          label="Combine rows per period"
          htmlFor="forecast-aggregate"
          hint="For tables with several rows per date (orders, tickets): one value per period, e.g. the sum of sales per month."
        >
          <Select id="forecast-aggregate" value={rule} onChange={(e) => chooseRule(e.target.value as Rule)}>
            {RULES.map((r) => (
              <option key={r.value} value={r.value}>
                {r.label}
              </option>
            ))}
          </Select>
        </Field>
        <Field
          label="Period"
          htmlFor="forecast-frequency"
          hint={
            rule
              ? `UTC; weeks start on Monday. Periods without rows count as ${rule === "sum" || rule === "count" ? "0" : "missing (filled in)"}.`
              : "Pick a way to combine rows first."
          }
        >
          <Select id="forecast-frequency" value={period} disabled={!rule} onChange={(e) => setPeriod(e.target.value as (typeof PERIODS)[number] | "")}>
            <option value="">Detect from the dates</option>
            {PERIODS.map((p) => (
              <option key={p} value={p}>
                per {p}
              </option>
            ))}
          </Select>
        </Field>
      </div>

      <fieldset>
        <legend className="mb-2 text-sm font-semibold text-slate-800">Training time</legend>
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-4">
          {DURATIONS.map((d) => (
            <label
              key={d.value}
              className={`cursor-pointer rounded-lg border px-3 py-2.5 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500 ${
                duration === d.value ? "border-brand-500 bg-brand-50 ring-1 ring-brand-500" : "border-slate-200 hover:bg-slate-50"
              }`}
            >
              <input
                type="radio"
                name="forecast-duration"
                value={d.value}
                checked={duration === d.value}
                onChange={() => setDuration(d.value)}
                className="sr-only"
              />
              <span className="block text-sm font-medium text-slate-900">{d.label}</span>
              <span className="block text-xs text-slate-500">{d.hint}</span>
            </label>
          ))}
        </div>
      </fieldset>

      <Checkbox
        id="forecast-force"
        label="Train anew"
        description="Otherwise an identical earlier forecast is reused at once."
        checked={force}
        onChange={setForce}
      />
      {formError && (
        <p id="forecast-form-error" role="alert" className="text-sm text-red-700">
          {formError}
        </p>
      )}
      <ErrorBanner error={withFormLabels(start.error, FORM_LABELS)} title="The forecast did not start" />
      <div className="flex items-center gap-3">
        <Button type="submit" busy={start.isPending} data-testid="start-forecast">
          Train a forecast
        </Button>
        {valueField && dateField && (
          <span className="text-sm text-slate-500">
            Forecasting{" "}
            {rule === "count"
              ? `the count of rows${valueField === dateField ? "" : ` with a ${valueField}`}`
              : rule
                ? `the ${RULES.find((r) => r.value === rule)
                    ?.label.toLowerCase()
                    .replace(" of the value", "")} of ${valueField}`
                : valueField}{" "}
            {rule ? `per ${period || "period"} of ${dateField}` : `by ${dateField}`}
            {groupField ? `, one series per ${groupField}` : ""}
          </span>
        )}
      </div>
      {/* The panel shows the last training started; while a new start is on its way or was refused (a 422),
          it would read as this attempt's outcome ("The model is ready"), so only the refusal shows. */}
      {taskId && !start.isPending && !start.isError && <TrainingStatusPanel key={taskId} taskId={taskId} reveal={startedHere} />}
    </form>
  );
}
