"use client";
// Chat over a project's dataset. The API is stateless: the browser keeps the conversation (in
// sessionStorage, per project) and sends its recent messages (roles and text only) with every
// question. One exchange per question; see chat-exchanges.ts.
import { useCallback, useEffect, useRef, useState } from "react";
import { apiFetch } from "./api";
import { buildRequestMessages, newExchangeId, restoreExchanges, serializeExchanges, type Exchange, type RequestMessage } from "./chat-exchanges";
import type { ChatAnswer, TaskStatus } from "./types";

const POLL_MS = 400;
const MAX_WAIT_MS = 5 * 60_000;

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new DOMException("Aborted", "AbortError"));
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => {
      clearTimeout(timer);
      reject(new DOMException("Aborted", "AbortError"));
    });
  });
}

/** What the page says while it waits, from the task's status. */
export function describeProgress(status: TaskStatus): string {
  if (status.status === "PENDING") return "Waiting for a chat worker…";
  const message = "message" in status.metadata ? status.metadata.message?.trim() : undefined;
  return message ? `${message.replace(/[.…]+$/, "")}…` : "Working on the answer…";
}

export async function askChat(
  projectId: string,
  messages: RequestMessage[],
  signal?: AbortSignal,
  onStatus?: (status: TaskStatus) => void,
): Promise<ChatAnswer> {
  const { task_id } = await apiFetch<{ task_id: string }>("/api/v1/chat-explore/new", {
    method: "POST",
    body: { project_id: projectId, messages },
    signal,
  });
  const started = Date.now();
  for (;;) {
    const status = await apiFetch<TaskStatus>(`/api/v1/chat-explore/status/${encodeURIComponent(task_id)}`, { signal });
    if (status.status === "SUCCEEDED" && status.metadata.location) {
      const sep = status.metadata.location.includes("?") ? "&" : "?";
      return apiFetch<ChatAnswer>(`${status.metadata.location}${sep}image_format=plotly_json`, { signal });
    }
    if (status.status === "FAILED" || status.status === "UNKNOWN_TIMEOUT") {
      throw new Error(status.status === "FAILED" ? status.metadata.error : "The answer took too long. Rephrase the question and try again.");
    }
    onStatus?.(status);
    if (Date.now() - started > MAX_WAIT_MS) throw new Error("No answer after 5 minutes. Check that the chat workers are running.");
    await sleep(POLL_MS, signal);
  }
}

// Per project and dataset: after the project switches datasets, the old conversation (whose
// follow-ups name the old fields) is not sent with questions about the new one.
function storageKey(projectId: string, datasetId: string | null) {
  return `tabula:chat:${projectId}:${datasetId ?? "none"}`;
}

/** Before cards, a tab kept the flat message list under the project alone: read it once, then forget it. */
function legacyKey(projectId: string) {
  return `tabula:chat:${projectId}`;
}

function loadExchanges(key: string, projectId: string): Exchange[] {
  try {
    const stored = window.sessionStorage.getItem(key);
    if (stored !== null) return restoreExchanges(stored);
    const legacy = window.sessionStorage.getItem(legacyKey(projectId));
    window.sessionStorage.removeItem(legacyKey(projectId));
    return restoreExchanges(legacy);
  } catch {
    return [];
  }
}

function saveExchanges(key: string, exchanges: Exchange[]) {
  const settled = exchanges.filter((x) => x.status !== "pending");
  // Charts of many points make big entries: when storage is full, keep the most recent answers.
  for (const keep of [settled.length, 10, 3, 0]) {
    try {
      window.sessionStorage.setItem(key, serializeExchanges(settled.slice(settled.length - keep)));
      return;
    } catch {
      // try with fewer
    }
  }
}

/** The abort reason when the conversation is cleared or the page changes project: the question is dropped too. */
const DISCARD = "discard";

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === "AbortError";
}

export interface UseChatOptions {
  /** The project's dataset: each dataset has its own conversation. */
  datasetId?: string | null;
  /** Called with the question when it got no answer (failed or stopped), so the page can put it back in the box. */
  onUnanswered?: (question: string) => void;
}

export function useChat(projectId: string, options: UseChatOptions = {}) {
  const [exchanges, setExchanges] = useState<Exchange[]>([]);
  const [progress, setProgress] = useState<string | null>(null);
  const key = storageKey(projectId, options.datasetId ?? null);
  // The storage key whose conversation `exchanges` holds: nothing is saved before it was restored.
  const [loadedFor, setLoadedFor] = useState<string | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  const exchangesRef = useRef<Exchange[]>([]);
  exchangesRef.current = exchanges;
  const onUnansweredRef = useRef(options.onUnanswered);
  onUnansweredRef.current = options.onUnanswered;

  // Restore after mount (sessionStorage does not exist during server rendering).
  useEffect(() => {
    setExchanges(loadExchanges(key, projectId));
    setLoadedFor(key);
    return () => abortRef.current?.abort(DISCARD);
  }, [key, projectId]);

  useEffect(() => {
    if (loadedFor === key) saveExchanges(key, exchanges);
  }, [key, exchanges, loadedFor]);

  const pending = exchanges.some((x) => x.status === "pending");

  const ask = useCallback(
    async (text: string) => {
      const question = text.trim();
      if (!question || exchangesRef.current.some((x) => x.status === "pending")) return;
      // Unanswered questions carry nothing a follow-up could refer to; their text went back to the box.
      const history = exchangesRef.current.filter((x) => x.status === "done");
      const id = newExchangeId();
      const controller = new AbortController();
      abortRef.current = controller;
      setProgress(null);
      setExchanges([...history, { id, question, answers: [], suggestions: [], status: "pending" }]);
      const update = (change: (x: Exchange) => Exchange | null) => setExchanges((current) => current.flatMap((x) => (x.id === id ? (change(x) ?? []) : [x])));
      try {
        const answer = await askChat(projectId, buildRequestMessages(history, question), controller.signal, (status) => {
          if (!controller.signal.aborted) setProgress(describeProgress(status));
        });
        if (controller.signal.aborted) return;
        const answers = answer.messages.map((m) => ({ ...m, role: "assistant" as const }));
        update((x) => ({ ...x, answers, suggestions: answer.suggestions ?? [], assumptions: answer.assumptions ?? [], status: "done" }));
      } catch (error) {
        if (isAbort(error) || controller.signal.aborted) {
          // Stopped by the person: no card, the question back in the box. Cleared or left: nothing.
          update(() => null);
          if (controller.signal.reason !== DISCARD) onUnansweredRef.current?.(question);
        } else {
          const message = error instanceof Error ? error.message : String(error);
          update((x) => ({ ...x, status: "error", error: message }));
          onUnansweredRef.current?.(question);
        }
      } finally {
        if (abortRef.current === controller) abortRef.current = null;
        setProgress(null);
      }
    },
    [projectId],
  );

  const cancel = useCallback(() => abortRef.current?.abort(), []);

  const clear = useCallback(() => {
    abortRef.current?.abort(DISCARD);
    setExchanges([]);
  }, []);

  return { exchanges, ask, cancel, clear, pending, progress, restored: loadedFor === key };
}
