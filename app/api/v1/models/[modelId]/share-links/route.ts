import { readBody } from "@/lib/http/body";
import { apiV1Route } from "@/lib/http/route";
import { createShareLinkSchema } from "@/lib/schemas/model-versions";
import { createReportShareLink, listReportShareLinks } from "@/lib/services/report-shares";

// GET /api/v1/models/{model_id}/share-links: the model's read-only report links (never their tokens) (extension)
export const GET = apiV1Route({}, async ({ team, params }) => Response.json(await listReportShareLinks({ teamId: team.teamId, modelId: params.modelId })));

// POST /api/v1/models/{model_id}/share-links: a new read-only report link; its token is in this answer only (extension)
export const POST = apiV1Route({}, async ({ request, team, params }) => {
  // The body is optional: an empty one means the defaults.
  const parsed = await readBody(request);
  const body = createShareLinkSchema.parse(parsed.kind === "none" ? {} : parsed.value);
  return Response.json(await createReportShareLink({ teamId: team.teamId, modelId: params.modelId, includeExamples: body.include_examples }), { status: 201 });
});
