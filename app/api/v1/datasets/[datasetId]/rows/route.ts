import { z } from "zod";
import { apiV1Route } from "@/lib/http/route";
import { previewRows } from "@/lib/services/datasets";

const querySchema = z.object({
  offset: z.coerce.number({ message: "offset must be a number" }).int().min(0).optional(),
  limit: z.coerce.number({ message: "limit must be a number" }).int().min(1).max(1000, "limit must be at most 1000").optional(),
});

// GET /api/v1/datasets/{dataset_id}/rows: a page of rows for previews (extension)
export const GET = apiV1Route({ query: querySchema }, async ({ team, params, query }) =>
  Response.json({ rows: await previewRows({ teamId: team.teamId, datasetId: params.datasetId, offset: query.offset, limit: query.limit }) }),
);
