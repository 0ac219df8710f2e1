"use client";
// The team's trainings from GET /api/team/trainings (queued, running, failed in the last day),
// polled while any runs; and the failures this browser chose to hide (localStorage).
import { useQuery } from "@tanstack/react-query";
import { useCallback, useSyncExternalStore } from "react";
import type { TeamTraining } from "@/lib/schemas/team-trainings";
import { apiFetch } from "./api";
import { queryKeys } from "./query-keys";

export type { TeamTraining };

export const TEAM_TRAININGS_POLL_MS = 2_500;

export function isTrainingRunning(t: Pick<TeamTraining, "status">): boolean {
  return t.status === "PENDING" || t.status === "IN_PROGRESS";
}

/** Polls every 2.5 s while any training is queued or running, and stops when none is. */
export function useTeamTrainings() {
  return useQuery({
    queryKey: queryKeys.teamTrainings,
    queryFn: async () => (await apiFetch<{ trainings: TeamTraining[] }>("/api/team/trainings")).trainings,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.some(isTrainingRunning) ? TEAM_TRAININGS_POLL_MS : false),
  });
}

export const DISMISSED_TRAININGS_KEY = "tabula:dismissed-trainings";
/** Failures stay listed for a day, so a short list of the latest dismissed ids is enough. */
export const MAX_DISMISSED = 200;
const CHANGED_EVENT = "tabula:dismissed-trainings-changed";

export function parseDismissed(raw: string | null): string[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string").slice(-MAX_DISMISSED) : [];
  } catch {
    return [];
  }
}

export function withDismissed(list: string[], taskId: string): string[] {
  return [...list.filter((id) => id !== taskId), taskId].slice(-MAX_DISMISSED);
}

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

let cachedRaw: string | null | undefined;
let cachedSet = new Set<string>();
const EMPTY = new Set<string>();

function snapshot(): Set<string> {
  const raw = storage()?.getItem(DISMISSED_TRAININGS_KEY) ?? null;
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedSet = new Set(parseDismissed(raw));
  }
  return cachedSet;
}

function subscribe(onChange: () => void) {
  window.addEventListener("storage", onChange);
  window.addEventListener(CHANGED_EVENT, onChange);
  return () => {
    window.removeEventListener("storage", onChange);
    window.removeEventListener(CHANGED_EVENT, onChange);
  };
}

/** The task ids hidden in this browser, and the function that hides one. */
export function useDismissedTrainings() {
  const dismissed = useSyncExternalStore(subscribe, snapshot, () => EMPTY);
  const dismiss = useCallback((taskId: string) => {
    const store = storage();
    if (!store) return;
    try {
      store.setItem(DISMISSED_TRAININGS_KEY, JSON.stringify(withDismissed(parseDismissed(store.getItem(DISMISSED_TRAININGS_KEY)), taskId)));
    } catch {
      return;
    }
    window.dispatchEvent(new Event(CHANGED_EVENT));
  }, []);
  return { dismissed, dismiss };
}
