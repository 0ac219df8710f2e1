"use client";
import { memo, useEffect, useMemo, useState, type ReactNode } from "react";
import { readAnswer, splitListItems, type Assumption, type Exchange } from "@/lib/client/chat-exchanges";
import { AnswerChart } from "./answer-chart";
import { AnswerTable } from "./answer-table";
import { SuggestionChips } from "./suggestion-chips";

/** Text with line breaks and "- item" lists, as the engine writes it. */
function RichText({ text, className = "" }: { text: string; className?: string }) {
  const blocks: ReactNode[] = [];
  let list: string[] = [];
  const flush = () => {
    if (list.length)
      blocks.push(
        <ul key={`l${blocks.length}`} className="list-disc space-y-0.5 pl-5">
          {list.map((item, i) => (
            <li key={i}>{item}</li>
          ))}
        </ul>,
      );
    list = [];
  };
  for (const line of text.split(/\r?\n/)) {
    const { prose, items } = splitListItems(line);
    if (items.length) list.push(items[0]);
    else if (prose) {
      flush();
      blocks.push(<p key={`p${blocks.length}`}>{prose}</p>);
    }
  }
  flush();
  return <div className={`min-w-0 space-y-1.5 text-sm leading-relaxed text-slate-800 [overflow-wrap:anywhere] ${className}`}>{blocks}</div>;
}

function Elapsed({ since }: { since: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const seconds = Math.floor((now - since) / 1000);
  // Hidden from screen readers: a live region announcing every second would drown the answer.
  return seconds >= 3 ? (
    <span aria-hidden className="tabular-nums text-slate-400">
      {" "}
      {seconds} s
    </span>
  ) : null;
}

function Waiting({ progress, onStop }: { progress: string | null; onStop: () => void }) {
  const [since] = useState(() => Date.now());
  return (
    <div className="space-y-3">
      <div className="flex items-center gap-2 text-sm text-slate-600" role="status">
        <span className="flex gap-1" aria-hidden>
          <span className="size-1.5 animate-bounce rounded-full bg-brand-500" />
          <span className="size-1.5 animate-bounce rounded-full bg-brand-500 [animation-delay:120ms]" />
          <span className="size-1.5 animate-bounce rounded-full bg-brand-500 [animation-delay:240ms]" />
        </span>
        <span>
          {progress ?? "Working on the answer…"}
          <Elapsed since={since} />
        </span>
        <button
          type="button"
          onClick={onStop}
          className="ml-auto rounded-md px-2 py-1 text-xs font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-500"
        >
          Stop
        </button>
      </div>
      <div className="space-y-2" aria-hidden>
        <div className="h-3 w-3/4 animate-pulse rounded bg-slate-200/80" />
        <div className="h-3 w-1/2 animate-pulse rounded bg-slate-200/80" />
        <div className="h-40 w-full animate-pulse rounded-lg bg-slate-100" />
      </div>
    </div>
  );
}

/** What the answer assumed, apart from what it computed; another reading of the question is one click away. */
function Assumptions({ items, busy, onAsk }: { items: Assumption[]; busy: boolean; onAsk: (question: string) => void }) {
  return (
    <div className="rounded-lg bg-amber-50/70 px-3 py-2 text-xs leading-relaxed text-amber-950 ring-1 ring-amber-200/80" data-testid="assumptions">
      <p className="font-semibold text-amber-900">Assumptions</p>
      <ul className="mt-1 list-disc space-y-1 pl-4 [overflow-wrap:anywhere]">
        {items.map((a, i) => (
          <li key={i} data-testid="assumption">
            {a.text}
            {a.alternative && (
              <>
                {" "}
                <button
                  type="button"
                  disabled={busy}
                  onClick={() => onAsk(a.alternative!)}
                  className="rounded-md bg-white px-2 py-0.5 font-medium text-slate-800 ring-1 ring-amber-300 hover:bg-amber-100 focus-visible:outline-2 focus-visible:outline-brand-500 disabled:opacity-50"
                  data-testid="assumption-alternative"
                  data-question={a.alternative}
                >
                  <span className="sr-only">Ask instead: </span>
                  {a.alternative}
                </button>
              </>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

export interface AnswerCardProps {
  exchange: Exchange;
  /** 1-based position, for names ("answer 3"). */
  number: number;
  progress: string | null;
  busy: boolean;
  /** Follow-up chips under the card (only the latest answer has them). */
  followUps: string[];
  /** The project's standing suggestions: in a reply they are not choices of a clarifying question. */
  projectSuggestions: string[];
  onAsk: (question: string) => void;
  onStop: () => void;
}

/**
 * One turn of the conversation: the question, then one card with the interpretation, chart and
 * table. Memoised: a conversation of many charts must not redraw them on every keystroke.
 */
export const AnswerCard = memo(function AnswerCard({ exchange, number, progress, busy, followUps, projectSuggestions, onAsk, onStop }: AnswerCardProps) {
  const view = useMemo(
    () =>
      exchange.status === "done"
        ? readAnswer(exchange.answers, { suggestions: exchange.suggestions, projectSuggestions, assumptions: exchange.assumptions })
        : null,
    [exchange, projectSuggestions],
  );
  const questionId = `question-${exchange.id}`;
  const clarification = view?.clarification ?? null;
  const chipsShown = followUps.filter((s) => !clarification?.choices.includes(s));
  return (
    <article
      className="space-y-2"
      aria-labelledby={questionId}
      aria-busy={exchange.status === "pending" || undefined}
      data-testid="answer-card"
      data-exchange={exchange.id}
      data-status={exchange.status}
    >
      <div className="flex justify-end">
        <p
          id={questionId}
          className="max-w-[85%] rounded-2xl rounded-tr-sm bg-brand-600 px-4 py-2 text-sm whitespace-pre-wrap text-white shadow-sm [overflow-wrap:anywhere]"
          data-testid="user-message"
        >
          <span className="sr-only">Question {number}: </span>
          {exchange.question}
        </p>
      </div>
      <div
        className={`space-y-3 rounded-2xl rounded-tl-sm border bg-white px-4 py-3 shadow-sm ${clarification ? "border-amber-200" : exchange.status === "error" ? "border-red-200" : "border-slate-200"}`}
        data-testid="assistant-message"
      >
        {exchange.status === "pending" && <Waiting progress={progress} onStop={onStop} />}
        {exchange.status === "error" && (
          <div role="alert" className="flex flex-wrap items-start gap-3 text-sm text-red-800">
            <span aria-hidden className="flex size-5 shrink-0 items-center justify-center rounded-full bg-red-100 text-xs font-bold">
              !
            </span>
            <div className="min-w-0 flex-1">
              <p className="font-medium">No answer</p>
              <p className="mt-0.5 break-words">{exchange.error}</p>
            </div>
            <button
              type="button"
              disabled={busy}
              onClick={() => onAsk(exchange.question)}
              className="rounded-md px-2 py-1 font-medium text-red-700 ring-1 ring-red-200 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-red-500 disabled:opacity-50"
            >
              Try again
            </button>
          </div>
        )}
        {view && clarification && (
          <div className="space-y-3" data-testid="clarification">
            <div className="flex items-start gap-2">
              <span aria-hidden className="mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full bg-amber-100 text-xs font-bold text-amber-800">
                ?
              </span>
              <RichText text={clarification.prompt} />
            </div>
            {clarification.choices.length > 0 && (
              <div className="flex flex-wrap gap-2 pl-7" role="group" aria-label="Choose one to answer">
                {clarification.choices.map((choice) => (
                  <button
                    key={choice}
                    type="button"
                    disabled={busy}
                    onClick={() => onAsk(choice)}
                    className="rounded-lg bg-white px-3 py-1.5 text-left text-sm font-medium text-slate-800 ring-1 ring-slate-300 hover:bg-amber-50 hover:ring-amber-300 focus-visible:outline-2 focus-visible:outline-brand-500 disabled:opacity-50"
                    data-testid="clarification-choice"
                  >
                    {choice}
                  </button>
                ))}
              </div>
            )}
          </div>
        )}
        {view && !clarification && (
          <>
            {view.interpretation && <RichText text={view.interpretation} />}
            {view.assumptions.length > 0 && <Assumptions items={view.assumptions} busy={busy} onAsk={onAsk} />}
            {view.notes.length > 0 && (view.figures.length > 0 || view.tables.length > 0) && <p className="text-xs text-slate-500">{view.notes.join(" ")}</p>}
            {view.notes.length > 0 && view.figures.length === 0 && view.tables.length === 0 && <RichText text={view.notes.join("\n")} />}
            {view.figures.map((raw, i) => (
              <AnswerChart key={i} raw={raw} question={exchange.question} label={`Chart ${i + 1} of answer ${number}`} />
            ))}
            {view.tables.map((rows, i) => (
              <AnswerTable
                key={i}
                rows={rows}
                question={exchange.question}
                caption={`Table ${view.tables.length > 1 ? `${i + 1} ` : ""}of answer ${number}: ${view.notes[0] ?? exchange.question}`}
              />
            ))}
          </>
        )}
      </div>
      {chipsShown.length > 0 && <SuggestionChips label="Follow-up questions" items={chipsShown} disabled={busy} onPick={onAsk} testId="follow-ups" />}
    </article>
  );
});
