// The team's trainings that a person may want to watch: those queued or running, and those that
// failed lately (with the reason). The Models page lists them for every member, whoever started
// them (the page, the API, a retrain). Succeeded trainings are the models themselves.
import { db } from "@/lib/db";
import type { TeamTraining } from "@/lib/schemas/team-trainings";
import { trainTaskPayloadSchema } from "./training";

export type { TeamTraining };

export const TEAM_TRAININGS_LIMIT = 50;
export const FAILED_WINDOW_MS = 24 * 3_600_000;

/** Newest first, at most TEAM_TRAININGS_LIMIT; only `teamId`'s tasks. */
export async function listTeamTrainings(teamId: string, now = Date.now()): Promise<TeamTraining[]> {
  const tasks = await db.task.findMany({
    where: {
      teamId,
      kind: "train",
      OR: [{ status: { in: ["PENDING", "IN_PROGRESS"] } }, { status: "FAILED", createdAt: { gte: new Date(now - FAILED_WINDOW_MS) } }],
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: TEAM_TRAININGS_LIMIT,
  });
  const parsed = tasks.map((task) => {
    let raw: unknown = null;
    try {
      raw = JSON.parse(task.payload);
    } catch {
      // an unreadable payload still lists the task, without what it trains
    }
    const result = trainTaskPayloadSchema.safeParse(raw);
    return { task, payload: result.success ? result.data : null };
  });
  const datasetIds = [...new Set(parsed.flatMap((p) => (p.payload ? [p.payload.datasetId] : [])))];
  const datasets = datasetIds.length ? await db.dataset.findMany({ where: { teamId, id: { in: datasetIds } }, select: { id: true, name: true } }) : [];
  const names = new Map(datasets.map((d) => [d.id, d.name]));
  const userIds = [...new Set(parsed.flatMap((p) => (p.payload?.startedBy?.userId ? [p.payload.startedBy.userId] : [])))];
  const keyIds = [...new Set(parsed.flatMap((p) => (p.payload?.startedBy?.apiKeyId ? [p.payload.startedBy.apiKeyId] : [])))];
  const [users, keys] = await Promise.all([
    userIds.length ? db.user.findMany({ where: { id: { in: userIds } }, select: { id: true, name: true, email: true } }) : [],
    keyIds.length ? db.apiKey.findMany({ where: { teamId, id: { in: keyIds } }, select: { id: true, name: true } }) : [],
  ]);
  const people = new Map(users.map((u) => [u.id, u.name.trim() || u.email]));
  const keyNames = new Map(keys.map((k) => [k.id, `API key "${k.name}"`]));
  return parsed.map(({ task, payload }) => {
    const datasetId = payload?.datasetId ?? null;
    const datasetName = datasetId ? (names.get(datasetId) ?? null) : null;
    return {
      task_id: task.id,
      kind: payload?.modelId ? "retrain" : payload?.forecast ? "forecast" : "predict",
      status: task.status as TeamTraining["status"],
      dataset_id: datasetId,
      dataset_name: datasetName,
      dataset_deleted: datasetId !== null && datasetName === null,
      fields: payload?.predictFields ?? [],
      duration: payload?.duration ?? null,
      model_id: payload?.modelId ?? null,
      progress: task.progress,
      estimate_seconds: task.estimateSeconds,
      message: task.message,
      error: task.status === "FAILED" ? (task.error ?? "The training failed.") : null,
      source: payload?.source ?? null,
      started_by:
        (payload?.startedBy?.userId ? people.get(payload.startedBy.userId) : undefined) ??
        (payload?.startedBy?.apiKeyId ? keyNames.get(payload.startedBy.apiKeyId) : undefined) ??
        null,
      created_at: task.createdAt.toISOString(),
      started_at: task.startedAt?.toISOString() ?? null,
      finished_at: task.finishedAt?.toISOString() ?? null,
    };
  });
}
