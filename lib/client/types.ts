// Shapes of the server's answers as the web app reads them (see the route files under app/api and app/v1).
export type Role = "owner" | "admin" | "member";

export interface Me {
  userId: string;
  email: string;
  name: string;
  teamId: string;
  teamName: string;
  role: Role;
}

export const FIELD_TYPE_OPTIONS = ["category", "integer", "float", "string", "date", "id", "unknown"] as const;
export type FieldTypeName = (typeof FIELD_TYPE_OPTIONS)[number];

export interface DatasetSummary {
  id: string;
  name: string;
  rows: number;
  field_count: number;
  created_at: string;
  updated_at: string;
}

export interface DatasetField {
  name: string;
  type: FieldTypeName;
}

export interface DatasetDetail {
  status: string;
  id: string;
  name: string;
  rows: number;
  fields: DatasetField[];
}

export type RowValue = string | number | boolean | null;
export type DataRow = Record<string, RowValue>;

export type TaskState = "PENDING" | "IN_PROGRESS" | "SUCCEEDED" | "FAILED" | "UNKNOWN_TIMEOUT";

export interface TaskStatus {
  status: TaskState;
  metadata: {
    type: string;
    estimate_seconds?: number | null;
    progress?: number;
    message?: string;
    location?: string;
    error?: string;
  };
}

export const DURATIONS = [
  { value: 10, label: "Fastest", hint: "about 10 seconds" },
  { value: 60, label: "High quality", hint: "about 1 minute" },
  { value: 300, label: "Higher quality", hint: "about 5 minutes" },
  { value: 1800, label: "Production", hint: "about 30 minutes" },
] as const;
export type Duration = (typeof DURATIONS)[number]["value"];

export interface TrainRequest {
  dataset_id: string;
  predict_fields: string[];
  ignore_fields: string[];
  duration: Duration;
  extra_attention: boolean;
  force: boolean;
  /** A forecast over time instead of a row-wise model. */
  forecast?: { date_field: string; horizon: number; group_field?: string };
}

export interface ModelSummary {
  id: string;
  name: string;
  created_at: string;
  dataset_id: string;
  predict_fields: string[];
  ignored_fields: string[];
  duration: number;
  kind?: "prediction" | "forecast";
}

export interface ClassStat {
  field: number;
  field_name: string;
  field_type: string;
  class?: number;
  class_name?: string;
  count: number;
  "true positives"?: number;
  "false positives"?: number;
  "false negatives"?: number;
  precision?: number;
  recall?: number;
  f1?: number;
  frequency?: number;
  mae?: number;
  rmse?: number;
  r2?: number;
  [key: string]: unknown;
}

export interface StoryCause {
  field: string;
  top_value: string;
  bottom_value: string;
}

export interface StoryOutcome {
  outcome: string;
  causes: StoryCause[];
  top_case: number;
  avg_case: number;
  bottom_case: number;
}

export interface DataStory {
  name: string;
  type: string;
  outcomes: StoryOutcome[];
}

export interface TrainingResult {
  status: string;
  model_id: string;
  stats: ClassStat[][];
  field_importance: Record<string, number>;
  data_story: DataStory[];
}

export interface ModelDetail extends TrainingResult {
  model: ModelSummary & { extra_attention: boolean; report: Record<string, unknown> };
}

export interface Project {
  id: string;
  name: string;
  datasetId: string | null;
  chatInstructions: string;
  chatContext: string;
  chatSuggestions: string;
  created_at: string;
  updated_at: string;
}

export interface ChatTurn {
  role: "user" | "assistant";
  content: string;
  /** Plotly figures as the server sends them: strings of `{data, layout}` JSON. */
  images?: string[] | null;
  table?: DataRow[] | null;
}

export interface ChatAnswer {
  id: string;
  messages: ChatTurn[];
  suggestions: string[];
}

export interface ApiKey {
  id: string;
  name: string;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
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
