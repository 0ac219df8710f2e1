"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useEffect } from "react";
import { errorText } from "@/lib/client/api";
import { formatCount } from "@/lib/client/format";
import { cancelUpload, dismissUpload, useUpload } from "@/lib/client/upload-store";

/**
 * The running upload's progress, Cancel and outcome on every page but Datasets (whose upload panel
 * shows them): leaving that page through the app's links does not stop an upload.
 */
export function UploadIndicator() {
  const upload = useUpload();
  const pathname = usePathname();
  const running = upload.status === "running";

  // Closing or reloading the tab mid-upload stops it (the half-made dataset is not kept): ask first.
  useEffect(() => {
    if (!running) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [running]);

  if (upload.status === "idle" || pathname === "/datasets") return null;
  if (!running && upload.seen) return null;

  const box = "fixed right-4 bottom-4 z-40 w-[min(24rem,calc(100vw-2rem))] rounded-xl bg-white p-4 text-sm shadow-lg ring-1";
  if (running) {
    const percent = Math.round(upload.progress.fraction * 100);
    return (
      <div role="status" aria-live="polite" className={`${box} ring-slate-200`} data-testid="upload-indicator">
        <p className="truncate font-medium text-slate-900">Uploading {upload.fileName}</p>
        <div className="mt-2 h-1.5 overflow-hidden rounded-full bg-slate-100">
          <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
        </div>
        <div className="mt-2 flex items-center justify-between gap-3">
          <span className="text-xs text-slate-600">
            {percent}% · {formatCount(upload.progress.rowsSent, "row")} sent
          </span>
          <button type="button" onClick={cancelUpload} className="rounded px-2 py-1 text-xs font-medium text-slate-700 ring-1 ring-slate-200 hover:bg-slate-50">
            Cancel upload
          </button>
        </div>
      </div>
    );
  }
  const ok = upload.status === "done";
  return (
    <div role="status" aria-live="polite" className={`${box} ${ok ? "ring-emerald-200" : "ring-red-200"}`} data-testid="upload-indicator">
      <p className="font-medium text-slate-900">
        {ok ? `Uploaded “${upload.datasetName}”: ${formatCount(upload.rows, "row")}` : `The upload of ${upload.fileName} did not finish`}
      </p>
      {!ok && <p className="mt-1 text-slate-700">{errorText(upload.error)}</p>}
      {ok && upload.warnings.length > 0 && (
        <ul className="mt-1 list-disc space-y-0.5 pl-5 text-amber-800">
          {upload.warnings.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      )}
      <div className="mt-2 flex gap-3">
        {ok && (
          <Link href={`/datasets/${upload.datasetId}`} onClick={dismissUpload} className="text-xs font-medium text-brand-700 underline">
            Open “{upload.datasetName}”
          </Link>
        )}
        <button type="button" onClick={dismissUpload} className="text-xs font-medium text-slate-600 underline">
          Dismiss
        </button>
      </div>
    </div>
  );
}
