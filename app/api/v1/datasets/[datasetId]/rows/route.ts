import { apiV1Route } from "@/lib/http/route";
import { rowsQuerySchema } from "@/lib/schemas/datasets";
import { previewRows } from "@/lib/services/datasets";

// GET /api/v1/datasets/{dataset_id}/rows: a page of rows for previews (extension)
export const GET = apiV1Route({ query: rowsQuerySchema }, async ({ team, params, query }) =>
  Response.json({ rows: await previewRows({ teamId: team.teamId, datasetId: params.datasetId, offset: query.offset, limit: query.limit }) }),
);
