"use client";
// The trainings this browser started, kept in localStorage: a dataset page picks up the training it
// started after a reload, and its status panel names the fields being trained at once. (The Models
// page lists every training of the team from the server: lib/client/use-team-trainings.ts.)
// Entries belong to a team and are dropped after two days.
import { useCallback, useMemo, useSyncExternalStore } from "react";
import { useMe } from "./use-me";

export interface StartedTraining {
  taskId: string;
  teamId: string;
  kind: "predict" | "forecast";
  datasetId: string;
  datasetName: string;
  fields: string[];
  startedAt: number;
}

export const STARTED_TRAININGS_KEY = "tabula:started-trainings";
export const MAX_STARTED_TRAININGS = 20;
export const KEEP_STARTED_MS = 2 * 86_400_000;
const CHANGED_EVENT = "tabula:started-trainings-changed";

function isEntry(value: unknown): value is StartedTraining {
  if (!value || typeof value !== "object") return false;
  const e = value as Record<string, unknown>;
  return (
    typeof e.taskId === "string" &&
    typeof e.teamId === "string" &&
    (e.kind === "predict" || e.kind === "forecast") &&
    typeof e.datasetId === "string" &&
    typeof e.datasetName === "string" &&
    Array.isArray(e.fields) &&
    e.fields.every((f) => typeof f === "string") &&
    typeof e.startedAt === "number"
  );
}

/** The stored list, newest first; anything malformed or older than two days is left out. */
export function parseStartedTrainings(raw: string | null, now: number): StartedTraining[] {
  if (!raw) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  return value
    .filter(isEntry)
    .filter((e) => now - e.startedAt < KEEP_STARTED_MS)
    .sort((a, b) => b.startedAt - a.startedAt)
    .slice(0, MAX_STARTED_TRAININGS);
}

export function withStartedTraining(list: StartedTraining[], entry: StartedTraining): StartedTraining[] {
  return [entry, ...list.filter((e) => e.taskId !== entry.taskId)].slice(0, MAX_STARTED_TRAININGS);
}

export function withoutStartedTraining(list: StartedTraining[], taskId: string): StartedTraining[] {
  return list.filter((e) => e.taskId !== taskId);
}

/** "Churn", "Sales and Profit", "A, B and C": the fields a training predicts, for a title. */
export function joinFieldNames(fields: string[]): string {
  return fields.length <= 2 ? fields.join(" and ") : `${fields.slice(0, -1).join(", ")} and ${fields.at(-1)}`;
}

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null; // storage refused (privacy settings): nothing is remembered
  }
}

// useSyncExternalStore needs the same snapshot while nothing changed: cache it by the raw text.
let cachedRaw: string | null | undefined;
let cachedList: StartedTraining[] = [];
const EMPTY: StartedTraining[] = [];

function snapshot(): StartedTraining[] {
  const raw = storage()?.getItem(STARTED_TRAININGS_KEY) ?? null;
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedList = parseStartedTrainings(raw, Date.now());
  }
  return cachedList;
}

function write(change: (list: StartedTraining[]) => StartedTraining[]) {
  const store = storage();
  if (!store) return;
  try {
    store.setItem(STARTED_TRAININGS_KEY, JSON.stringify(change(parseStartedTrainings(store.getItem(STARTED_TRAININGS_KEY), Date.now()))));
  } catch {
    return; // full or refused: the list simply does not grow
  }
  window.dispatchEvent(new Event(CHANGED_EVENT));
}

function subscribe(onChange: () => void) {
  // "storage" fires for changes made in other tabs; our own event for this one.
  window.addEventListener("storage", onChange);
  window.addEventListener(CHANGED_EVENT, onChange);
  return () => {
    window.removeEventListener("storage", onChange);
    window.removeEventListener(CHANGED_EVENT, onChange);
  };
}

/** All trainings this browser remembers (every team), newest first, with the functions that change the list. */
export function useStartedTrainings() {
  const list = useSyncExternalStore(subscribe, snapshot, () => EMPTY);
  const remember = useCallback((entry: Omit<StartedTraining, "startedAt">) => write((l) => withStartedTraining(l, { ...entry, startedAt: Date.now() })), []);
  const forget = useCallback((taskId: string) => write((l) => withoutStartedTraining(l, taskId)), []);
  return { list, remember, forget };
}

/** Remembers a training the current team just started (nothing while the session has no team). */
export function useRememberStartedTraining() {
  const teamId = useMe().data?.teamId;
  const { remember } = useStartedTrainings();
  return useCallback(
    (entry: Omit<StartedTraining, "startedAt" | "teamId">) => {
      if (teamId) remember({ ...entry, teamId });
    },
    [teamId, remember],
  );
}

/** The current team's remembered trainings, newest first. */
export function useTeamStartedTrainings() {
  const teamId = useMe().data?.teamId;
  const { list, forget } = useStartedTrainings();
  const mine = useMemo(() => (teamId ? list.filter((e) => e.teamId === teamId) : EMPTY), [list, teamId]);
  return { list: mine, forget };
}
