"use client";
// Hooks for the model page's insights, threshold, versions and report links. Keys sit under the
// model's own key (["models", id, ...]), so invalidating the model refreshes them too.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "./api";
import { queryKeys } from "./query-keys";

export interface StoredThreshold {
  threshold: number;
  positive_class: string;
}

export interface ModelVersionSummary {
  version: number;
  active: boolean;
  created_at: string;
  task_id: string | null;
  dataset_version: string;
  fields: { field: string; task?: string; metrics: Record<string, number>; holdout_rows?: number; rows_with_target?: number }[];
}

export interface ModelVersions {
  model_id: string;
  active_version: number;
  versions: ModelVersionSummary[];
}

export interface ShareLink {
  id: string;
  include_examples: boolean;
  created_at: string;
  revoked_at: string | null;
  last_viewed_at: string | null;
}

const versionsKey = (id: string) => [...queryKeys.model(id), "versions"] as const;
const linksKey = (id: string) => [...queryKeys.model(id), "share-links"] as const;
const base = (id: string) => `/api/v1/models/${encodeURIComponent(id)}`;

export function useSetThreshold(modelId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { field: string; threshold: number | null; positive_class?: string }) =>
      apiFetch<{ thresholds: Record<string, StoredThreshold> }>(`${base(modelId)}/threshold`, { method: "PUT", body }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.model(modelId), exact: true }),
  });
}

/** `enabled: false` holds the request back, e.g. until the model itself is known to exist. */
export function useModelVersions(modelId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: versionsKey(modelId), queryFn: () => apiFetch<ModelVersions>(`${base(modelId)}/versions`), enabled });
}

/** After any change of versions, the model (its active result and report) and the listing change too. */
function useRefreshModel(modelId: string) {
  const client = useQueryClient();
  return () =>
    Promise.all([client.invalidateQueries({ queryKey: queryKeys.model(modelId) }), client.invalidateQueries({ queryKey: queryKeys.models, exact: true })]);
}

export function useRetrainModel(modelId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (activate: boolean) => apiFetch<{ task_id: string }>(`${base(modelId)}/retrain`, { method: "POST", body: { activate } }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.teamTrainings }),
  });
}

export function useActivateVersion(modelId: string) {
  const refresh = useRefreshModel(modelId);
  return useMutation({
    mutationFn: (version: number) => apiFetch<ModelVersions>(`${base(modelId)}/versions/${version}/activate`, { method: "POST" }),
    onSuccess: refresh,
  });
}

export function useDeleteVersion(modelId: string) {
  const refresh = useRefreshModel(modelId);
  return useMutation({
    mutationFn: (version: number) => apiFetch<ModelVersions>(`${base(modelId)}/versions/${version}`, { method: "DELETE" }),
    onSuccess: refresh,
  });
}

export function useRefreshAfterRetrain(modelId: string) {
  return useRefreshModel(modelId);
}

export function useShareLinks(modelId: string) {
  return useQuery({ queryKey: linksKey(modelId), queryFn: async () => (await apiFetch<{ links: ShareLink[] }>(`${base(modelId)}/share-links`)).links });
}

export function useCreateShareLink(modelId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (includeExamples: boolean) =>
      apiFetch<ShareLink & { token: string; path: string }>(`${base(modelId)}/share-links`, { method: "POST", body: { include_examples: includeExamples } }),
    onSuccess: () => client.invalidateQueries({ queryKey: linksKey(modelId) }),
  });
}

export function useRevokeShareLink(modelId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (linkId: string) => apiFetch(`${base(modelId)}/share-links/${encodeURIComponent(linkId)}`, { method: "DELETE" }),
    onSuccess: () => client.invalidateQueries({ queryKey: linksKey(modelId) }),
  });
}
