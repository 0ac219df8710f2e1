"use client";
import Link from "next/link";
import { useEffect, useRef, useState } from "react";
import { useUpload } from "@/lib/client/upload-store";
import { useDatasets, useDeleteDataset } from "@/lib/client/use-datasets";
import { formatCount, formatInt, formatRelative } from "@/lib/client/format";
import type { DatasetSummary } from "@/lib/client/types";
import { Button } from "../ui/button";
import { Card, PageHeader } from "../ui/card";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { EmptyState, ErrorBanner, SkeletonRows } from "../ui/feedback";
import { UploadPanel } from "./upload-panel";

export function DatasetsPage() {
  const datasets = useDatasets();
  const remove = useDeleteDataset();
  const [toDelete, setToDelete] = useState<DatasetSummary | null>(null);
  const [showUpload, setShowUpload] = useState(false);
  // After a delete the focused Delete button goes with its row: the focus moves to the list instead
  // of falling to the page. This effect runs after the dialog's own (which closes it), so it wins.
  const listRef = useRef<HTMLElement>(null);
  const [focusList, setFocusList] = useState(false);
  useEffect(() => {
    if (focusList && toDelete === null) {
      listRef.current?.focus();
      setFocusList(false);
    }
  }, [focusList, toDelete]);
  const list = datasets.data ?? [];
  // An empty list is believed only once it is current: coming back as an upload ends, the cached
  // list (empty before the first upload) is stale and being fetched again, and "No datasets yet"
  // would flash before the new dataset arrives.
  const settling = datasets.isFetching && (datasets.isStale || !datasets.isFetchedAfterMount);
  const empty = datasets.isSuccess && list.length === 0 && !settling;
  // Open the panel for a new team, and keep it open once the first upload fills the list.
  useEffect(() => {
    if (empty) setShowUpload(true);
  }, [empty]);
  // An upload started before leaving this page shows its progress or outcome on the way back.
  const upload = useUpload();
  const uploadRunning = upload.status === "running";
  const uploadUnseen = upload.status !== "idle" && !uploadRunning && !upload.seen;
  useEffect(() => {
    if (uploadRunning || uploadUnseen) setShowUpload(true);
  }, [uploadRunning, uploadUnseen]);
  const uploadOpen = showUpload || empty;

  return (
    <>
      <PageHeader
        title="Datasets"
        description="Tables you can train models on and chat with."
        actions={datasets.isSuccess && !uploadOpen && <Button onClick={() => setShowUpload(true)}>Upload a dataset</Button>}
      />
      {uploadOpen && (
        <Card
          title="Upload a dataset"
          description="CSV, TSV or Excel (.xlsx) with a header row."
          className="mb-6"
          actions={
            // Closed mid-upload, the progress and Cancel would be nowhere on this page.
            showUpload &&
            !uploadRunning && (
              <Button variant="ghost" size="sm" onClick={() => setShowUpload(false)}>
                Close
              </Button>
            )
          }
        >
          <UploadPanel />
        </Card>
      )}
      <section ref={listRef} tabIndex={-1} aria-label="Your datasets" className="outline-none" data-testid="datasets-section">
        <ErrorBanner error={datasets.error} title="Could not load datasets" onRetry={() => datasets.refetch()} />
        {datasets.isPending || (list.length === 0 && settling) ? (
          <SkeletonRows label="Loading datasets" />
        ) : list.length === 0 ? (
          !datasets.error && <EmptyState title="No datasets yet">Upload a CSV above: it becomes a dataset you can preview, train on and chat with.</EmptyState>
        ) : (
          <div className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
            <table className="min-w-full text-sm" data-testid="datasets-table">
              <caption className="sr-only">Datasets</caption>
              <thead className="bg-slate-50 text-left text-slate-600">
                <tr>
                  <th scope="col" className="px-4 py-2.5 font-semibold">
                    Name
                  </th>
                  <th scope="col" className="px-4 py-2.5 text-right font-semibold">
                    Rows
                  </th>
                  {/* On a phone, Fields and Updated give way so Delete stays on screen (Updated shows under the name). */}
                  <th scope="col" className="hidden px-4 py-2.5 text-right font-semibold sm:table-cell">
                    Fields
                  </th>
                  <th scope="col" className="hidden px-4 py-2.5 font-semibold sm:table-cell">
                    Updated
                  </th>
                  <th scope="col" className="px-4 py-2.5">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {list.map((d) => (
                  <tr key={d.id} className="hover:bg-slate-50">
                    <td className="px-4 py-3">
                      <Link
                        href={`/datasets/${d.id}`}
                        className="font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500"
                      >
                        {d.name}
                      </Link>
                      <div className="mt-0.5 text-xs text-slate-500 sm:hidden" data-testid="dataset-updated-phone">
                        {formatRelative(d.updated_at)}
                      </div>
                    </td>
                    <td className="px-4 py-3 text-right tabular-nums">{formatInt(d.rows)}</td>
                    <td className="hidden px-4 py-3 text-right tabular-nums sm:table-cell">{formatInt(d.field_count)}</td>
                    <td className="hidden px-4 py-3 text-slate-500 sm:table-cell" title={d.updated_at}>
                      {formatRelative(d.updated_at)}
                    </td>
                    <td className="px-4 py-3 text-right">
                      <Button variant="ghost" size="sm" onClick={() => setToDelete(d)} aria-label={`Delete ${d.name}`}>
                        Delete
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <ConfirmDialog
        open={toDelete !== null}
        title={`Delete “${toDelete?.name ?? ""}”?`}
        confirmLabel="Delete dataset"
        busy={remove.isPending}
        error={remove.error}
        onClose={() => {
          setToDelete(null);
          remove.reset();
        }}
        onConfirm={() =>
          toDelete &&
          remove.mutate(toDelete.id, {
            onSuccess: () => {
              setToDelete(null);
              setFocusList(true);
            },
          })
        }
      >
        Its {formatCount(toDelete?.rows, "row")} are removed for good. Models already trained on it keep working.
      </ConfirmDialog>
    </>
  );
}
