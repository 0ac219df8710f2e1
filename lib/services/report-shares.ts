// Read-only links to a model's report: /share/<token> opens the report of the model's active
// version without signing in. The token (256 random bits) is shown once; only its SHA-256 is
// stored, so the database cannot give links away. A link shows only the report: no model, dataset,
// team or task ids, no settings of other resources, and example rows only when the link was created
// with include_examples. Revoking takes effect on the next request (nothing is cached).
//
// Anyone in the model's team (any role, any team API key) may create and revoke links, as they may
// delete the model: the report holds nothing a member could not already export.
import { randomBytes } from "node:crypto";
import { z } from "zod";
import { sha256 } from "@/lib/auth/crypto";
import { db } from "@/lib/db";
import { AppError, notFound, unprocessable } from "@/lib/errors";
import { parseStoredThresholds } from "./decision-thresholds";
import { FORECAST_REPORT_PREFIX } from "./forecasts";

/** Active links per model: plenty for real use, and bounded. */
export const MAX_SHARE_LINKS = 20;
const TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;
/** Views are recorded at most once a minute per link: a popular link must not become a write per request. */
const VIEW_RESOLUTION_MS = 60_000;

function describeLink(link: { id: string; includeExamples: boolean; createdAt: Date; revokedAt: Date | null; lastViewedAt: Date | null }) {
  return {
    id: link.id,
    include_examples: link.includeExamples,
    created_at: link.createdAt.toISOString(),
    revoked_at: link.revokedAt?.toISOString() ?? null,
    last_viewed_at: link.lastViewedAt?.toISOString() ?? null,
  };
}

async function getOwnedModelId(teamId: string, modelId: string): Promise<string> {
  const model = await db.model.findFirst({ where: { id: modelId, teamId }, select: { id: true } });
  if (!model) throw notFound(`Model "${modelId}"`);
  return model.id;
}

/** A new link; the token is in this answer only. */
export async function createReportShareLink(options: { teamId: string; modelId: string; includeExamples: boolean }) {
  const modelId = await getOwnedModelId(options.teamId, options.modelId);
  // The shared page is the row model's report (statistics, threshold, insights): a forecast has none of it.
  if (await isForecastModel(modelId)) {
    throw unprocessable([
      {
        loc: ["path", "model_id"],
        msg: `Report links are for classification and regression models; this is a forecast model. Its forecast is at POST /api/v1/models/${modelId}/forecast.`,
        type: "value_error",
      },
    ]);
  }
  const active = await db.reportShareLink.count({ where: { modelId, revokedAt: null } });
  if (active >= MAX_SHARE_LINKS) throw new AppError("conflict", `This model already has ${active} active report links. Revoke some before creating more.`);
  const token = randomBytes(32).toString("base64url");
  const link = await db.reportShareLink.create({
    data: { modelId, tokenHash: sha256(token), includeExamples: options.includeExamples },
    select: { id: true, includeExamples: true, createdAt: true, revokedAt: true, lastViewedAt: true },
  });
  return { ...describeLink(link), token, path: `/share/${token}` };
}

async function isForecastModel(modelId: string): Promise<boolean> {
  return (await db.model.count({ where: { id: modelId, report: { startsWith: FORECAST_REPORT_PREFIX } } })) > 0;
}

export async function listReportShareLinks(options: { teamId: string; modelId: string }) {
  const modelId = await getOwnedModelId(options.teamId, options.modelId);
  const links = await db.reportShareLink.findMany({
    where: { modelId },
    orderBy: { createdAt: "desc" },
    select: { id: true, includeExamples: true, createdAt: true, revokedAt: true, lastViewedAt: true },
  });
  return { links: links.map(describeLink) };
}

/** Revokes a link (idempotent); its page answers 404 from the next request on. */
export async function revokeReportShareLink(options: { teamId: string; modelId: string; linkId: string }) {
  const modelId = await getOwnedModelId(options.teamId, options.modelId);
  const link = await db.reportShareLink.findFirst({ where: { id: options.linkId, modelId }, select: { id: true, revokedAt: true } });
  if (!link) throw notFound(`Report link "${options.linkId}"`);
  if (!link.revokedAt) await db.reportShareLink.updateMany({ where: { id: link.id, revokedAt: null }, data: { revokedAt: new Date() } });
  return {};
}

/** What a shared report shows: the report of the active version, without ids or settings of anything else. */
export interface SharedReport {
  name: string;
  predict_fields: string[];
  version: number;
  trained_at: string;
  includes_examples: boolean;
  thresholds: Record<string, { threshold: number; positive_class: string }>;
  stats: unknown[];
  field_importance: Record<string, number>;
  data_story: unknown[];
  fields: Record<string, unknown>[];
}

/** Keys of a field report that a shared report shows (no leaderboard, parameters, timings). */
const SHARED_FIELD_KEYS = ["field", "task", "classes", "metrics", "confusion", "rows", "validation", "extraAttention", "insights", "story"] as const;

function shareFieldReport(field: Record<string, unknown>, includeExamples: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of SHARED_FIELD_KEYS) if (field[key] !== undefined) out[key] = field[key];
  const rows = field.rows as { holdout?: number; withTarget?: number } | undefined;
  if (rows) out.rows = { holdout: rows.holdout, withTarget: rows.withTarget };
  const insights = field.insights as { examples?: unknown; fieldStats?: { type?: string; top?: unknown }[] } | undefined;
  if (insights && !includeExamples) {
    out.insights = {
      ...insights,
      examples: {},
      // Top values of ids and free text are rows' own values, not a summary.
      fieldStats: insights.fieldStats?.map((f) => (f.type === "id" || f.type === "string" ? { ...f, top: undefined } : f)),
    };
  }
  return out;
}

/** The report behind a link; not found for unknown, malformed or revoked tokens and deleted models. */
export async function getSharedReport(token: string): Promise<SharedReport> {
  const gone = notFound("Report");
  if (!TOKEN_RE.test(token)) throw gone;
  const link = await db.reportShareLink.findUnique({
    where: { tokenHash: sha256(token) },
    select: {
      id: true,
      includeExamples: true,
      revokedAt: true,
      lastViewedAt: true,
      model: { select: { id: true, name: true, predictFields: true, activeVersion: true, thresholds: true, result: true, report: true } },
    },
  });
  if (!link || link.revokedAt) throw gone;
  const { model } = link;
  if (model.report.startsWith(FORECAST_REPORT_PREFIX)) throw gone; // retrained or linked before forecasts were refused
  const version = await db.modelVersion.findUnique({
    where: { modelId_number: { modelId: model.id, number: model.activeVersion } },
    select: { createdAt: true },
  });
  const now = Date.now();
  if (!link.lastViewedAt || now - link.lastViewedAt.getTime() > VIEW_RESOLUTION_MS) {
    await db.reportShareLink.update({ where: { id: link.id }, data: { lastViewedAt: new Date(now) } }).catch(() => undefined);
  }
  const result = JSON.parse(model.result) as { stats?: unknown[]; field_importance?: Record<string, number>; data_story?: unknown[] };
  const report = JSON.parse(model.report) as { fields?: Record<string, unknown>[] };
  return {
    name: model.name,
    predict_fields: JSON.parse(model.predictFields) as string[],
    version: model.activeVersion,
    trained_at: (version?.createdAt ?? new Date(0)).toISOString(),
    includes_examples: link.includeExamples,
    thresholds: parseStoredThresholds(model.thresholds),
    stats: result.stats ?? [],
    field_importance: result.field_importance ?? {},
    data_story: result.data_story ?? [],
    fields: (report.fields ?? []).map((f) => shareFieldReport(f, link.includeExamples)),
  };
}
