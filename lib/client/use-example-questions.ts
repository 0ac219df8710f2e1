"use client";
import { useQuery } from "@tanstack/react-query";
import { ApiError, apiFetch } from "./api";
import { buildExampleQuestions } from "./example-questions";
import { queryKeys } from "./query-keys";
import type { DataRow } from "./types";
import { useDataset } from "./use-datasets";

// A page of rows is enough to tell numbers from categories and to count a category's values.
const SAMPLE_ROWS = 1000;
// One empty list, so that "nothing yet" is the same value on every render.
const NONE: never[] = [];

/** The dataset's fields and example questions built from them (empty while loading or without rows). */
export function useExampleQuestions(datasetId: string | null | undefined) {
  const dataset = useDataset(datasetId);
  const rows = useQuery({
    queryKey: queryKeys.datasetRows(datasetId ?? "", 0, SAMPLE_ROWS),
    queryFn: async () =>
      (await apiFetch<{ rows: DataRow[] }>(`/api/v1/datasets/${encodeURIComponent(datasetId ?? "")}/rows?offset=0&limit=${SAMPLE_ROWS}`)).rows,
    enabled: Boolean(datasetId),
    staleTime: 60_000,
  });
  const fields = dataset.data?.fields ?? NONE;
  const examples = useQuery({
    queryKey: ["example-questions", datasetId ?? "", dataset.data?.name ?? "", fields.map((f) => `${f.name}:${f.type}`).join("|"), rows.data?.length ?? 0],
    queryFn: () => buildExampleQuestions(fields, rows.data ?? NONE, dataset.data?.name ?? ""),
    enabled: Boolean(datasetId) && fields.length > 0 && Boolean(rows.data),
    staleTime: Infinity,
  });
  return {
    fields,
    datasetName: dataset.data?.name ?? null,
    rowCount: dataset.data?.rows ?? null,
    examples: examples.data ?? NONE,
    loading: !dataset.error && !rows.error && (dataset.isPending || rows.isPending || examples.isPending),
    /** The project points at a dataset that was deleted (or belongs to another team). */
    missing: dataset.error instanceof ApiError && dataset.error.status === 404,
  };
}
