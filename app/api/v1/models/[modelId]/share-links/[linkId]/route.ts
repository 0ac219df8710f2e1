import { apiV1Route } from "@/lib/http/route";
import { revokeReportShareLink } from "@/lib/services/report-shares";

// DELETE /api/v1/models/{model_id}/share-links/{link_id}: revoke a report link; its page answers 404 from then on (extension)
export const DELETE = apiV1Route({}, async ({ team, params }) =>
  Response.json(await revokeReportShareLink({ teamId: team.teamId, modelId: params.modelId, linkId: params.linkId })),
);
