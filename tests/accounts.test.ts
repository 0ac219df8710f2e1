// Accounts against a real SQLite database: the atomic first-run setup, the sign-in throttle,
// passwords and sessions, teams, invitations and the roles that guard keys and members.
import { beforeAll, describe, expect, it } from "vitest";
import { call, migrateTestDb } from "./setup-db";

let accounts: typeof import("../lib/services/accounts");
let setup: typeof import("../lib/services/setup");
let throttle: typeof import("../lib/services/login-throttle");
let teams: typeof import("../lib/services/teams");
let members: typeof import("../lib/services/members");
let invitations: typeof import("../lib/services/invitations");
let keys: typeof import("../lib/services/api-keys");
let db: typeof import("../lib/db").db;
let owner: { userId: string; teamId: string };

const OWNER = { email: "owner@example.com", password: "owner password 1" };
const here = { address: "198.51.100.1" };

beforeAll(async () => {
  await migrateTestDb();
  accounts = await import("../lib/services/accounts");
  setup = await import("../lib/services/setup");
  throttle = await import("../lib/services/login-throttle");
  teams = await import("../lib/services/teams");
  members = await import("../lib/services/members");
  invitations = await import("../lib/services/invitations");
  keys = await import("../lib/services/api-keys");
  db = (await import("../lib/db")).db;
});

/** A user in `teamId` with `role`, created the way the app does it (invitation, then accepted). */
async function addMember(teamId: string, email: string, role: "owner" | "admin" | "member", password = "initial password") {
  await invitations.inviteToTeam({ teamId, actor: { userId: owner.userId, role: "owner" }, email, role, password });
  const user = (await db.user.findUnique({ where: { email }, select: { id: true } }))!;
  const [invitation] = await invitations.listMyInvitations(email);
  await invitations.acceptInvitation({ userId: user.id, email, invitationId: invitation.id });
  await db.user.update({ where: { id: user.id }, data: { mustChangePassword: false } });
  return user.id;
}

describe("first-run setup", () => {
  it("needs the setup token, and six concurrent setups make exactly one owner", async () => {
    expect(await setup.needsSetup()).toBe(true);
    const token = (await setup.issueSetupToken())!;
    expect(token.length).toBeGreaterThanOrEqual(20);
    const input = { ...OWNER, name: "Olive", teamName: "Acme" };
    await expect(setup.createFirstUser({ ...input, setupToken: "not the token" }, here)).rejects.toThrow(/Wrong setup token/);
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) => setup.createFirstUser({ ...input, email: `owner${i}@example.com`, setupToken: token }, { address: `192.0.2.${i}` })),
    );
    const won = results.filter((r) => r.status === "fulfilled");
    expect(won).toHaveLength(1);
    for (const r of results) if (r.status === "rejected") expect(String(r.reason)).toMatch(/already done/);
    expect(await db.user.count()).toBe(1);
    expect(await db.membership.count({ where: { role: "owner" } })).toBe(1);
    // The token is spent; setup stays closed.
    expect(await db.systemSetting.count({ where: { key: { startsWith: "setup.token." } } })).toBe(0);
    expect(await setup.issueSetupToken()).toBeNull();
    const winner = (won[0] as PromiseFulfilledResult<{ userId: string; teamId: string }>).value;
    await db.user.update({ where: { id: winner.userId }, data: { email: OWNER.email } });
    owner = winner;
  });
});

describe("sign-in throttle", () => {
  it("doubles the delay after the free failures and forgets after an hour", () => {
    const free = throttle.THROTTLE.emailFreeFailures;
    expect(throttle.delayAfterFailures(free - 1, free)).toBe(0);
    expect(throttle.delayAfterFailures(free, free)).toBe(1_000);
    expect(throttle.delayAfterFailures(free + 3, free)).toBe(8_000);
    expect(throttle.delayAfterFailures(free + 40, free)).toBe(throttle.THROTTLE.maxDelayMs);
  });

  it("blocks an email after 5 failures, also for the right password, with a growing Retry-After", async () => {
    const key = throttle.emailThrottleKey("victim@example.com");
    const t0 = Date.parse("2030-01-01T00:00:00Z");
    for (let i = 0; i < 5; i++) await throttle.beginAttempt([key], t0 + i);
    await expect(throttle.beginAttempt([key], t0 + 10)).rejects.toMatchObject({ code: "rate_limited", retryAfterSeconds: 1 });
    await throttle.beginAttempt([key], t0 + 1_010); // the block has passed: one more try...
    await expect(throttle.beginAttempt([key], t0 + 1_020)).rejects.toMatchObject({ retryAfterSeconds: 2 }); // ...and a longer wait
    // An hour without failures: counting starts over.
    await throttle.beginAttempt([key], t0 + 2 * 3_600_000);
    const row = await db.loginThrottle.findUnique({ where: { key: key.key } });
    expect(row?.failures).toBe(1);
  });

  it("40 parallel wrong passwords: at most 5 are checked, the rest get 429, then even the right one waits", async () => {
    const outcomes = await Promise.allSettled(
      Array.from({ length: 40 }, () => accounts.verifyCredentials({ email: OWNER.email, password: "guess guess" }, { address: "203.0.113.50" })),
    );
    const reasons = outcomes.map((o) => (o.status === "rejected" ? (o.reason as { code?: string }).code : "ok"));
    expect(reasons.filter((r) => r === "unauthorized").length).toBeLessThanOrEqual(5);
    expect(reasons.filter((r) => r === "rate_limited").length).toBeGreaterThanOrEqual(35);
    const row = await db.loginThrottle.findUnique({ where: { key: throttle.emailThrottleKey(OWNER.email).key } });
    expect(row?.failures).toBe(5);
    expect(Number(row?.blockedUntilMs)).toBeGreaterThan(0);
    // While blocked (pinned, so a slow machine cannot outlast the first 1 s delay), the right password waits too.
    await db.loginThrottle.update({ where: { key: row!.key }, data: { blockedUntilMs: BigInt(Date.now() + 60_000) } });
    await expect(accounts.verifyCredentials({ email: OWNER.email, password: OWNER.password }, { address: "203.0.113.50" })).rejects.toMatchObject({
      code: "rate_limited",
    });
    // Once the wait is over the right password works, and the account's counter starts over.
    await db.loginThrottle.updateMany({ data: { blockedUntilMs: BigInt(0) } });
    await expect(accounts.verifyCredentials({ email: OWNER.email, password: OWNER.password }, { address: "203.0.113.50" })).resolves.toMatchObject({
      userId: owner.userId,
    });
    expect(await db.loginThrottle.findUnique({ where: { key: throttle.emailThrottleKey(OWNER.email).key } })).toBeNull();
    await db.loginThrottle.deleteMany({});
  });

  it("treats an unknown email exactly like a known one, and throttles per client address too", async () => {
    const address = "203.0.113.77";
    for (let i = 0; i < 5; i++) {
      await expect(accounts.verifyCredentials({ email: "nobody@example.com", password: "whatever" }, { address })).rejects.toMatchObject({
        code: "unauthorized",
        message: "Wrong email or password.",
      });
    }
    await expect(accounts.verifyCredentials({ email: "nobody@example.com", password: "whatever" }, { address })).rejects.toMatchObject({
      code: "rate_limited",
    });
    // Different emails from one address: blocked after the address's 20 free failures.
    await db.loginThrottle.deleteMany({});
    const codes: string[] = [];
    for (let i = 0; i < 22; i++) {
      codes.push(
        await accounts.verifyCredentials({ email: `spray${i}@example.com`, password: "whatever" }, { address }).then(
          () => "ok",
          (e: { code: string }) => e.code,
        ),
      );
    }
    expect(codes.slice(0, 20).every((c) => c === "unauthorized")).toBe(true);
    expect(codes[20]).toBe("rate_limited");
    // Another address is not affected.
    await expect(accounts.verifyCredentials({ email: OWNER.email, password: OWNER.password }, { address: "203.0.113.78" })).resolves.toBeTruthy();
    await db.loginThrottle.deleteMany({});
  });
});

describe("passwords and sessions", () => {
  it("a password change needs the current password and ends the other sessions only", async () => {
    const a = await accounts.createSession({ userId: owner.userId, teamId: owner.teamId, userAgent: "browser A" });
    const b = await accounts.createSession({ userId: owner.userId, teamId: owner.teamId, userAgent: "browser B" });
    await expect(
      accounts.changeOwnPassword({
        userId: owner.userId,
        currentToken: a.token,
        address: "x",
        currentPassword: "wrong one",
        newPassword: "brand new password",
      }),
    ).rejects.toThrow(/current password is wrong/);
    await expect(
      accounts.changeOwnPassword({ userId: owner.userId, currentToken: a.token, address: "x", currentPassword: OWNER.password, newPassword: OWNER.password }),
    ).rejects.toThrow(/differs/);
    await accounts.changeOwnPassword({
      userId: owner.userId,
      currentToken: a.token,
      address: "x",
      currentPassword: OWNER.password,
      newPassword: "brand new password",
    });
    expect(await accounts.getSession(a.token)).not.toBeNull();
    expect(await accounts.getSession(b.token)).toBeNull();
    await expect(accounts.verifyCredentials({ ...OWNER }, here)).rejects.toThrow(/Wrong/);
    await accounts.changeOwnPassword({
      userId: owner.userId,
      currentToken: a.token,
      address: "x",
      currentPassword: "brand new password",
      newPassword: OWNER.password,
    });
    await db.loginThrottle.deleteMany({});
  });

  it("changes your own name (trimmed, at most 100 characters), which the session then shows", async () => {
    const a = await accounts.createSession({ userId: owner.userId, teamId: owner.teamId, userAgent: "browser A" });
    await accounts.changeOwnName({ userId: owner.userId, ...accounts.changeNameSchema.parse({ name: "  Olive Renamed " }) });
    expect((await accounts.getSession(a.token))?.name).toBe("Olive Renamed");
    expect(accounts.changeNameSchema.safeParse({ name: "x".repeat(101) }).success).toBe(false);
    // A blank name (spaces only) is no name: refused, not stored as "".
    expect(accounts.changeNameSchema.safeParse({ name: "   " }).success).toBe(false);
    await accounts.changeOwnName({ userId: owner.userId, name: "Olive" });
  });

  it("lists sessions with handles that are not credentials; ends one or all", async () => {
    const a = await accounts.createSession({
      userId: owner.userId,
      teamId: owner.teamId,
      userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/120",
      ipAddress: "192.0.2.1",
    });
    const b = await accounts.createSession({ userId: owner.userId, teamId: owner.teamId });
    const list = await accounts.listSessions({ userId: owner.userId, currentToken: a.token });
    const current = list.find((s) => s.current)!;
    expect(current.ipAddress).toBe("192.0.2.1");
    expect(JSON.stringify(list)).not.toContain(a.token);
    const stored = await db.session.findMany({ select: { id: true } });
    for (const s of stored) expect(JSON.stringify(list)).not.toContain(s.id);
    const other = list.find((s) => !s.current)!;
    const sessionB = await accounts.getSession(b.token);
    expect(await accounts.endSession({ userId: owner.userId, sessionId: sessionB!.sessionId, currentToken: a.token })).toBe(false);
    expect(await accounts.getSession(b.token)).toBeNull();
    await expect(accounts.endSession({ userId: "someone-else", sessionId: other.id, currentToken: null })).rejects.toThrow(/not found/);
    await accounts.endAllSessions({ userId: owner.userId });
    expect(await accounts.getSession(a.token)).toBeNull();
  });
});

describe("teams", () => {
  it("creates a team owned by its creator, lists teams with roles, switches only into own teams", async () => {
    const created = await teams.createTeam({ userId: owner.userId, name: "  Second team " });
    expect(created.name).toBe("Second team");
    const mine = await teams.listTeams(owner.userId);
    expect(mine.map((t) => [t.name, t.role])).toEqual([
      ["Acme", "owner"],
      ["Second team", "owner"],
    ]);
    const session = await accounts.createSession({ userId: owner.userId, teamId: owner.teamId });
    await accounts.switchTeam({ token: session.token, userId: owner.userId, teamId: created.id });
    expect((await accounts.getSession(session.token))?.teamName).toBe("Second team");
    const stranger = await db.team.create({ data: { name: "Not yours" } });
    await expect(accounts.switchTeam({ token: session.token, userId: owner.userId, teamId: stranger.id })).rejects.toMatchObject({ code: "not_found" });
    await expect(teams.createTeam({ userId: owner.userId, name: "   " })).rejects.toThrow();
  });
});

describe("invitations", () => {
  it("answers the inviter the same whether or not the account exists; nobody joins without accepting", async () => {
    const other = await teams.createTeam({ userId: owner.userId, name: "Inviting team" });
    const actor = { userId: owner.userId, role: "owner" as const };
    // An account that exists (in another team) and one that does not.
    const existingId = await addMember(owner.teamId, "existing@example.com", "member", "their own password");
    const before = (await db.user.findUnique({ where: { id: existingId } }))!.passwordHash;
    const forExisting = await invitations.inviteToTeam({
      teamId: other.id,
      actor,
      email: "existing@example.com",
      role: "admin",
      password: "inviter chose this",
    });
    const forNew = await invitations.inviteToTeam({ teamId: other.id, actor, email: "newcomer@example.com", role: "admin", password: "inviter chose this" });
    const strip = (r: typeof forNew) => ({ ...r, invitation: { ...r.invitation, id: "", email: "", createdAt: "", expiresAt: "" } });
    expect(strip(forExisting)).toEqual(strip(forNew));
    // The existing account keeps its password; neither is a member yet.
    expect((await db.user.findUnique({ where: { id: existingId } }))!.passwordHash).toBe(before);
    expect((await members.listMembers(other.id)).map((m) => m.user.email)).toEqual(["owner@example.com"]);
    expect((await invitations.listTeamInvitations(other.id)).map((i) => i.email).sort()).toEqual(["existing@example.com", "newcomer@example.com"]);
    await expect(invitations.inviteToTeam({ teamId: other.id, actor, email: "existing@example.com", role: "member", password: "whatever1" })).rejects.toThrow(
      /pending invitation/,
    );

    // The newcomer signs in with the initial password, must change it, then accepts.
    const newcomer = await accounts.verifyCredentials({ email: "newcomer@example.com", password: "inviter chose this" }, here);
    expect(newcomer).toMatchObject({ teamId: null, mustChangePassword: true });
    const [invNew] = await invitations.listMyInvitations("newcomer@example.com");
    expect(invNew).toMatchObject({ teamName: "Inviting team", role: "admin" });
    // Someone else cannot answer it.
    await expect(invitations.acceptInvitation({ userId: existingId, email: "existing@example.com", invitationId: invNew.id })).rejects.toMatchObject({
      code: "not_found",
    });
    const joined = await invitations.acceptInvitation({ userId: newcomer.userId, email: "newcomer@example.com", invitationId: invNew.id });
    expect(joined).toMatchObject({ teamId: other.id, role: "admin" });
    await expect(invitations.acceptInvitation({ userId: newcomer.userId, email: "newcomer@example.com", invitationId: invNew.id })).rejects.toMatchObject({
      code: "not_found",
    });

    // The existing account declines.
    const [invExisting] = await invitations.listMyInvitations("existing@example.com");
    await invitations.declineInvitation({ email: "existing@example.com", invitationId: invExisting.id });
    expect(await invitations.listMyInvitations("existing@example.com")).toEqual([]);
    expect((await members.listMembers(other.id)).map((m) => m.user.email).sort()).toEqual(["newcomer@example.com", "owner@example.com"]);
  });

  it("revoking the invitation of an account nobody used deletes that account; a used one stays", async () => {
    const actor = { userId: owner.userId, role: "owner" as const };
    await invitations.inviteToTeam({ teamId: owner.teamId, actor, email: "ghost@example.com", role: "member", password: "never used 1" });
    expect(await db.user.count({ where: { email: "ghost@example.com" } })).toBe(1);
    const [ghost] = await invitations.listTeamInvitations(owner.teamId).then((l) => l.filter((i) => i.email === "ghost@example.com"));
    await invitations.revokeInvitation({ teamId: owner.teamId, actorRole: "owner", invitationId: ghost.id });
    expect(await db.user.count({ where: { email: "ghost@example.com" } })).toBe(0);
    await expect(invitations.revokeInvitation({ teamId: owner.teamId, actorRole: "owner", invitationId: ghost.id })).rejects.toMatchObject({
      code: "not_found",
    });
    // Signed in once: the account is its owner's now.
    await invitations.inviteToTeam({ teamId: owner.teamId, actor, email: "used@example.com", role: "member", password: "used once 12" });
    const used = await accounts.verifyCredentials({ email: "used@example.com", password: "used once 12" }, here);
    await accounts.createSession(used);
    const [pending] = (await invitations.listTeamInvitations(owner.teamId)).filter((i) => i.email === "used@example.com");
    await invitations.revokeInvitation({ teamId: owner.teamId, actorRole: "owner", invitationId: pending.id });
    expect(await db.user.count({ where: { email: "used@example.com" } })).toBe(1);
    await expect(invitations.revokeInvitation({ teamId: owner.teamId, actorRole: "member", invitationId: pending.id })).rejects.toMatchObject({
      code: "forbidden",
    });
  });

  it("only owners and admins invite; only owners invite owners", async () => {
    const memberId = await addMember(owner.teamId, "plain@example.com", "member");
    const adminId = await addMember(owner.teamId, "admin@example.com", "admin");
    await expect(
      invitations.inviteToTeam({
        teamId: owner.teamId,
        actor: { userId: memberId, role: "member" },
        email: "x1@example.com",
        role: "member",
        password: "whatever1",
      }),
    ).rejects.toMatchObject({ code: "forbidden" });
    await expect(
      invitations.inviteToTeam({
        teamId: owner.teamId,
        actor: { userId: adminId, role: "admin" },
        email: "x2@example.com",
        role: "owner",
        password: "whatever1",
      }),
    ).rejects.toMatchObject({ code: "forbidden" });
  });
});

describe("roles", () => {
  it("members cannot create or revoke keys; keys record their creator", async () => {
    const memberId = (await db.user.findUnique({ where: { email: "plain@example.com" } }))!.id;
    await expect(keys.createTeamApiKey({ teamId: owner.teamId, actor: { userId: memberId, role: "member" }, name: "nope" })).rejects.toMatchObject({
      code: "forbidden",
    });
    const key = await keys.createTeamApiKey({ teamId: owner.teamId, actor: { userId: owner.userId, role: "owner" }, name: "owner key" });
    await expect(keys.revokeTeamApiKey({ teamId: owner.teamId, actorRole: "member", keyId: key.id })).rejects.toMatchObject({ code: "forbidden" });
    const listed = (await keys.listApiKeys(owner.teamId)).find((k) => k.id === key.id)!;
    expect(listed.createdBy?.email).toBe(OWNER.email);
    expect(JSON.stringify(listed)).not.toContain(key.secret);
    expect(key.prefix.length).toBeLessThanOrEqual(8);
  });

  it("removing a member revokes the keys they created, at once (also when cached)", async () => {
    const adminId = await addMember(owner.teamId, "keymaker@example.com", "admin");
    const key = await keys.createTeamApiKey({ teamId: owner.teamId, actor: { userId: adminId, role: "admin" }, name: "admin's script" });
    const ownerKey = await keys.createTeamApiKey({ teamId: owner.teamId, actor: { userId: owner.userId, role: "owner" }, name: "stays" });
    expect(await keys.authenticateApiKey(key.secret)).toMatchObject({ teamId: owner.teamId }); // now cached
    const result = await members.removeMember({ teamId: owner.teamId, actor: { userId: owner.userId, role: "owner" }, userId: adminId });
    expect(result.revokedKeys).toBe(1);
    expect(await keys.authenticateApiKey(key.secret)).toBeNull();
    expect(await keys.authenticateApiKey(ownerKey.secret)).not.toBeNull();
  });

  it("the last owner can be neither demoted nor removed; two owners demoting each other at once leave one owner", async () => {
    const team = await teams.createTeam({ userId: owner.userId, name: "Owners" });
    const actor = { userId: owner.userId, role: "owner" as const };
    await expect(members.changeMemberRole({ teamId: team.id, actor, userId: owner.userId, role: "admin" })).rejects.toThrow(/at least one owner/);
    await expect(members.removeMember({ teamId: team.id, actor, userId: owner.userId })).rejects.toThrow(/at least one owner/);
    const secondId = await addMember(team.id, "second-owner@example.com", "owner");
    const both = await Promise.allSettled([
      members.changeMemberRole({ teamId: team.id, actor, userId: secondId, role: "member" }),
      members.changeMemberRole({ teamId: team.id, actor: { userId: secondId, role: "owner" }, userId: owner.userId, role: "member" }),
    ]);
    expect(both.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await db.membership.count({ where: { teamId: team.id, role: "owner" } })).toBe(1);
    // Admins change no roles.
    await expect(
      members.changeMemberRole({ teamId: team.id, actor: { userId: secondId, role: "admin" }, userId: owner.userId, role: "member" }),
    ).rejects.toMatchObject({ code: "forbidden" });
  });

  it("an initial password set by an admin: member-only accounts, sessions end, the change is forced", async () => {
    const team = await teams.createTeam({ userId: owner.userId, name: "Resets" });
    const actor = { userId: owner.userId, role: "owner" as const };
    const soloId = await addMember(team.id, "solo@example.com", "member", "solo password");
    const session = await accounts.createSession({ userId: soloId, teamId: team.id });
    await members.setMemberPassword({ teamId: team.id, actor, userId: soloId, password: "given password" });
    expect(await accounts.getSession(session.token)).toBeNull();
    const signedIn = await accounts.verifyCredentials({ email: "solo@example.com", password: "given password" }, here);
    expect(signedIn.mustChangePassword).toBe(true);
    // Until the change, the session opens no team data.
    const fresh = await accounts.createSession(signedIn);
    const projects = await import("../app/api/v1/projects/route");
    const blocked = await call(projects.GET as never, "GET", "/api/v1/projects", { headers: { cookie: `tabula_session=${fresh.token}` } });
    expect(blocked.status).toBe(403);
    expect(blocked.json.detail).toMatch(/password/);
    await accounts.changeOwnPassword({
      userId: soloId,
      currentToken: fresh.token,
      address: "x",
      currentPassword: "given password",
      newPassword: "my own password",
    });
    expect((await call(projects.GET as never, "GET", "/api/v1/projects", { headers: { cookie: `tabula_session=${fresh.token}` } })).status).toBe(200);
    // Someone who is also in another team: refused (an admin here must not take over their account).
    const multiId = (await db.user.findUnique({ where: { email: "newcomer@example.com" } }))!.id;
    await addMember(team.id, "newcomer@example.com", "member").catch(() => undefined);
    expect(await db.membership.count({ where: { userId: multiId } })).toBeGreaterThan(1);
    await expect(members.setMemberPassword({ teamId: team.id, actor, userId: multiId, password: "takeover1" })).rejects.toThrow(/other teams/);
    // Admins cannot reset owners.
    const adminId = await addMember(team.id, "reset-admin@example.com", "admin");
    await expect(
      members.setMemberPassword({ teamId: team.id, actor: { userId: adminId, role: "admin" }, userId: owner.userId, password: "takeover1" }),
    ).rejects.toMatchObject({ code: "forbidden" });
    await db.loginThrottle.deleteMany({});
  });
});

describe("INITIAL_API_KEY", () => {
  it("shows at most 8 characters and at most a third of the key", async () => {
    const { apiKeyPrefix } = await import("../lib/auth/crypto");
    expect(apiKeyPrefix("tbk_abcdefghijklmnopqrstuvwxyz0123456789")).toBe("tbk_abcd");
    expect(apiKeyPrefix("abcdefghijklmnopqrst")).toBe("abcdef"); // 20 characters -> 6
    const { getEnv } = await import("../lib/env");
    expect(getEnv()).toBeTruthy();
  });
});
