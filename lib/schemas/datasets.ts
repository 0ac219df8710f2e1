// Datasets: names and field types as clients send them.
import { z } from "zod";
import { FIELD_TYPES, type FieldType } from "@/lib/table/types";

export const datasetNameSchema = z.string().trim().min(1, "name must not be empty").max(200, "name must be at most 200 characters");

export const fieldTypesSchema = z
  .array(
    z.object({
      name: z.string().min(1),
      type: z.enum(FIELD_TYPES as [FieldType, ...FieldType[]], { message: `type must be one of ${FIELD_TYPES.join(", ")}` }),
      valid: z.boolean().optional(),
    }),
  )
  .min(1, "fields must list at least one field");
