import { apiV1Route } from "@/lib/http/route";
import { updateProjectSchema } from "@/lib/schemas/projects";
import { deleteProject, getOwnedProject, presentProject, updateProject } from "@/lib/services/projects";

// GET /api/v1/projects/{project_id}: one project
export const GET = apiV1Route({}, async ({ team, params }) => Response.json(presentProject(await getOwnedProject(team.teamId, params.projectId))));

// PUT /api/v1/projects/{project_id}: update any subset of name, chat fields, datasetId; answers 201 with the project
export const PUT = apiV1Route({ body: updateProjectSchema }, async ({ team, params, body }) =>
  Response.json(await updateProject(team.teamId, params.projectId, body), { status: 201 }),
);

// DELETE /api/v1/projects/{project_id}: delete; answers {}
export const DELETE = apiV1Route({}, async ({ team, params }) => {
  await deleteProject(team.teamId, params.projectId);
  return Response.json({});
});
