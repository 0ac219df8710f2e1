"use client";
import { useEffect, useMemo, useRef, useState, type FormEvent } from "react";

import { downloadFileName } from "@/lib/client/csv-download";
import { parseDelimitedText, readTextFile, toCsv } from "@/lib/client/csv-upload";
import { isExcelFile, readExcelRows } from "@/lib/client/excel-upload";
import { formatCount, formatInt, formatNumber, formatPercent } from "@/lib/client/format";
import { useDataset, useDatasetRows } from "@/lib/client/use-datasets";
import { predictRows, usePredict } from "@/lib/client/use-models";
import type { StoredThreshold } from "@/lib/client/use-model-insights";
import { batchThresholdNotes, savedThresholdNote } from "@/lib/client/threshold-math";
import type { DataRow } from "@/lib/client/types";
import { DataTable } from "../data-table";
import { Button } from "../ui/button";
import { ErrorBanner, Notice, ProgressBar } from "../ui/feedback";
import { Checkbox, Field, TextInput } from "../ui/form";

const PROBABILITY_PREFIX = "Probability ";
const FACTOR_PREFIX = "akkio_prediction_factor_";
const BATCH_ROWS = 5000;
const MAX_BATCH_FILE_MB = 200;

/** The prediction, class probabilities and factors of one answer row, for display. */
export function readPrediction(row: DataRow, predictFields: string[]) {
  return predictFields.map((field) => {
    const prefix = `${PROBABILITY_PREFIX}${field} is `;
    const probabilities = Object.entries(row)
      .filter(([k, v]) => k.startsWith(prefix) && typeof v === "number")
      .map(([k, v]) => ({ label: k.slice(prefix.length), value: v as number }))
      .sort((a, b) => b.value - a.value);
    return { field, value: row[field], probabilities };
  });
}

export function readFactors(row: DataRow) {
  return Object.entries(row)
    .filter(([k, v]) => k.startsWith(FACTOR_PREFIX) && typeof v === "number")
    .map(([k, v]) => ({ field: k.slice(FACTOR_PREFIX.length), value: v as number }))
    .sort((a, b) => b.value - a.value);
}

function Bars({ items, testId }: { items: { label: string; value: number }[]; testId?: string }) {
  return (
    <ul className="space-y-1.5" data-testid={testId}>
      {items.map((item) => (
        <li key={item.label} className="grid grid-cols-[minmax(6rem,10rem)_1fr_3.5rem] items-center gap-2 text-sm">
          <span className="truncate text-slate-700" title={item.label}>
            {item.label}
          </span>
          <span className="h-2.5 overflow-hidden rounded-full bg-slate-100" aria-hidden>
            <span className="block h-full rounded-full bg-brand-500" style={{ width: `${Math.max(1, item.value * 100)}%` }} />
          </span>
          <span className="text-right tabular-nums text-slate-600">{formatPercent(item.value, 0)}</span>
        </li>
      ))}
    </ul>
  );
}

export function TryPrediction({
  modelId,
  datasetId,
  inputFields,
  predictFields,
  knownValues = {},
  thresholds = {},
}: {
  modelId: string;
  datasetId: string;
  inputFields: string[];
  predictFields: string[];
  /** Thresholds saved per predicted field: they decide the class shown, which then may not be the more probable one. */
  thresholds?: Record<string, StoredThreshold>;
  /** Values seen in training per text field: suggested while typing (a misspelt category counts as unknown). */
  knownValues?: Record<string, string[]>;
}) {
  const dataset = useDataset(datasetId);
  const sample = useDatasetRows(datasetId, 0, 1);
  const types = useMemo(() => new Map((dataset.data?.fields ?? []).map((f) => [f.name, f.type])), [dataset.data]);
  const [values, setValues] = useState<Record<string, string>>({});
  const [showFactors, setShowFactors] = useState(true);
  const predict = usePredict(modelId);
  const prefilled = useRef(false);
  const [formError, setFormError] = useState<string | null>(null);
  /** The fields left blank in the row of the answer shown (they count as unknown). */
  const [blanks, setBlanks] = useState<string[]>([]);

  // Start from a real row so that the first click already gives a meaningful answer.
  useEffect(() => {
    const first = sample.data?.[0];
    if (!first || prefilled.current) return;
    prefilled.current = true;
    // A field the user typed into before the sample row arrived keeps what they typed.
    const fromSample = Object.fromEntries(inputFields.map((f) => [f, first[f] === null || first[f] === undefined ? "" : String(first[f])]));
    setValues((typed) => ({ ...fromSample, ...Object.fromEntries(Object.entries(typed).filter(([, v]) => v.trim() !== "")) }));
    // "Fill in at least one field" from a click before the row arrived no longer holds.
    setFormError(null);
  }, [sample.data, inputFields]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const row: DataRow = {};
    for (const f of inputFields) {
      const v = values[f]?.trim();
      if (v) row[f] = v; // blank = missing: the model handles it like a missing value in the data
    }
    const blank = inputFields.filter((f) => !(f in row));
    if (inputFields.length > 0 && blank.length === inputFields.length) {
      // Nothing known: the answer would be the model's guess for "no information", which reads like a real prediction.
      setFormError(`Fill in at least one field (for example ${inputFields[0]}): with every field blank there is nothing to predict from.`);
      return;
    }
    setFormError(null);
    predict.mutate({ rows: [row], showFactors }, { onSuccess: () => setBlanks(blank) });
  };

  const answer = predict.data?.[0];
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[3fr_2fr]">
      <form onSubmit={submit} className="space-y-4" data-testid="try-prediction">
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {inputFields.map((f, i) => (
            <Field key={f} label={f} htmlFor={`predict-${f}`}>
              <TextInput
                id={`predict-${f}`}
                value={values[f] ?? ""}
                placeholder={types.get(f) ?? "value"}
                inputMode={types.get(f) === "integer" || types.get(f) === "float" ? "decimal" : undefined}
                list={knownValues[f]?.length ? `predict-values-${i}` : undefined}
                onChange={(e) => {
                  setValues((v) => ({ ...v, [f]: e.target.value }));
                  setFormError(null);
                }}
              />
              {knownValues[f]?.length ? (
                <datalist id={`predict-values-${i}`} data-testid={`known-values-${f}`}>
                  {knownValues[f].map((v) => (
                    <option key={v} value={v} />
                  ))}
                </datalist>
              ) : null}
            </Field>
          ))}
        </div>
        <Checkbox
          id="show-factors"
          label="Explain the prediction"
          description="Which inputs weighed most in this row's answer."
          checked={showFactors}
          onChange={setShowFactors}
        />
        <div className="flex gap-2">
          <Button type="submit" busy={predict.isPending} data-testid="predict-button">
            Predict
          </Button>
          <Button variant="ghost" onClick={() => setValues({})}>
            Clear
          </Button>
        </div>
        {formError && (
          <p role="alert" className="text-sm text-red-700" data-testid="predict-form-error">
            {formError}
          </p>
        )}
        <ErrorBanner error={predict.error} title="Prediction failed" />
      </form>
      <div aria-live="polite" className="rounded-xl border border-slate-200 bg-slate-50 p-4" data-testid="prediction-result">
        {!answer ? (
          <p className="text-sm text-slate-500">Fill in what you know (blank means unknown) and press Predict.</p>
        ) : (
          <div className="space-y-5">
            {readPrediction(answer, predictFields).map((p) => (
              <div key={p.field}>
                <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">{p.field}</p>
                <p className="text-2xl font-semibold text-slate-900">{typeof p.value === "number" ? formatNumber(p.value) : String(p.value ?? "—")}</p>
                {p.probabilities.length > 0 && (
                  <div className="mt-2">
                    <Bars items={p.probabilities} testId="probabilities" />
                  </div>
                )}
                {savedThresholdNote(p.value, p.probabilities, thresholds[p.field]) && (
                  <p className="mt-2 text-xs text-slate-600" data-testid="prediction-threshold">
                    {savedThresholdNote(p.value, p.probabilities, thresholds[p.field])}
                  </p>
                )}
              </div>
            ))}
            {blanks.length > 0 && (
              <p className="text-xs text-slate-500" data-testid="prediction-blanks">
                Left blank, so treated as unknown: {blanks.join(", ")}.
              </p>
            )}
            {showFactors && readFactors(answer).length > 0 && (
              <div>
                <p className="mb-2 text-xs font-medium tracking-wide text-slate-500 uppercase">
                  What weighed most{predictFields.length > 1 ? ` (for ${predictFields[0]})` : ""}
                </p>
                <Bars
                  items={readFactors(answer)
                    .slice(0, 8)
                    .map((f) => ({ label: f.field, value: f.value }))}
                  testId="factors"
                />
              </div>
            )}
          </div>
        )}
      </div>
    </div>
  );
}

/** `knownFields` also holds ignored fields (ids...): the model echoes them, so results can be joined back. */
export function BatchPrediction({
  modelId,
  modelName,
  inputFields,
  knownFields,
  thresholds = {},
}: {
  modelId: string;
  modelName: string;
  inputFields: string[];
  knownFields: string[];
  thresholds?: Record<string, StoredThreshold>;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [result, setResult] = useState<{ rows: DataRow[]; columns: string[]; dropped: string[]; missing: string[] } | null>(null);
  const [downloadUrl, setDownloadUrl] = useState<string | null>(null);
  const abortRef = useRef<AbortController | null>(null);

  useEffect(
    () => () => {
      if (downloadUrl) URL.revokeObjectURL(downloadUrl);
    },
    [downloadUrl],
  );

  const run = async () => {
    if (!file) return;
    if (file.size > MAX_BATCH_FILE_MB * 1024 * 1024) {
      setError(new Error(`The file is over ${MAX_BATCH_FILE_MB} MB. Split it, or call POST /api/v1/models/${modelId}/predict from a script.`));
      return;
    }
    setError(null);
    setResult(null);
    setProgress(0);
    abortRef.current = new AbortController();
    try {
      const parsed = isExcelFile(file.name) ? await readExcelRows(file) : parseDelimitedText(await readTextFile(file), file.name);
      if (!parsed.rows.length) throw new Error("The file has no data rows under its header row.");
      const known = new Set(knownFields);
      const used = parsed.fields.filter((f) => known.has(f));
      if (!used.some((f) => inputFields.includes(f)))
        throw new Error(`None of the file's columns are inputs of this model. It expects: ${inputFields.join(", ")}.`);
      const out: DataRow[] = [];
      for (let i = 0; i < parsed.rows.length; i += BATCH_ROWS) {
        const batch = parsed.rows.slice(i, i + BATCH_ROWS).map((r) => Object.fromEntries(used.map((f) => [f, r[f] === "" ? null : r[f]])) as DataRow);
        out.push(...(await predictRows(modelId, batch, false, abortRef.current.signal)));
        setProgress(Math.min(1, (i + BATCH_ROWS) / parsed.rows.length));
      }
      // The answers first: after a dozen input columns they were off the right edge of the preview
      // (the CSV keeps the file's columns first, for joining back).
      const sent = new Set(used);
      const keys = Object.keys(out[0] ?? {});
      const columns = [...keys.filter((k) => !sent.has(k)), ...keys.filter((k) => sent.has(k))];
      setResult({ rows: out, columns, dropped: parsed.fields.filter((f) => !known.has(f)), missing: inputFields.filter((f) => !parsed.fields.includes(f)) });
      setDownloadUrl(URL.createObjectURL(new Blob([toCsv(out)], { type: "text/csv;charset=utf-8" })));
    } catch (err) {
      setError(err instanceof DOMException && err.name === "AbortError" ? new Error("Cancelled.") : err);
    } finally {
      setProgress(null);
    }
  };

  return (
    <div className="space-y-4" data-testid="batch-prediction">
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-64 flex-1">
          <Field
            label="CSV file of rows to predict"
            htmlFor="batch-file"
            hint="CSV, TSV or Excel (.xlsx, first sheet) with the training data's column names; extra columns are ignored, missing ones count as unknown."
          >
            <input
              id="batch-file"
              type="file"
              accept=".csv,.tsv,.xlsx,text/csv"
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                setResult(null);
                setError(null);
              }}
              className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:text-sm file:font-medium file:text-brand-700 hover:file:bg-brand-100"
            />
          </Field>
        </div>
        <div className="pb-5">
          {progress !== null ? (
            <Button variant="secondary" onClick={() => abortRef.current?.abort()}>
              Cancel
            </Button>
          ) : (
            <Button onClick={run} disabled={!file} data-testid="run-batch">
              Predict all rows
            </Button>
          )}
        </div>
      </div>
      {progress !== null && <ProgressBar value={progress} label="Batch prediction progress" />}
      <ErrorBanner error={error} title="Batch prediction failed" />
      {result && (
        <div className="space-y-3">
          <Notice tone="success">
            Predicted {formatCount(result.rows.length, "row")}.
            {result.dropped.length > 0 && ` Ignored columns the model does not use: ${result.dropped.join(", ")}.`}
            {result.missing.length > 0 && ` Missing inputs (treated as unknown): ${result.missing.join(", ")}.`}
            {batchThresholdNotes(thresholds, result.columns).map((note) => (
              <span key={note} data-testid="batch-threshold">
                {" "}
                {note}
              </span>
            ))}
          </Notice>
          {downloadUrl && (
            <a
              href={downloadUrl}
              download={downloadFileName(modelName, "-predictions.csv")}
              className="inline-flex items-center gap-1.5 rounded-lg bg-brand-600 px-3.5 py-2 text-sm font-medium text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
              data-testid="download-predictions"
            >
              Download predictions (CSV)
            </a>
          )}
          <DataTable rows={result.rows.slice(0, 200)} columns={result.columns} caption="First predicted rows" maxHeight="20rem" testId="batch-preview" />
          {result.rows.length > 200 && (
            <p className="text-xs text-slate-500">Showing the first 200 rows; the download has all {formatInt(result.rows.length)}.</p>
          )}
        </div>
      )}
    </div>
  );
}
