"use client";
// The decision-threshold control of a two-class model: precision, recall, F1, the confusion matrix
// and expected counts follow the slider, exactly as measured on the holdout (counts per 0.001 step).
import { useId, useMemo, useState } from "react";
import { formatInt, formatNumber, formatPercent } from "@/lib/client/format";
import { bestF1Step, buildThresholdTable, expectedCounts, metricsAt, rowsToScore, stepOf, type ThresholdMetrics } from "@/lib/client/threshold-math";
import type { StoredThreshold } from "@/lib/client/use-model-insights";
import type { FieldInsights } from "@/lib/ml/insights";
import { Button } from "../ui/button";
import { Badge, ErrorBanner } from "../ui/feedback";
import { Select, TextInput } from "../ui/form";
import { ConfusionTable } from "./confusion-matrix";

export interface ThresholdChoice {
  positiveClass: string;
  /** Index of the positive class in the field's class order. */
  positiveIndex: number;
  step: number;
  metrics: ThresholdMetrics;
}

/** The initial choice: the saved threshold, else the default rule (more probable class, i.e. 0.5 for the second class). */
export function initialThresholdChoice(insights: FieldInsights, saved: StoredThreshold | undefined): ThresholdChoice | null {
  const byClass = insights.thresholds?.byClass;
  if (!byClass || byClass.length !== 2) return null;
  // A saved threshold for a class this version does not have (a retrain on other classes) is not applied.
  const savedIndex = saved ? byClass.findIndex((c) => c.class === saved.positive_class) : -1;
  const positiveIndex = savedIndex >= 0 ? savedIndex : 1;
  const table = buildThresholdTable(byClass[positiveIndex]);
  const step = stepOf(table, savedIndex >= 0 ? saved!.threshold : 0.5);
  return { positiveClass: byClass[positiveIndex].class, positiveIndex, step, metrics: metricsAt(table, step) };
}

// Rows: actual positive, actual other; columns: predicted positive, predicted other.
const CELLS = [
  [
    { title: "True positives", testId: "cm-tp" },
    { title: "False negatives (missed)", testId: "cm-fn" },
  ],
  [
    { title: "False positives (false alarms)", testId: "cm-fp" },
    { title: "True negatives", testId: "cm-tn" },
  ],
];

function Tile({ label, value, hint, testId }: { label: string; value: string; hint?: string; testId?: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-slate-50 px-3 py-2" title={hint}>
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="text-lg font-semibold tabular-nums text-slate-900" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

export function ThresholdControl({
  insights,
  saved,
  choice,
  onChange,
  onSave,
  saving,
  saveError,
}: {
  insights: FieldInsights;
  saved: StoredThreshold | undefined;
  choice: ThresholdChoice;
  onChange: (choice: ThresholdChoice) => void;
  /** Absent where the threshold cannot be saved (a shared report). */
  onSave?: (value: { threshold: number | null; positive_class: string }) => void;
  saving?: boolean;
  saveError?: unknown;
}) {
  const byClass = insights.thresholds!.byClass;
  const tables = useMemo(() => byClass.map(buildThresholdTable), [byClass]);
  const table = tables[choice.positiveIndex];
  const other = byClass[1 - choice.positiveIndex].class;
  const best = useMemo(() => bestF1Step(table), [table]);
  // The box's own text: a number snapped back at each keystroke made "1000", cleared with Backspace
  // and typed over with 5000, read 15000 (the empty box became 1 under the cursor).
  const [rowsText, setRowsText] = useState("1000");
  const [typed, setTyped] = useState<string | null>(null);
  // A typed value outside (0, 1) is not applied; saying so beats silently showing the old value again.
  const [typedError, setTypedError] = useState<string | null>(null);
  const ids = useId();
  const m = choice.metrics;
  const rows = rowsToScore(rowsText);
  const expected = rows === null ? null : expectedCounts(m, rows);
  const steps = table.steps;

  const setStep = (step: number, positiveIndex = choice.positiveIndex) => {
    // The slider, the buttons and the class choice move the threshold too: a refusal of an earlier
    // typed value no longer applies (it stayed under the box after 'Best F1' set 0.350).
    setTypedError(null);
    const t = tables[positiveIndex];
    const j = Math.max(1, Math.min(t.steps - 1, Math.round(step)));
    onChange({ positiveClass: byClass[positiveIndex].class, positiveIndex, step: j, metrics: metricsAt(t, j) });
  };
  const threshold = choice.step / steps;
  const applies = !!saved && byClass.some((c) => c.class === saved.positive_class);
  const savedHere = applies && saved!.positive_class === choice.positiveClass && stepOf(table, saved!.threshold) === choice.step;
  const offGrid = applies && Math.abs(saved!.threshold * steps - Math.round(saved!.threshold * steps)) > 1e-6;

  return (
    <div className="space-y-5" data-testid="threshold-control">
      <div className="flex flex-wrap items-end gap-x-3 gap-y-2 text-sm text-slate-700">
        <label htmlFor={`${ids}-class`} className="pb-2">
          Predict
        </label>
        <div className="w-40">
          <Select
            id={`${ids}-class`}
            aria-label="Positive class"
            value={choice.positiveIndex}
            onChange={(e) => setStep(steps - choice.step, Number(e.target.value))}
            data-testid="threshold-class"
          >
            {byClass.map((c, i) => (
              <option key={c.class} value={i}>
                {c.class}
              </option>
            ))}
          </Select>
        </div>
        <span className="pb-2">when its probability is above</span>
        <div className="w-28">
          <TextInput
            type="number"
            aria-label="Threshold value"
            min={0.001}
            max={0.999}
            step={0.001}
            value={typed ?? threshold.toFixed(3)}
            onChange={(e) => {
              setTyped(e.target.value);
              setTypedError(null);
            }}
            onBlur={() => {
              const v = Number(typed);
              if (typed !== null && typed.trim() !== "") {
                if (Number.isFinite(v) && v > 0 && v < 1) setStep(stepOf(table, v));
                else setTypedError(`${typed.trim()} is not a probability threshold: type a number between 0 and 1, such as 0.35.`);
              }
              setTyped(null);
            }}
            aria-invalid={typedError ? true : undefined}
            aria-describedby={typedError ? `${ids}-typed-error` : undefined}
            onKeyDown={(e) => {
              if (e.key === "Enter") (e.target as HTMLInputElement).blur();
            }}
            data-testid="threshold-input"
          />
        </div>
        <span className="pb-2">otherwise {other}.</span>
        {typedError && (
          <p id={`${ids}-typed-error`} role="alert" className="basis-full text-sm text-red-700" data-testid="threshold-input-error">
            {typedError}
          </p>
        )}
      </div>
      <input
        type="range"
        min={1}
        max={steps - 1}
        step={1}
        value={choice.step}
        onChange={(e) => setStep(Number(e.target.value))}
        aria-label={`Decision threshold for ${choice.positiveClass}`}
        aria-valuetext={threshold.toFixed(3)}
        className="w-full accent-brand-600 print:hidden"
        data-testid="threshold-slider"
      />
      <div className="flex flex-wrap items-center gap-2 text-sm print:hidden">
        {best !== null && (
          <Button size="sm" variant="secondary" onClick={() => setStep(best)} data-testid="threshold-best-f1">
            Best F1 on the holdout ({(best / steps).toFixed(3)})
          </Button>
        )}
        <Button size="sm" variant="secondary" onClick={() => setStep(steps / 2, byClass.length - 1)}>
          Default (0.500)
        </Button>
        {onSave && (
          <>
            <Button
              size="sm"
              onClick={() => onSave({ threshold, positive_class: choice.positiveClass })}
              busy={saving}
              disabled={savedHere}
              data-testid="threshold-save"
            >
              {savedHere ? "Saved" : "Use this threshold for predictions"}
            </Button>
            {saved && (
              <Button
                size="sm"
                variant="ghost"
                onClick={() => onSave({ threshold: null, positive_class: choice.positiveClass })}
                disabled={saving}
                data-testid="threshold-reset"
              >
                Remove saved threshold
              </Button>
            )}
          </>
        )}
      </div>
      <p className="text-sm text-slate-600" data-testid="threshold-status">
        {saved && !applies ? (
          <>
            A threshold is saved for the class <strong>{saved.positive_class}</strong>, which this version does not predict, so predictions use the default: the
            more probable class.
          </>
        ) : saved ? (
          <>
            <Badge tone="blue">Saved</Badge> Predictions give <strong>{saved.positive_class}</strong> when its probability is above{" "}
            <strong>{formatNumber(saved.threshold)}</strong>
            {offGrid &&
              ` (the figures below are at ${(stepOf(buildThresholdTable(byClass.find((c) => c.class === saved.positive_class) ?? byClass[1]), saved.threshold) / steps).toFixed(3)}, the step just below)`}
            .
          </>
        ) : (
          <>Predictions use the default: the more probable class (above 0.5). Nothing is saved yet.</>
        )}
      </p>
      {onSave && <ErrorBanner error={saveError} title="Could not save the threshold" />}

      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        <Tile
          label="Precision"
          value={formatPercent(m.precision)}
          hint={`Of the rows predicted ${choice.positiveClass}, the share that are`}
          testId="threshold-precision"
        />
        <Tile
          label="Recall"
          value={formatPercent(m.recall)}
          hint={`Of the ${choice.positiveClass} rows, the share predicted ${choice.positiveClass}`}
          testId="threshold-recall"
        />
        <Tile label="F1" value={formatPercent(m.f1)} hint="Harmonic mean of precision and recall" testId="threshold-f1" />
        <Tile label="Accuracy" value={formatPercent(m.accuracy)} testId="threshold-accuracy" />
        <Tile label={`Predicted ${choice.positiveClass}`} value={formatPercent(m.flagged)} hint="Share of rows flagged" testId="threshold-flagged" />
      </dl>

      <div className="grid grid-cols-1 gap-5 lg:grid-cols-2">
        <div>
          <p id={`${ids}-cm`} className="mb-1 text-xs text-slate-500">
            Confusion matrix at {threshold.toFixed(3)} ({formatInt(table.positives + table.negatives)} holdout rows)
          </p>
          <ConfusionTable
            classes={[choice.positiveClass, other]}
            matrix={[
              [m.tp, m.fn],
              [m.fp, m.tn],
            ]}
            captionId={`${ids}-cm`}
            testId="threshold-confusion"
            cellTitle={(i, j) => CELLS[i][j].title}
            cellTestId={(i, j) => CELLS[i][j].testId}
          />
        </div>
        <div className="space-y-2 text-sm text-slate-700" data-testid="threshold-expected">
          <label className="flex flex-wrap items-center gap-2" htmlFor={`${ids}-rows`}>
            <span>Scoring</span>
            <TextInput
              id={`${ids}-rows`}
              type="number"
              min={1}
              className="!w-32"
              value={rowsText}
              onChange={(e) => setRowsText(e.target.value)}
              aria-label="Rows to score"
            />
            <span>rows like these:</span>
          </label>
          {rows === null && (
            <p className="text-slate-500" data-testid="threshold-rows-hint">
              Type how many rows you would score (a whole number).
            </p>
          )}
          {expected && (
            <ul className="list-disc space-y-1 pl-5">
              <li>
                about <strong>{formatInt(expected.flagged)}</strong> predicted {choice.positiveClass};
              </li>
              <li>
                of them about <strong>{formatInt(expected.truePositives)}</strong> really are {choice.positiveClass} and{" "}
                <strong>{formatInt(expected.falsePositives)}</strong> are false alarms;
              </li>
              <li>
                about <strong>{formatInt(expected.missed)}</strong> {choice.positiveClass} rows are missed.
              </li>
            </ul>
          )}
          <p className="text-xs text-slate-500">Expected counts assume new rows resemble the holdout rows (same mix of classes).</p>
        </div>
      </div>
    </div>
  );
}
