"use client";

/** One-click questions: each chip asks its text. */
export function SuggestionChips({
  label,
  items,
  disabled,
  onPick,
  testId,
  chipTestId = "suggestion",
  showLabel = true,
}: {
  label: string;
  items: string[];
  disabled?: boolean;
  onPick: (question: string) => void;
  testId?: string;
  chipTestId?: string;
  showLabel?: boolean;
}) {
  if (items.length === 0) return null;
  return (
    <div role="group" aria-label={label} data-testid={testId} className="flex flex-wrap items-center gap-2">
      {showLabel && <span className="text-xs font-medium text-slate-500">{label}:</span>}
      {items.map((s) => (
        <button
          key={s}
          type="button"
          onClick={() => onPick(s)}
          disabled={disabled}
          className="rounded-full bg-brand-50 px-3 py-1 text-left text-xs font-medium text-brand-700 ring-1 ring-brand-100 transition-colors hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:opacity-50"
          data-testid={chipTestId}
        >
          {s}
        </button>
      ))}
    </div>
  );
}
