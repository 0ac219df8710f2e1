// Operator settings, validated once. Every setting is documented in README.md.
import os from "node:os";
import path from "node:path";
import { z } from "zod";

function cpuCount(): number {
  return os.availableParallelism?.() ?? os.cpus().length;
}

const intFrom = (fallback: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === "") return fallback;
      const n = Number(v);
      if (!Number.isInteger(n) || n < 0) {
        ctx.addIssue({ code: "custom", message: `must be a non-negative integer, got "${v}"` });
        return z.NEVER;
      }
      return n;
    });

const envSchema = z.object({
  PORT: intFrom(3000),
  DATA_DIR: z.string().optional().default("./data"),
  DATABASE_URL: z.string().optional(),
  INITIAL_API_KEY: z.string().optional(),
  // Training workers each use all their threads; one per two cores keeps the machine responsive.
  TRAIN_WORKERS: intFrom(Math.max(1, Math.floor(cpuCount() / 2))),
  TRAIN_THREADS: intFrom(0), // 0 = cores / TRAIN_WORKERS
  CHAT_WORKERS: intFrom(1),
  MAX_BODY_MB: intFrom(256),
  SUPPORT_EMAIL: z.string().optional().default("support@localhost"),
  LLM_BASE_URL: z.string().optional(),
  LLM_API_KEY: z.string().optional(),
  LLM_MODEL: z.string().optional(),
  CHROMIUM_PATH: z.string().optional(),
  SECURE_COOKIES: z.enum(["true", "false", "auto"]).optional().default("auto"),
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

export function getEnv(): AppEnv {
  if (cached) return cached;
  const parsed = envSchema.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid environment: ${problems}`);
  }
  const dataDir = path.resolve(parsed.data.DATA_DIR);
  const databaseUrl = parsed.data.DATABASE_URL?.trim() || `file:${path.join(dataDir, "app.db")}`;
  cached = { ...parsed.data, dataDir, databaseUrl };
  return cached;
}

export function trainThreads(env = getEnv()): number {
  if (env.TRAIN_THREADS > 0) return env.TRAIN_THREADS;
  return Math.max(1, Math.floor(cpuCount() / Math.max(1, env.TRAIN_WORKERS)));
}

export function isPostgres(url = getEnv().databaseUrl): boolean {
  return /^postgres(ql)?:\/\//i.test(url);
}
