"use client";
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { useChat } from "@/lib/client/use-chat";
import type { ChatTurn } from "@/lib/client/types";
import { DataTable } from "../data-table";
import { parseFigure, Plot } from "../plot";
import { Button } from "../ui/button";
import { ErrorBanner } from "../ui/feedback";

function AssistantMessage({ turn, index }: { turn: ChatTurn; index: number }) {
  const figures = (turn.images ?? []).map(parseFigure);
  return (
    <div className="max-w-full space-y-3 rounded-2xl rounded-tl-sm border border-slate-200 bg-white px-4 py-3 shadow-sm" data-testid="assistant-message">
      {turn.content && <p className="text-sm leading-relaxed whitespace-pre-wrap text-slate-800">{turn.content}</p>}
      {figures.map((figure, i) =>
        figure ? (
          <div key={i} className="rounded-lg border border-slate-100 p-1" data-testid="chat-chart">
            <Plot figure={figure} label={`Chart ${i + 1} of answer ${index + 1}: ${turn.content.slice(0, 120)}`} height={340} />
          </div>
        ) : (
          <p key={i} className="text-xs text-slate-500">A chart could not be read.</p>
        ),
      )}
      {turn.table && turn.table.length > 0 && (
        <div data-testid="chat-table">
          <DataTable rows={turn.table} caption={`Table of answer ${index + 1}`} maxHeight="18rem" />
          <p className="mt-1 text-xs text-slate-500">{turn.table.length} row{turn.table.length === 1 ? "" : "s"} · click a column to sort</p>
        </div>
      )}
    </div>
  );
}

export function ChatPanel({ projectId, suggestions: projectSuggestions, disabledReason }: { projectId: string; suggestions: string[]; disabledReason?: string }) {
  const chat = useChat(projectId);
  const [draft, setDraft] = useState("");
  const endRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    endRef.current?.scrollIntoView({ behavior: "smooth", block: "end" });
  }, [chat.conversation.length, chat.pending]);

  const send = (question: string) => {
    if (!question.trim() || chat.pending || disabledReason) return;
    chat.ask(question);
    setDraft("");
    inputRef.current?.focus();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    send(draft);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      send(draft);
    }
  };

  // The answer's follow-ups are more specific than the project's standing ones, so they come first.
  const suggestions = [...new Set([...chat.suggestions, ...projectSuggestions])].slice(0, 6);
  let assistantIndex = -1;

  return (
    <section aria-label="Chat" className="flex h-[calc(100vh-9rem)] min-h-[32rem] flex-col rounded-xl border border-slate-200 bg-slate-50/60 shadow-sm">
      <div className="flex items-center justify-between border-b border-slate-200 bg-white px-4 py-3 rounded-t-xl">
        <h2 className="text-base font-semibold">Chat</h2>
        {chat.conversation.length > 0 && (
          <Button variant="ghost" size="sm" onClick={chat.clear}>New conversation</Button>
        )}
      </div>
      <div className="min-h-0 flex-1 space-y-4 overflow-y-auto px-4 py-4" role="log" aria-live="polite" aria-relevant="additions" data-testid="chat-log">
        {chat.conversation.length === 0 && (
          <div className="py-8 text-center">
            <p className="text-sm font-medium text-slate-700">Ask a question about the data</p>
            <p className="mt-1 text-sm text-slate-500">For example “how many rows are there?”, “average price by category” or “top 10 customers by sales”.</p>
          </div>
        )}
        {chat.conversation.map((turn, i) => {
          if (turn.role === "user") {
            return (
              <div key={i} className="flex justify-end">
                <p className="max-w-[85%] rounded-2xl rounded-tr-sm bg-brand-600 px-4 py-2 text-sm whitespace-pre-wrap text-white" data-testid="user-message">{turn.content}</p>
              </div>
            );
          }
          assistantIndex++;
          return <AssistantMessage key={i} turn={turn} index={assistantIndex} />;
        })}
        {chat.pending && (
          <div className="flex items-center gap-2 text-sm text-slate-500" role="status">
            <span className="flex gap-1" aria-hidden>
              <span className="size-1.5 animate-bounce rounded-full bg-slate-400" />
              <span className="size-1.5 animate-bounce rounded-full bg-slate-400 [animation-delay:120ms]" />
              <span className="size-1.5 animate-bounce rounded-full bg-slate-400 [animation-delay:240ms]" />
            </span>
            Working on the answer…
            <button type="button" onClick={chat.cancel} className="text-xs font-medium text-slate-600 underline">Stop</button>
          </div>
        )}
        {chat.error && !(chat.error instanceof DOMException) && <ErrorBanner error={chat.error} title="No answer" />}
        <div ref={endRef} />
      </div>
      <div className="space-y-3 border-t border-slate-200 bg-white px-4 py-3 rounded-b-xl">
        {suggestions.length > 0 && (
          <div className="flex flex-wrap gap-2" aria-label="Suggested questions">
            {suggestions.map((s) => (
              <button
                key={s}
                type="button"
                onClick={() => send(s)}
                disabled={chat.pending || Boolean(disabledReason)}
                className="rounded-full bg-brand-50 px-3 py-1 text-xs font-medium text-brand-700 ring-1 ring-brand-100 hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-brand-500 disabled:opacity-50"
                data-testid="suggestion"
              >
                {s}
              </button>
            ))}
          </div>
        )}
        {disabledReason ? (
          <p className="text-sm text-amber-700">{disabledReason}</p>
        ) : (
          <form onSubmit={submit} className="flex items-end gap-2">
            <label htmlFor="chat-input" className="sr-only">Your question</label>
            <textarea
              id="chat-input"
              ref={inputRef}
              rows={2}
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
              onKeyDown={onKeyDown}
              placeholder="Ask about the data… (Enter to send, Shift+Enter for a new line)"
              className="block w-full resize-none rounded-lg border-0 px-3 py-2 text-sm shadow-sm ring-1 ring-inset ring-slate-300 placeholder:text-slate-400 focus:ring-2 focus:ring-brand-500 focus:outline-none"
            />
            <Button type="submit" busy={chat.pending} disabled={!draft.trim()} data-testid="send-question">Ask</Button>
          </form>
        )}
      </div>
    </section>
  );
}
