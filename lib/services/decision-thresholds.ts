// Decision thresholds of two-class models: stored per predicted field with the model (every version
// uses them) and optionally overridden per prediction request. Pure: parsing and resolution only.
//
// Rule: predict the positive class when its probability is above the threshold. The positive class
// defaults to the field's second class (class order as in the training result's stats). Without a
// stored or requested threshold nothing changes: the more probable class wins, as it always did.
import { z } from "zod";
import { AppError, validationError } from "@/lib/errors";
import type { DecisionThreshold, Model } from "@/lib/ml";
import { thresholdValueSchema } from "@/lib/schemas/models";

export type StoredThreshold = { threshold: number; positive_class: string };
export type StoredThresholds = Record<string, StoredThreshold>;

/** The Model.thresholds column; anything malformed is dropped rather than failing predictions. */
export function parseStoredThresholds(json: string | null | undefined): StoredThresholds {
  let value: unknown;
  try {
    value = JSON.parse(json || "{}");
  } catch {
    return {};
  }
  const out: StoredThresholds = {};
  if (!value || typeof value !== "object") return out;
  for (const [field, entry] of Object.entries(value as Record<string, unknown>)) {
    const e = entry as Partial<StoredThreshold> | null;
    if (e && typeof e.threshold === "number" && e.threshold > 0 && e.threshold < 1 && typeof e.positive_class === "string") {
      out[field] = { threshold: e.threshold, positive_class: e.positive_class };
    }
  }
  return out;
}

/**
 * The thresholds a prediction uses: the stored ones, or `requested` for every two-class field (with
 * the stored positive class when there is one). A stored threshold whose class the model no longer
 * has (a retrain on data with other classes) is not applied.
 */
export function resolveDecisionThresholds(fields: Model["fields"], stored: StoredThresholds, requested?: number): Record<string, DecisionThreshold> {
  const binary = fields.filter((f) => f.objective === "binary");
  if (requested !== undefined && binary.length === 0) {
    throw validationError([
      {
        loc: ["body", "threshold"],
        msg: `threshold applies to two-class predictions only; this model predicts ${fields.map((f) => `"${f.name}" (${f.objective === "regression" ? "a number" : `${f.classes.length} classes`})`).join(", ")}. Leave threshold out.`,
        type: "value_error",
      },
    ]);
  }
  const out: Record<string, DecisionThreshold> = {};
  for (const f of binary) {
    const saved = stored[f.name];
    const savedClass = saved && f.classes.includes(saved.positive_class) ? saved.positive_class : undefined;
    if (requested !== undefined) out[f.name] = { threshold: requested, positiveClass: savedClass ?? f.classes[1] };
    else if (saved && savedClass) out[f.name] = { threshold: saved.threshold, positiveClass: savedClass };
  }
  return out;
}
