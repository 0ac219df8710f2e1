// The worker loop: claim a task, run it with a heartbeat, record the outcome. Errors that the user
// can fix become the task's FAILED message; anything else is logged and reported generically.
import { getEnv } from "@/lib/env";
import { clipForLog, describeErrorForLog } from "@/lib/log-text";
import {
  claimTask,
  completeTask,
  failTask,
  handedOverTo,
  heartbeat,
  HEARTBEAT_MS,
  newWorkerId,
  reapOrphanedTasks,
  releaseTask,
  TaskNoLongerOwnedError,
  type TaskKind,
} from "./queue";

/** An error whose message is meant for the client (what went wrong and what to do). */
export class UserFacingTaskError extends Error {}

export interface TaskContext {
  workerId: string;
  signal: AbortSignal;
  /** Reports progress (0..1) and the estimated seconds left; throttled before it reaches the database. */
  progress(fraction: number, estimateSecondsLeft: number | null, message?: string): void;
  /**
   * Adds a cheap check run with every heartbeat while the task runs. When it answers with an error,
   * the task stops the way a cancelled one does (the signal aborts, the engine stops at once instead
   * of spending its budget) and fails with that error's message, with the tasks that joined it.
   * Absent where nothing heartbeats (a runner called directly, as in tests).
   */
  stopWhen?(check: () => Promise<UserFacingTaskError | null>): void;
}

export type TaskRunner = (task: { id: string; teamId: string; payload: unknown }, context: TaskContext) => Promise<string>;

export interface WorkerOptions {
  kinds: TaskKind[];
  runners: Partial<Record<TaskKind, TaskRunner>>;
  pollMs?: number;
  log?: (line: string) => void;
}

export async function runWorker(options: WorkerOptions, stop: AbortSignal): Promise<void> {
  const workerId = newWorkerId();
  const log = options.log ?? ((line: string) => console.log(`[worker ${workerId}] ${line}`));
  const pollMs = options.pollMs ?? 250;
  let lastReap = 0;
  log(`ready for ${options.kinds.join(", ")} tasks`);
  while (!stop.aborted) {
    if (Date.now() - lastReap > 5_000) {
      lastReap = Date.now();
      const reaped = await reapOrphanedTasks().catch(() => ({ requeued: 0, failed: 0 }));
      if (reaped.requeued || reaped.failed) log(`orphaned tasks: ${reaped.requeued} requeued, ${reaped.failed} failed`);
    }
    const task = await claimTask(workerId, options.kinds).catch((error) => {
      log(`claim failed: ${error instanceof Error ? error.message : error}`);
      return null;
    });
    if (!task) {
      await new Promise((resolve) => setTimeout(resolve, pollMs));
      continue;
    }
    await runOne(task, workerId, options, log, stop);
  }
}

async function runOne(
  task: { id: string; teamId: string; kind: string; payload: string; attempts: number },
  workerId: string,
  options: WorkerOptions,
  log: (line: string) => void,
  stop: AbortSignal,
) {
  const abort = new AbortController();
  // The id this worker runs the task under: a cancel with joined tasks hands the work over to one of them.
  let currentId = task.id;
  // On shutdown, hand the task back at once instead of letting it wait for the stale timeout.
  const onStop = () => {
    abort.abort(new Error("worker shutting down"));
    void releaseTask({ taskId: currentId, workerId }).then(() => log(`task ${task.id} handed back (shutdown)`));
  };
  stop.addEventListener("abort", onStop, { once: true });
  let pending: { progress: number; estimate: number | null; message?: string } | null = null;
  const checks: (() => Promise<UserFacingTaskError | null>)[] = [];
  const beat = async () => {
    const update = pending;
    pending = null;
    const send = () =>
      heartbeat({
        taskId: currentId,
        workerId,
        ...(update ? { progress: update.progress, estimateSeconds: update.estimate, message: update.message } : {}),
      });
    // The checks go out with the heartbeat, not after it: an engine that holds the event loop for
    // seconds at a time (lib/ml's search on one thread fits a candidate inline) lets answers in only
    // between its steps.
    // A check that cannot run (the database is busy) lets the task go on; the next beat asks again.
    const checking = Promise.all(checks.map((check) => check().catch(() => null)));
    let ours = await send().catch(() => true);
    if (!ours) {
      const next = await handedOverTo({ taskId: currentId, workerId }).catch(() => null);
      if (next) {
        log(`task ${currentId} was cancelled; ${next}, which joined it, goes on with the work`);
        currentId = next;
        ours = await send().catch(() => true);
      }
    }
    if (!ours) {
      abort.abort(new Error("The task was taken away from this worker."));
      return;
    }
    const reason = (await checking).find((r) => r !== null);
    if (reason && !abort.signal.aborted) {
      log(`task ${currentId} stops: ${clipForLog(reason.message)}`);
      abort.abort(reason);
    }
  };
  const timer = setInterval(beat, HEARTBEAT_MS);
  const context: TaskContext = {
    workerId,
    signal: abort.signal,
    progress(fraction, estimate, message) {
      pending = { progress: Math.max(0, Math.min(1, fraction)), estimate, message };
    },
    stopWhen(check) {
      checks.push(check);
    },
  };
  const started = Date.now();
  log(`task ${task.id} (${task.kind}, attempt ${task.attempts}) started`);
  try {
    const runner = options.runners[task.kind as TaskKind];
    if (!runner) throw new Error(`No runner for task kind ${task.kind}`);
    await beat();
    const resultId = await runner({ id: task.id, teamId: task.teamId, payload: JSON.parse(task.payload) }, context);
    // A no-op for runners that completed the task with their result (completeTaskWith).
    await completeTask({ taskId: currentId, workerId, resultId });
    log(`task ${task.id} succeeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } catch (thrown) {
    if (stop.aborted) return;
    // Stopped by a check (stopWhen): whatever the engine threw on the way out, the check's reason is the failure.
    const error = abort.signal.aborted && abort.signal.reason instanceof UserFacingTaskError ? abort.signal.reason : thrown;
    if (error instanceof TaskNoLongerOwnedError) {
      log(`task ${task.id} was cancelled or taken over while it ran; its result was not saved`);
      return;
    }
    const userFacing = error instanceof UserFacingTaskError;
    if (!userFacing) console.error(`[worker ${workerId}] task ${task.id} failed: ${describeErrorForLog(error)}`);
    const message = userFacing
      ? error.message
      : `The task failed unexpectedly (${error instanceof Error ? error.message : String(error)}). Verify your inputs and retry later, or contact support at ${getEnv().SUPPORT_EMAIL}.`;
    await failTask({ taskId: currentId, workerId, error: message }).catch(() => undefined);
    log(`task ${task.id} failed: ${clipForLog(message)}`);
  } finally {
    clearInterval(timer);
    stop.removeEventListener("abort", onStop);
  }
}
