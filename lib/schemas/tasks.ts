// Asynchronous tasks (training and chat exploration): the answer to a submission and the status
// object of the specification, {status, metadata: {type, ...}}.
import { z } from "zod";

/** The specification allows additional properties here. */
export const taskCreatedSchema = z.looseObject({ task_id: z.string() }).meta({ id: "TaskCreated" });

export const TASK_STATES = ["PENDING", "IN_PROGRESS", "SUCCEEDED", "FAILED", "UNKNOWN_TIMEOUT"] as const;

/**
 * The error of a task its user cancelled (it ends FAILED, as the specification has no cancelled
 * state): clients tell a cancellation from a failure by it.
 */
export const CANCELLED_MESSAGE = "Cancelled at the user's request; nothing was saved. Submit the task again to run it.";

const inProgressMetadata = z.object({
  type: z.literal("IN_PROGRESS"),
  estimate_seconds: z.number().min(0).nullable().optional().meta({ description: "Rough best-effort estimate of the seconds left." }),
  progress: z.number().min(0).max(1).optional().meta({ description: "Fraction done, 0..1 (extension)." }),
  message: z.string().optional().meta({ description: "What the worker is doing now, e.g. a search phase (extension; after the first heartbeat)." }),
});

/**
 * One variant per status, so that status and metadata.type cannot disagree (and a client that
 * checks `status` knows which metadata it has). UNKNOWN_TIMEOUT (running for more than a day)
 * carries the IN_PROGRESS metadata.
 */
export const taskStatusSchema = z
  .union([
    z.object({ status: z.literal("PENDING"), metadata: z.object({ type: z.literal("PENDING") }) }),
    z.object({ status: z.literal("IN_PROGRESS"), metadata: inProgressMetadata }),
    z.object({ status: z.literal("UNKNOWN_TIMEOUT"), metadata: inProgressMetadata }),
    z.object({
      status: z.literal("SUCCEEDED"),
      metadata: z.object({
        type: z.literal("SUCCEEDED"),
        location: z.string().meta({ description: "Path of the result, e.g. /api/v1/models/train/{task_id}/result" }),
      }),
    }),
    z.object({
      status: z.literal("FAILED"),
      metadata: z.object({ type: z.literal("FAILED"), error: z.string().meta({ description: "What went wrong and what to do about it." }) }),
    }),
  ])
  .meta({ id: "TaskStatus", description: "status is one of PENDING, IN_PROGRESS, SUCCEEDED, FAILED, UNKNOWN_TIMEOUT; metadata is discriminated by its type." });

export type TaskState = (typeof TASK_STATES)[number];
export type TaskCreated = z.infer<typeof taskCreatedSchema>;
export type TaskStatusResponse = z.infer<typeof taskStatusSchema>;
