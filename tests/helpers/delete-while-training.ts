// The dataset of a running training is deleted: runs the real worker loop (runWorker with the real
// training runner) in-process on whatever database DATABASE_URL names, with a second, identical
// request joined to the first, deletes the dataset as soon as the engine reports progress, and
// measures how long the worker takes to end both tasks. Shared by the SQLite and PostgreSQL tests;
// call it after the database is migrated.
import { expect } from "vitest";

/** Rows for a classification model (deterministic). */
function churnRows(n: number) {
  let s = 11;
  const rand = () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
  return Array.from({ length: n }, (_, i) => {
    const usage = Math.round(rand() * 100);
    const plan = ["basic", "standard", "premium"][Math.floor(rand() * 3)];
    const risk = (plan === "basic" ? 0.55 : 0.15) + (usage < 30 ? 0.3 : 0);
    return { id: `c${i}`, plan, usage, spend: Math.round(rand() * 500), churned: rand() < risk ? "yes" : "no" };
  });
}

/** Monthly sales of `stores` stores over 8 years: a trend, a yearly season and some noise (deterministic). */
function salesRows(stores: number) {
  const rows: Record<string, unknown>[] = [];
  for (let store = 0; store < stores; store++)
    for (let i = 0; i < 96; i++)
      rows.push({
        store: `s${store}`,
        month: `${2017 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, "0")}-01`,
        sales: Math.round(100 + store + (1 + (store % 3)) * i + 20 * Math.sin((2 * Math.PI * (i + store)) / 12) + ((i * 7 + store) % 5)),
      });
  return rows;
}

/**
 * How soon the worker must be free again after the delete: the next heartbeat (3 s), then the
 * engine's way out. The engines leave the event loop free (row models search on threads; the
 * forecast's global GBDT gives the loop a turn every 50 ms, lib/forecast's train.test.ts checks it),
 * so the heartbeat's check and its answer get through at once: a quiet machine stops rows in
 * 0.1-2.5 s and forecasts in about 3 s on SQLite and PostgreSQL alike. Before the GBDT yielded, a
 * forecast ran 9 s (SQLite) and 26-34 s (PostgreSQL, whose answers need several turns of the loop)
 * past the delete. The bounds leave room for a loaded machine while staying far below that and below
 * what running the 120 s budget out takes (rows 93 s, forecasts over 60 s, with the check switched off).
 */
export const STOP_WITHIN_SECONDS = { rows: 20, forecast: 15 };

/**
 * What both tests expect of a run: the time it took printed, both tasks FAILED with the same reason and no result, no
 * model row, no artifact file (`artifactFiles`: the model files left on the run's storage), and the worker free within
 * STOP_WITHIN_SECONDS.
 */
export function expectStoppedWithNothingKept(run: DeletedRun, kind: "rows" | "forecast", artifactFiles: string[]): void {
  console.log(
    `${kind}: noticed ${run.noticedAfterSeconds?.toFixed(1)} s after the delete, tasks FAILED after ${run.failedAfterSeconds.toFixed(1)} s, worker free after ${run.freeAfterSeconds.toFixed(1)} s`,
  );
  for (const task of run.tasks) {
    expect(task.status).toBe("FAILED");
    expect(task.error).toMatch(/was deleted while the model trained on it, so the model was not kept/);
    expect(task.resultId).toBeNull();
  }
  expect(run.tasks[1].error).toBe(run.tasks[0].error);
  expect(run.models).toBe(0);
  expect(artifactFiles).toEqual([]);
  expect(run.noticedAfterSeconds).not.toBeNull();
  expect(run.freeAfterSeconds).toBeLessThan(STOP_WITHIN_SECONDS[kind]);
}

export interface DeletedRun {
  /** The first caller's task and the task of the caller who joined it, as they ended. */
  tasks: { id: string; status: string; error: string | null; resultId: string | null }[];
  /** Seconds from the delete to the worker's heartbeat noticing it (null: it never did), to both tasks FAILED, and to the worker being free. */
  noticedAfterSeconds: number | null;
  failedAfterSeconds: number;
  freeAfterSeconds: number;
  /** Models of the team after the run, and the worker's log. */
  models: number;
  log: string[];
}

export async function deleteWhileTraining(options: { teamId: string; kind: "rows" | "forecast"; budgetSeconds: number }): Promise<DeletedRun> {
  const { db } = await import("../../lib/db");
  const datasets = await import("../../lib/services/datasets");
  const training = await import("../../lib/services/training");
  const { runTrainingTask } = await import("../../lib/services/run-training");
  const { runWorker } = await import("../../lib/jobs/worker");

  const { teamId } = options;
  const dataset = await datasets.createDataset({ teamId, name: `deleted while training (${options.kind})` });
  const rows = options.kind === "rows" ? churnRows(20_000) : salesRows(60);
  await datasets.appendRows({ teamId, datasetId: dataset.id, rows: rows as never });
  const request = {
    datasetId: dataset.id,
    predictFields: [options.kind === "rows" ? "churned" : "sales"],
    ignoreFields: options.kind === "rows" ? ["id"] : [],
    duration: options.budgetSeconds,
    extraAttention: false,
    force: false,
    source: "api" as const,
    ...(options.kind === "forecast" ? { forecast: { date_field: "month", group_field: "store", horizon: 6 } } : {}),
  };
  const first = await training.submitTraining(teamId, request);
  const joined = await training.submitTraining(teamId, request);
  if (first.joined || !joined.joined) throw new Error("the second identical request should have joined the first");

  let engineStarted!: () => void;
  const started = new Promise<void>((resolve) => (engineStarted = resolve));
  const log: string[] = [];
  let noticedAt = 0;
  let ended!: (at: number) => void;
  const workerFree = new Promise<number>((resolve) => (ended = resolve));
  const stop = new AbortController();
  const worker = runWorker(
    {
      kinds: ["train"],
      pollMs: 50,
      log: (line) => {
        log.push(line);
        if (/^task \S+ stops: /.test(line)) noticedAt = Date.now();
        if (/^task \S+ (failed|succeeded|was cancelled)/.test(line)) ended(Date.now());
      },
      runners: {
        // The engine's first progress report comes once the rows are loaded: the dataset is deleted then.
        train: (task, context) =>
          runTrainingTask(task, training.trainTaskPayloadSchema.parse(task.payload), {
            ...context,
            progress: (fraction, estimate, message) => {
              context.progress(fraction, estimate, message);
              engineStarted();
            },
          }),
      },
    },
    stop.signal,
  );
  try {
    await started;
    const deletedAt = Date.now();
    await datasets.deleteDataset({ teamId, datasetId: dataset.id });
    const ids = [first.taskId, joined.taskId];
    let failedAt = 0;
    while (!failedAt) {
      const live = await db.task.count({ where: { id: { in: ids }, status: { not: "FAILED" } } });
      if (live === 0) failedAt = Date.now();
      else if (Date.now() - deletedAt > (options.budgetSeconds + 60) * 1000) throw new Error("the tasks did not end");
      else await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const freeAt = await workerFree;
    const tasks = await Promise.all(
      ids.map((id) => db.task.findUniqueOrThrow({ where: { id }, select: { id: true, status: true, error: true, resultId: true } })),
    );
    return {
      tasks,
      noticedAfterSeconds: noticedAt ? (noticedAt - deletedAt) / 1000 : null,
      failedAfterSeconds: (failedAt - deletedAt) / 1000,
      freeAfterSeconds: (freeAt - deletedAt) / 1000,
      models: await db.model.count({ where: { teamId } }),
      log,
    };
  } finally {
    stop.abort();
    await worker;
  }
}
