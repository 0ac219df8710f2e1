"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "./api";
import { queryKeys } from "./query-keys";
import type { Member, Role } from "./types";

export function useMembers() {
  return useQuery({ queryKey: queryKeys.members, queryFn: async () => (await apiFetch<{ members: Member[] }>("/api/team/members")).members });
}

export function useInviteMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { email: string; role: Role; password: string }) => apiFetch("/api/team/members", { method: "POST", body }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.members }),
  });
}

export function useRemoveMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => apiFetch(`/api/team/members/${encodeURIComponent(userId)}`, { method: "DELETE" }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.members }),
  });
}
