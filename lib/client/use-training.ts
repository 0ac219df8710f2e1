"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import { apiFetch } from "./api";
import { queryKeys } from "./query-keys";
import type { TaskStatus, TrainingResult, TrainRequest } from "./types";

export function useStartTraining() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TrainRequest) => apiFetch<{ task_id: string }>("/api/v1/models/train/new", { method: "POST", body }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.teamTrainings }),
  });
}

/** Cancels a queued or running training; the status query then shows FAILED with the reason. */
export function useCancelTraining(taskId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<TaskStatus>(`/api/v1/models/train/${encodeURIComponent(taskId)}/cancel`, { method: "POST" }),
    onSuccess: (status) => {
      client.setQueryData(queryKeys.trainingStatus(taskId), status);
      return client.invalidateQueries({ queryKey: queryKeys.teamTrainings });
    },
  });
}

const FINISHED = new Set(["SUCCEEDED", "FAILED", "UNKNOWN_TIMEOUT"]);

export function isTaskFinished(status: TaskStatus | undefined): boolean {
  return status !== undefined && FINISHED.has(status.status);
}

/** Polls the task every second until it finishes; then the new model appears in the model list. */
export function useTrainingStatus(taskId: string | null) {
  const client = useQueryClient();
  return useQuery({
    queryKey: queryKeys.trainingStatus(taskId ?? ""),
    enabled: Boolean(taskId),
    queryFn: async () => {
      const status = await apiFetch<TaskStatus>(`/api/v1/models/train/${encodeURIComponent(taskId ?? "")}/status`);
      if (status.status === "SUCCEEDED") await client.invalidateQueries({ queryKey: queryKeys.models });
      return status;
    },
    refetchInterval: (query) => (isTaskFinished(query.state.data) ? false : 1000),
  });
}

export function useTrainingResult(location: string | undefined) {
  return useQuery({
    queryKey: ["training-result", location ?? ""],
    enabled: Boolean(location),
    queryFn: () => apiFetch<TrainingResult>(location ?? ""),
    staleTime: Infinity,
  });
}

/**
 * The task a form started, kept in sessionStorage under `storageKey` so that a reload while it runs
 * picks the live status up again; `fallback` is the task shown when this tab started none. Returns
 * the task id and the function that remembers a new one.
 */
export function useRememberedTask(storageKey: string, fallback: string | null = null): [string | null, (taskId: string) => void] {
  const [taskId, setTaskId] = useState<string | null>(null);
  useEffect(() => {
    let saved: string | null = null;
    try {
      saved = window.sessionStorage.getItem(storageKey);
    } catch {
      // storage unavailable: the status only lives as long as the page
    }
    // A tab that did not start it (opened from the Models page's list) shows the newest one the browser started.
    if (saved ?? fallback) setTaskId(saved ?? fallback);
  }, [storageKey, fallback]);
  const rememberTask = useCallback(
    (id: string) => {
      setTaskId(id);
      try {
        window.sessionStorage.setItem(storageKey, id);
      } catch {
        // storage unavailable: as above
      }
    },
    [storageKey],
  );
  return [taskId, rememberTask];
}
