"use client";
import { useMutation, useQuery } from "@tanstack/react-query";
import { apiFetch } from "./api";
import { queryKeys } from "./query-keys";
import type { Me } from "./types";

export function useMe(initial?: Me) {
  return useQuery({ queryKey: queryKeys.me, queryFn: () => apiFetch<Me>("/api/auth/me"), initialData: initial, staleTime: 60_000 });
}

export interface SignInResult {
  ok: true;
  mustChangePassword: boolean;
  hasTeam: boolean;
}

export function useSignIn() {
  return useMutation({
    mutationFn: (body: { email: string; password: string }) => apiFetch<SignInResult>("/api/auth/login", { method: "POST", body }),
  });
}

export function useSetup() {
  return useMutation({
    mutationFn: (body: { email: string; password: string; name: string; teamName: string; setupToken: string }) =>
      apiFetch<{ ok: true }>("/api/auth/setup", { method: "POST", body }),
  });
}

export function useSignOut() {
  return useMutation({ mutationFn: () => apiFetch<{ ok: true }>("/api/auth/logout", { method: "POST" }) });
}
