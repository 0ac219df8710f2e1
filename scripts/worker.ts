// A task worker process: `npm run worker` (or started by `npm start`). Runs on any host that reaches
// the database and the storage (a shared DATA_DIR, or STORAGE_URL's object storage).
// `--kinds train,chat` chooses which tasks it takes. With object storage, workers also take turns
// running the storage sweep (lib/services/storage.ts).
import { ensureDbReady } from "../lib/db";
import { getEnv } from "../lib/env";
import { runWorker, type TaskRunner } from "../lib/jobs/worker";
import type { TaskKind } from "../lib/jobs/queue";

function parseKinds(): TaskKind[] {
  const i = process.argv.indexOf("--kinds");
  if (i < 0) return getEnv().WORKER_KINDS;
  const kinds = (process.argv[i + 1] ?? "")
    .split(",")
    .map((k) => k.trim())
    .filter(Boolean);
  for (const k of kinds) if (k !== "train" && k !== "chat") throw new Error(`Unknown task kind "${k}" (use train, chat)`);
  return kinds as TaskKind[];
}

async function main() {
  const kinds = parseKinds();
  await ensureDbReady();
  const runners: Partial<Record<TaskKind, TaskRunner>> = {};
  if (kinds.includes("train")) {
    const { runTrainingTask } = await import("../lib/services/run-training");
    const { trainTaskPayloadSchema } = await import("../lib/services/training");
    runners.train = (task, context) => runTrainingTask(task, trainTaskPayloadSchema.parse(task.payload), context);
  }
  if (kinds.includes("chat")) {
    const { runChatTask } = await import("../lib/services/run-chat");
    runners.chat = (task, context) => runChatTask(task, context);
    // Start Chromium and load plotly.js now, so the first answer does not pay the ~3 s cold start.
    const { PlotlyPngRenderer } = await import("../lib/render/plotly-png");
    PlotlyPngRenderer.shared()
      .warmUp()
      .catch((error: unknown) => console.warn(`Chart rendering unavailable: ${error instanceof Error ? error.message : error}`));
  }
  const stop = new AbortController();
  startStorageSweeps(stop.signal);
  const shutdown = () => {
    // A task in flight is handed back to the queue (lib/jobs/worker.ts), then the process exits.
    stop.abort();
    setTimeout(() => process.exit(0), 1_000).unref();
  };
  process.on("SIGTERM", shutdown);
  process.on("SIGINT", shutdown);
  await runWorker({ kinds, runners }, stop.signal);
}

/** Every few minutes (with jitter), asks whether the storage sweep is due; one host runs it per STORAGE_SWEEP_MINUTES. */
function startStorageSweeps(stop: AbortSignal) {
  const check = async () => {
    const { sweepStorageIfDue } = await import("../lib/services/storage");
    try {
      const report = await sweepStorageIfDue();
      if (report)
        console.log(
          `storage sweep: ${report.removed} unreferenced segment(s) removed, ${report.young} left for later (younger than the grace period), ${report.live} in use`,
        );
    } catch (error) {
      console.warn(`storage sweep failed (retried later): ${error instanceof Error ? error.message : error}`);
    }
  };
  const schedule = () => {
    if (stop.aborted) return;
    setTimeout(() => void check().finally(schedule), 4 * 60_000 + Math.random() * 2 * 60_000).unref();
  };
  schedule();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
