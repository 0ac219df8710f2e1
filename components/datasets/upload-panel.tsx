"use client";
import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState, type DragEvent } from "react";
import { formatCount } from "@/lib/client/format";
import { queryKeys } from "@/lib/client/query-keys";
import { cancelUpload, dismissUpload, markUploadSeen, startUpload, useUpload } from "@/lib/client/upload-store";
import { MAX_DATASET_NAME_LENGTH } from "@/lib/schemas/datasets";
import { Button } from "../ui/button";
import { ErrorBanner, Notice, ProgressBar } from "../ui/feedback";
import { Field, TextInput } from "../ui/form";

const ACCEPT = ".csv,.tsv,.tab,.txt,.xlsx,text/csv,text/tab-separated-values,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

function nameFromFile(file: File): string {
  return (file.name.replace(/\.(csv|tsv|tab|txt|xlsx)$/i, "") || "Dataset").slice(0, MAX_DATASET_NAME_LENGTH);
}

export function UploadPanel({ onDone }: { onDone?: () => void }) {
  const client = useQueryClient();
  const router = useRouter();
  const inputRef = useRef<HTMLInputElement>(null);
  // The upload itself lives in the upload store: it goes on (with progress in the app shell) when
  // this page is left through the app's links, and shows here again on the way back.
  const upload = useUpload();
  const busy = upload.status === "running";
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState("");
  const [error, setError] = useState<unknown>(null);
  const [dragging, setDragging] = useState(false);

  useEffect(() => {
    if (upload.status === "done" || upload.status === "failed") markUploadSeen();
  }, [upload]);

  const pick = (f: File | undefined | null) => {
    if (!f) return;
    if (/\.(xls|ods|numbers)$/i.test(f.name)) {
      setError(new Error("This spreadsheet format is not read directly: save the sheet as .xlsx or CSV (File → Save as) and upload that."));
      return;
    }
    setFile(f);
    setName(nameFromFile(f));
    setError(null);
    dismissUpload();
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    pick(e.dataTransfer.files[0]);
  };

  const start = async () => {
    if (!file) return;
    const chosen = name.trim();
    if (chosen.length > MAX_DATASET_NAME_LENGTH) {
      setError(new Error(`The dataset name has ${chosen.length} characters; shorten it to at most ${MAX_DATASET_NAME_LENGTH}. Nothing was uploaded.`));
      return;
    }
    setError(null);
    try {
      // The list refreshes even when this page was left before the upload ended.
      const outcome = await startUpload(file, chosen || nameFromFile(file), () => client.invalidateQueries({ queryKey: queryKeys.datasets }));
      if (outcome === "done") {
        setFile(null);
        onDone?.();
      }
    } catch (err) {
      setError(err);
    }
  };

  const progress = upload.status === "running" ? upload.progress : null;
  const done = upload.status === "done" ? upload : null;

  return (
    <div className="space-y-4" data-testid="upload-panel">
      <div
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`flex flex-col items-center justify-center rounded-xl border-2 border-dashed px-6 py-8 text-center transition-colors ${
          dragging ? "border-brand-500 bg-brand-50" : "border-slate-300 bg-slate-50"
        }`}
      >
        <p className="text-sm text-slate-600">
          Drop a CSV, TSV or Excel (.xlsx) file here, or{" "}
          <button
            type="button"
            onClick={() => inputRef.current?.click()}
            className="font-medium text-brand-600 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500"
            disabled={busy}
          >
            choose a file
          </button>
        </p>
        <p className="mt-1 text-xs text-slate-500">
          The first row names the columns; from a workbook, the first sheet is read. Large CSV files (100 MB and more) stream in batches.
        </p>
        <label htmlFor="dataset-file" className="sr-only">
          CSV or Excel file
        </label>
        <input
          ref={inputRef}
          id="dataset-file"
          type="file"
          accept={ACCEPT}
          className="sr-only"
          // The visible "choose a file" button opens it; a hidden stop in the tab order would show no focus.
          tabIndex={-1}
          onChange={(e) => {
            pick(e.target.files?.[0]);
            // Forget the choice, so choosing the same file again (fixed after an error) is a change too.
            e.target.value = "";
          }}
          disabled={busy}
          data-testid="dataset-file-input"
        />
      </div>

      {file && (
        // A form, so Enter in the name field uploads as the Upload button does.
        <form
          className="grid grid-cols-1 gap-4 sm:grid-cols-[1fr_auto] sm:items-end"
          onSubmit={(e) => {
            e.preventDefault();
            if (!busy) start();
          }}
        >
          <Field label="Dataset name" htmlFor="dataset-name" hint={`${file.name} · ${(file.size / 1024 / 1024).toFixed(1)} MB`}>
            <TextInput id="dataset-name" value={name} onChange={(e) => setName(e.target.value)} disabled={busy} />
          </Field>
          <div className="flex gap-2 sm:pb-5">
            {busy ? (
              <Button variant="secondary" onClick={cancelUpload}>
                Cancel
              </Button>
            ) : (
              <Button variant="ghost" onClick={() => setFile(null)}>
                Clear
              </Button>
            )}
            <Button type="submit" busy={busy} data-testid="start-upload">
              Upload
            </Button>
          </div>
        </form>
      )}

      {busy && !file && (
        // Back on this page while an upload started earlier is still running.
        <div className="flex items-center justify-between gap-3 text-sm text-slate-700">
          <span className="min-w-0 truncate">
            Uploading {upload.fileName} as “{upload.datasetName}”
          </span>
          <Button variant="secondary" onClick={cancelUpload}>
            Cancel
          </Button>
        </div>
      )}
      {progress && (
        <div className="space-y-1.5" aria-live="polite">
          <ProgressBar value={progress.fraction} label="Upload progress" />
          <p className="text-xs text-slate-600">
            {Math.round(progress.fraction * 100)}% · {formatCount(progress.rowsSent, "row")} sent
          </p>
        </div>
      )}
      {/* The user's own Cancel is not an error: a plain notice, not a red banner. */}
      {!error && upload.status === "failed" && upload.cancelled ? (
        <Notice>Upload of {upload.fileName} cancelled; nothing was kept.</Notice>
      ) : (
        <ErrorBanner error={error ?? (upload.status === "failed" ? upload.error : null)} title="The upload did not finish" />
      )}
      {done && (
        <Notice tone="success">
          Uploaded {formatCount(done.rows, "row")}.{" "}
          <button
            type="button"
            className="font-medium underline"
            onClick={() => {
              dismissUpload();
              router.push(`/datasets/${done.datasetId}`);
            }}
          >
            Open the dataset
          </button>{" "}
          to check the field types and train a model.
        </Notice>
      )}
      {done && done.warnings.length > 0 && (
        <Notice tone="warning">
          <span className="block font-medium">Check these before you train:</span>
          <ul className="mt-1 list-disc space-y-0.5 pl-5" data-testid="upload-warnings">
            {done.warnings.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        </Notice>
      )}
    </div>
  );
}
