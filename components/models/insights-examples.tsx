"use client";
// The holdout rows the model got most wrong, with the fields that pushed it there.
import { useState } from "react";
import { columnDecimals, formatFixed, formatNumber, formatPercent, formatValue } from "@/lib/client/format";
import type { FieldInsights, InsightExample } from "@/lib/ml/insights";
import { Badge } from "../ui/feedback";
import type { ThresholdChoice } from "./insights-threshold";

const COLLAPSED = 3;

/** Dates at midnight UTC read better without the time. */
function showValue(v: string | number | null): string {
  if (v === null) return "(missing)";
  const text = String(v);
  return /^\d{4}-\d{2}-\d{2}T00:00:00(\.000)?Z$/.test(text) ? text.slice(0, 10) : text;
}

interface Shown {
  example: InsightExample;
  /** The probability of the class the list is about (two classes), or the predicted value. */
  score: number;
  wrong: boolean;
  /** Factors with the sign turned toward what the list explains. */
  factors: { field: string; contribution: number }[];
}

function FactorBars({ factors, toward }: { factors: { field: string; contribution: number }[]; toward: string }) {
  const max = Math.max(1e-12, ...factors.map((f) => Math.abs(f.contribution)));
  const decimals = columnDecimals(factors.slice(0, 6).map((f) => f.contribution));
  return (
    <ul className="space-y-1" aria-label={`Fields that pushed toward or away from ${toward}`}>
      {factors.slice(0, 6).map((f) => (
        <li key={f.field} className="grid grid-cols-[minmax(5rem,9rem)_1fr_4rem] items-center gap-2 text-xs">
          <span className="truncate text-slate-700" title={f.field}>
            {f.field}
          </span>
          <span className="relative h-2 rounded-full bg-slate-100" aria-hidden>
            <span
              className={`absolute top-0 h-2 rounded-full ${f.contribution > 0 ? "left-1/2 bg-red-400" : "right-1/2 bg-brand-500"}`}
              style={{ width: `${(Math.abs(f.contribution) / max) * 50}%` }}
            />
          </span>
          <span className="text-right tabular-nums text-slate-600" data-testid="factor-value">
            {formatFixed(f.contribution, decimals, true)}
          </span>
        </li>
      ))}
    </ul>
  );
}

function ExampleList({
  title,
  description,
  items,
  toward,
  scoreLabel,
  testId,
  thresholdBadges = false,
}: {
  title: string;
  description: string;
  items: Shown[];
  toward: string;
  scoreLabel: string;
  testId: string;
  thresholdBadges?: boolean;
}) {
  const [all, setAll] = useState(false);
  return (
    <section className="space-y-3" data-testid={testId}>
      <div>
        <h3 className="font-semibold text-slate-900">{title}</h3>
        <p className="text-xs text-slate-500">{description}</p>
      </div>
      {items.length === 0 ? (
        <p className="text-sm text-slate-500">None in the holdout.</p>
      ) : (
        <ol className="space-y-3">
          {items.slice(0, all ? items.length : COLLAPSED).map((item, i) => (
            <li
              key={i}
              className={`break-inside-avoid rounded-lg border p-3 ${thresholdBadges && item.wrong ? "border-red-200 bg-red-50/40" : "border-slate-200"}`}
              data-testid="insight-example"
            >
              <div className="mb-2 flex flex-wrap items-center gap-2 text-sm">
                <span className="text-slate-600">
                  Actual{" "}
                  <strong className="tabular-nums text-slate-900" data-testid="example-actual">
                    {formatValue(item.example.actual)}
                  </strong>
                </span>
                <span className="text-slate-600">
                  · {scoreLabel}{" "}
                  <strong className="tabular-nums text-slate-900">{scoreLabel.startsWith("P(") ? formatPercent(item.score) : formatNumber(item.score)}</strong>
                </span>
                {thresholdBadges && (item.wrong ? <Badge tone="red">wrong at this threshold</Badge> : <Badge>right at this threshold</Badge>)}
              </div>
              <dl className="mb-2 grid grid-cols-2 gap-x-3 gap-y-0.5 text-xs sm:grid-cols-3">
                {Object.entries(item.example.row)
                  .slice(0, 9)
                  .map(([k, v]) => (
                    // Long values wrap rather than end in "…": a phone has no hover to read a cut value.
                    <div key={k} className="min-w-0 break-words" data-testid="example-field">
                      <dt className="inline text-slate-500">{k}: </dt>
                      <dd className="inline text-slate-800">{showValue(v)}</dd>
                    </div>
                  ))}
              </dl>
              <FactorBars factors={item.factors} toward={toward} />
            </li>
          ))}
        </ol>
      )}
      {items.length > COLLAPSED && (
        <button type="button" className="text-sm font-medium text-brand-700 hover:underline print:hidden" onClick={() => setAll(!all)}>
          {all ? "Show fewer" : `Show all ${items.length}`}
        </button>
      )}
    </section>
  );
}

export function InsightsExamples({ insights, classes, choice }: { insights: FieldInsights; classes: string[]; choice: ThresholdChoice | null }) {
  const ex = insights.examples;
  if (insights.task === "binary" && choice) {
    // Stored relative to the second class: actual first class with the highest P(second) and the reverse.
    const positiveIsSecond = choice.positiveIndex === 1;
    const t = choice.step / 1000;
    const pPos = (e: InsightExample) => (positiveIsSecond ? e.score : 1 - e.score);
    const toShown = (e: InsightExample, wrong: (p: number) => boolean): Shown => ({
      example: e,
      score: pPos(e),
      wrong: wrong(pPos(e)),
      factors: e.factors.map((f) => ({ field: f.field, contribution: positiveIsSecond ? f.contribution : -f.contribution })),
    });
    const fp = (positiveIsSecond ? ex.falsePositives : ex.falseNegatives) ?? [];
    const fn = (positiveIsSecond ? ex.falseNegatives : ex.falsePositives) ?? [];
    const pos = choice.positiveClass;
    const other = classes.find((c) => c !== pos) ?? "";
    const note = `Bars: each field's push toward ${pos} (red, +) or ${other} (blue, −), in log-odds.`;
    return (
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2" data-testid="insights-examples">
        <ExampleList
          title={`Worst false positives: ${other} rows that look most like ${pos}`}
          description={`Holdout rows of ${other} with the highest probability of ${pos}. ${note}`}
          items={fp.map((e) => toShown(e, (p) => p > t))}
          toward={pos}
          scoreLabel={`P(${pos})`}
          testId="false-positives"
          thresholdBadges
        />
        <ExampleList
          title={`Worst false negatives: ${pos} rows the model doubts most`}
          description={`Holdout rows of ${pos} with the lowest probability of ${pos}. ${note}`}
          items={fn.map((e) => toShown(e, (p) => !(p > t)))}
          toward={pos}
          scoreLabel={`P(${pos})`}
          testId="false-negatives"
          thresholdBadges
        />
      </div>
    );
  }
  if (insights.task === "multiclass") {
    const items = (ex.misclassified ?? []).map((e) => ({ example: e, score: e.score, wrong: true, factors: e.factors }));
    return (
      <div data-testid="insights-examples">
        <ExampleList
          title="Most confident mistakes"
          description="Holdout rows whose actual class got the lowest probability. Bars: each field's push toward the predicted class (red, +) or away from it (blue, −)."
          items={items.map((i) => ({
            ...i,
            example: {
              ...i.example,
              actual: `${i.example.actual} (predicted ${i.example.predicted}, P ${formatPercent(i.example.actualProbability)} for the actual class)`,
            },
          }))}
          toward="the predicted class"
          scoreLabel="P(predicted)"
          testId="misclassified"
        />
      </div>
    );
  }
  const shown = (list: InsightExample[] | undefined) => (list ?? []).map((e) => ({ example: e, score: e.score, wrong: true, factors: e.factors }));
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2" data-testid="insights-examples">
      <ExampleList
        title="Largest over-predictions"
        description="Holdout rows predicted furthest above their actual value. Bars: each field's push up (red, +) or down (blue, −) in the target's units."
        items={shown(ex.overPredicted)}
        toward="higher values"
        scoreLabel="Predicted"
        testId="over-predicted"
      />
      <ExampleList
        title="Largest under-predictions"
        description="Holdout rows predicted furthest below their actual value."
        items={shown(ex.underPredicted)}
        toward="higher values"
        scoreLabel="Predicted"
        testId="under-predicted"
      />
    </div>
  );
}
