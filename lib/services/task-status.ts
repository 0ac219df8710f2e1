import { getEnv } from "@/lib/env";
import { notFound } from "@/lib/errors";
import { describeTaskStatus, getTask } from "@/lib/jobs/queue";

export async function getTrainingStatus(options: { teamId: string; taskId: string }) {
  const task = await getTask({ ...options, kind: "train" });
  if (!task) throw notFound(`Training task "${options.taskId}"`);
  return describeTaskStatus(task, `/api/v1/models/train/${task.id}/result`, getEnv().SUPPORT_EMAIL);
}

export async function getChatStatus(options: { teamId: string; taskId: string }) {
  const task = await getTask({ ...options, kind: "chat" });
  if (!task) throw notFound(`Chat task "${options.taskId}"`);
  return describeTaskStatus(task, `/api/v1/chat-explore/chats/${task.resultId ?? ""}`, getEnv().SUPPORT_EMAIL);
}
