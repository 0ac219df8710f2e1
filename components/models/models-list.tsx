"use client";
import Link from "next/link";
import { useEffect } from "react";
import { ApiError } from "@/lib/client/api";
import { formatRelative, formatSeconds } from "@/lib/client/format";
import { joinFieldNames, type StartedTraining, useTeamStartedTrainings } from "@/lib/client/started-trainings";
import { useTrainingStatus } from "@/lib/client/use-training";
import { useDatasets } from "@/lib/client/use-datasets";
import { useModels } from "@/lib/client/use-models";
import { Button, buttonClass } from "../ui/button";
import { PageHeader } from "../ui/card";
import { Badge, EmptyState, ErrorBanner, ProgressBar, SkeletonRows } from "../ui/feedback";
import { durationLabel } from "./model-detail";

export function ModelsPage() {
  const models = useModels();
  const datasets = useDatasets();
  const names = new Map((datasets.data ?? []).map((d) => [d.id, d.name]));
  const list = models.data ?? [];
  const started = useTeamStartedTrainings();
  return (
    <>
      <PageHeader title="Models" description="Trained models with their holdout statistics; each can predict through the page or the API." />
      {started.list.length > 0 && (
        <section aria-labelledby="training-now" className="mb-6" data-testid="trainings-running">
          <h2 id="training-now" className="mb-2 text-sm font-semibold text-slate-800">
            Trainings started from this browser
          </h2>
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {started.list.map((entry) => (
              <StartedTrainingItem key={entry.taskId} entry={entry} onGone={() => started.forget(entry.taskId)} />
            ))}
          </ul>
        </section>
      )}
      <ErrorBanner error={models.error} title="Could not load models" onRetry={() => models.refetch()} />
      {models.isPending ? (
        <SkeletonRows label="Loading models" />
      ) : list.length === 0 ? (
        !models.error &&
        started.list.length === 0 && (
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

/**
 * A training this browser started, while it runs or after it failed. Once it succeeds it leaves the
 * list (its model is in the list below, which the status poll refreshes); a task the server no longer
 * knows leaves it too.
 */
function StartedTrainingItem({ entry, onGone }: { entry: StartedTraining; onGone: () => void }) {
  const status = useTrainingStatus(entry.taskId);
  const state = status.data?.status;
  const gone = state === "SUCCEEDED" || (status.error instanceof ApiError && status.error.status === 404);
  useEffect(() => {
    if (gone) onGone();
  }, [gone, onGone]);
  if (gone) return null;
  const running = status.data?.status === "IN_PROGRESS" ? status.data.metadata : null;
  const failed = status.data?.status === "FAILED" ? status.data.metadata.error : null;
  const what = `${entry.kind === "forecast" ? "Forecast of" : "Predicts"} ${joinFieldNames(entry.fields)}`;
  return (
    <li className="space-y-2 rounded-xl border border-dashed border-slate-300 bg-white p-4" data-testid="running-training">
      <div className="flex items-center gap-2">
        <p className="min-w-0 flex-1 truncate font-semibold text-slate-900">{what}</p>
        {status.data && (
          <Badge tone={failed ? "red" : state === "UNKNOWN_TIMEOUT" ? "amber" : "blue"}>{status.data.status.replace("_", " ").toLowerCase()}</Badge>
        )}
      </div>
      <p className="text-xs text-slate-500">
        {entry.datasetName} · started {formatRelative(new Date(entry.startedAt).toISOString())}
      </p>
      {failed ? (
        <p className="text-sm text-red-700">{failed}</p>
      ) : (
        <>
          <ProgressBar value={running ? (running.progress ?? 0) : state === "PENDING" ? 0 : null} label={`Progress of ${what}`} />
          <p className="text-xs text-slate-600">
            {state === "PENDING"
              ? "Waiting for a worker to pick it up…"
              : running
                ? [running.message, typeof running.estimate_seconds === "number" ? `about ${formatSeconds(running.estimate_seconds)} left` : null]
                    .filter(Boolean)
                    .join(" · ")
                : ""}
          </p>
        </>
      )}
      <div className="flex flex-wrap gap-2">
        <Link href={`/datasets/${entry.datasetId}`} className={buttonClass("secondary", "sm")}>
          Open the dataset
        </Link>
        {failed && (
          <Button type="button" variant="secondary" size="sm" onClick={onGone}>
            Dismiss
          </Button>
        )}
      </div>
    </li>
  );
}
