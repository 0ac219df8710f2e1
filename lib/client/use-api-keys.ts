"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "./api";
import { queryKeys } from "./query-keys";
import type { ApiKey, CreatedApiKey } from "./types";

export function useApiKeys() {
  return useQuery({ queryKey: queryKeys.apiKeys, queryFn: async () => (await apiFetch<{ keys: ApiKey[] }>("/api/team/keys")).keys });
}

export function useCreateApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => apiFetch<CreatedApiKey>("/api/team/keys", { method: "POST", body: { name } }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.apiKeys }),
  });
}

export function useRevokeApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch(`/api/team/keys/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.apiKeys }),
  });
}
