// Datasets: names and field types as clients send them, and datasets as the server describes them.
import { z } from "zod";
import { timestampSchema } from "./common";
import { storedRowSchema } from "./rows";
import { FIELD_TYPES, type FieldType } from "@/lib/table/types";

/** Longest dataset name (the web app says so before uploading). */
export const MAX_DATASET_NAME_LENGTH = 200;
export const datasetNameSchema = z
  .string()
  .trim()
  .min(1, "name must not be empty")
  .max(MAX_DATASET_NAME_LENGTH, `name must be at most ${MAX_DATASET_NAME_LENGTH} characters`);

/** Longest field name: longer ones are refused (422), never cut short. */
export const MAX_FIELD_NAME_LENGTH = 256;

export const fieldTypesSchema = z
  .array(
    z.object({
      name: z.string().min(1).max(MAX_FIELD_NAME_LENGTH, `field names are at most ${MAX_FIELD_NAME_LENGTH} characters`),
      type: z.enum(FIELD_TYPES as [FieldType, ...FieldType[]], { message: `type must be one of ${FIELD_TYPES.join(", ")}` }),
      valid: z.boolean().optional(),
    }),
  )
  .min(1, "fields must list at least one field");

export const datasetFieldSchema = z.object({
  name: z.string(),
  type: z.enum(FIELD_TYPES as [FieldType, ...FieldType[]]).meta({ description: "unknown: the column is disabled." }),
});

export const datasetSummarySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    rows: z.number().int(),
    field_count: z.number().int().meta({ description: "Extension." }),
    created_at: timestampSchema.meta({ description: "Extension." }),
    updated_at: timestampSchema.meta({ description: "Extension." }),
  })
  .meta({ id: "DatasetSummary" });

/** Query of GET /api/v1/datasets/{dataset_id}/rows. */
export const rowsQuerySchema = z.object({
  offset: z.coerce.number({ message: "offset must be a number" }).int().min(0).optional(),
  limit: z.coerce.number({ message: "limit must be a number" }).int().min(1).max(1000, "limit must be at most 1000").optional(),
});

export const rowsPageSchema = z.object({ rows: z.array(storedRowSchema) }).meta({ id: "RowsPage" });

export type DatasetField = z.infer<typeof datasetFieldSchema>;
export type DatasetSummary = z.infer<typeof datasetSummarySchema>;
