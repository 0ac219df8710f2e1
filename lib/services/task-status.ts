import { getEnv } from "@/lib/env";
import { AppError, notFound } from "@/lib/errors";
import { cancelTask, describeTaskStatus, getTask } from "@/lib/jobs/queue";
import { resolveTrainingTask } from "./training";

export async function getTrainingStatus(options: { teamId: string; taskId: string }) {
  const found = await getTask({ ...options, kind: "train" });
  if (!found) throw notFound(`Training task "${options.taskId}"`);
  const task = await resolveTrainingTask(options.teamId, found);
  return describeTaskStatus(task, `/api/v1/models/train/${task.id}/result`, getEnv().SUPPORT_EMAIL);
}

/** Cancels a queued or running training; 409 when it has already finished. Answers with the new status. */
export async function cancelTraining(options: { teamId: string; taskId: string }) {
  const task = await getTask({ ...options, kind: "train" });
  if (!task) throw notFound(`Training task "${options.taskId}"`);
  if (!(await cancelTask({ ...options, kind: "train" }))) {
    const current = await getTrainingStatus(options);
    throw new AppError("conflict", `Training task "${task.id}" has already finished (${current.status}); there is nothing to cancel.`);
  }
  return getTrainingStatus(options);
}

export async function getChatStatus(options: { teamId: string; taskId: string }) {
  const task = await getTask({ ...options, kind: "chat" });
  if (!task) throw notFound(`Chat task "${options.taskId}"`);
  return describeTaskStatus(task, `/api/v1/chat-explore/chats/${task.resultId ?? ""}`, getEnv().SUPPORT_EMAIL);
}
