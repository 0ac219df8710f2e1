"use client";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { formatDate } from "@/lib/client/format";
import { useDataset } from "@/lib/client/use-datasets";
import { useDeleteModel, useModel } from "@/lib/client/use-models";
import { DURATIONS, type ClassStat } from "@/lib/client/types";
import { Button } from "../ui/button";
import { Card, PageHeader } from "../ui/card";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { ErrorBanner, Skeleton, SkeletonRows } from "../ui/feedback";
import { DataStoryCards } from "./data-story-cards";
import { FieldImportanceChart } from "./field-importance-chart";
import { FieldStats } from "./field-stats";
import { BatchPrediction, TryPrediction } from "./prediction-panels";
import { type FieldReportView, findFieldReport, statsDescription } from "./report";
import { InsightsReport } from "./insights-report";
import { ModelVersionsCard } from "./model-versions";
import { ShareReportCard } from "./share-report";
import { useModelVersions, useSetThreshold } from "@/lib/client/use-model-insights";
import { isForecastModel } from "@/lib/client/forecast";
import { ForecastDetail } from "./forecast-detail";

/** Each text field's most frequent values in the training data (from the insights report), to suggest while typing. */
function knownValues(report: FieldReportView | null): Record<string, string[]> {
  const stats = report?.insights?.fieldStats ?? [];
  return Object.fromEntries(stats.filter((f) => f.top?.length).map((f) => [f.field, (f.top ?? []).map((t) => t.value)]));
}

export function durationLabel(seconds: number): string {
  return DURATIONS.find((d) => d.value === seconds)?.label ?? `${seconds} s`;
}

export function ModelDetail({ id }: { id: string }) {
  const model = useModel(id);
  const router = useRouter();
  const remove = useDeleteModel();
  const [confirming, setConfirming] = useState(false);
  const [activeField, setActiveField] = useState(0);
  const datasetId = model.data?.model.dataset_id;
  const dataset = useDataset(datasetId);
  const setThreshold = useSetThreshold(id);
  // The header's "trained" date is the active version's: after a retrain the model's own creation date is v1's.
  // Asked only once the model loaded: a missing model's versions would only answer 404 too.
  const versions = useModelVersions(id, { enabled: Boolean(model.data) });

  if (model.isPending) {
    return (
      <div className="space-y-6">
        <Skeleton className="h-8 w-72" />
        <SkeletonRows rows={8} label="Loading model" />
      </div>
    );
  }
  if (model.error || !model.data) {
    return (
      <div className="space-y-4">
        <ErrorBanner error={model.error} title="Could not open this model" onRetry={() => model.refetch()} />
        <Link href="/models" className="text-sm font-medium text-brand-700 hover:underline">
          ← Back to models
        </Link>
      </div>
    );
  }

  if (isForecastModel(model.data)) return <ForecastDetail detail={model.data} />;
  const { model: info, stats, field_importance: importance, data_story: stories } = model.data;
  const predictFields = info.predict_fields;
  const ignored = info.ignored_fields ?? [];
  const inputFields = Object.keys(importance).filter((f) => !predictFields.includes(f) && !ignored.includes(f));
  const field = predictFields[Math.min(activeField, predictFields.length - 1)];
  const fieldIndex = predictFields.indexOf(field);
  const fieldStats: ClassStat[] = stats[fieldIndex] ?? [];
  const story = stories.find((s) => s.name === field) ?? stories[fieldIndex];
  const trainedAt = versions.data?.versions.find((v) => v.version === info.active_version)?.created_at ?? info.created_at;

  return (
    <div className="space-y-6">
      <div>
        <Link href="/models" className="text-sm text-slate-500 hover:text-slate-800 hover:underline print:hidden">
          ← Models
        </Link>
        <PageHeader
          title={info.name}
          description={
            <>
              Predicts <strong className="font-medium text-slate-700">{predictFields.join(", ")}</strong> from{" "}
              {dataset.data ? (
                <Link href={`/datasets/${info.dataset_id}`} className="text-brand-700 hover:underline">
                  {dataset.data.name}
                </Link>
              ) : (
                "a dataset"
              )}{" "}
              · {durationLabel(info.duration)} · trained{" "}
              <time dateTime={trainedAt} data-testid="model-trained-at">
                {formatDate(trainedAt)}
              </time>
              {info.active_version !== undefined && ` · version ${info.active_version}`}
              {info.extra_attention && " · extra attention to rare classes"}
            </>
          }
          actions={
            <Button variant="secondary" className="print:hidden" onClick={() => setConfirming(true)}>
              Delete model
            </Button>
          }
        />
      </div>

      {predictFields.length > 1 && (
        <div role="tablist" aria-label="Predicted field" className="flex flex-wrap gap-1 rounded-lg bg-slate-100 p-1 print:hidden">
          {predictFields.map((f, i) => (
            <button
              key={f}
              role="tab"
              type="button"
              aria-selected={f === field}
              onClick={() => setActiveField(i)}
              className={`rounded-md px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand-500 ${f === field ? "bg-white text-slate-900 shadow-sm" : "text-slate-600 hover:text-slate-900"}`}
            >
              {f}
            </button>
          ))}
        </div>
      )}

      <Card title={`How well it predicts ${field}`} description={statsDescription(info.thresholds?.[field])} testId="model-stats">
        <FieldStats stats={fieldStats} report={findFieldReport(info.report, field)} positiveClass={info.thresholds?.[field]?.positive_class} />
      </Card>

      <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
        <Card title="What drives the predictions" description="Share of the model's decisions that each field accounts for.">
          <FieldImportanceChart importance={importance} exclude={[...predictFields, ...ignored]} />
        </Card>
        <Card
          title="Data story"
          description={`What moves ${field}, in plain words. Its figures are the model's average estimates over real rows that meet all of a sentence's conditions together.`}
        >
          {story ? (
            <DataStoryCards story={story} segments={findFieldReport(info.report, field)?.story} />
          ) : (
            <p className="text-sm text-slate-500">No data story for this field.</p>
          )}
        </Card>
      </div>

      <InsightsReport
        key={`${info.id}/${field}`}
        field={field}
        report={findFieldReport(info.report, field)}
        saved={info.thresholds?.[field]}
        onSaveThreshold={(v) => setThreshold.mutate({ field, ...v })}
        saving={setThreshold.isPending}
        saveError={setThreshold.error}
      />

      <ModelVersionsCard modelId={info.id} field={field} />
      <ShareReportCard modelId={info.id} />

      <Card title="Try a prediction" description="Starts from the first row of the dataset; change any value." className="print:hidden">
        <TryPrediction
          modelId={info.id}
          datasetId={info.dataset_id}
          inputFields={inputFields}
          predictFields={predictFields}
          knownValues={knownValues(findFieldReport(info.report, field))}
          thresholds={info.thresholds}
        />
      </Card>

      <Card title="Predict a file" description="Upload a CSV, get it back with predictions and probabilities." className="print:hidden">
        <BatchPrediction
          modelId={info.id}
          modelName={info.name}
          inputFields={inputFields}
          knownFields={Object.keys(importance).filter((f) => !predictFields.includes(f))}
          thresholds={info.thresholds}
        />
      </Card>

      <ConfirmDialog
        open={confirming}
        title={`Delete “${info.name}”?`}
        confirmLabel="Delete model"
        busy={remove.isPending}
        error={remove.error}
        onClose={() => setConfirming(false)}
        onConfirm={() => remove.mutate(info.id, { onSuccess: () => router.push("/models") })}
      >
        Scripts that call this model will get “not found”. All its versions and report links go with it; the dataset stays.
      </ConfirmDialog>
    </div>
  );
}
