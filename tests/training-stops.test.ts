// A training whose dataset is deleted while it runs stops at the worker's next heartbeat (every 3 s)
// instead of spending its whole budget: the real worker loop and the real engines, on SQLite. The
// tasks end as before (FAILED saying why, nothing saved, the joined caller's task alike), only
// sooner. postgres-training-stops.test.ts runs the same on PostgreSQL.
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { deleteWhileTraining, expectStoppedWithNothingKept } from "./helpers/delete-while-training";
import { createTeamWithKey, migrateTestDb, testDataDir } from "./setup-db";

/** Far beyond STOP_WITHIN_SECONDS: a training that ran out its budget (or most of it) fails the test
 * (before the heartbeat check, these runs ended 93 s (rows) and over 60 s (forecast) after the delete). */
const BUDGET_SECONDS = 120;

let team: { teamId: string };

beforeAll(async () => {
  await migrateTestDb();
  team = await createTeamWithKey("stops");
});

function artifactFiles(): string[] {
  const dir = path.join(testDataDir, "models");
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

describe.each(["rows", "forecast"] as const)("a %s training whose dataset is deleted while it runs", (kind) => {
  it(
    "stops within seconds: both callers' tasks FAILED saying why, no model, no artifact",
    async () => {
      const run = await deleteWhileTraining({ teamId: team.teamId, kind, budgetSeconds: BUDGET_SECONDS });
      expectStoppedWithNothingKept(run, kind, artifactFiles());
      expect(run.log.some((line) => /stops: Dataset .* was deleted/.test(line))).toBe(true);
    },
    (BUDGET_SECONDS + 60) * 1000,
  );
});
