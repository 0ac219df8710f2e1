// Migration 0003 on a database that already holds models: each becomes version 1 of itself, made
// by its first training task, and keeps serving the same artifact.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createClient } from "@libsql/client";
import { describe, expect, it } from "vitest";

const migrations = path.resolve(__dirname, "..", "prisma", "migrations");

describe("migration 0003_model_versions (SQLite)", () => {
  it("backfills version 1 for existing models and adds the new columns with their defaults", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tabula-mig-"));
    const client = createClient({ url: `file:${path.join(dir, "app.db")}` });
    try {
      await client.executeMultiple(fs.readFileSync(path.join(migrations, "0001_init", "migration.sql"), "utf8"));
      await client.executeMultiple(`
        INSERT INTO "Team" ("id", "name") VALUES ('t1', 'team');
        INSERT INTO "Model" ("id", "teamId", "datasetId", "name", "predictFields", "duration", "reuseKey", "datasetVersion", "result", "report", "artifactPath", "createdAt")
          VALUES ('m1', 't1', 'd1', 'churn', '["churned"]', 10, 'key', 'v7', '{"status":"success","model_id":"m1"}', '{"version":1}', 'models/m1.model', '2026-01-02T03:04:05.000Z');
        INSERT INTO "Task" ("id", "teamId", "kind", "status", "payload", "resultId", "createdAt") VALUES ('reuse', 't1', 'train', 'SUCCEEDED', '{}', 'm1', '2026-01-03T00:00:00.000Z');
        INSERT INTO "Task" ("id", "teamId", "kind", "status", "payload", "resultId", "createdAt") VALUES ('first', 't1', 'train', 'SUCCEEDED', '{}', 'm1', '2026-01-02T00:00:00.000Z');
      `);
      await client.executeMultiple(fs.readFileSync(path.join(migrations, "0003_model_versions", "migration.sql"), "utf8"));
      const model = (await client.execute(`SELECT "activeVersion", "versionCount", "thresholds" FROM "Model" WHERE "id" = 'm1'`)).rows[0];
      expect({ ...model }).toEqual({ activeVersion: 1, versionCount: 1, thresholds: "{}" });
      const versions = (await client.execute(`SELECT * FROM "ModelVersion"`)).rows.map((r) => ({ ...r }));
      expect(versions).toEqual([
        {
          id: "m1",
          modelId: "m1",
          number: 1,
          taskId: "first",
          datasetVersion: "v7",
          reuseKey: "key",
          result: '{"status":"success","model_id":"m1"}',
          report: '{"version":1}',
          artifactPath: "models/m1.model",
          createdAt: "2026-01-02T03:04:05.000Z",
        },
      ]);
      // Deleting the model deletes its versions and report links (foreign keys on).
      await client.execute("PRAGMA foreign_keys = ON");
      await client.execute(`INSERT INTO "ReportShareLink" ("id", "modelId", "tokenHash") VALUES ('l1', 'm1', 'h')`);
      await client.execute(`DELETE FROM "Model" WHERE "id" = 'm1'`);
      expect((await client.execute(`SELECT COUNT(*) AS n FROM "ModelVersion"`)).rows[0].n).toBe(0);
      expect((await client.execute(`SELECT COUNT(*) AS n FROM "ReportShareLink"`)).rows[0].n).toBe(0);
    } finally {
      client.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
