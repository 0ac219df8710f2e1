"use client";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "./api";
import { queryKeys } from "./query-keys";
import type { DataRow, DatasetDetail, DatasetField, DatasetSummary } from "./types";

export function useDatasets() {
  return useQuery({
    queryKey: queryKeys.datasets,
    queryFn: async () => (await apiFetch<{ datasets: DatasetSummary[] }>("/v1/datasets")).datasets,
  });
}

export function useDataset(id: string | null | undefined) {
  return useQuery({
    queryKey: queryKeys.dataset(id ?? ""),
    queryFn: () => apiFetch<DatasetDetail>(`/v1/datasets?id=${encodeURIComponent(id ?? "")}`),
    enabled: Boolean(id),
  });
}

export function useDatasetRows(id: string, offset: number, limit: number) {
  return useQuery({
    queryKey: queryKeys.datasetRows(id, offset, limit),
    queryFn: async () => (await apiFetch<{ rows: DataRow[] }>(`/api/v1/datasets/${encodeURIComponent(id)}/rows?offset=${offset}&limit=${limit}`)).rows,
    placeholderData: keepPreviousData,
  });
}

export function useDeleteDataset() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch("/v1/datasets", { method: "DELETE", body: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.datasets }),
  });
}

export function useSetFieldTypes(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (fields: DatasetField[]) =>
      apiFetch("/v1/datasets", { method: "POST", body: { id, fields: fields.map(({ name, type }) => ({ name, type })) } }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.dataset(id) }),
  });
}
