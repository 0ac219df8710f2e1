"use client";
import Link from "next/link";
import { formatRelative } from "@/lib/client/format";
import { useDatasets } from "@/lib/client/use-datasets";
import { useModels } from "@/lib/client/use-models";
import { buttonClass } from "../ui/button";
import { PageHeader } from "../ui/card";
import { EmptyState, ErrorBanner, SkeletonRows } from "../ui/feedback";
import { durationLabel } from "./model-detail";

export function ModelsPage() {
  const models = useModels();
  const datasets = useDatasets();
  const names = new Map((datasets.data ?? []).map((d) => [d.id, d.name]));
  const list = models.data ?? [];
  return (
    <>
      <PageHeader title="Models" description="Trained models with their holdout statistics; each can predict through the page or the API." />
      <ErrorBanner error={models.error} title="Could not load models" onRetry={() => models.refetch()} />
      {models.isPending ? (
        <SkeletonRows label="Loading models" />
      ) : list.length === 0 ? (
        !models.error && (
          <EmptyState
            title="No models yet"
            icon="◆"
            action={
              <Link href="/datasets" className={buttonClass()}>
                Pick a dataset
              </Link>
            }
          >
            Open a dataset, choose the field to predict and a training time.
          </EmptyState>
        )
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="models-list">
          {list.map((m) => (
            <li key={m.id}>
              <Link
                href={`/models/${m.id}`}
                className="block h-full rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition hover:border-brand-500 hover:shadow focus-visible:outline-2 focus-visible:outline-brand-500"
              >
                <p className="truncate font-semibold text-slate-900">{m.name}</p>
                <p className="mt-1 text-sm text-slate-600">
                  {m.kind === "forecast" ? "Forecasts" : "Predicts"} <span className="font-medium">{m.predict_fields.join(", ")}</span>
                </p>
                <p className="mt-3 text-xs text-slate-500">
                  {names.get(m.dataset_id) ?? "deleted dataset"} · {durationLabel(m.duration)} · {formatRelative(m.created_at)}
                </p>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
