// Datasets: names and field types as clients send them, and datasets as the server describes them.
import { z } from "zod";
import { timestampSchema } from "./common";
import { storedRowSchema } from "./rows";
import { readingNote } from "@/lib/table/reading";
import { FIELD_TYPES, type FieldSchema, type FieldType } from "@/lib/table/types";

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

export const DATE_ORDERS = ["month_first", "day_first"] as const;

export const dateOrderSchema = z.enum(DATE_ORDERS, { message: "date_order must be month_first or day_first" });

export const datasetFieldSchema = z.object({
  name: z.string(),
  type: z.enum(FIELD_TYPES as [FieldType, ...FieldType[]]).meta({ description: "unknown: the column is disabled." }),
  date_order: dateOrderSchema.optional().meta({
    description: "Extension. Date fields written as slash dates: month_first reads 03/04/2021 as 4 March 2021, day_first as 3 April 2021.",
  }),
  date_order_basis: z.enum(["values", "other_columns", "client", "assumed"]).optional().meta({
    description:
      "Extension. Why date_order: values (a date of the field reads only that way, e.g. 24/01/2022), other_columns (another date field of the first rows shows it), client (date_order sent with the first rows), assumed (nothing shows it: month first by default, and the dates may be misread).",
  }),
  read_as_values: z.array(z.string()).optional().meta({
    description:
      'Extension. Spellings that usually mean a missing value ("NA") that this field reads as values, because its other values are codes of the same kind (NA = North America beside EU, AS; Namibia beside ZA, BW).',
  }),
  note: z.string().optional().meta({ description: "Extension. How the field was read where the data alone is ambiguous, in plain words." }),
});

/** A stored field as the API shows it: the readings that apply, and a note when one is uncertain. */
export function apiDatasetField(field: FieldSchema): z.infer<typeof datasetFieldSchema> {
  const out: z.infer<typeof datasetFieldSchema> = { name: field.name, type: field.type };
  if (field.dateOrder) out.date_order = field.dateOrder;
  if (field.dateOrderBasis) out.date_order_basis = field.dateOrderBasis;
  if (field.readAsValues?.length) out.read_as_values = field.readAsValues;
  const note = readingNote(field);
  if (note) out.note = note;
  return out;
}

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
