"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "./api";
import { queryKeys } from "./query-keys";
import type { DataRow, ModelDetail, ModelSummary } from "./types";

export function useModels() {
  return useQuery({
    queryKey: queryKeys.models,
    queryFn: async () => (await apiFetch<{ models: ModelSummary[] }>("/api/v1/models")).models,
  });
}

export function useModel(id: string) {
  return useQuery({
    queryKey: queryKeys.model(id),
    queryFn: () => apiFetch<ModelDetail>(`/api/v1/models/${encodeURIComponent(id)}`),
    staleTime: Infinity, // changes only through this page (threshold, versions), whose mutations invalidate it
  });
}

export function useDeleteModel() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch(`/api/v1/models/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.models }),
  });
}

export function predictRows(modelId: string, rows: DataRow[], showFactors: boolean, signal?: AbortSignal) {
  return apiFetch<{ predictions: DataRow[] }>(`/api/v1/models/${encodeURIComponent(modelId)}/predict`, {
    method: "POST",
    body: { data: rows, show_factors: showFactors },
    signal,
  }).then((r) => r.predictions);
}

export function usePredict(modelId: string) {
  return useMutation({
    mutationFn: (input: { rows: DataRow[]; showFactors: boolean }) => predictRows(modelId, input.rows, input.showFactors),
  });
}
