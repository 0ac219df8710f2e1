"use client";
// The one file upload of this tab, kept outside any component: leaving the Datasets page through the
// app's own links unmounts the upload panel, but the upload goes on, so its progress, result and
// Cancel must stay reachable from every page (the app shell shows them).
import { useSyncExternalStore } from "react";
import { uploadFileAsDataset, type UploadProgress } from "./csv-upload";

export type UploadState =
  | { status: "idle" }
  | { status: "running"; fileName: string; datasetName: string; progress: UploadProgress }
  | { status: "done"; fileName: string; datasetName: string; datasetId: string; rows: number; warnings: string[]; seen: boolean }
  | {
      status: "failed";
      fileName: string;
      datasetName: string;
      error: unknown;
      seen: boolean /** Stopped by the user's Cancel, not by an error. */;
      cancelled: boolean;
    };

const IDLE: UploadState = { status: "idle" };
let state: UploadState = IDLE;
let controller: AbortController | null = null;
const listeners = new Set<() => void>();

function set(next: UploadState) {
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useUpload(): UploadState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => IDLE,
  );
}

export class UploadBusyError extends Error {
  constructor(fileName: string) {
    super(`"${fileName}" is still uploading: wait for it to finish or cancel it before starting another upload.`);
  }
}

/**
 * Starts uploading `file` as a new dataset; settles when it is done, failed or cancelled (a
 * cancelled upload is "failed" with a message saying so). `onSettled` runs even when the page
 * that started it is gone.
 */
export async function startUpload(file: File, datasetName: string, onSettled?: () => void): Promise<"done" | "failed"> {
  if (state.status === "running") throw new UploadBusyError(state.fileName);
  controller = new AbortController();
  const base = { fileName: file.name, datasetName };
  set({ status: "running", ...base, progress: { fraction: 0, rowsSent: 0 } });
  try {
    const result = await uploadFileAsDataset(file, {
      name: datasetName,
      signal: controller.signal,
      onProgress: (progress) => {
        if (state.status === "running") set({ ...state, progress });
      },
    });
    set({ status: "done", ...base, ...result, seen: false });
    return "done";
  } catch (error) {
    const cancelled = error instanceof DOMException && error.name === "AbortError";
    set({ status: "failed", ...base, error: cancelled ? new Error("Upload cancelled; nothing was kept.") : error, seen: false, cancelled });
    return "failed";
  } finally {
    controller = null;
    onSettled?.();
  }
}

export function cancelUpload() {
  controller?.abort();
}

/** The upload panel showed the outcome, so the app shell need not announce it on other pages. */
export function markUploadSeen() {
  if ((state.status === "done" || state.status === "failed") && !state.seen) set({ ...state, seen: true });
}

/** Forgets a finished upload's message (a running upload cannot be dismissed, only cancelled). */
export function dismissUpload() {
  if (state.status !== "running") set(IDLE);
}
