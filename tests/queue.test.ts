// The task queue on a real SQLite database: atomic claims, orphan reaping, statuses.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTeamWithKey, migrateTestDb } from "./setup-db";

let queue: typeof import("../lib/jobs/queue");
let db: typeof import("../lib/db").db;
let teamId = "";

beforeAll(async () => {
  await migrateTestDb();
  queue = await import("../lib/jobs/queue");
  db = (await import("../lib/db")).db;
  teamId = (await createTeamWithKey("queue")).teamId;
});

describe("task queue", () => {
  beforeEach(async () => {
    await db.task.deleteMany({});
  });

  it("claims each task exactly once under concurrent claims, in submission order", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 15; i++) ids.push((await queue.enqueueTask({ teamId, kind: "train", payload: { i } })).id);
    const claims = await Promise.all(Array.from({ length: 40 }, (_, i) => queue.claimTask(`w${i % 4}`, ["train"], { maxRunningPerTeam: 0 })));
    const claimed = claims.filter((c) => c !== null).map((c) => c!.id);
    expect(claimed.length).toBe(15);
    expect(new Set(claimed).size).toBe(15);
    expect([...claimed].sort()).toEqual([...ids].sort());
    const first = await queue.claimTask("w", ["train"], { maxRunningPerTeam: 0 });
    expect(first).toBeNull();
  });

  it("only claims the kinds a worker asks for", async () => {
    const chat = await queue.enqueueTask({ teamId, kind: "chat", payload: {} });
    expect(await queue.claimTask("trainer", ["train"])).toBeNull();
    expect((await queue.claimTask("chatter", ["chat"]))?.id).toBe(chat.id);
  });

  it("requeues a task whose worker went silent once, then fails it with an explanation", async () => {
    const { id } = await queue.enqueueTask({ teamId, kind: "train", payload: {} });
    const claimed = await queue.claimTask("dead-worker", ["train"]);
    expect(claimed?.id).toBe(id);
    const later = Date.now() + queue.STALE_AFTER_MS + 1_000;
    expect(await queue.reapOrphanedTasks(later)).toEqual({ requeued: 1, failed: 0 });
    expect((await db.task.findUnique({ where: { id } }))!.status).toBe("PENDING");
    expect((await queue.claimTask("dead-again", ["train"]))?.id).toBe(id);
    expect(await queue.reapOrphanedTasks(later)).toEqual({ requeued: 0, failed: 1 });
    const task = (await db.task.findUnique({ where: { id } }))!;
    expect(task.status).toBe("FAILED");
    expect(task.error).toMatch(/stopped unexpectedly/);
    expect(task.error).toBe(queue.workerLostMessage("train"));
  });

  it("says what to do after a lost worker in the words of the task's kind", () => {
    expect(queue.workerLostMessage("train")).toMatch(/Start the training again; .* shorter training time \(duration\) or a smaller dataset\.$/);
    expect(queue.workerLostMessage("chat")).toMatch(/Ask the question again/);
    expect(queue.workerLostMessage("chat")).not.toMatch(/duration|training/);
  });

  it("cancels queued and running tasks of the right team only; the running worker loses the task; finished tasks stay", async () => {
    const other = (await createTeamWithKey("queue-other")).teamId;
    const queued = await queue.enqueueTask({ teamId, kind: "train", payload: {} });
    expect(await queue.cancelTask({ teamId: other, taskId: queued.id, kind: "train" })).toBe(false);
    expect(await queue.cancelTask({ teamId, taskId: queued.id, kind: "chat" })).toBe(false);
    expect(await queue.cancelTask({ teamId, taskId: queued.id, kind: "train" })).toBe(true);
    expect(await queue.claimTask("w", ["train"])).toBeNull(); // a cancelled task is never claimed

    const running = await queue.enqueueTask({ teamId, kind: "train", payload: {} });
    await queue.claimTask("busy", ["train"]);
    expect(await queue.cancelTask({ teamId, taskId: running.id, kind: "train" })).toBe(true);
    expect(await queue.heartbeat({ taskId: running.id, workerId: "busy" })).toBe(false); // the worker stops
    await queue.failTask({ taskId: running.id, workerId: "busy", error: "Training was cancelled." });
    const task = (await db.task.findUnique({ where: { id: running.id } }))!;
    expect(task.status).toBe("FAILED");
    expect(task.error).toBe(queue.CANCELLED_MESSAGE); // not overwritten by the worker's own failure
    expect(await queue.cancelTask({ teamId, taskId: running.id, kind: "train" })).toBe(false);
  });

  it("a heartbeat keeps a task; a released task returns to the queue without using an attempt", async () => {
    const { id } = await queue.enqueueTask({ teamId, kind: "train", payload: {} });
    await queue.claimTask("alive", ["train"]);
    expect(await queue.heartbeat({ taskId: id, workerId: "alive", progress: 0.5, estimateSeconds: 7 })).toBe(true);
    expect(await queue.heartbeat({ taskId: id, workerId: "impostor" })).toBe(false);
    expect(await queue.reapOrphanedTasks(Date.now())).toEqual({ requeued: 0, failed: 0 });
    await queue.releaseTask({ taskId: id, workerId: "alive" });
    const task = (await db.task.findUnique({ where: { id } }))!;
    expect(task.status).toBe("PENDING");
    expect(task.attempts).toBe(0);
  });

  describe("joined tasks (identical trainings): each caller's own task", () => {
    const payload = (key: string) => ({ reuseKey: key, datasetId: "d" });
    async function live(key: string) {
      const leader = await queue.enqueueTask({ teamId, kind: "train", payload: payload(key) });
      const first = await queue.enqueueJoinedTask({ teamId, kind: "train", payload: payload(key) });
      const second = await queue.enqueueJoinedTask({ teamId, kind: "train", payload: payload(key) });
      const stranger = await queue.enqueueJoinedTask({ teamId, kind: "train", payload: payload(`${key}-other`) });
      return { leader: leader.id, first: first.id, second: second.id, stranger: stranger.id };
    }
    const row = async (id: string) => (await db.task.findUnique({ where: { id } }))!;

    it("are never claimed; they end with the task they follow, in its completing transaction", async () => {
      const ids = await live("k-complete");
      const claimed = await queue.claimTask("w", ["train"], { maxRunningPerTeam: 0 });
      expect(claimed?.id).toBe(ids.leader);
      expect(await queue.claimTask("w2", ["train"], { maxRunningPerTeam: 0 })).toBeNull();
      const saved = await queue.completeTaskWith({ taskId: ids.leader, workerId: "w" }, async (_tx, taskId) => ({ resultId: `model-of-${taskId}` }));
      expect(saved.resultId).toBe(`model-of-${ids.leader}`);
      for (const id of [ids.leader, ids.first, ids.second]) expect(await row(id)).toMatchObject({ status: "SUCCEEDED", resultId: saved.resultId });
      expect((await row(ids.stranger)).status).toBe(queue.JOINED); // another key: not its follower
    });

    it("fail with the task they follow, by the worker or by the reaper", async () => {
      const ids = await live("k-fail");
      await queue.claimTask("w", ["train"], { maxRunningPerTeam: 0 });
      await queue.failTask({ taskId: ids.leader, workerId: "w", error: "The dataset has no rows." });
      for (const id of [ids.leader, ids.first, ids.second]) expect(await row(id)).toMatchObject({ status: "FAILED", error: "The dataset has no rows." });

      const again = await live("k-reaped");
      await db.task.update({ where: { id: again.leader }, data: { attempts: queue.MAX_ATTEMPTS - 1 } });
      await queue.claimTask("dead", ["train"], { maxRunningPerTeam: 0 });
      expect(await queue.reapOrphanedTasks(Date.now() + queue.STALE_AFTER_MS + 1_000)).toEqual({ requeued: 0, failed: 1 });
      for (const id of [again.first, again.second]) expect((await row(id)).error).toMatch(/stopped unexpectedly/);
    });

    it("cancelling a joined task ends only it; cancelling the running one hands its worker and progress to the oldest follower", async () => {
      const ids = await live("k-cancel");
      await queue.claimTask("w", ["train"], { maxRunningPerTeam: 0 });
      expect(await queue.heartbeat({ taskId: ids.leader, workerId: "w", progress: 0.4, estimateSeconds: 9 })).toBe(true);
      expect(await queue.cancelTask({ teamId, taskId: ids.second, kind: "train" })).toBe(true);
      expect(await row(ids.second)).toMatchObject({ status: "FAILED", error: queue.CANCELLED_MESSAGE });
      expect((await row(ids.leader)).status).toBe("IN_PROGRESS");

      expect(await queue.cancelTask({ teamId, taskId: ids.leader, kind: "train" })).toBe(true);
      expect(await row(ids.leader)).toMatchObject({ status: "FAILED", error: queue.CANCELLED_MESSAGE });
      expect(await row(ids.first)).toMatchObject({ status: "IN_PROGRESS", workerId: "w", progress: 0.4, estimateSeconds: 9 });
      // The worker's next heartbeat on the old id fails; it finds the task it now runs under.
      expect(await queue.heartbeat({ taskId: ids.leader, workerId: "w" })).toBe(false);
      expect(await queue.handedOverTo({ taskId: ids.leader, workerId: "w" })).toBe(ids.first);
      expect(await queue.handedOverTo({ taskId: ids.leader, workerId: "someone-else" })).toBeNull();
      // A completion still addressed to the old id completes the follower; the cancelled task stays cancelled.
      const saved = await queue.completeTaskWith({ taskId: ids.leader, workerId: "w" }, async (_tx, taskId) => ({ resultId: `model-of-${taskId}` }));
      expect(saved.resultId).toBe(`model-of-${ids.first}`);
      expect(await row(ids.first)).toMatchObject({ status: "SUCCEEDED", resultId: saved.resultId });
      expect(await row(ids.leader)).toMatchObject({ status: "FAILED", error: queue.CANCELLED_MESSAGE });
      expect(await row(ids.second)).toMatchObject({ status: "FAILED", error: queue.CANCELLED_MESSAGE });
    });

    it("a queued task cancelled with followers: the oldest is queued in its place; a failure reaches it under the new id", async () => {
      const ids = await live("k-queued");
      expect(await queue.cancelTask({ teamId, taskId: ids.leader, kind: "train" })).toBe(true);
      expect((await row(ids.first)).status).toBe("PENDING");
      expect((await row(ids.second)).status).toBe(queue.JOINED);
      expect((await queue.claimTask("w", ["train"], { maxRunningPerTeam: 0 }))?.id).toBe(ids.first);
      await queue.failTask({ taskId: ids.first, workerId: "w", error: "boom" });
      expect(await row(ids.second)).toMatchObject({ status: "FAILED", error: "boom" });
    });
  });

  it("describes statuses as the specification does, with UNKNOWN_TIMEOUT after a day", async () => {
    const base = {
      id: "t",
      resultId: null,
      error: null,
      progress: 0.25,
      estimateSeconds: 12.4,
      message: null,
      createdAt: new Date(),
      finishedAt: null,
      payload: "{}",
    };
    expect(queue.describeTaskStatus({ ...base, status: "PENDING", startedAt: null }, "/loc", "s@x")).toEqual({
      status: "PENDING",
      metadata: { type: "PENDING" },
    });
    const running = queue.describeTaskStatus({ ...base, status: "IN_PROGRESS", startedAt: new Date() }, "/loc", "s@x");
    expect(running.status).toBe("IN_PROGRESS");
    expect(running.metadata).toMatchObject({ type: "IN_PROGRESS", estimate_seconds: 12 });
    const old = queue.describeTaskStatus({ ...base, status: "IN_PROGRESS", startedAt: new Date(Date.now() - queue.DAY_MS - 1) }, "/loc", "s@x");
    expect(old.status).toBe("UNKNOWN_TIMEOUT");
    expect(queue.describeTaskStatus({ ...base, status: "SUCCEEDED", startedAt: new Date() }, "/loc", "s@x")).toEqual({
      status: "SUCCEEDED",
      metadata: { type: "SUCCEEDED", location: "/loc" },
    });
    const failed = queue.describeTaskStatus({ ...base, status: "FAILED", startedAt: new Date() }, "/loc", "s@x");
    expect(failed.metadata).toMatchObject({ type: "FAILED" });
    expect((failed.metadata as { error: string }).error).toMatch(/s@x/);
  });
});

describe("fairness between teams", () => {
  let teamA = "";
  let teamB = "";
  beforeAll(async () => {
    teamA = (await createTeamWithKey("burst")).teamId;
    teamB = (await createTeamWithKey("quiet")).teamId;
  });
  beforeEach(async () => {
    await db.task.deleteMany({});
  });

  async function enqueue(team: string, n: number, label: string) {
    const ids: string[] = [];
    for (let i = 0; i < n; i++) ids.push((await queue.enqueueTask({ teamId: team, kind: "train", payload: { label, i } })).id);
    return ids;
  }

  it("claims round-robin across teams: a burst from one team does not make another team's task wait for all of it", async () => {
    const a = await enqueue(teamA, 6, "A");
    const b = await enqueue(teamB, 2, "B"); // submitted after the whole burst
    const order: string[] = [];
    for (;;) {
      const task = await queue.claimTask("single-worker", ["train"], { maxRunningPerTeam: 0 });
      if (!task) break;
      order.push(task.id);
      await queue.completeTask({ taskId: task.id, workerId: "single-worker", resultId: "r" });
      await new Promise((r) => setTimeout(r, 3)); // distinct start times
    }
    expect(order).toEqual([a[0], b[0], a[1], b[1], a[2], a[3], a[4], a[5]]);
  });

  it("a team runs at most TEAM_MAX_RUNNING_TASKS tasks of a kind at once; other teams and kinds still get workers", async () => {
    const a = await enqueue(teamA, 5, "A");
    const claims = await Promise.all(Array.from({ length: 8 }, (_, i) => queue.claimTask(`w${i}`, ["train"], { maxRunningPerTeam: 2 })));
    const claimed = claims.filter((c) => c !== null).map((c) => c!.id);
    expect(claimed.sort()).toEqual([a[0], a[1]].sort());
    const [b] = await enqueue(teamB, 1, "B");
    const chat = await queue.enqueueTask({ teamId: teamA, kind: "chat", payload: {} });
    expect((await queue.claimTask("w9", ["train"], { maxRunningPerTeam: 2 }))?.id).toBe(b);
    expect((await queue.claimTask("w10", ["chat"], { maxRunningPerTeam: 2 }))?.id).toBe(chat.id);
    // A finished task frees the team's slot.
    const holder = claims.findIndex((c) => c?.id === a[0]);
    await queue.completeTask({ taskId: a[0], workerId: `w${holder}`, resultId: "r" });
    expect((await queue.claimTask("w11", ["train"], { maxRunningPerTeam: 2 }))?.id).toBe(a[2]);
    expect(await queue.claimTask("w12", ["train"], { maxRunningPerTeam: 2 })).toBeNull();
  });
});
