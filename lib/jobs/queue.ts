// The task queue lives in the database, so web processes and workers on any host share it.
// Claiming is one UPDATE ... WHERE id = (SELECT ... LIMIT 1) statement: SQLite serialises writers,
// and on PostgreSQL the sub-select takes the row with FOR UPDATE SKIP LOCKED, so two workers never
// claim the same task.
//
// Fairness between teams: the claim takes the oldest pending task of the team whose latest task
// of that kind started longest ago (round-robin: a burst of 50 trainings from one team does not
// make another team's one training wait for all 50), and skips teams that already run
// TEAM_MAX_RUNNING_TASKS tasks of that kind (default 2), so one team cannot hold every worker
// while others wait. On PostgreSQL, claims take a transaction-scoped advisory lock first: two
// claims at once would both see a team below its limit (they skip each other's locked rows).
// bench:claim measures a claim with a deep queue.
import { randomUUID } from "node:crypto";
import { Prisma } from "@prisma/client";
import { db } from "@/lib/db";
import { getEnv, isPostgres } from "@/lib/env";
import { CANCELLED_MESSAGE, type TaskStatusResponse } from "@/lib/schemas/tasks";

export type TaskKind = "train" | "chat";
export type TaskStatus = "PENDING" | "IN_PROGRESS" | "SUCCEEDED" | "FAILED" | typeof JOINED;

/**
 * Joined tasks. A training request identical to one still queued or running (`force: false`) gets a
 * task of its own with status JOINED: it does no work, it follows the live (PENDING or IN_PROGRESS)
 * task of its team and kind with the same `reuseKey` in its payload, and ends with it in the same
 * transaction: SUCCEEDED with its result, or FAILED with its error. So every caller polls, and may
 * cancel, a task of its own. Cancelling a joined task ends only that task; cancelling the live task
 * while others follow it hands the work over to the oldest follower, which takes its place (status,
 * worker, progress), so the training goes on for the callers who still want it. A worker whose task
 * was handed over goes on under the follower's id (`handedOverTo`). JOINED is never shown to clients:
 * a joined task reports the status of the task it follows.
 */
export const JOINED = "JOINED";

/** The payload's `reuseKey` (trainings), which names the work that joined tasks share. */
export function reuseKeyOf(payload: string): string | null {
  try {
    const key = (JSON.parse(payload) as { reuseKey?: unknown }).reuseKey;
    return typeof key === "string" && key ? key : null;
  } catch {
    return null;
  }
}

/** The tasks following `task` (same team, kind and reuseKey, status JOINED); null when it has no reuseKey. */
function followersOf(task: { teamId: string; kind: string; payload: string }): Prisma.TaskWhereInput | null {
  const key = reuseKeyOf(task.payload);
  // The key is a SHA-256 hex string, written by JSON.stringify without spaces: the substring is exact.
  return key ? { teamId: task.teamId, kind: task.kind, status: JOINED, payload: { contains: `"reuseKey":${JSON.stringify(key)}` } } : null;
}

/** Ends the tasks that follow `task` as it ended (inside the transaction that ends it). */
async function settleFollowers(
  tx: Prisma.TransactionClient,
  task: { teamId: string; kind: string; payload: string },
  outcome: { status: "SUCCEEDED"; resultId: string } | { status: "FAILED"; error: string },
): Promise<void> {
  const where = followersOf(task);
  if (!where) return;
  const now = new Date();
  await tx.task.updateMany({
    where,
    data:
      outcome.status === "SUCCEEDED"
        ? { status: "SUCCEEDED", resultId: outcome.resultId, progress: 1, estimateSeconds: 0, finishedAt: now }
        : { status: "FAILED", error: outcome.error, finishedAt: now, estimateSeconds: null },
  });
}

/** A task that joins the live task with the same reuseKey (see JOINED). */
export async function enqueueJoinedTask(options: { teamId: string; kind: TaskKind; payload: unknown }, client: Prisma.TransactionClient = db) {
  return client.task.create({
    data: {
      teamId: options.teamId,
      kind: options.kind,
      payload: JSON.stringify(options.payload),
      status: JOINED,
      message: "Joined an identical training that was already queued or running (send force: true to train anew).",
    },
    select: { id: true },
  });
}

/**
 * The task this worker now runs in place of `taskId`, when a cancel handed `taskId`'s work over to a
 * task that followed it (IN_PROGRESS, this worker's, same team, kind and reuseKey); null otherwise.
 */
export async function handedOverTo(options: { taskId: string; workerId: string }, client: Prisma.TransactionClient = db): Promise<string | null> {
  const original = await client.task.findUnique({ where: { id: options.taskId }, select: { teamId: true, kind: true, payload: true } });
  const where = original ? followersOf(original) : null;
  if (!where) return null;
  const next = await client.task.findFirst({
    where: { ...where, status: "IN_PROGRESS", workerId: options.workerId, NOT: { id: options.taskId } },
    orderBy: { createdAt: "asc" },
    select: { id: true },
  });
  return next?.id ?? null;
}

export const HEARTBEAT_MS = 3_000;
/** A task whose worker has not been heard from for this long is considered orphaned. */
export const STALE_AFTER_MS = getEnv().TASK_STALE_SECONDS * 1000;
/** A task is tried at most this many times (the first run and one retry). */
export const MAX_ATTEMPTS = 2;
export const DAY_MS = 86_400_000;

/** `client`: a transaction to insert within (default: the process's client). */
export async function enqueueTask(options: { teamId: string; kind: TaskKind; payload: unknown }, client: Prisma.TransactionClient = db) {
  return client.task.create({
    data: { teamId: options.teamId, kind: options.kind, payload: JSON.stringify(options.payload) },
    select: { id: true },
  });
}

/** A task that is already done, e.g. a training request answered by an existing identical model. */
export async function recordSucceededTask(
  options: { teamId: string; kind: TaskKind; payload: unknown; resultId: string },
  client: Prisma.TransactionClient = db,
) {
  const now = new Date();
  return client.task.create({
    data: {
      teamId: options.teamId,
      kind: options.kind,
      payload: JSON.stringify(options.payload),
      status: "SUCCEEDED",
      resultId: options.resultId,
      progress: 1,
      startedAt: now,
      finishedAt: now,
      message: "Reused an identical model trained earlier (send force: true to train anew).",
    },
    select: { id: true },
  });
}

export function newWorkerId(): string {
  return `${process.pid}-${randomUUID().slice(0, 8)}`;
}

// Any constant: the key of the advisory lock that serialises claims on PostgreSQL.
const CLAIM_LOCK_KEY = 7_310_251;

export async function claimTask(workerId: string, kinds: TaskKind[], options: { maxRunningPerTeam?: number } = {}) {
  if (kinds.length === 0) return null;
  const limit = options.maxRunningPerTeam ?? getEnv().TEAM_MAX_RUNNING_TASKS;
  const postgres = isPostgres();
  const lock = Prisma.raw(postgres ? "FOR UPDATE SKIP LOCKED" : "");
  const kindList = Prisma.join(kinds);
  const underLimit =
    limit > 0
      ? Prisma.sql`WHERE (SELECT COUNT(*) FROM "Task" r WHERE r."teamId" = p."teamId" AND r."kind" = p."kind" AND r."status" = 'IN_PROGRESS') < ${limit}`
      : Prisma.empty;
  const now = new Date();
  // The (team, kind) whose latest task started longest ago (never: first; then the longest
  // waiting), then that pair's oldest pending task. The start time is set by the same statement,
  // so the next claim already sees this team as just served.
  const claim = db.$queryRaw<{ id: string; teamId: string; kind: string; payload: string; attempts: number }[]>`
    UPDATE "Task" SET "status" = 'IN_PROGRESS', "workerId" = ${workerId}, "attempts" = "attempts" + 1,
                      "startedAt" = ${now}, "heartbeatAt" = ${now}, "progress" = 0, "estimateSeconds" = NULL, "error" = NULL
    WHERE "id" = (
      SELECT c."id" FROM "Task" c
      WHERE c."status" = 'PENDING'
        AND (c."teamId", c."kind") = (
          SELECT p."teamId", p."kind"
          FROM (SELECT "teamId", "kind", MIN("createdAt") AS "firstAt" FROM "Task"
                WHERE "status" = 'PENDING' AND "kind" IN (${kindList}) GROUP BY "teamId", "kind") p
          ${underLimit}
          ORDER BY (SELECT MAX(r."startedAt") FROM "Task" r WHERE r."teamId" = p."teamId" AND r."kind" = p."kind") ASC NULLS FIRST,
                   p."firstAt" ASC, p."teamId" ASC
          LIMIT 1)
      ORDER BY c."createdAt" ASC, c."id" ASC
      LIMIT 1 ${lock})
      AND "status" = 'PENDING'
    RETURNING "id", "teamId", "kind", "payload", "attempts"`;
  const rows = postgres ? (await db.$transaction([db.$queryRaw`SELECT 1 AS "locked" FROM pg_advisory_xact_lock(${CLAIM_LOCK_KEY})`, claim]))[1] : await claim;
  const row = rows[0];
  return row ? { id: row.id, teamId: row.teamId, kind: row.kind, payload: row.payload, attempts: Number(row.attempts) } : null;
}

/** Records progress; false when the task is no longer this worker's (reaped or cancelled). */
export async function heartbeat(options: { taskId: string; workerId: string; progress?: number; estimateSeconds?: number | null; message?: string }) {
  const { count } = await db.task.updateMany({
    where: { id: options.taskId, workerId: options.workerId, status: "IN_PROGRESS" },
    data: {
      heartbeatAt: new Date(),
      ...(options.progress !== undefined ? { progress: options.progress } : {}),
      ...(options.estimateSeconds !== undefined ? { estimateSeconds: options.estimateSeconds } : {}),
      ...(options.message !== undefined ? { message: options.message } : {}),
    },
  });
  return count > 0;
}

export async function completeTask(options: { taskId: string; workerId: string; resultId: string }) {
  await db.task.updateMany({
    where: { id: options.taskId, workerId: options.workerId, status: "IN_PROGRESS" },
    data: { status: "SUCCEEDED", resultId: options.resultId, progress: 1, estimateSeconds: 0, finishedAt: new Date(), heartbeatAt: new Date() },
  });
}

/** The task was cancelled, reaped or taken over while it ran: whatever it produced must not be kept. */
export class TaskNoLongerOwnedError extends Error {
  constructor(taskId: string) {
    super(`Task ${taskId} is no longer this worker's (cancelled or taken over); its result was discarded.`);
    this.name = "TaskNoLongerOwnedError";
  }
}

/**
 * Marks the task SUCCEEDED and runs `save` (the result's rows) in one transaction, only while the
 * task is still this worker's and IN_PROGRESS. A cancel or a reap that commits first wins: nothing
 * of `save` is kept and TaskNoLongerOwnedError is thrown. A cancel that comes later finds the task
 * finished. The task's row is written first, so on PostgreSQL a concurrent cancel waits on its lock.
 */
export async function completeTaskWith<T extends { resultId: string }>(
  options: { taskId: string; workerId: string },
  save: (tx: Prisma.TransactionClient, taskId: string) => Promise<T>,
): Promise<T> {
  return db.$transaction(
    async (tx) => {
      const now = new Date();
      const complete = (id: string) =>
        tx.task.updateMany({
          where: { id, workerId: options.workerId, status: "IN_PROGRESS" },
          data: { status: "SUCCEEDED", progress: 1, estimateSeconds: 0, finishedAt: now, heartbeatAt: now },
        });
      // The write comes first (it takes the lock); a task handed over meanwhile is completed under its new id.
      let taskId = options.taskId;
      let { count } = await complete(taskId);
      if (count === 0) {
        const next = await handedOverTo(options, tx);
        if (next) ({ count } = await complete((taskId = next)));
      }
      if (count === 0) throw new TaskNoLongerOwnedError(options.taskId);
      const saved = await save(tx, taskId);
      const task = await tx.task.update({ where: { id: taskId }, data: { resultId: saved.resultId }, select: { teamId: true, kind: true, payload: true } });
      await settleFollowers(tx, task, { status: "SUCCEEDED", resultId: saved.resultId });
      return saved;
    },
    // SQLite write transactions wait for the file lock (busy timeout), which can exceed Prisma's defaults.
    { maxWait: 30_000, timeout: 60_000 },
  );
}

/** Fails the worker's task (under its new id when it was handed over) and the tasks that follow it. */
export async function failTask(options: { taskId: string; workerId: string; error: string }) {
  await db.$transaction(
    async (tx) => {
      const fail = (id: string) =>
        tx.task.updateMany({
          where: { id, workerId: options.workerId, status: "IN_PROGRESS" },
          data: { status: "FAILED", error: options.error, finishedAt: new Date(), estimateSeconds: null },
        });
      let taskId = options.taskId;
      let { count } = await fail(taskId);
      if (count === 0) {
        const next = await handedOverTo(options, tx);
        if (next) ({ count } = await fail((taskId = next)));
      }
      if (count === 0) return;
      const task = await tx.task.findUniqueOrThrow({ where: { id: taskId }, select: { teamId: true, kind: true, payload: true } });
      await settleFollowers(tx, task, { status: "FAILED", error: options.error });
    },
    { maxWait: 30_000, timeout: 60_000 },
  );
}

/** A worker shutting down cleanly hands its task back; this does not count as an attempt. */
export async function releaseTask(options: { taskId: string; workerId: string }) {
  const release = (id: string) =>
    db.task.updateMany({
      where: { id, workerId: options.workerId, status: "IN_PROGRESS" },
      data: { status: "PENDING", workerId: null, attempts: { decrement: 1 }, message: "Requeued: the worker was shut down." },
    });
  if ((await release(options.taskId)).count > 0) return;
  const next = await handedOverTo(options);
  if (next) await release(next);
}

/**
 * Tasks whose worker died (no heartbeat for STALE_AFTER_MS) go back to the queue once, then fail
 * with an explanation. Every worker runs this periodically, so no task stays IN_PROGRESS forever,
 * also after the whole application was restarted.
 */
export async function reapOrphanedTasks(now = Date.now()): Promise<{ requeued: number; failed: number }> {
  const cutoff = new Date(now - STALE_AFTER_MS);
  const orphans = await db.task.findMany({
    where: { status: "IN_PROGRESS", OR: [{ heartbeatAt: { lt: cutoff } }, { heartbeatAt: null }] },
    select: { id: true, attempts: true, workerId: true, teamId: true, kind: true, payload: true },
  });
  let requeued = 0;
  let failed = 0;
  for (const task of orphans) {
    const retry = task.attempts < MAX_ATTEMPTS;
    const where = { id: task.id, status: "IN_PROGRESS", workerId: task.workerId };
    if (retry) {
      const { count } = await db.task.updateMany({
        where,
        data: { status: "PENDING", workerId: null, message: "Requeued: the worker running this task stopped unexpectedly." },
      });
      requeued += count;
      continue;
    }
    // Failed for good: the tasks that joined it fail with it.
    const count = await db.$transaction(async (tx) => {
      const error = workerLostMessage(task.kind as TaskKind);
      const { count } = await tx.task.updateMany({ where, data: { status: "FAILED", finishedAt: new Date(now), error } });
      if (count > 0) await settleFollowers(tx, task, { status: "FAILED", error });
      return count;
    });
    failed += count;
  }
  return { requeued, failed };
}

export { CANCELLED_MESSAGE };

/**
 * Why a task failed when its worker died twice, and what to do, in words for the web app as much as
 * for scripts: "Retry the request ... a shorter duration" was API talk on the page, and spoke of a
 * training's duration under a chat question too.
 */
export function workerLostMessage(kind: TaskKind): string {
  const lost = "The worker running this task stopped unexpectedly twice (for example it ran out of memory or was killed).";
  return kind === "train"
    ? `${lost} Start the training again; if it fails again, choose a shorter training time (duration) or a smaller dataset.`
    : `${lost} Ask the question again; if it fails again, ask about a smaller dataset or tell the server's administrator.`;
}

/**
 * Ends a PENDING or IN_PROGRESS task as FAILED with a cancellation message. A running task's worker
 * notices at its next heartbeat (it no longer owns an IN_PROGRESS task) and stops. Returns false
 * when the task had already finished.
 */
export async function cancelTask(options: { teamId: string; taskId: string; kind: TaskKind }): Promise<boolean> {
  return db.$transaction(
    async (tx) => {
      const where = { id: options.taskId, teamId: options.teamId, kind: options.kind, status: { in: ["PENDING", "IN_PROGRESS", JOINED] } };
      // A write that changes nothing takes the row's lock (SQLite: the file's) before the task is read.
      const { count } = await tx.task.updateMany({ where, data: { attempts: { increment: 0 } } });
      if (count === 0) return false;
      const task = await tx.task.findUniqueOrThrow({ where: { id: options.taskId } });
      await tx.task.update({
        where: { id: task.id },
        data: { status: "FAILED", error: CANCELLED_MESSAGE, finishedAt: new Date(), estimateSeconds: null, message: "Cancelled." },
      });
      // Others joined this training and still want it: the oldest of them takes its place, worker and all.
      const followers = task.status === JOINED ? null : followersOf(task);
      const heir = followers ? await tx.task.findFirst({ where: followers, orderBy: [{ createdAt: "asc" }, { id: "asc" }], select: { id: true } }) : null;
      if (heir) {
        await tx.task.update({
          where: { id: heir.id },
          data: {
            status: task.status,
            workerId: task.workerId,
            attempts: task.attempts,
            startedAt: task.startedAt,
            heartbeatAt: task.heartbeatAt,
            progress: task.progress,
            estimateSeconds: task.estimateSeconds,
            message: task.message,
          },
        });
      }
      return true;
    },
    { maxWait: 30_000, timeout: 60_000 },
  );
}

/** The columns of a task that its status answer and the training services read. */
export const taskRowSelect = {
  id: true,
  status: true,
  resultId: true,
  error: true,
  progress: true,
  estimateSeconds: true,
  message: true,
  createdAt: true,
  startedAt: true,
  finishedAt: true,
  payload: true,
} as const;

export async function getTask(options: { teamId: string; taskId: string; kind: TaskKind }) {
  return db.task.findFirst({
    where: { id: options.taskId, teamId: options.teamId, kind: options.kind },
    select: taskRowSelect,
  });
}

export type TaskRow = NonNullable<Awaited<ReturnType<typeof getTask>>>;

/** The status object of the specification: {status, metadata: {type, ...}}. */
export function describeTaskStatus(task: TaskRow, location: string, supportEmail: string, now = Date.now()): TaskStatusResponse {
  switch (task.status) {
    case "PENDING":
      return { status: "PENDING", metadata: { type: "PENDING" } };
    case "IN_PROGRESS":
      if (task.startedAt && now - task.startedAt.getTime() > DAY_MS) {
        return { status: "UNKNOWN_TIMEOUT", metadata: { type: "IN_PROGRESS", estimate_seconds: null } };
      }
      return {
        status: "IN_PROGRESS",
        metadata: {
          type: "IN_PROGRESS",
          estimate_seconds: task.estimateSeconds === null ? null : Math.max(0, Math.round(task.estimateSeconds)),
          progress: task.progress ?? 0,
          message: task.message ?? undefined,
        },
      };
    case "SUCCEEDED":
      return { status: "SUCCEEDED", metadata: { type: "SUCCEEDED", location } };
    default:
      return {
        status: "FAILED",
        metadata: {
          type: "FAILED",
          error: task.error ?? `Something went wrong. Please verify your inputs and retry later, or contact support at ${supportEmail}.`,
        },
      };
  }
}
