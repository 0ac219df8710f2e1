"use client";
import type { DatasetField } from "@/lib/client/types";
import { formatCount } from "@/lib/client/format";
import { SuggestionChips } from "./suggestion-chips";

const TYPE_MARK: Record<string, string> = { integer: "#", float: "#", date: "◷", category: "◆", string: "Aa", id: "id", unknown: "?" };
const TYPE_NAME: Record<string, string> = {
  integer: "number",
  float: "number",
  date: "date",
  category: "category",
  string: "text",
  id: "identifier",
  unknown: "unknown type",
};

/** What an empty chat shows: the project's suggestions, examples built from the dataset's fields, and the fields. */
export function ChatEmptyState({
  datasetName,
  rowCount,
  fields,
  examples,
  loading,
  projectSuggestions,
  disabled,
  onAsk,
  onInsertField,
}: {
  datasetName: string | null;
  rowCount: number | null;
  fields: DatasetField[];
  examples: string[];
  loading: boolean;
  projectSuggestions: string[];
  disabled: boolean;
  onAsk: (question: string) => void;
  onInsertField: (name: string) => void;
}) {
  const shownExamples = examples.filter((e) => !projectSuggestions.includes(e));
  return (
    <div className="mx-auto max-w-2xl space-y-5 py-6" data-testid="chat-empty">
      <div className="text-center">
        <p className="text-base font-semibold text-slate-800">
          Ask a question about {datasetName ? <span className="text-brand-700">{datasetName}</span> : "the data"}
        </p>
        <p className="mt-1 text-sm text-slate-500">
          {rowCount !== null ? `${formatCount(rowCount, "row")}, ${formatCount(fields.length, "field")}. ` : ""}
          Answers come with the chart and the table they are computed from.
        </p>
      </div>
      {projectSuggestions.length > 0 && (
        <section className="space-y-2">
          <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Suggested for this project</h3>
          <SuggestionChips label="Project suggestions" items={projectSuggestions} disabled={disabled} onPick={onAsk} showLabel={false} />
        </section>
      )}
      {(loading || shownExamples.length > 0) && (
        <section className="space-y-2" aria-busy={loading || undefined}>
          <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Try</h3>
          {loading && shownExamples.length === 0 ? (
            <div className="space-y-2" aria-hidden>
              {[0, 1, 2].map((i) => (
                <div key={i} className="h-9 w-full animate-pulse rounded-lg bg-slate-200/70" />
              ))}
            </div>
          ) : (
            <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2" aria-label="Example questions">
              {shownExamples.map((q) => (
                <li key={q}>
                  <button
                    type="button"
                    disabled={disabled}
                    onClick={() => onAsk(q)}
                    className="h-full w-full rounded-lg border border-slate-200 bg-white px-3 py-2 text-left text-sm text-slate-700 shadow-sm transition-colors hover:border-brand-300 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-500 disabled:opacity-50"
                    data-testid="example-question"
                  >
                    {q}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      {fields.length > 0 && (
        <section className="space-y-2">
          <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Fields</h3>
          <p className="sr-only">Activate a field to add its name to your question.</p>
          <div className="flex flex-wrap gap-1.5" data-testid="chat-fields">
            {fields.map((f) => (
              <button
                key={f.name}
                type="button"
                onClick={() => onInsertField(f.name)}
                title={`${f.name} (${TYPE_NAME[f.type] ?? f.type}): add to the question`}
                aria-label={`Add ${f.name} (${TYPE_NAME[f.type] ?? f.type}) to the question`}
                className="inline-flex items-center gap-1 rounded-md bg-white px-2 py-0.5 text-xs text-slate-700 ring-1 ring-slate-200 hover:bg-slate-50 hover:ring-slate-300 focus-visible:outline-2 focus-visible:outline-brand-500"
              >
                <span aria-hidden className="font-mono text-[10px] text-slate-400">
                  {TYPE_MARK[f.type] ?? "?"}
                </span>
                {f.name}
              </button>
            ))}
          </div>
        </section>
      )}
    </div>
  );
}
