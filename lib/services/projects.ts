// Projects: a name, the dataset chat exploration reads, and the instructions that shape answers.
import type { z } from "zod";
import { db } from "@/lib/db";
import { notFound, validationError } from "@/lib/errors";
import type { createProjectSchema, Project, updateProjectSchema } from "@/lib/schemas/projects";

const projectSelect = {
  id: true,
  name: true,
  datasetId: true,
  chatInstructions: true,
  chatContext: true,
  chatSuggestions: true,
  owner: true,
  org: true,
  teamId: true,
  createdAt: true,
  updatedAt: true,
} as const;

type ProjectRow = {
  id: string;
  name: string;
  datasetId: string | null;
  chatInstructions: string;
  chatContext: string;
  chatSuggestions: string;
  owner: string;
  org: string;
  teamId: string;
  createdAt: Date;
  updatedAt: Date;
};

export function presentProject(p: ProjectRow): Project {
  return {
    id: p.id,
    name: p.name,
    chatInstructions: p.chatInstructions,
    chatContext: p.chatContext,
    chatSuggestions: p.chatSuggestions,
    datasetId: p.datasetId,
    _owner: p.owner || p.teamId,
    _org: p.org || p.teamId,
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  };
}

async function assertDatasetOwned(teamId: string, datasetId: string | null | undefined) {
  if (!datasetId) return;
  const dataset = await db.dataset.findFirst({ where: { id: datasetId, teamId }, select: { id: true } });
  if (!dataset) throw validationError([{ loc: ["body", "datasetId"], msg: `Dataset "${datasetId}" not found.`, type: "value_error" }]);
}

export async function getOwnedProject(teamId: string, projectId: string) {
  const project = await db.project.findFirst({ where: { id: projectId, teamId }, select: projectSelect });
  if (!project) throw notFound(`Project "${projectId}"`);
  return project;
}

export async function createProject(teamId: string, input: z.infer<typeof createProjectSchema>) {
  await assertDatasetOwned(teamId, input.datasetId);
  const project = await db.project.create({
    data: {
      teamId,
      name: input.name,
      datasetId: input.datasetId ?? null,
      chatInstructions: input.chatInstructions ?? "",
      chatContext: input.chatContext ?? "",
      chatSuggestions: input.chatSuggestions ?? "",
      owner: input._owner ?? "",
      org: input._org ?? "",
    },
    select: projectSelect,
  });
  return presentProject(project);
}

export async function listProjects(teamId: string) {
  const projects = await db.project.findMany({ where: { teamId }, orderBy: { createdAt: "desc" }, select: projectSelect });
  return projects.map(presentProject);
}

export async function updateProject(teamId: string, projectId: string, input: z.infer<typeof updateProjectSchema>) {
  await getOwnedProject(teamId, projectId);
  await assertDatasetOwned(teamId, input.datasetId);
  const project = await db.project.update({
    where: { id: projectId },
    data: {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.datasetId !== undefined ? { datasetId: input.datasetId } : {}),
      ...(input.chatInstructions !== undefined ? { chatInstructions: input.chatInstructions } : {}),
      ...(input.chatContext !== undefined ? { chatContext: input.chatContext } : {}),
      ...(input.chatSuggestions !== undefined ? { chatSuggestions: input.chatSuggestions } : {}),
    },
    select: projectSelect,
  });
  return presentProject(project);
}

export async function deleteProject(teamId: string, projectId: string) {
  await getOwnedProject(teamId, projectId);
  await db.project.delete({ where: { id: projectId } });
}
