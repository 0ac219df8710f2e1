// Operator settings, validated once. Every setting is documented in README.md.
import os from "node:os";
import path from "node:path";
import { z } from "zod";
import { parseCorsOrigins } from "./http/cors.mjs";

function cpuCount(): number {
  return os.availableParallelism?.() ?? os.cpus().length;
}

const intFrom = (fallback: number, min = 0) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === "") return fallback;
      const n = Number(v);
      if (!Number.isInteger(n) || n < min) {
        ctx.addIssue({
          code: "custom",
          message: min === 0 ? `must be a non-negative integer, got "${v}"` : `must be an integer of at least ${min}, got "${v}"`,
        });
        return z.NEVER;
      }
      return n;
    });

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v?.trim() ? v.trim() : undefined));

const envSchema = z.object({
  PORT: intFrom(3000),
  DATA_DIR: z.string().optional().default("./data"),
  DATABASE_URL: z.string().optional(),
  INITIAL_API_KEY: z
    .string()
    .optional()
    .transform((v) => v?.trim() || undefined)
    .refine(
      (v) => v === undefined || v.length >= 20,
      "must be at least 20 characters (a short key is easy to guess); generate one with `openssl rand -hex 24`",
    ),
  // First-run setup token (otherwise `npm start` prints a random one while no user exists).
  SETUP_TOKEN: z
    .string()
    .optional()
    .transform((v) => v?.trim() || undefined)
    .refine((v) => v === undefined || v.length >= 16, "must be at least 16 characters"),
  // Reverse proxies in front of the web server whose X-Forwarded-For entries are trusted (0: none).
  TRUST_PROXY: intFrom(0),
  // Tasks of one kind that one team may run at once (0: no limit), so one team cannot take every worker.
  TEAM_MAX_RUNNING_TASKS: intFrom(2),
  // Training workers each use all their threads; one per two cores keeps the machine responsive.
  TRAIN_WORKERS: intFrom(Math.max(1, Math.floor(cpuCount() / 2))),
  TRAIN_THREADS: intFrom(0), // 0 = cores / TRAIN_WORKERS
  CHAT_WORKERS: intFrom(1),
  MAX_BODY_MB: intFrom(256),
  SUPPORT_EMAIL: z.string().optional().default("support@localhost"),
  LLM_BASE_URL: z.string().optional(),
  LLM_API_KEY: z.string().optional(),
  LLM_MODEL: z.string().optional(),
  // The browser for chart PNGs; unset: /usr/bin/chromium, else Playwright's (lib/render/plotly-png.ts).
  CHROMIUM_PATH: optionalText,
  // plotly.min.js for the PNG renderer; unset: the plotly.js package in node_modules.
  PLOTLY_JS_PATH: optionalText,
  SECURE_COOKIES: z.enum(["true", "false", "auto"]).optional().default("auto"),
  // Heartbeats come every 3 s; below 2 s a busy worker would be taken for dead.
  TASK_STALE_SECONDS: intFrom(30, 2),
  // Which tasks `npm run worker` takes when --kinds is not given.
  WORKER_KINDS: z
    .string()
    .optional()
    .default("train,chat")
    .transform((v, ctx) => {
      const kinds = v
        .split(",")
        .map((k) => k.trim())
        .filter(Boolean);
      const unknown = kinds.filter((k) => k !== "train" && k !== "chat");
      if (unknown.length || kinds.length === 0) {
        ctx.addIssue({ code: "custom", message: `must list train and/or chat, separated by commas, got "${v}"` });
        return z.NEVER;
      }
      return kinds as ("train" | "chat")[];
    }),
  // `npm start` never rebuilds (a build made elsewhere is used as it is).
  SKIP_BUILD: z
    .enum(["", "0", "1", "true", "false"], { message: "must be 1 (never rebuild) or 0" })
    .optional()
    .transform((v) => v === "1" || v === "true"),
  // Browser origins allowed to call /api/v1 and /v1 (CORS): unset = none, * = any, or a comma list.
  // Read by scripts/web-server.mjs (lib/http/cors.mjs), validated here.
  CORS_ORIGINS: z
    .string()
    .optional()
    .superRefine((v, ctx) => {
      const parsed = parseCorsOrigins(v);
      if (parsed.error) ctx.addIssue({ code: "custom", message: parsed.error });
    }),
  // Test setting: a directory where the web server records /api/v1 and /v1 responses for the
  // contract check (e2e/global-setup.ts sets it). Read by scripts/web-server.mjs, validated here.
  CONTRACT_LOG: optionalText,
  // Object storage for datasets and model artifacts (hosts without a shared disk): see docs/scaling.md.
  STORAGE_URL: z.string().optional().default(""),
  S3_ENDPOINT: z.string().optional(),
  S3_REGION: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(["true", "false", "1", "0", ""]).optional().default(""),
  STORAGE_CACHE_MB: intFrom(10_240),
  STORAGE_SWEEP_MINUTES: intFrom(60),
});

export type AppEnv = z.infer<typeof envSchema> & { dataDir: string; databaseUrl: string };

let cached: AppEnv | undefined;

/** The settings from an environment; throws one error naming every bad variable. */
export function parseEnv(source: Record<string, string | undefined>): AppEnv {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid environment: ${problems}`);
  }
  const dataDir = path.resolve(parsed.data.DATA_DIR);
  const databaseUrl = parsed.data.DATABASE_URL?.trim() || `file:${path.join(dataDir, "app.db")}`;
  return { ...parsed.data, dataDir, databaseUrl };
}

export function getEnv(): AppEnv {
  cached ??= parseEnv(process.env);
  return cached;
}

export function trainThreads(env = getEnv()): number {
  if (env.TRAIN_THREADS > 0) return env.TRAIN_THREADS;
  return Math.max(1, Math.floor(cpuCount() / Math.max(1, env.TRAIN_WORKERS)));
}

export function isPostgres(url = getEnv().databaseUrl): boolean {
  return /^postgres(ql)?:\/\//i.test(url);
}
