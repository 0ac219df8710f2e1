// Training: the request body of POST /api/v1/models/train/new.
import { z } from "zod";

export const API_DURATIONS = [10, 60, 300, 1800] as const;

const fieldList = (name: string) =>
  z.array(z.string({ message: `each item of ${name} must be a field name (string)` }), { message: `${name} must be an array of field names` });

/** Body of POST /api/v1/models/train/new (extra properties are allowed, as in the specification). */
export const trainRequestSchema = z.looseObject({
  dataset_id: z.string({ message: "dataset_id must be a string" }).trim().min(1, "dataset_id must not be empty"),
  predict_fields: fieldList("predict_fields").min(1, "predict_fields must name at least one field"),
  duration: z.union(API_DURATIONS.map((d) => z.literal(d)) as unknown as [z.ZodLiteral<10>, z.ZodLiteral<60>, z.ZodLiteral<300>, z.ZodLiteral<1800>], {
    message: "duration must be one of 10, 60, 300 or 1800 (seconds)",
  }),
  ignore_fields: fieldList("ignore_fields").optional().default([]),
  force: z.boolean({ message: "force must be true or false" }).optional().default(false),
  extra_attention: z.boolean({ message: "extra_attention must be true or false" }).optional().default(false),
});

export type TrainRequestBody = z.infer<typeof trainRequestSchema>;
