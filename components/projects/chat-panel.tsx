"use client";
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { MAX_QUESTION_CHARS, pickFollowUps } from "@/lib/client/chat-exchanges";
import { formatInt } from "@/lib/client/format";
import { useChat } from "@/lib/client/use-chat";
import { useExampleQuestions } from "@/lib/client/use-example-questions";
import { Button } from "../ui/button";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { AnswerCard } from "./answer-card";
import { ChatEmptyState } from "./chat-empty-state";

const NO_FOLLOW_UPS: string[] = [];

function prefersReducedMotion(): boolean {
  return typeof window !== "undefined" && window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
}

/**
 * The chat: the conversation scrolls in its own area (one card per question, the newest brought
 * into view), the question box stays pinned below it. The panel fills the height its parent gives.
 */
export function ChatPanel({
  projectId,
  datasetId,
  suggestions: projectSuggestions,
  disabledReason: givenReason,
}: {
  projectId: string;
  datasetId: string | null;
  suggestions: string[];
  disabledReason?: string;
}) {
  const [draft, setDraft] = useState("");
  const [confirmingClear, setConfirmingClear] = useState(false);
  const focusBoxOnClose = useRef(false);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const logRef = useRef<HTMLDivElement>(null);
  // A question without an answer goes back into the box, unless the person already typed another.
  const onUnanswered = useCallback((question: string) => setDraft((current) => (current.trim() ? current : question)), []);
  const chat = useChat(projectId, { datasetId, onUnanswered });
  const dataset = useExampleQuestions(datasetId);
  const disabledReason = givenReason ?? (dataset.missing ? "This project's dataset no longer exists. Choose another one in the settings." : undefined);
  const blocked = Boolean(disabledReason);
  const tooLong = draft.length > MAX_QUESTION_CHARS;

  // Plotly is a large download: fetch it while the person reads the examples or types, so the first
  // answer's chart draws at once instead of after the answer arrives.
  useEffect(() => {
    if (blocked) return;
    const load = () => void Promise.all([import("plotly.js"), import("react-plotly.js/factory")]).catch(() => undefined);
    if (typeof window.requestIdleCallback === "function") {
      const handle = window.requestIdleCallback(load, { timeout: 3000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = setTimeout(load, 1000);
    return () => clearTimeout(timer);
  }, [blocked]);

  const latest = chat.exchanges[chat.exchanges.length - 1];
  const latestId = latest?.id;
  const latestStatus = latest?.status;
  // Bring the newest card's start into view when it appears and again when its answer arrives
  // (the answer is taller than the waiting card); scroll only the log, never the page.
  useEffect(() => {
    const log = logRef.current;
    if (!log || !latestId) return;
    const card = log.querySelector<HTMLElement>(`[data-exchange="${latestId}"]`);
    if (!card) return;
    const top = card.getBoundingClientRect().top - log.getBoundingClientRect().top + log.scrollTop - 12;
    log.scrollTo({ top: Math.max(0, top), behavior: prefersReducedMotion() ? "auto" : "smooth" });
  }, [latestId, latestStatus]);

  // Back to the box once an answer is in, unless the person has moved elsewhere on the page.
  const wasPending = useRef(false);
  useEffect(() => {
    if (wasPending.current && !chat.pending) {
      const active = document.activeElement;
      if (!active || active === document.body || logRef.current?.parentElement?.contains(active)) inputRef.current?.focus();
    }
    wasPending.current = chat.pending;
  }, [chat.pending]);

  // Stable across keystrokes (the draft is read through a ref), so typing does not re-render the cards.
  const draftRef = useRef(draft);
  draftRef.current = draft;
  const { ask, pending } = chat;
  const send = useCallback(
    (question: string) => {
      const text = question.trim();
      if (!text || pending || blocked || text.length > MAX_QUESTION_CHARS) return;
      // A typed question leaves the box; a clicked suggestion leaves what is being typed alone.
      if (text === draftRef.current.trim()) setDraft("");
      void ask(text);
    },
    [ask, pending, blocked],
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    send(draft);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      send(draft);
    } else if (e.key === "ArrowUp" && draft === "" && latest) {
      // As in terminals and chat apps: the last question back, to rephrase it.
      e.preventDefault();
      setDraft(latest.question);
    }
  };
  const insertField = (name: string) => {
    const input = inputRef.current;
    const start = input?.selectionStart ?? draft.length;
    const end = input?.selectionEnd ?? draft.length;
    const before = draft.slice(0, start);
    const after = draft.slice(end);
    // Spaces around the name as needed, and one after it at the end so typing can go on.
    const text = `${before && !/\s$/.test(before) ? " " : ""}${name}${/^\s/.test(after) ? "" : " "}`;
    setDraft(before + text + after);
    requestAnimationFrame(() => {
      input?.focus();
      const caret = before.length + text.length;
      input?.setSelectionRange(caret, caret);
    });
  };

  // The engine's follow-ups; without them the project's suggestions, then examples not yet asked.
  const followUps = useMemo(
    () =>
      latest?.status === "done"
        ? pickFollowUps(
            [latest.suggestions, projectSuggestions, dataset.examples],
            chat.exchanges.map((x) => x.question),
            6,
          )
        : NO_FOLLOW_UPS,
    [latest, projectSuggestions, dataset.examples, chat.exchanges],
  );

  return (
    <section aria-label="Chat" className="flex h-full min-h-0 flex-col overflow-hidden rounded-xl border border-slate-200 bg-slate-50/60 shadow-sm">
      <h2 className="sr-only">Chat</h2>
      <div
        ref={logRef}
        className="relative min-h-0 flex-1 space-y-6 overflow-y-auto overscroll-contain px-4 py-4"
        role="log"
        aria-live="polite"
        aria-relevant="additions"
        aria-label="Conversation"
        data-testid="chat-log"
      >
        {chat.restored && chat.exchanges.length === 0 && !blocked && (
          <ChatEmptyState
            datasetName={dataset.datasetName}
            rowCount={dataset.rowCount}
            fields={dataset.fields}
            examples={dataset.examples}
            loading={dataset.loading}
            projectSuggestions={projectSuggestions}
            disabled={chat.pending}
            onAsk={send}
            onInsertField={insertField}
          />
        )}
        {blocked && chat.exchanges.length === 0 && (
          <div className="mx-auto max-w-md py-16 text-center" data-testid="chat-blocked">
            <p className="text-base font-semibold text-slate-800">{dataset.missing ? "Dataset not found" : "No dataset yet"}</p>
            <p className="mt-1 text-sm text-slate-500">{disabledReason}</p>
          </div>
        )}
        {chat.exchanges.map((exchange, i) => (
          <AnswerCard
            key={exchange.id}
            exchange={exchange}
            number={i + 1}
            progress={exchange.status === "pending" ? chat.progress : null}
            busy={chat.pending}
            followUps={exchange === latest ? followUps : NO_FOLLOW_UPS}
            projectSuggestions={projectSuggestions}
            onAsk={send}
            onStop={chat.cancel}
          />
        ))}
      </div>
      {!blocked && (
        <div className="border-t border-slate-200 bg-white px-4 py-3">
          <form onSubmit={submit} className="space-y-1">
            <div className="flex items-end gap-2">
              <label htmlFor="chat-input" className="sr-only">
                Your question
              </label>
              <textarea
                id="chat-input"
                ref={inputRef}
                rows={1}
                value={draft}
                disabled={chat.pending}
                onChange={(e) => setDraft(e.target.value)}
                onKeyDown={onKeyDown}
                aria-describedby="chat-input-hint"
                aria-invalid={tooLong || undefined}
                placeholder={dataset.datasetName ? `Ask about ${dataset.datasetName}…` : "Ask about the data…"}
                className="block max-h-40 min-h-[2.75rem] w-full resize-none rounded-lg border-0 px-3 py-2.5 text-sm shadow-sm ring-1 ring-inset ring-slate-300 [field-sizing:content] placeholder:text-slate-400 focus:ring-2 focus:ring-brand-500 focus:outline-none disabled:bg-slate-50 disabled:text-slate-500"
              />
              <Button type="submit" busy={chat.pending} disabled={!draft.trim() || tooLong} className="h-[2.75rem] shrink-0" data-testid="send-question">
                Ask
              </Button>
            </div>
            <div className="flex items-center justify-between gap-3">
              <p id="chat-input-hint" className={`text-xs ${tooLong ? "text-red-700" : "text-slate-400"}`}>
                {tooLong
                  ? `Questions can be at most ${formatInt(MAX_QUESTION_CHARS)} characters (this one has ${formatInt(draft.length)}).`
                  : "Enter to send · Shift+Enter for a new line"}
              </p>
              {chat.exchanges.length > 0 && (
                <button
                  type="button"
                  onClick={() => setConfirmingClear(true)}
                  className="shrink-0 rounded-md px-2 py-0.5 text-xs font-medium text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-500"
                >
                  New conversation
                </button>
              )}
            </div>
          </form>
          {/* Clearing drops every question and answer for good: ask first. */}
          <ConfirmDialog
            open={confirmingClear}
            title="Start a new conversation?"
            confirmLabel="Clear conversation"
            onClose={() => {
              setConfirmingClear(false);
              // The dialog hands focus back to the button that opened it, which is gone once cleared.
              if (focusBoxOnClose.current) inputRef.current?.focus();
              focusBoxOnClose.current = false;
            }}
            onConfirm={() => {
              chat.clear();
              focusBoxOnClose.current = true;
              setConfirmingClear(false);
            }}
          >
            The questions and answers so far will be removed from this page.
          </ConfirmDialog>
        </div>
      )}
    </section>
  );
}
