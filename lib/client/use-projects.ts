"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "./api";
import { queryKeys } from "./query-keys";
import type { Project, ProjectCreate, ProjectUpdate } from "./types";

export function useProjects() {
  return useQuery({
    queryKey: queryKeys.projects,
    queryFn: async () => (await apiFetch<{ projects: Project[] }>("/api/v1/projects")).projects,
  });
}

export function useProject(id: string) {
  return useQuery({ queryKey: queryKeys.project(id), queryFn: () => apiFetch<Project>(`/api/v1/projects/${encodeURIComponent(id)}`) });
}

export function useCreateProject() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ProjectCreate) => apiFetch<Project>("/api/v1/projects", { method: "POST", body }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.projects }),
  });
}

export function useUpdateProject(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ProjectUpdate) => apiFetch<Project>(`/api/v1/projects/${encodeURIComponent(id)}`, { method: "PUT", body }),
    onSuccess: (project) => {
      client.setQueryData(queryKeys.project(id), project);
      return client.invalidateQueries({ queryKey: queryKeys.projects });
    },
  });
}

export function useDeleteProject() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch(`/api/v1/projects/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.projects }),
  });
}
