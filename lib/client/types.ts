// Shapes of the server's answers as the web app reads them. The API's shapes are inferred from the
// zod schemas in lib/schemas (the same ones the OpenAPI document is generated from and the contract
// test checks responses against); only the account routes (/api/auth, /api/team) are described here.
// Type-only imports: no schema code reaches the browser bundle.
import type { z } from "zod";
import type { ChatAnswerMessage } from "@/lib/schemas/chats";
import type { trainRequestSchema } from "@/lib/schemas/training";
export type Role = "owner" | "admin" | "member";

/** GET /api/auth/me: the signed-in person and the team their session acts for (null while in none). */
export interface Me {
  sessionId: string;
  userId: string;
  email: string;
  name: string;
  mustChangePassword: boolean;
  teamId: string | null;
  teamName: string | null;
  role: Role | null;
}

export interface TeamSummary {
  id: string;
  name: string;
  role: Role;
  joinedAt: string;
  current: boolean;
}

export interface SessionSummary {
  id: string;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
  userAgent: string;
  ipAddress: string;
  current: boolean;
}

export interface MyInvitation {
  id: string;
  role: Role;
  teamId: string;
  teamName: string;
  invitedBy: { id: string; email: string; name: string } | null;
  createdAt: string;
  expiresAt: string;
}

export interface TeamInvitation {
  id: string;
  email: string;
  role: Role;
  createdAt: string;
  expiresAt: string;
}

export const FIELD_TYPE_OPTIONS = ["category", "integer", "float", "string", "date", "id", "unknown"] as const;
export type FieldTypeName = (typeof FIELD_TYPE_OPTIONS)[number];

export type { DatasetField, DatasetSummary } from "@/lib/schemas/datasets";
export type { LegacyDatasetDetail as DatasetDetail } from "@/lib/schemas/legacy";
export type { DataRow, RowValue } from "@/lib/schemas/rows";
export type { TaskState, TaskStatusResponse as TaskStatus } from "@/lib/schemas/tasks";

export const DURATIONS = [
  { value: 10, label: "Fastest", hint: "about 10 seconds" },
  { value: 60, label: "High quality", hint: "about 1 minute" },
  { value: 300, label: "Higher quality", hint: "about 5 minutes" },
  { value: 1800, label: "Production", hint: "about 30 minutes" },
] as const;
export type Duration = (typeof DURATIONS)[number]["value"];

/** What the training form sends (the server fills in the defaults of what it leaves out). */
export type TrainRequest = z.input<typeof trainRequestSchema>;

export type { ClassStat, DataStory, StoryCause, StoryOutcome, TrainingResult } from "@/lib/schemas/training";
export type { ModelDetail, ModelSummary } from "@/lib/schemas/models";
export type { Project, ProjectCreate, ProjectUpdate } from "@/lib/schemas/projects";

/** A message of the conversation the chat page keeps: the server's answers, and the user's questions (no images or table). */
export type ChatTurn = Omit<ChatAnswerMessage, "images" | "table"> & Partial<Pick<ChatAnswerMessage, "images" | "table">>;
export type { ChatAnswer } from "@/lib/schemas/chats";

export interface ApiKey {
  id: string;
  name: string;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
  createdBy: { id: string; email: string; name: string } | null;
}

export interface CreatedApiKey {
  id: string;
  name: string;
  prefix: string;
  createdAt: string;
  secret: string;
}

export interface Member {
  role: Role;
  createdAt: string;
  user: { id: string; email: string; name: string };
}
