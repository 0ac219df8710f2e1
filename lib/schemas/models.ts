// Models: the request body of POST /api/v1/models/{model_id}/predict.
import { z } from "zod";
import type { RawRow } from "@/lib/table/types";
import { isFlatRow } from "./rows";

/** The request body of POST /api/v1/models/{id}/predict, as documented in the OpenAPI document. */
export const predictRequestSchema = z.object({
  data: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))).min(1, "data must hold at least one row"),
  show_factors: z.boolean().optional().default(false),
});

/**
 * The same body as the route checks it: rows are checked in place rather than copied by zod's
 * record parser (10,000 rows: ~1 ms instead of 35-75 ms).
 */
export const predictRequestBodySchema = predictRequestSchema.extend({
  data: z
    .array(z.custom<RawRow>(isFlatRow, "each row must be an object mapping field names to strings, numbers, booleans or null"))
    .min(1, "data must hold at least one row"),
});
