"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "./api";
import { queryKeys } from "./query-keys";
import type { MyInvitation, SessionSummary } from "./types";

export function useChangePassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) => apiFetch<{ ok: true }>("/api/auth/password", { method: "POST", body }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.me });
      void client.invalidateQueries({ queryKey: queryKeys.sessions });
    },
  });
}

export function useChangeName() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string }) => apiFetch<{ ok: true }>("/api/auth/me", { method: "PATCH", body }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.me });
      void client.invalidateQueries({ queryKey: queryKeys.members }); // the members list shows it too
    },
  });
}

export function useSessions() {
  return useQuery({ queryKey: queryKeys.sessions, queryFn: async () => (await apiFetch<{ sessions: SessionSummary[] }>("/api/auth/sessions")).sessions });
}

export function useEndSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<{ ok: true; current: boolean }>(`/api/auth/sessions/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.sessions }),
  });
}

/** keepCurrent: end only the other sessions; otherwise this one too ("sign out everywhere"). */
export function useEndAllSessions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (keepCurrent: boolean) =>
      apiFetch<{ ok: true; ended: number }>(`/api/auth/sessions${keepCurrent ? "?keep=current" : ""}`, { method: "DELETE" }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.sessions }),
  });
}

export function useMyInvitations(enabled = true) {
  return useQuery({
    queryKey: queryKeys.myInvitations,
    queryFn: async () => (await apiFetch<{ invitations: MyInvitation[] }>("/api/invitations")).invitations,
    enabled,
  });
}

export function useAnswerInvitation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, answer }: { id: string; answer: "accept" | "decline" }) =>
      apiFetch<{ ok?: true; teamId?: string; teamName?: string }>(`/api/invitations/${encodeURIComponent(id)}/${answer}`, { method: "POST" }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.myInvitations });
      void client.invalidateQueries({ queryKey: queryKeys.teams });
      void client.invalidateQueries({ queryKey: queryKeys.me });
    },
  });
}
