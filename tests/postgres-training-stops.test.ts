// training-stops.test.ts on a real PostgreSQL server: a training whose dataset is deleted while it
// runs stops at the worker's next heartbeat, both callers' tasks FAILED saying why, nothing saved.
// Needs TEST_DATABASE_URL (see postgres-claim).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deleteWhileTraining, expectStoppedWithNothingKept } from "./helpers/delete-while-training";
import { adminUrl, createDatabase, databaseUrl, dropDatabase } from "./helpers/postgres-db";

/** Far beyond STOP_WITHIN_SECONDS: a training that ran out its budget (or most of it) fails the test.
 * The test's timeout is longer still, so such a failure reports the time it took. */
const BUDGET_SECONDS = 120;

describe.skipIf(!adminUrl)("PostgreSQL: a training whose dataset is deleted while it runs", () => {
  const database = `tabula_stops_${process.pid}_${Date.now().toString(36)}`;
  let db: typeof import("../lib/db").db;
  let teamId: string;
  let dataDir: string;

  beforeAll(async () => {
    await createDatabase(database);
    process.env.DATABASE_URL = databaseUrl(adminUrl!, database, { connection_limit: "8" });
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tabula-stops-data-"));
    process.env.DATA_DIR = dataDir;
    const { migrate } = await import("../scripts/migrate");
    await migrate();
    db = (await import("../lib/db")).db;
    teamId = (await db.team.create({ data: { name: "stops" }, select: { id: true } })).id;
  });

  afterAll(async () => {
    await db?.$disconnect();
    await dropDatabase(database);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it.each(["rows", "forecast"] as const)(
    "%s: stops within seconds, both callers' tasks FAILED saying why, no model, no artifact",
    async (kind) => {
      const { isPostgres } = await import("../lib/env");
      expect(isPostgres()).toBe(true);
      const run = await deleteWhileTraining({ teamId, kind, budgetSeconds: BUDGET_SECONDS });
      const models = path.join(dataDir, "models");
      expectStoppedWithNothingKept(run, kind, fs.existsSync(models) ? fs.readdirSync(models) : []);
    },
    (BUDGET_SECONDS + 60) * 1000,
  );
});
