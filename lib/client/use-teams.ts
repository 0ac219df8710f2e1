"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "./api";
import { queryKeys } from "./query-keys";
import type { TeamSummary } from "./types";

export function useTeams() {
  return useQuery({ queryKey: queryKeys.teams, queryFn: async () => (await apiFetch<{ teams: TeamSummary[] }>("/api/teams")).teams });
}

export function useCreateTeam() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => apiFetch<{ id: string; name: string }>("/api/teams", { method: "POST", body: { name } }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.teams }),
  });
}

/** Switches the session's team. Callers reload the page: every cached list belongs to the old team. */
export function useSwitchTeam() {
  return useMutation({
    mutationFn: (teamId: string) => apiFetch<{ teamId: string; teamName: string }>("/api/auth/team", { method: "POST", body: { teamId } }),
  });
}
