import { apiV1Route } from "@/lib/http/route";
import { createProjectSchema } from "@/lib/schemas/projects";
import { createProject, listProjects } from "@/lib/services/projects";

// GET /api/v1/projects: the team's projects (extension)
export const GET = apiV1Route({}, async ({ team }) => Response.json({ projects: await listProjects(team.teamId) }));

// POST /api/v1/projects: create a project (name, optional datasetId, _owner, _org)
export const POST = apiV1Route({ body: createProjectSchema }, async ({ team, body }) => Response.json(await createProject(team.teamId, body), { status: 201 }));
