// How long one task claim takes with a deep queue: the fair claim (lib/jobs/queue.ts) orders pending
// tasks by their team's latest start and skips teams at TEAM_MAX_RUNNING_TASKS, with correlated
// sub-queries per pending task. This measures it where it could hurt: many pending tasks (one
// team's burst plus many small teams) over a long history of finished tasks.
//
//   npm run bench:claim                                  # SQLite in a temporary DATA_DIR
//   TEST_DATABASE_URL=postgresql://... npm run bench:claim   # also PostgreSQL (a throwaway database)
//   BENCH_PENDING=20000 BENCH_HISTORY=100000 BENCH_TEAMS=200 npm run bench:claim
//
// Prints the median and 95th percentile of a claim (claim + start-time update, one transaction),
// with and without the per-team limit. Run it on a quiet machine (`flock /tmp/tabula-heavy.lock`).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const PENDING = Number(process.env.BENCH_PENDING ?? 5_000);
const HISTORY = Number(process.env.BENCH_HISTORY ?? 50_000);
const TEAMS = Number(process.env.BENCH_TEAMS ?? 100);
const CLAIMS = Number(process.env.BENCH_CLAIMS ?? 200);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
}

async function runOne(label: string) {
  const { migrate } = await import("./migrate");
  await migrate();
  const { db } = await import("../lib/db");
  const queue = await import("../lib/jobs/queue");
  const teams: string[] = [];
  for (let t = 0; t < TEAMS; t++) teams.push((await db.team.create({ data: { name: `bench ${t}` }, select: { id: true } })).id);
  const now = Date.now();
  const rows: { teamId: string; kind: string; status: string; payload: string; createdAt: Date; startedAt: Date | null; finishedAt: Date | null }[] = [];
  for (let i = 0; i < HISTORY; i++) {
    const at = new Date(now - 86_400_000 + i);
    rows.push({ teamId: teams[i % TEAMS], kind: "train", status: "SUCCEEDED", payload: "{}", createdAt: at, startedAt: at, finishedAt: at });
  }
  // Half the pending tasks are one team's burst, the rest spread over all teams.
  for (let i = 0; i < PENDING; i++) {
    const team = i % 2 === 0 ? teams[0] : teams[i % TEAMS];
    rows.push({ teamId: team, kind: "train", status: "PENDING", payload: "{}", createdAt: new Date(now + i), startedAt: null, finishedAt: null });
  }
  for (let i = 0; i < rows.length; i += 5_000) await db.task.createMany({ data: rows.slice(i, i + 5_000) });
  // Table statistics as a running installation has them (autovacuum / a past ANALYZE).
  await db.$executeRawUnsafe(process.env.DATABASE_URL?.startsWith("postgres") ? "VACUUM ANALYZE" : "ANALYZE");

  for (const limit of [2, 0]) {
    const times: number[] = [];
    for (let c = 0; c < CLAIMS; c++) {
      const started = process.hrtime.bigint();
      const task = await queue.claimTask(`bench-${c}`, ["train"], { maxRunningPerTeam: limit });
      times.push(Number(process.hrtime.bigint() - started) / 1e6);
      // Finish it, as a worker would, so the queue keeps its depth and teams keep their limit free.
      if (task) await queue.completeTask({ taskId: task.id, workerId: `bench-${c}`, resultId: "bench" });
    }
    times.sort((a, b) => a - b);
    console.log(
      `${label}: ${PENDING} pending, ${HISTORY} finished, ${TEAMS} teams, limit ${limit || "none"}: ` +
        `claim median ${percentile(times, 0.5).toFixed(2)} ms, p95 ${percentile(times, 0.95).toFixed(2)} ms (${CLAIMS} claims)`,
    );
  }
  await db.$disconnect();
}

async function main() {
  const mode = process.argv[2];
  if (mode === "--sqlite" || mode === "--postgres") {
    await runOne(mode === "--sqlite" ? "SQLite" : "PostgreSQL");
    return;
  }
  // Each database in a process of its own: the Prisma client is chosen once per process.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tabula-bench-claim-"));
  const runs: { mode: string; env: Record<string, string> }[] = [{ mode: "--sqlite", env: { DATA_DIR: dataDir, DATABASE_URL: "" } }];
  const admin = process.env.TEST_DATABASE_URL?.trim();
  let database = "";
  if (admin) {
    const pg = (await import("pg")).default;
    database = `tabula_bench_claim_${process.pid}`;
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(`CREATE DATABASE "${database}"`);
    await client.end();
    const url = new URL(admin);
    url.pathname = `/${database}`;
    runs.push({ mode: "--postgres", env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() } });
  } else {
    console.log("(PostgreSQL skipped: set TEST_DATABASE_URL to include it)");
  }
  try {
    for (const run of runs) {
      const result = spawnSync(process.execPath, ["--import", "tsx", "scripts/bench-claim.ts", run.mode], {
        stdio: "inherit",
        env: { ...process.env, ...run.env },
      });
      if (result.status !== 0) throw new Error(`${run.mode} run failed`);
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (admin && database) {
      const pg = (await import("pg")).default;
      const client = new pg.Client({ connectionString: admin });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
      await client.end();
    }
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
