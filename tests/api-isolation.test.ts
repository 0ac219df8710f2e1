// Route handlers against a real SQLite database: team isolation (another team's resource is "not
// found"), API key lifecycle, and the auth rules of both API families.
import { beforeAll, describe, expect, it } from "vitest";
import { call, createTeamWithKey, migrateTestDb } from "./setup-db";

let legacyDatasets: typeof import("../app/v1/datasets/route");
let projects: typeof import("../app/api/v1/projects/route");
let project: typeof import("../app/api/v1/projects/[projectId]/route");
let trainNew: typeof import("../app/api/v1/models/train/new/route");
let a: { teamId: string; secret: string };
let b: { teamId: string; secret: string };

beforeAll(async () => {
  await migrateTestDb();
  legacyDatasets = await import("../app/v1/datasets/route");
  projects = await import("../app/api/v1/projects/route");
  project = await import("../app/api/v1/projects/[projectId]/route");
  trainNew = await import("../app/api/v1/models/train/new/route");
  a = await createTeamWithKey("Team A");
  b = await createTeamWithKey("Team B");
});

describe("team isolation", () => {
  it("a dataset of team A is not found for team B, in every operation", async () => {
    const created = await call(legacyDatasets.POST, "POST", `/v1/datasets?api_key=${a.secret}`, { body: { name: "private" } });
    expect(created.status).toBe(200);
    const id = created.json.dataset_id;
    await call(legacyDatasets.POST, "POST", "/v1/datasets", {
      body: {
        api_key: a.secret,
        id,
        rows: [
          { x: 1, y: "a" },
          { x: 2, y: "b" },
        ],
      },
    });

    expect((await call(legacyDatasets.GET, "GET", `/v1/datasets?api_key=${b.secret}&id=${id}`)).status).toBe(404);
    expect((await call(legacyDatasets.POST, "POST", "/v1/datasets", { body: { api_key: b.secret, id, rows: [{ x: 3, y: "c" }] } })).status).toBe(404);
    expect((await call(legacyDatasets.DELETE, "DELETE", `/v1/datasets?api_key=${b.secret}&id=${id}`)).status).toBe(404);
    const listB = await call(legacyDatasets.GET, "GET", `/v1/datasets?api_key=${b.secret}`);
    expect(listB.json.datasets.map((d: { id: string }) => d.id)).not.toContain(id);
    const train = await call(trainNew.POST, "POST", "/api/v1/models/train/new", {
      headers: { "X-API-Key": b.secret },
      body: { dataset_id: id, predict_fields: ["y"], duration: 10 },
    });
    expect(train.status).toBe(404);
    // Still intact for its owner.
    const info = await call(legacyDatasets.GET, "GET", `/v1/datasets?api_key=${a.secret}&id=${id}`);
    expect(info.json.rows).toBe(2);
  });

  it("a project of team A is not found for team B", async () => {
    const created = await call(projects.POST, "POST", "/api/v1/projects", { headers: { "X-API-Key": a.secret }, body: { name: "A's" } });
    expect(created.status).toBe(201);
    const params = { projectId: created.json.id };
    expect((await call(project.GET, "GET", "/x", { headers: { "X-API-Key": b.secret }, params })).status).toBe(404);
    expect((await call(project.PUT, "PUT", "/x", { headers: { "X-API-Key": b.secret }, body: { name: "stolen" }, params })).status).toBe(404);
    expect((await call(project.DELETE, "DELETE", "/x", { headers: { "X-API-Key": b.secret }, params })).status).toBe(404);
    expect((await call(project.GET, "GET", "/x", { headers: { "X-API-Key": a.secret }, params })).json.name).toBe("A's");
  });
});

describe("API keys", () => {
  it("revoked keys stop working at once; lastUsedAt is recorded", async () => {
    const { createApiKey, listApiKeys, revokeApiKey } = await import("../lib/services/api-keys");
    const key = await createApiKey({ teamId: a.teamId, name: "temp" });
    expect(key.secret.startsWith(key.prefix)).toBe(true);
    expect((await call(projects.GET, "GET", "/api/v1/projects", { headers: { "X-API-Key": key.secret } })).status).toBe(200);
    const listed = (await listApiKeys(a.teamId)).find((k) => k.id === key.id)!;
    expect(listed.lastUsedAt).not.toBeNull();
    expect(JSON.stringify(listed)).not.toContain(key.secret);
    await revokeApiKey({ teamId: a.teamId, keyId: key.id });
    expect((await call(projects.GET, "GET", "/api/v1/projects", { headers: { "X-API-Key": key.secret } })).status).toBe(401);
    expect((await call(legacyDatasets.GET, "GET", `/v1/datasets?api_key=${key.secret}`)).json).toEqual({ status: "missing or invalid API key" });
    await expect(revokeApiKey({ teamId: b.teamId, keyId: key.id })).rejects.toThrow(/not found/);
  });

  it("stores only a SHA-256 hash of the secret", async () => {
    const { db } = await import("../lib/db");
    const { createApiKey } = await import("../lib/services/api-keys");
    const key = await createApiKey({ teamId: a.teamId, name: "hash check" });
    const row = await db.apiKey.findUnique({ where: { id: key.id } });
    expect(row!.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(key.secret);
  });
});

describe("accounts", () => {
  it("first-run setup once, sign-in with the right password only, scrypt hashes", async () => {
    const accounts = await import("../lib/services/accounts");
    const setup = await import("../lib/services/setup");
    const here = { address: "203.0.113.9" };
    expect(await setup.needsSetup()).toBe(true);
    const token = (await setup.issueSetupToken())!;
    const first = await setup.createFirstUser(
      { email: "owner@example.com", password: "correct horse", name: "Owner", teamName: "Acme", setupToken: token },
      here,
    );
    expect(await setup.needsSetup()).toBe(false);
    await expect(setup.createFirstUser({ email: "x@example.com", password: "whatever1", name: "", teamName: "X", setupToken: token }, here)).rejects.toThrow(
      /already done/,
    );
    await expect(accounts.verifyCredentials({ email: "owner@example.com", password: "wrong password" }, here)).rejects.toThrow(/Wrong email or password/);
    await expect(accounts.verifyCredentials({ email: "nobody@example.com", password: "correct horse" }, here)).rejects.toThrow(/Wrong email or password/);
    const ok = await accounts.verifyCredentials({ email: "owner@example.com", password: "correct horse" }, here);
    expect(ok.userId).toBe(first.userId);
    const session = await accounts.createSession(ok);
    const info = await accounts.getSession(session.token);
    expect(info?.email).toBe("owner@example.com");
    expect(info?.role).toBe("owner");
    await accounts.deleteSession(session.token);
    expect(await accounts.getSession(session.token)).toBeNull();
    const { db } = await import("../lib/db");
    const user = await db.user.findUnique({ where: { email: "owner@example.com" } });
    expect(user!.passwordHash.startsWith("scrypt$")).toBe(true);
  });
});
