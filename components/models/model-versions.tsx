"use client";
// Versions of a model: retrain on the dataset's current rows, compare holdout metrics side by side,
// choose the version that serves predictions.
import { useEffect, useState } from "react";
import { formatDate, formatInt, formatNumber, formatPercent } from "@/lib/client/format";
import {
  useActivateVersion,
  useDeleteVersion,
  useModelVersions,
  useRefreshAfterRetrain,
  useRetrainModel,
  type ModelVersionSummary,
} from "@/lib/client/use-model-insights";
import { isTaskFinished, useTrainingStatus } from "@/lib/client/use-training";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { Badge, ErrorBanner, Notice, ProgressBar, SkeletonRows } from "../ui/feedback";
import { Checkbox } from "../ui/form";
import { metricLabel } from "./report";

const HIGHER_IS_BETTER = new Set(["accuracy", "auc", "macroF1", "r2"]);
const PERCENT = new Set(["accuracy", "auc", "macroF1"]);

function metricsOf(v: ModelVersionSummary, field: string) {
  return v.fields.find((f) => f.field === field) ?? v.fields[0];
}

function RetrainStatus({ taskId, onDone }: { taskId: string; onDone: () => void }) {
  const status = useTrainingStatus(taskId);
  const finished = isTaskFinished(status.data);
  useEffect(() => {
    if (status.data?.status === "SUCCEEDED") onDone();
  }, [status.data?.status]);
  if (!status.data) return <ProgressBar value={null} label="Retraining progress" />;
  if (status.data.status === "SUCCEEDED") return <Notice tone="success">Retrained: the new version is in the list below.</Notice>;
  if (status.data.status === "FAILED") return <ErrorBanner error={new Error(status.data.metadata.error ?? "The retrain failed.")} title="The retrain failed" />;
  const running = status.data.metadata.type === "IN_PROGRESS" ? status.data.metadata : null;
  return (
    <div className="space-y-1" data-testid="retrain-progress">
      <ProgressBar value={running?.progress ?? null} label="Retraining progress" />
      <p className="text-xs text-slate-500">{finished ? "" : (running?.message ?? "Waiting for a worker…")}</p>
    </div>
  );
}

export function ModelVersionsCard({ modelId, field }: { modelId: string; field: string }) {
  const versions = useModelVersions(modelId);
  const retrain = useRetrainModel(modelId);
  const activate = useActivateVersion(modelId);
  const remove = useDeleteVersion(modelId);
  const refresh = useRefreshAfterRetrain(modelId);
  const [activateNew, setActivateNew] = useState(true);
  const [taskId, setTaskId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);

  const list = versions.data?.versions ?? [];
  const keys = [...new Set(list.flatMap((v) => Object.keys(metricsOf(v, field)?.metrics ?? {})))];
  const best = new Map<string, number>();
  for (const k of keys) {
    const values = list.map((v) => metricsOf(v, field)?.metrics[k]).filter((x): x is number => typeof x === "number");
    if (values.length > 1) best.set(k, HIGHER_IS_BETTER.has(k) ? Math.max(...values) : Math.min(...values));
  }

  return (
    <Card
      title="Versions"
      description="Retrain with the same settings on the dataset's current rows; each training is a version with its own holdout metrics. The active version serves predictions."
      className="print:hidden"
      testId="model-versions"
      actions={
        <div className="flex flex-wrap items-center gap-3">
          <Checkbox id="retrain-activate" label="Make it active when done" checked={activateNew} onChange={setActivateNew} />
          <Button onClick={() => retrain.mutate(activateNew, { onSuccess: (r) => setTaskId(r.task_id) })} busy={retrain.isPending} data-testid="retrain-button">
            Retrain
          </Button>
        </div>
      }
    >
      <div className="space-y-4">
        <ErrorBanner error={retrain.error} title="Could not start the retrain" />
        {taskId && <RetrainStatus key={taskId} taskId={taskId} onDone={() => void refresh()} />}
        <ErrorBanner error={activate.error ?? remove.error} title="That did not work" />
        {versions.isPending ? (
          <SkeletonRows rows={2} label="Loading versions" />
        ) : versions.error ? (
          <ErrorBanner error={versions.error} title="Could not load the versions" onRetry={() => versions.refetch()} />
        ) : (
          <div className="relative overflow-x-auto rounded-lg border border-slate-200">
            <table className="min-w-full text-sm" data-testid="versions-table">
              <caption className="sr-only">Versions of this model with their holdout metrics</caption>
              <thead className="bg-slate-50 text-slate-600">
                <tr>
                  <th scope="col" className="px-3 py-2 text-left font-semibold">
                    Version
                  </th>
                  <th scope="col" className="px-3 py-2 text-left font-semibold">
                    Trained
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-semibold">
                    Rows
                  </th>
                  {keys.map((k) => (
                    <th key={k} scope="col" className="px-3 py-2 text-right font-semibold">
                      {metricLabel(k)}
                    </th>
                  ))}
                  <th scope="col" className="px-3 py-2">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {list.map((v) => {
                  const m = metricsOf(v, field);
                  return (
                    <tr key={v.version} data-testid={`version-${v.version}`} className={v.active ? "bg-brand-50/40" : undefined}>
                      <th scope="row" className="px-3 py-2 text-left font-medium text-slate-800">
                        v{v.version}{" "}
                        {v.active && (
                          <span data-testid="active-version">
                            <Badge tone="blue">active</Badge>
                          </span>
                        )}
                      </th>
                      <td className="px-3 py-2 text-slate-600">{formatDate(v.created_at)}</td>
                      <td className="px-3 py-2 text-right tabular-nums">{formatInt(m?.rows_with_target)}</td>
                      {keys.map((k) => {
                        const value = m?.metrics[k];
                        const isBest = typeof value === "number" && best.get(k) === value;
                        return (
                          <td
                            key={k}
                            className={`px-3 py-2 text-right tabular-nums ${isBest ? "font-semibold text-emerald-700" : ""}`}
                            title={isBest ? "Best of the versions" : undefined}
                          >
                            {PERCENT.has(k) ? formatPercent(value, 2) : formatNumber(value)}
                          </td>
                        );
                      })}
                      <td className="px-3 py-2 text-right whitespace-nowrap">
                        {!v.active && (
                          <span className="inline-flex gap-1">
                            <Button
                              size="sm"
                              variant="secondary"
                              onClick={() => activate.mutate(v.version)}
                              busy={activate.isPending && activate.variables === v.version}
                              data-testid={`activate-${v.version}`}
                            >
                              Make active
                            </Button>
                            <Button size="sm" variant="ghost" onClick={() => setDeleting(v.version)} data-testid={`delete-version-${v.version}`}>
                              Delete
                            </Button>
                          </span>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
        <p className="text-xs text-slate-500">
          Metrics are measured on each version's own holdout (20% of the rows it saw), so versions trained on more rows are measured on more rows.
        </p>
      </div>
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete version ${deleting ?? ""}?`}
        confirmLabel="Delete version"
        busy={remove.isPending}
        error={remove.error}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting !== null && remove.mutate(deleting, { onSuccess: () => setDeleting(null) })}
      >
        Its artifact and report are deleted. The active version keeps serving predictions.
      </ConfirmDialog>
    </Card>
  );
}
