// A training of the team as GET /api/team/trainings lists it (the Models page; not part of /api/v1).
export interface TeamTraining {
  task_id: string;
  kind: "predict" | "forecast" | "retrain";
  status: "PENDING" | "IN_PROGRESS" | "FAILED";
  dataset_id: string | null;
  /** Null when the dataset was deleted since (dataset_deleted is then true). */
  dataset_name: string | null;
  dataset_deleted: boolean;
  fields: string[];
  /** The training budget in seconds (null when the task does not record it). */
  duration: number | null;
  /** For a retrain: the model that gets the new version. */
  model_id: string | null;
  progress: number | null;
  estimate_seconds: number | null;
  message: string | null;
  error: string | null;
  /** "web" (the page), "api" (an API key) or "legacy": who started it, as far as the task records it. */
  source: string | null;
  /** The member's name (or email) or the API key's name, when the task records who started it. */
  started_by: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}
