"use client";
// Chat over a project's dataset. The API is stateless: the browser keeps the conversation and sends
// it (roles and text only) with every question.
import { useCallback, useEffect, useRef, useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { apiFetch } from "./api";
import type { ChatAnswer, ChatTurn, TaskStatus } from "./types";

const POLL_MS = 400;
const MAX_WAIT_MS = 5 * 60_000;

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => {
      clearTimeout(timer);
      reject(new DOMException("Aborted", "AbortError"));
    });
  });
}

/** The request body's messages: only role and content, as the server needs no charts back. */
export function toRequestMessages(conversation: ChatTurn[]): { role: "user" | "assistant"; content: string }[] {
  return conversation.filter((m) => m.content.trim() !== "").map((m) => ({ role: m.role, content: m.content }));
}

export async function askChat(projectId: string, conversation: ChatTurn[], signal?: AbortSignal): Promise<ChatAnswer> {
  const { task_id } = await apiFetch<{ task_id: string }>("/api/v1/chat-explore/new", {
    method: "POST",
    body: { project_id: projectId, messages: toRequestMessages(conversation) },
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
    if (Date.now() - started > MAX_WAIT_MS) throw new Error("No answer after 5 minutes. Check that the chat workers are running.");
    await sleep(POLL_MS, signal);
  }
}

function storageKey(projectId: string) {
  return `tabula:chat:${projectId}`;
}

function loadConversation(projectId: string): ChatTurn[] {
  try {
    const raw = window.sessionStorage.getItem(storageKey(projectId));
    return raw ? (JSON.parse(raw) as ChatTurn[]) : [];
  } catch {
    return [];
  }
}

export function useChat(projectId: string) {
  const [conversation, setConversation] = useState<ChatTurn[]>([]);
  const [suggestions, setSuggestions] = useState<string[]>([]);
  const abortRef = useRef<AbortController | null>(null);

  // Restore after mount (sessionStorage does not exist during server rendering).
  useEffect(() => {
    setConversation(loadConversation(projectId));
  }, [projectId]);

  useEffect(() => {
    try {
      window.sessionStorage.setItem(storageKey(projectId), JSON.stringify(conversation));
    } catch {
      // Full storage only costs the conversation on reload; the page keeps working.
    }
  }, [projectId, conversation]);

  const mutation = useMutation({
    mutationFn: async (question: string) => {
      const next: ChatTurn[] = [...conversation, { role: "user", content: question }];
      setConversation(next);
      abortRef.current = new AbortController();
      const answer = await askChat(projectId, next, abortRef.current.signal);
      setConversation([...next, ...answer.messages.map((m) => ({ ...m, role: "assistant" as const }))]);
      setSuggestions(answer.suggestions ?? []);
      return answer;
    },
  });

  const ask = useCallback((question: string) => {
    const trimmed = question.trim();
    if (trimmed) mutation.mutate(trimmed);
  }, [mutation]);

  const cancel = useCallback(() => abortRef.current?.abort(), []);

  const clear = useCallback(() => {
    abortRef.current?.abort();
    setConversation([]);
    setSuggestions([]);
    mutation.reset();
  }, [mutation]);

  return { conversation, suggestions, ask, cancel, clear, pending: mutation.isPending, error: mutation.error };
}
