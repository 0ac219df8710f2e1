"use client";
// The page behind a read-only report link: the same report as the model page, nothing else.
import { useState } from "react";
import { formatDate } from "@/lib/client/format";
import type { ClassStat, DataStory } from "@/lib/client/types";
import type { SharedReport } from "@/lib/services/report-shares";
import { BreakableName } from "../ui/breakable-name";
import { Card } from "../ui/card";
import { DataStoryCards } from "./data-story-cards";
import { FieldImportanceChart } from "./field-importance-chart";
import { FieldStats } from "./field-stats";
import { InsightsReport } from "./insights-report";
import { findFieldReport, statsDescription } from "./report";
import { PrintButton } from "./share-report";

export function SharedReportView({ report }: { report: SharedReport }) {
  const [active, setActive] = useState(0);
  const fields = report.predict_fields;
  const field = fields[Math.min(active, fields.length - 1)];
  const index = fields.indexOf(field);
  const stats = (report.stats[index] ?? []) as ClassStat[];
  const stories = report.data_story as DataStory[];
  const story = stories.find((s) => s.name === field) ?? stories[index];
  const fieldReport = findFieldReport({ fields: report.fields }, field);
  return (
    <div className="min-h-screen">
      <header className="border-b border-slate-200 bg-white print:border-0">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-4 sm:px-6">
          <div className="flex items-center gap-2">
            <span className="flex size-7 items-center justify-center rounded-md bg-brand-600 text-sm font-bold text-white" aria-hidden>
              T
            </span>
            <span className="text-sm text-slate-500">Tabula · read-only model report</span>
          </div>
          <PrintButton />
        </div>
      </header>
      <main className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6" data-testid="shared-report">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight break-words text-slate-900 [overflow-wrap:anywhere]">
            <BreakableName name={report.name} />
          </h1>
          <p className="mt-1 text-sm text-slate-500">
            Predicts <strong className="font-medium text-slate-700">{fields.join(", ")}</strong> · version {report.version} · trained{" "}
            {formatDate(report.trained_at)}
          </p>
        </div>
        {fields.length > 1 && (
          <div role="tablist" aria-label="Predicted field" className="flex flex-wrap gap-1 rounded-lg bg-slate-100 p-1 print:hidden">
            {fields.map((f, i) => (
              <button
                key={f}
                role="tab"
                type="button"
                aria-selected={f === field}
                onClick={() => setActive(i)}
                className={`rounded-md px-3 py-1.5 text-sm font-medium ${f === field ? "bg-white text-slate-900 shadow-sm" : "text-slate-600"}`}
              >
                {f}
              </button>
            ))}
          </div>
        )}
        <Card title={`How well it predicts ${field}`} description={statsDescription(report.thresholds[field])}>
          <FieldStats stats={stats} report={fieldReport} positiveClass={report.thresholds[field]?.positive_class} />
        </Card>
        <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
          <Card title="What drives the predictions" description="Share of the model's decisions that each field accounts for.">
            <FieldImportanceChart importance={report.field_importance} exclude={fields} />
          </Card>
          <Card
            title="Data story"
            description={`What moves ${field}, in plain words. Its figures are the model's average estimates over real rows that meet all of a sentence's conditions together.`}
          >
            {story ? <DataStoryCards story={story} segments={fieldReport?.story} /> : <p className="text-sm text-slate-500">No data story for this field.</p>}
          </Card>
        </div>
        <InsightsReport key={field} field={field} report={fieldReport} saved={report.thresholds[field]} showExamples={report.includes_examples} />
      </main>
    </div>
  );
}
