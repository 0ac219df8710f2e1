"use client";
import Link from "next/link";
import { useEffect, useState } from "react";
import { useDataset, useDatasetRows, useSetFieldTypes } from "@/lib/client/use-datasets";
import { formatCount, formatInt } from "@/lib/client/format";
import { FIELD_TYPE_OPTIONS, type DatasetField, type FieldTypeName } from "@/lib/client/types";
import type { SortState } from "@/lib/client/sort-rows";
import { DataTable } from "../data-table";
import { BreakableName } from "../ui/breakable-name";
import { Button } from "../ui/button";
import { Card, PageHeader } from "../ui/card";
import { EmptyState, ErrorBanner, Notice, Skeleton, SkeletonRows } from "../ui/feedback";
import { Select } from "../ui/form";
import { TrainPanel } from "./train-panel";

const PAGE = 50;

const TYPE_HELP: Record<FieldTypeName, string> = {
  category: "a few distinct values",
  integer: "whole numbers",
  float: "numbers",
  string: "free text",
  date: "dates and times",
  id: "identifier, not learned from",
  unknown: "not used",
};

/** Fields whose reading the data alone could not settle (dates of unknown order, "NA" kept as a code): said, not hidden. */
function ReadingNotes({ fields }: { fields: DatasetField[] }) {
  const noted = fields.filter((f) => f.note);
  if (noted.length === 0) return null;
  return (
    <Notice tone="warning">
      <span className="font-medium">How some fields were read</span>
      <ul className="mt-1 list-disc space-y-1 pl-5" data-testid="reading-notes">
        {noted.map((f) => (
          <li key={f.name}>
            <span className="font-medium [overflow-wrap:anywhere]">{f.name}</span>: {f.note}
          </li>
        ))}
      </ul>
    </Notice>
  );
}

function FieldTypesEditor({ datasetId, fields }: { datasetId: string; fields: DatasetField[] }) {
  const save = useSetFieldTypes(datasetId);
  const [draft, setDraft] = useState(fields);
  useEffect(() => setDraft(fields), [fields]);
  const dirty = draft.some((f, i) => f.type !== fields[i]?.type);

  return (
    <div className="space-y-4">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
        {draft.map((f, i) => (
          <div key={f.name} className="grid grid-cols-[minmax(0,1fr)_8.75rem] items-center gap-2 rounded-lg border border-slate-200 px-3 py-2">
            {/* A long name wraps (telco's DeviceProtection and StreamingMovies were cut at 1280 px), between its
                words first ("DeviceProtectio / n" read as a typo); any letter only when a word is wider than the
                column. The select fits "category" whole: Chromium draws its arrow inside the box past the padding
                (at 7.5rem it read "categor"). */}
            <label htmlFor={`type-${i}`} className="text-sm font-medium text-slate-800 [overflow-wrap:anywhere]" title={f.name}>
              <BreakableName name={f.name} />
            </label>
            <Select
              id={`type-${i}`}
              value={f.type}
              className="py-1"
              title={TYPE_HELP[f.type]}
              data-testid={`field-type-${f.name}`}
              onChange={(e) => setDraft((d) => d.map((x, j) => (j === i ? { ...x, type: e.target.value as FieldTypeName } : x)))}
            >
              {FIELD_TYPE_OPTIONS.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </Select>
          </div>
        ))}
      </div>
      <ErrorBanner error={save.error} title="Could not save the types" />
      {save.isSuccess && !dirty && <Notice tone="success">Field types saved. New models use them.</Notice>}
      <div className="flex gap-2">
        <Button onClick={() => save.mutate(draft)} disabled={!dirty} busy={save.isPending}>
          Save types
        </Button>
        {dirty && (
          <Button variant="ghost" onClick={() => setDraft(fields)}>
            Undo changes
          </Button>
        )}
      </div>
    </div>
  );
}

function Preview({ datasetId, fields, rows }: { datasetId: string; fields: DatasetField[]; rows: number }) {
  const [offset, setOffset] = useState(0);
  const [sort, setSort] = useState<SortState>(null);
  const page = useDatasetRows(datasetId, offset, PAGE);
  const types = new Map(fields.map((f) => [f.name, f.type]));
  return (
    <div className="space-y-3">
      <ErrorBanner error={page.error} title="Could not load rows" onRetry={() => page.refetch()} />
      {page.isPending ? (
        <SkeletonRows rows={6} label="Loading rows" />
      ) : (
        <DataTable
          rows={page.data ?? []}
          columns={fields.map((f) => f.name)}
          caption="Dataset preview"
          testId="dataset-preview"
          onSortChange={setSort}
          columnLabel={(c) => (
            <span className="flex flex-col items-start leading-tight">
              <span>{c}</span>
              <span className="text-[11px] font-normal text-slate-400">{types.get(c)}</span>
            </span>
          )}
        />
      )}
      <div className="flex items-center justify-between text-sm text-slate-600">
        <span>
          Rows {formatInt(rows === 0 ? 0 : offset + 1)}–{formatInt(Math.min(rows, offset + PAGE))} of {formatInt(rows)}
          {/* A header click sorts the rows on screen only: sorted by age, a page of the adult data began at 19 where the table's youngest is 17. */}
          {sort && rows > PAGE && <span data-testid="preview-sort-scope"> · sorted by {sort.column} within these rows only</span>}
        </span>
        <div className="flex gap-2">
          <Button variant="secondary" size="sm" disabled={offset === 0 || page.isFetching} onClick={() => setOffset((o) => Math.max(0, o - PAGE))}>
            Previous
          </Button>
          <Button variant="secondary" size="sm" disabled={offset + PAGE >= rows || page.isFetching} onClick={() => setOffset((o) => o + PAGE)}>
            Next
          </Button>
        </div>
      </div>
    </div>
  );
}

export function DatasetDetail({ id }: { id: string }) {
  const dataset = useDataset(id);
  if (dataset.isPending) {
    return (
      <div className="space-y-6">
        <Skeleton className="h-8 w-64" />
        <SkeletonRows rows={8} label="Loading dataset" />
      </div>
    );
  }
  if (dataset.error || !dataset.data) {
    return (
      <div className="space-y-4">
        <ErrorBanner error={dataset.error} title="Could not open this dataset" onRetry={() => dataset.refetch()} />
        <Link href="/datasets" className="text-sm font-medium text-brand-700 hover:underline">
          ← Back to datasets
        </Link>
      </div>
    );
  }
  const d = dataset.data;
  return (
    <div className="space-y-6">
      <div>
        <Link href="/datasets" className="text-sm text-slate-500 hover:text-slate-800 hover:underline">
          ← Datasets
        </Link>
        <PageHeader title={d.name} description={`${formatCount(d.rows, "row")} · ${formatCount(d.fields.length, "field")}`} />
      </div>
      {d.rows === 0 ? (
        <EmptyState title="This dataset has no rows">Upload a file again from the datasets page, or append rows through the API.</EmptyState>
      ) : (
        <>
          <Card title="Train a model" description="Pick what to predict and how long to search; the holdout statistics come with it." testId="train-card">
            <TrainPanel datasetId={d.id} datasetName={d.name} fields={d.fields} />
          </Card>
          <ReadingNotes fields={d.fields} />
          <Card title="Preview" description="The inferred type of each field is shown under its name.">
            <Preview datasetId={d.id} fields={d.fields} rows={d.rows} />
          </Card>
          <Card title="Field types" description="Inferred from the data; correct them if a number is really a category, or a column is an identifier.">
            <FieldTypesEditor datasetId={d.id} fields={d.fields} />
          </Card>
        </>
      )}
    </div>
  );
}
