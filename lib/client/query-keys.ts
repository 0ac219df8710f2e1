// One place for cache keys, so a mutation invalidates exactly what it changed.
export const queryKeys = {
  me: ["me"] as const,
  datasets: ["datasets"] as const,
  dataset: (id: string) => ["datasets", id] as const,
  datasetRows: (id: string, offset: number, limit: number) => ["datasets", id, "rows", offset, limit] as const,
  trainingStatus: (taskId: string) => ["training", taskId] as const,
  teamTrainings: ["team-trainings"] as const,
  models: ["models"] as const,
  model: (id: string) => ["models", id] as const,
  projects: ["projects"] as const,
  project: (id: string) => ["projects", id] as const,
  apiKeys: ["api-keys"] as const,
  members: ["members"] as const,
  teams: ["teams"] as const,
  sessions: ["sessions"] as const,
  myInvitations: ["my-invitations"] as const,
  teamInvitations: ["team-invitations"] as const,
};
