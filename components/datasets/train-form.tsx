"use client";
import Link from "next/link";
import { useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import { FIELD_FILTER_FROM, filterFieldNames } from "@/lib/client/field-filter";
import { formatSeconds } from "@/lib/client/format";
import { joinFieldNames, useRememberStartedTraining, useStartedTrainings, useTeamStartedTrainings } from "@/lib/client/started-trainings";
import { useTeamTrainings } from "@/lib/client/use-team-trainings";
import { isTaskFinished, useCancelTraining, useRememberedTask, useStartTraining, useTrainingResult, useTrainingStatus } from "@/lib/client/use-training";
import { DURATIONS, type DatasetField, type Duration } from "@/lib/client/types";
import { CANCELLED_MESSAGE } from "@/lib/schemas/tasks";
import { Button, buttonClass } from "../ui/button";
import { Badge, ErrorBanner, Notice, ProgressBar } from "../ui/feedback";
import { Checkbox } from "../ui/form";

// Fields a model cannot learn to predict; the server would refuse them anyway, so do not offer them.
const UNPREDICTABLE = new Set(["id", "date", "unknown"]);

export function TrainForm({ datasetId, datasetName, fields }: { datasetId: string; datasetName: string; fields: DatasetField[] }) {
  const start = useStartTraining();
  const rememberStarted = useRememberStartedTraining();
  const [targets, setTargets] = useState<string[]>([]);
  const [ignored, setIgnored] = useState<string[]>(() => fields.filter((f) => f.type === "id").map((f) => f.name));
  const [duration, setDuration] = useState<Duration>(10);
  const [extraAttention, setExtraAttention] = useState(false);
  const [force, setForce] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const lastStarted = useTeamStartedTrainings().list.find((e) => e.datasetId === datasetId && e.kind === "predict")?.taskId ?? null;
  const [taskId, rememberTask] = useRememberedTask(`tabula:training:${datasetId}`, lastStarted);
  const [startedHere, setStartedHere] = useState(false);

  const candidates = useMemo(() => fields.filter((f) => !UNPREDICTABLE.has(f.type)), [fields]);
  const [fieldFilter, setFieldFilter] = useState("");
  const candidateNames = candidates.map((f) => f.name);
  // The count says how many names match; a chosen field that does not is shown all the same.
  const matching = filterFieldNames(candidateNames, fieldFilter).length;
  const shownNames = new Set(filterFieldNames(candidateNames, fieldFilter, targets));
  const shown = candidates.filter((f) => shownNames.has(f.name));
  const toggle = (list: string[], name: string) => (list.includes(name) ? list.filter((n) => n !== name) : [...list, name]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!targets.length) {
      setFormError("Pick at least one field to predict.");
      return;
    }
    setFormError(null);
    start.mutate(
      {
        dataset_id: datasetId,
        predict_fields: targets,
        ignore_fields: ignored.filter((n) => !targets.includes(n)),
        duration,
        extra_attention: extraAttention,
        force,
      },
      {
        onSuccess: (r) => {
          rememberTask(r.task_id);
          rememberStarted({ taskId: r.task_id, kind: "predict", datasetId, datasetName, fields: targets });
          setStartedHere(true);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} className="space-y-6" data-testid="train-form" aria-describedby={formError ? "train-form-error" : undefined}>
      <fieldset>
        <legend className="text-sm font-semibold text-slate-800">What should the model predict?</legend>
        <p className="mb-2 text-xs text-slate-500">Pick one or more fields. Categories become classification, numbers regression.</p>
        {candidates.length > FIELD_FILTER_FROM && (
          <div className="mb-2 flex flex-wrap items-center gap-2">
            <input
              type="search"
              value={fieldFilter}
              onChange={(e) => setFieldFilter(e.target.value)}
              // Enter in the filter must not start a training.
              onKeyDown={(e) => e.key === "Enter" && e.preventDefault()}
              placeholder={`Find one of ${candidates.length.toLocaleString("en-US")} fields`}
              aria-label="Find a field to predict"
              data-testid="target-filter"
              className="block w-full max-w-xs rounded-lg border-0 bg-white px-3 py-1.5 text-sm text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset placeholder:text-slate-400 focus:ring-2 focus:ring-brand-500"
            />
            {fieldFilter.trim() && (
              <span className="text-xs text-slate-500" aria-live="polite" data-testid="target-filter-count">
                {matching === 0 ? "No field matches." : `${matching.toLocaleString("en-US")} of ${candidates.length.toLocaleString("en-US")} fields`}
              </span>
            )}
          </div>
        )}
        <div className="flex flex-wrap gap-2" role="group" aria-label="Fields to predict">
          {shown.map((f) => {
            const on = targets.includes(f.name);
            return (
              <label
                key={f.name}
                className={`inline-flex cursor-pointer items-center gap-1.5 rounded-full px-3 py-1 text-sm ring-1 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500 ${
                  on ? "bg-brand-600 text-white ring-brand-600" : "bg-white text-slate-700 ring-slate-300 hover:bg-slate-50"
                }`}
              >
                <input
                  type="checkbox"
                  className="sr-only"
                  checked={on}
                  onChange={() => setTargets((t) => toggle(t, f.name))}
                  data-testid={`target-${f.name}`}
                />
                {f.name}
                <span className={`text-xs ${on ? "text-brand-100" : "text-slate-400"}`}>{f.type}</span>
              </label>
            );
          })}
        </div>
      </fieldset>

      <details className="group rounded-lg border border-slate-200 px-4 py-3">
        <summary className="cursor-pointer text-sm font-semibold text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-500">
          Fields to ignore <span className="font-normal text-slate-500">({ignored.filter((n) => !targets.includes(n)).length} ignored)</span>
        </summary>
        <p className="mt-1 mb-2 text-xs text-slate-500">Leave out identifiers and anything only known after the outcome (it would leak the answer).</p>
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3">
          {fields
            .filter((f) => !targets.includes(f.name))
            .map((f) => (
              <Checkbox
                key={f.name}
                id={`ignore-${f.name}`}
                label={f.name}
                description={f.type}
                checked={ignored.includes(f.name)}
                onChange={() => setIgnored((l) => toggle(l, f.name))}
              />
            ))}
        </div>
      </details>

      <fieldset>
        <legend className="mb-2 text-sm font-semibold text-slate-800">Training time</legend>
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-4">
          {DURATIONS.map((d) => (
            <label
              key={d.value}
              className={`cursor-pointer rounded-lg border px-3 py-2.5 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500 ${
                duration === d.value ? "border-brand-500 bg-brand-50 ring-1 ring-brand-500" : "border-slate-200 hover:bg-slate-50"
              }`}
            >
              <input type="radio" name="duration" value={d.value} checked={duration === d.value} onChange={() => setDuration(d.value)} className="sr-only" />
              <span className="block text-sm font-medium text-slate-900">{d.label}</span>
              <span className="block text-xs text-slate-500">{d.hint}</span>
            </label>
          ))}
        </div>
      </fieldset>

      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <Checkbox
          id="extra-attention"
          label="Extra attention to rare classes"
          description="Raises recall of rare outcomes (for example fraud or churn) at some cost in precision."
          checked={extraAttention}
          onChange={setExtraAttention}
        />
        <Checkbox id="force" label="Train anew" description="Otherwise an identical earlier model is reused at once." checked={force} onChange={setForce} />
      </div>

      {formError && (
        <p id="train-form-error" role="alert" className="text-sm text-red-700">
          {formError}
        </p>
      )}
      <ErrorBanner error={start.error} title="Training did not start" />
      <div className="flex items-center gap-3">
        <Button type="submit" busy={start.isPending} data-testid="start-training">
          Train a model
        </Button>
        {targets.length > 0 && <span className="text-sm text-slate-500">Predicting {targets.join(", ")}</span>}
      </div>
      {/* As in the forecast form: a refused start must not sit above the earlier training's success. */}
      {taskId && !start.isPending && !start.isError && <TrainingStatusPanel key={taskId} taskId={taskId} reveal={startedHere} />}
    </form>
  );
}

/**
 * A training's progress and outcome. `reveal`: the training was just started from this page, so
 * the panel scrolls into view (it sits below the form, under the fold on most screens).
 */
export function TrainingStatusPanel({ taskId, reveal = false }: { taskId: string; reveal?: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (reveal) ref.current?.scrollIntoView({ block: "center", behavior: "smooth" });
  }, [reveal]);
  const status = useTrainingStatus(taskId);
  const cancel = useCancelTraining(taskId);
  // What is being trained comes from the request this browser sent (the task status does not say),
  // so it is still there after a reload.
  // A training started elsewhere (another browser, a teammate, the API) is named by the server's list.
  const local = useStartedTrainings().list.find((e) => e.taskId === taskId);
  const server = useTeamTrainings().data?.find((t) => t.task_id === taskId);
  const started = local ?? (server?.fields.length ? { kind: server.kind, fields: server.fields } : undefined);
  const state = status.data;
  const result = useTrainingResult(state?.status === "SUCCEEDED" ? state.metadata.location : undefined);
  const finished = isTaskFinished(state);
  // A cancel ends the task FAILED (the specification has no cancelled state): it is no failure to
  // the user who asked for it.
  const cancelled = state?.status === "FAILED" && state.metadata.error === CANCELLED_MESSAGE;
  const progress =
    state?.status === "IN_PROGRESS" ? (state.metadata.progress ?? 0) : state?.status === "SUCCEEDED" ? 1 : state?.status === "PENDING" ? 0 : null;

  return (
    <div ref={ref} className="space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-4" data-testid="training-status" aria-live="polite">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm font-semibold text-slate-800" data-testid="training-title">
          {started ? `Training ${started.kind === "forecast" ? "a forecast of" : "a model for"} ${joinFieldNames(started.fields)}` : "Training"}
        </span>
        {state && (
          <Badge
            tone={
              state.status === "SUCCEEDED" ? "green" : cancelled ? "slate" : state.status === "FAILED" || state.status === "UNKNOWN_TIMEOUT" ? "red" : "blue"
            }
          >
            {cancelled ? "cancelled" : state.status.replace("_", " ").toLowerCase()}
          </Badge>
        )}
        {state?.status === "IN_PROGRESS" && typeof state.metadata.estimate_seconds === "number" && (
          <span className="text-sm text-slate-600">about {formatSeconds(state.metadata.estimate_seconds)} left</span>
        )}
        {state && !finished && (
          <Button
            type="button"
            variant="secondary"
            size="sm"
            className="ml-auto"
            busy={cancel.isPending}
            onClick={() => cancel.mutate()}
            data-testid="cancel-training"
          >
            Cancel training
          </Button>
        )}
      </div>
      <ErrorBanner error={cancel.error} title="Could not cancel the training" />
      {!finished && <ProgressBar value={progress} label="Training progress" />}
      {state?.status === "PENDING" && <p className="text-sm text-slate-600">Waiting for a worker to pick up the task…</p>}
      {state?.status === "IN_PROGRESS" && state.metadata.message && <p className="text-sm text-slate-600">{state.metadata.message}</p>}
      {cancelled ? (
        <p className="text-sm text-slate-600" data-testid="training-cancelled">
          Cancelled; nothing was saved. Start the training again to run it.
        </p>
      ) : (
        state?.status === "FAILED" && <ErrorBanner error={new Error(state.metadata.error ?? "Training failed.")} title="Training failed" />
      )}
      {state?.status === "UNKNOWN_TIMEOUT" && (
        <ErrorBanner
          error={new Error("The task has run for over a day without finishing. Start it again, perhaps with a shorter duration.")}
          title="Training timed out"
        />
      )}
      <ErrorBanner error={status.error ?? result.error} title="Could not read the training status" />
      {result.data && (
        <Notice tone="success">
          The model is ready.{" "}
          <Link href={`/models/${result.data.model_id}`} className={`${buttonClass("primary", "sm")} ml-2`} data-testid="open-model">
            Open the model
          </Link>
        </Notice>
      )}
    </div>
  );
}
