"use client";
import { useStartedTrainings } from "@/lib/client/started-trainings";
import { DoneTrainingItem, TeamTrainingItem, useTeamTrainingsShown } from "../models/models-list";

/**
 * Trainings on this dataset that the forms here did not start (a teammate's, another browser's, a
 * script's, a retrain from a model page): the status panel below the form only follows the ones started here. Queued and
 * running ones, and those that finished while the page was open (with their model).
 */
export function DatasetTrainings({ datasetId }: { datasetId: string }) {
  const trainings = useTeamTrainingsShown(datasetId);
  const startedHere = new Set(useStartedTrainings().list.map((e) => e.taskId));
  const running = trainings.shown.filter((t) => t.status !== "FAILED" && !startedHere.has(t.task_id));
  const done = trainings.done.filter((t) => !startedHere.has(t.task_id));
  if (running.length === 0 && done.length === 0) return null;
  return (
    <section aria-labelledby="dataset-trainings-title" className="space-y-2" data-testid="dataset-trainings">
      <h3 id="dataset-trainings-title" className="text-sm font-semibold text-slate-800">
        Also training on this dataset
      </h3>
      <p className="text-xs text-slate-500">
        Started elsewhere (by a teammate, a script, another browser, or a model's retrain); the Models page lists every training of the team.
      </p>
      <ul className="grid grid-cols-1 gap-3 lg:grid-cols-2">
        {done.map((t) => (
          <DoneTrainingItem key={t.task_id} training={t} />
        ))}
        {running.map((t) => (
          <TeamTrainingItem key={t.task_id} training={t} showDatasetLink={false} />
        ))}
      </ul>
    </section>
  );
}
