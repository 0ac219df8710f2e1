"use client";
import Link from "next/link";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState } from "react";
import { formatRelative, formatSeconds } from "@/lib/client/format";
import { queryKeys } from "@/lib/client/query-keys";
import { joinFieldNames } from "@/lib/client/started-trainings";
import { type TeamTraining, useDismissedTrainings, useTeamTrainings } from "@/lib/client/use-team-trainings";
import { useTrainingResult, useTrainingStatus } from "@/lib/client/use-training";
import { useDatasets } from "@/lib/client/use-datasets";
import { useModels } from "@/lib/client/use-models";
import { CANCELLED_MESSAGE } from "@/lib/schemas/tasks";
import { BreakableName } from "../ui/breakable-name";
import { Button, buttonClass } from "../ui/button";
import { PageHeader } from "../ui/card";
import { Badge, EmptyState, ErrorBanner, ProgressBar, SkeletonRows } from "../ui/feedback";
import { durationLabel } from "./model-detail";

export function ModelsPage() {
  const models = useModels();
  const datasets = useDatasets();
  const names = new Map((datasets.data ?? []).map((d) => [d.id, d.name]));
  const list = models.data ?? [];
  const trainings = useTeamTrainingsShown();
  const running = trainings.shown.filter((t) => t.status !== "FAILED");
  const failed = trainings.shown.filter((t) => t.status === "FAILED");
  return (
    <>
      <PageHeader title="Models" description="Trained models with their holdout statistics; each can predict through the page or the API." />
      {(running.length > 0 || trainings.done.length > 0) && (
        <section aria-labelledby="training-now" className="mb-6" data-testid="trainings-running">
          <h2 id="training-now" className="mb-2 text-sm font-semibold text-slate-800">
            Trainings in progress
          </h2>
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {trainings.done.map((t) => (
              <DoneTrainingItem key={t.task_id} training={t} />
            ))}
            {running.map((t) => (
              <TeamTrainingItem key={t.task_id} training={t} />
            ))}
          </ul>
        </section>
      )}
      {failed.length > 0 && (
        <section aria-labelledby="trainings-failed" aria-describedby="trainings-failed-note" className="mb-6" data-testid="trainings-failed">
          <h2 id="trainings-failed" className="text-sm font-semibold text-slate-800">
            {failed.some((t) => t.error === CANCELLED_MESSAGE) ? "Failed and cancelled trainings" : "Failed trainings"}
          </h2>
          <p id="trainings-failed-note" className="mb-2 text-xs text-slate-500">
            Trainings of the team that failed in the last 24 hours or were cancelled, with the reason; they made no model. Fix what the reason names and train
            again from the dataset. Dismiss hides one in this browser.
          </p>
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {failed.map((t) => (
              <TeamTrainingItem key={t.task_id} training={t} onDismiss={() => trainings.dismiss(t.task_id)} />
            ))}
          </ul>
        </section>
      )}
      <ErrorBanner error={trainings.error} title="Could not load the running trainings" />
      <ErrorBanner error={models.error} title="Could not load models" onRetry={() => models.refetch()} />
      {models.isPending ? (
        <SkeletonRows label="Loading models" />
      ) : list.length === 0 ? (
        !models.error &&
        running.length === 0 && (
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
                {/* Wrapped, not cut: on a phone "California housing: median_house…" hid which field it predicts. */}
                <p className="font-semibold break-words text-slate-900 [overflow-wrap:anywhere]">
                  <BreakableName name={m.name} />
                </p>
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
 * The team's trainings from the server without those dismissed here; a training that leaves the
 * list while this page watches it has finished: it stays as "done" with a link to its model, and
 * the model list is refreshed.
 */
export function useTeamTrainingsShown(datasetId?: string) {
  const query = useTeamTrainings();
  const { dismissed, dismiss } = useDismissedTrainings();
  const client = useQueryClient();
  const seen = useRef(new Map<string, TeamTraining>());
  const [done, setDone] = useState<TeamTraining[]>([]);
  const all = query.data;
  const data = useMemo(() => (datasetId && all ? all.filter((t) => t.dataset_id === datasetId) : all), [all, datasetId]);
  useEffect(() => {
    if (!data) return;
    const now = new Map(data.map((t) => [t.task_id, t]));
    const left = [...seen.current.values()].filter((t) => !now.has(t.task_id) && t.status !== "FAILED");
    seen.current = now;
    if (left.length) {
      setDone((d) => [...left, ...d.filter((x) => !left.some((l) => l.task_id === x.task_id))]);
      client.invalidateQueries({ queryKey: queryKeys.models });
    }
  }, [data, client]);
  return { shown: (data ?? []).filter((t) => !dismissed.has(t.task_id)), done, dismiss, error: query.error };
}

export function trainingTitle(t: TeamTraining): string {
  const fields = t.fields.length ? joinFieldNames(t.fields) : "unknown fields";
  return t.kind === "forecast" ? `Forecast of ${fields}` : t.kind === "retrain" ? `Retrain of ${fields}` : `Predicts ${fields}`;
}

function datasetLabel(t: TeamTraining): string {
  return t.dataset_name ?? (t.dataset_deleted ? "deleted dataset" : "unknown dataset");
}

const SOURCE_LABEL: Record<string, string> = { web: "from the web app", api: "through the API", legacy: "through the legacy /v1 API" };

/** "Churn small · High quality (1 min) · started 2 minutes ago by API key "etl" through the legacy /v1 API" */
export function trainingOrigin(t: TeamTraining): string {
  const budget = typeof t.duration === "number" ? `${t.duration % 60 === 0 ? `${t.duration / 60} min` : formatSeconds(t.duration)} budget` : null;
  return [
    datasetLabel(t),
    budget,
    `started ${formatRelative(t.created_at)}${t.started_by ? ` by ${t.started_by}` : ""}${t.source && SOURCE_LABEL[t.source] ? ` ${SOURCE_LABEL[t.source]}` : ""}`,
  ]
    .filter(Boolean)
    .join(" · ");
}

/** A queued, running or failed training of the team, whoever started it (Dismiss only for a failure). */
export function TeamTrainingItem({
  training: t,
  onDismiss,
  showDatasetLink = true,
}: {
  training: TeamTraining;
  onDismiss?: () => void;
  showDatasetLink?: boolean;
}) {
  const what = trainingTitle(t);
  const failed = t.status === "FAILED";
  const cancelled = failed && t.error === CANCELLED_MESSAGE;
  return (
    <li className="space-y-2 rounded-xl border border-dashed border-slate-300 bg-white p-4" data-testid="running-training" data-task-id={t.task_id}>
      <div className="flex items-center gap-2">
        <p className="min-w-0 flex-1 truncate font-semibold text-slate-900">{what}</p>
        <Badge tone={cancelled ? "slate" : failed ? "red" : "blue"}>{cancelled ? "cancelled" : t.status.replace("_", " ").toLowerCase()}</Badge>
      </div>
      <p className="text-xs text-slate-500">{trainingOrigin(t)}</p>
      {failed ? (
        <p className={`text-sm ${cancelled ? "text-slate-600" : "text-red-700"}`}>{cancelled ? "Cancelled; nothing was saved." : t.error}</p>
      ) : (
        <>
          <ProgressBar value={t.status === "IN_PROGRESS" ? (t.progress ?? 0) : 0} label={`Progress of ${what}`} />
          <p className="text-xs text-slate-600">
            {t.status === "PENDING"
              ? "Waiting for a worker to pick it up…"
              : [t.message, typeof t.estimate_seconds === "number" ? `about ${formatSeconds(t.estimate_seconds)} left` : null].filter(Boolean).join(" · ")}
          </p>
        </>
      )}
      <div className="flex flex-wrap gap-2">
        {t.model_id && (
          <Link href={`/models/${t.model_id}`} className={buttonClass("secondary", "sm")}>
            Open the model
          </Link>
        )}
        {showDatasetLink && t.dataset_id && !t.dataset_deleted && (
          <Link href={`/datasets/${t.dataset_id}`} className={buttonClass("secondary", "sm")}>
            Open the dataset
          </Link>
        )}
        {failed && onDismiss && (
          <Button type="button" variant="secondary" size="sm" onClick={onDismiss}>
            Dismiss
          </Button>
        )}
      </div>
    </li>
  );
}

/** A training that finished while this page was open: it leads to its model (nothing if it did not succeed). */
export function DoneTrainingItem({ training: t }: { training: TeamTraining }) {
  const status = useTrainingStatus(t.task_id);
  const state = status.data;
  const result = useTrainingResult(state?.status === "SUCCEEDED" && !t.model_id ? state.metadata.location : undefined);
  if (state && state.status !== "SUCCEEDED") return null;
  const modelId = t.model_id ?? result.data?.model_id;
  return (
    <li className="space-y-2 rounded-xl border border-slate-200 bg-white p-4" data-testid="finished-training" data-task-id={t.task_id}>
      <div className="flex items-center gap-2">
        <p className="min-w-0 flex-1 truncate font-semibold text-slate-900">{trainingTitle(t)}</p>
        <Badge tone="green">done</Badge>
      </div>
      <p className="text-xs text-slate-500">{datasetLabel(t)}</p>
      {modelId && (
        <Link href={`/models/${modelId}`} className={buttonClass("primary", "sm")}>
          Open the model
        </Link>
      )}
    </li>
  );
}
