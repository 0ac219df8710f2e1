// Settings a team changes on a trained model: the decision threshold of two-class fields. Anyone
// who may use the model (any member of its team, any team API key) may change it, as they may
// delete the model; cookie-authenticated writes carry the CSRF header (lib/http/route.ts).
import type { z } from "zod";
import { db } from "@/lib/db";
import { notFound, validationError } from "@/lib/errors";
import type { setThresholdRequestSchema } from "@/lib/schemas/model-versions";
import { parseStoredThresholds, type StoredThresholds } from "./decision-thresholds";
import { forgetModelOwner } from "./models";

interface ReportField {
  field: string;
  task?: string;
  classes?: string[];
}

function reportFields(report: string): ReportField[] {
  try {
    const parsed = JSON.parse(report) as { fields?: ReportField[] };
    return Array.isArray(parsed.fields) ? parsed.fields.filter((f) => f && typeof f.field === "string") : [];
  } catch {
    return [];
  }
}

/** Stores (or with threshold null, removes) the decision threshold of one two-class field. */
export async function setDecisionThreshold(options: { teamId: string; modelId: string; request: z.infer<typeof setThresholdRequestSchema> }) {
  const { request } = options;
  const thresholds = await db.$transaction(
    async (tx) => {
      // Lock the row first: two changes at once (e.g. to two fields) must not overwrite each other.
      const { count } = await tx.model.updateMany({ where: { id: options.modelId, teamId: options.teamId }, data: { versionCount: { increment: 0 } } });
      if (count === 0) throw notFound(`Model "${options.modelId}"`);
      const model = await tx.model.findUniqueOrThrow({ where: { id: options.modelId }, select: { report: true, thresholds: true, predictFields: true } });
      const fields = reportFields(model.report);
      const binary = fields.filter((f) => f.task === "binary" && Array.isArray(f.classes) && f.classes.length === 2);
      let target: ReportField | undefined;
      if (request.field !== undefined) {
        target = fields.find((f) => f.field === request.field);
        if (!target) {
          const predicted = (JSON.parse(model.predictFields) as string[]).join(", ");
          throw validationError([
            { loc: ["body", "field"], msg: `"${request.field}" is not a field this model predicts (${predicted}).`, type: "value_error" },
          ]);
        }
        if (!binary.includes(target)) {
          throw validationError([
            {
              loc: ["body", "field"],
              msg: `"${request.field}" is not a two-class field: a decision threshold applies to two classes only.`,
              type: "value_error",
            },
          ]);
        }
      } else if (binary.length === 1) {
        target = binary[0];
      } else if (binary.length === 0) {
        throw validationError([
          { loc: ["body", "threshold"], msg: "This model predicts no two-class field: a decision threshold applies to two classes only.", type: "value_error" },
        ]);
      } else {
        throw validationError([
          {
            loc: ["body", "field"],
            msg: `Name the field: this model predicts several two-class fields (${binary.map((f) => f.field).join(", ")}).`,
            type: "missing",
          },
        ]);
      }
      const classes = target.classes as string[];
      const positive = request.positive_class ?? classes[1];
      if (!classes.includes(positive)) {
        throw validationError([
          {
            loc: ["body", "positive_class"],
            msg: `"${positive}" is not a class of "${target.field}"; its classes are ${classes.map((c) => `"${c}"`).join(" and ")}.`,
            type: "value_error",
          },
        ]);
      }
      const stored: StoredThresholds = parseStoredThresholds(model.thresholds);
      if (request.threshold === null) delete stored[target.field];
      else stored[target.field] = { threshold: request.threshold, positive_class: positive };
      await tx.model.update({ where: { id: options.modelId }, data: { thresholds: JSON.stringify(stored) } });
      return { field: target.field, stored };
    },
    { maxWait: 30_000, timeout: 60_000 },
  );
  forgetModelOwner(options.modelId);
  const now = thresholds.stored[thresholds.field];
  return {
    model_id: options.modelId,
    field: thresholds.field,
    threshold: now?.threshold ?? null,
    positive_class: now?.positive_class ?? null,
    thresholds: thresholds.stored,
  };
}
