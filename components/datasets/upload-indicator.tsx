"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useEffect, type ReactNode } from "react";
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

  // A strip under the header, part of the sticky header: it covers no page content (the chat's question
  // box, a page's own buttons) on any screen size.
  const strip = (tone: string, children: ReactNode) => (
    <div role="status" aria-live="polite" className={`border-t ${tone}`} data-testid="upload-indicator">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 gap-y-1 px-4 py-1.5 text-sm sm:px-6">{children}</div>
    </div>
  );
  if (running) {
    const percent = Math.round(upload.progress.fraction * 100);
    return strip(
      "border-slate-200 bg-slate-50",
      <>
        <span className="min-w-0 truncate font-medium text-slate-900">Uploading {upload.fileName}</span>
        <span className="h-1.5 w-24 overflow-hidden rounded-full bg-slate-200 sm:w-40" aria-hidden>
          <span className="block h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
        </span>
        <span className="text-xs text-slate-600">
          {percent}% · {formatCount(upload.progress.rowsSent, "row")} sent
        </span>
        <button
          type="button"
          onClick={cancelUpload}
          className="ml-auto rounded px-2 py-0.5 text-xs font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-white focus-visible:outline-2 focus-visible:outline-brand-500"
        >
          Cancel upload
        </button>
      </>,
    );
  }
  const ok = upload.status === "done";
  // The user's own Cancel is no failure: a neutral strip, not a red one.
  const cancelled = upload.status === "failed" && upload.cancelled;
  return strip(
    ok ? "border-emerald-200 bg-emerald-50" : cancelled ? "border-slate-200 bg-slate-50" : "border-red-200 bg-red-50",
    <>
      <span className="font-medium text-slate-900">
        {ok
          ? `Uploaded “${upload.datasetName}”: ${formatCount(upload.rows, "row")}`
          : cancelled
            ? `Upload of ${upload.fileName} cancelled`
            : `The upload of ${upload.fileName} did not finish`}
      </span>
      {!ok && <span className="text-slate-700">{cancelled ? "Nothing was kept." : errorText(upload.error)}</span>}
      {ok && upload.warnings.length > 0 && <span className="text-amber-800">{upload.warnings.join(" ")}</span>}
      <span className="ml-auto flex gap-3">
        {ok && (
          <Link href={`/datasets/${upload.datasetId}`} onClick={dismissUpload} className="text-xs font-medium text-brand-700 underline">
            Open “{upload.datasetName}”
          </Link>
        )}
        <button type="button" onClick={dismissUpload} className="text-xs font-medium text-slate-600 underline">
          Dismiss
        </button>
      </span>
    </>,
  );
}
