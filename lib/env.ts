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
  INITIAL_API_KEY: z
    .string()
    .optional()
    .transform((v) => v?.trim() || undefined)
    .refine((v) => v === undefined || v.length >= 20, "must be at least 20 characters (a short key is easy to guess); generate one with `openssl rand -hex 24`"),
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
  CHROMIUM_PATH: z.string().optional(),
  SECURE_COOKIES: z.enum(["true", "false", "auto"]).optional().default("auto"),
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
