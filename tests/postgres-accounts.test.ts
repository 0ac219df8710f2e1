// Accounts on a real PostgreSQL server, where transactions are not serialised for us: concurrent
// first-run setups make one owner, two owners demoting each other leave one, 40 parallel wrong
// passwords check at most 5, and a key revoked by another web process stops working in this one
// at once (NOTIFY), although this process had it cached. Needs TEST_DATABASE_URL (see
// tests/postgres-claim.test.ts; `npm test` starts a throwaway server).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import { adminUrl, createDatabase, databaseUrl, dropDatabase } from "./helpers/postgres-db";

describe.skipIf(!adminUrl)("PostgreSQL accounts", () => {
  const database = `tabula_accounts_${process.pid}_${Date.now().toString(36)}`;
  let db: typeof import("../lib/db").db;
  let setup: typeof import("../lib/services/setup");
  let accounts: typeof import("../lib/services/accounts");
  let members: typeof import("../lib/services/members");
  let invitations: typeof import("../lib/services/invitations");
  let keys: typeof import("../lib/services/api-keys");
  let revocations: typeof import("../lib/services/key-revocations");
  let dataDir: string | undefined;
  let owner: { userId: string; teamId: string };

  beforeAll(async () => {
    await createDatabase(database);
    process.env.DATABASE_URL = databaseUrl(adminUrl!, database, { connection_limit: "24" });
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tabula-pg-accounts-"));
    process.env.DATA_DIR = dataDir;
    const { migrate } = await import("../scripts/migrate");
    await migrate();
    db = (await import("../lib/db")).db;
    setup = await import("../lib/services/setup");
    accounts = await import("../lib/services/accounts");
    members = await import("../lib/services/members");
    invitations = await import("../lib/services/invitations");
    keys = await import("../lib/services/api-keys");
    revocations = await import("../lib/services/key-revocations");
  });

  afterAll(async () => {
    await revocations?.stopRevocationListener();
    await db?.$disconnect();
    await dropDatabase(database);
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("eight concurrent first-run setups make exactly one owner", async () => {
    const token = (await setup.issueSetupToken())!;
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) =>
        setup.createFirstUser(
          { email: `owner${i}@example.com`, password: "owner password", name: "", teamName: "Race", setupToken: token },
          { address: `192.0.2.${i}` },
        ),
      ),
    );
    const won = results.filter((r): r is PromiseFulfilledResult<{ userId: string; teamId: string }> => r.status === "fulfilled");
    expect(won).toHaveLength(1);
    for (const r of results) if (r.status === "rejected") expect(String(r.reason)).toMatch(/already done/);
    expect(await db.user.count()).toBe(1);
    expect(await db.membership.count({ where: { role: "owner" } })).toBe(1);
    owner = won[0].value;
  });

  it("two owners demoting each other at the same moment leave exactly one owner", async () => {
    const email = "second@example.com";
    await invitations.inviteToTeam({ teamId: owner.teamId, actor: { userId: owner.userId, role: "owner" }, email, role: "owner", password: "second password" });
    const second = (await db.user.findUnique({ where: { email } }))!;
    const [invitation] = await invitations.listMyInvitations(email);
    await invitations.acceptInvitation({ userId: second.id, email, invitationId: invitation.id });
    for (let round = 0; round < 3; round++) {
      await db.membership.updateMany({ where: { teamId: owner.teamId }, data: { role: "owner" } });
      const results = await Promise.allSettled([
        members.changeMemberRole({ teamId: owner.teamId, actor: { userId: owner.userId, role: "owner" }, userId: second.id, role: "admin" }),
        members.changeMemberRole({ teamId: owner.teamId, actor: { userId: second.id, role: "owner" }, userId: owner.userId, role: "admin" }),
      ]);
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      expect(await db.membership.count({ where: { teamId: owner.teamId, role: "owner" } })).toBe(1);
    }
    await db.membership.updateMany({ where: { userId: owner.userId }, data: { role: "owner" } });
  });

  it("40 parallel wrong passwords: at most 5 reach the password check", async () => {
    const outcomes = await Promise.allSettled(
      Array.from({ length: 40 }, () => accounts.verifyCredentials({ email: "owner@example.com", password: "wrong guess" }, { address: "203.0.113.9" })),
    );
    const codes = outcomes.map((o) => (o.status === "rejected" ? (o.reason as { code?: string }).code : "ok"));
    expect(codes.filter((c) => c === "unauthorized").length).toBeLessThanOrEqual(5);
    expect(codes.filter((c) => c === "rate_limited").length).toBeGreaterThanOrEqual(35);
  });

  it("a key revoked by another web process stops working here at once, though it was cached", async () => {
    const key = await keys.createApiKey({ teamId: owner.teamId, name: "cached" });
    // The first lookups start this process's listener; keys are cached only once it listens.
    for (let i = 0; i < 50 && !revocations.keyCachingAllowed(() => undefined); i++) await new Promise((r) => setTimeout(r, 100));
    expect(await keys.authenticateApiKey(key.secret)).toMatchObject({ teamId: owner.teamId });
    // Another process revokes it in the database: this process still answers from its cache...
    const other = new pg.Client({ connectionString: process.env.DATABASE_URL!.replace(/[?&]connection_limit=\d+/, "") });
    await other.connect();
    try {
      await other.query(`UPDATE "ApiKey" SET "revokedAt" = now() WHERE "id" = $1`, [key.id]);
      expect(await keys.authenticateApiKey(key.secret)).not.toBeNull();
      // ...until the other process announces it, as revokeApiKey/removeMember do.
      await other.query("SELECT pg_notify($1, $2)", [revocations.REVOCATION_CHANNEL, JSON.stringify([key.id])]);
      let result: unknown = "cached";
      for (let i = 0; i < 40 && result !== null; i++) {
        await new Promise((r) => setTimeout(r, 25));
        result = await keys.authenticateApiKey(key.secret);
      }
      expect(result).toBeNull();
    } finally {
      await other.end();
    }
    // And this process's own revocations go out to the others.
    const listener = new pg.Client({ connectionString: process.env.DATABASE_URL!.replace(/[?&]connection_limit=\d+/, "") });
    await listener.connect();
    try {
      const heard = new Promise<string>((resolve) => listener.on("notification", (m) => resolve(m.payload ?? "")));
      await listener.query(`LISTEN ${revocations.REVOCATION_CHANNEL}`);
      const second = await keys.createApiKey({ teamId: owner.teamId, name: "second" });
      await keys.revokeApiKey({ teamId: owner.teamId, keyId: second.id });
      expect(JSON.parse(await heard)).toEqual([second.id]);
    } finally {
      await listener.end();
    }
  });
});
