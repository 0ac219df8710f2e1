"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "./api";
import { queryKeys } from "./query-keys";
import type { Member, Role, TeamInvitation } from "./types";

export function useMembers() {
  return useQuery({ queryKey: queryKeys.members, queryFn: async () => (await apiFetch<{ members: Member[] }>("/api/team/members")).members });
}

export function useTeamInvitations() {
  return useQuery({
    queryKey: queryKeys.teamInvitations,
    queryFn: async () => (await apiFetch<{ invitations: TeamInvitation[] }>("/api/team/invitations")).invitations,
  });
}

export function useInviteMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { email: string; role: Role; password: string }) =>
      apiFetch<{ ok: true; message: string }>("/api/team/members", { method: "POST", body }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.members });
      void client.invalidateQueries({ queryKey: queryKeys.teamInvitations });
    },
  });
}

export function useRevokeInvitation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch(`/api/team/invitations/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.teamInvitations }),
  });
}

export function useRemoveMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => apiFetch<{ ok: true; revokedKeys: number }>(`/api/team/members/${encodeURIComponent(userId)}`, { method: "DELETE" }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.members });
      void client.invalidateQueries({ queryKey: queryKeys.apiKeys });
    },
  });
}

export function useChangeRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: Role }) =>
      apiFetch(`/api/team/members/${encodeURIComponent(userId)}`, { method: "PATCH", body: { role } }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.members });
      void client.invalidateQueries({ queryKey: queryKeys.me });
    },
  });
}

export function useSetMemberPassword() {
  return useMutation({
    mutationFn: ({ userId, password }: { userId: string; password: string }) =>
      apiFetch(`/api/team/members/${encodeURIComponent(userId)}/password`, { method: "PUT", body: { password } }),
  });
}
