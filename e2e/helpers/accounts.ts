// Session-cookie clients for the account routes (/api/auth, /api/teams, /api/team): a request
// context keeps its cookies, and sends the CSRF header every cookie-authenticated write needs.
import { expect, request as playwrightRequest, type APIRequestContext } from "@playwright/test";

export const OWNER = { email: "owner@example.com", password: "correct horse battery", name: "Olive Owner", teamName: "Acme Analytics" };

export async function sessionClient(baseURL: string, extraHeaders: Record<string, string> = {}): Promise<APIRequestContext> {
  return playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { "x-tabula-csrf": "1", ...extraHeaders } });
}

/** Completes first-run setup if the instance is fresh (as OWNER), then signs OWNER in. */
export async function signInOwner(ctx: APIRequestContext, setupToken = process.env.E2E_SETUP_TOKEN ?? "") {
  const setup = await ctx.post("/api/auth/setup", { data: { ...OWNER, setupToken } });
  expect([201, 409], await setup.text()).toContain(setup.status());
  if (setup.status() === 201) return;
  await signIn(ctx, OWNER.email, OWNER.password);
}

export async function signIn(ctx: APIRequestContext, email: string, password: string) {
  const res = await ctx.post("/api/auth/login", { data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as { ok: true; mustChangePassword: boolean; hasTeam: boolean };
}

export async function createTeam(ctx: APIRequestContext, name: string): Promise<string> {
  const res = await ctx.post("/api/teams", { data: { name } });
  expect(res.status(), await res.text()).toBe(201);
  const team = await res.json();
  expect(team).toEqual({ id: expect.any(String), name });
  return team.id;
}

export async function switchTeam(ctx: APIRequestContext, teamId: string) {
  const res = await ctx.post("/api/auth/team", { data: { teamId } });
  expect(res.status(), await res.text()).toBe(200);
}

export async function createKey(ctx: APIRequestContext, name: string): Promise<{ id: string; secret: string; prefix: string }> {
  const res = await ctx.post("/api/team/keys", { data: { name } });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

/** Invites `email` to the session's team, then signs them in (choosing their own password if new) and accepts. */
export async function inviteAndJoin(owner: APIRequestContext, baseURL: string, email: string, role: "admin" | "member", teamId: string) {
  const invited = await owner.post("/api/team/members", { data: { email, role, password: "initial pass 1" } });
  expect(invited.status(), await invited.text()).toBe(201);
  const person = await sessionClient(baseURL);
  const signedIn = await signIn(person, email, "initial pass 1");
  if (signedIn.mustChangePassword) {
    const changed = await person.post("/api/auth/password", { data: { currentPassword: "initial pass 1", newPassword: `${email} own pass` } });
    expect(changed.status(), await changed.text()).toBe(200);
  }
  const mine = await (await person.get("/api/invitations")).json();
  const invitation = mine.invitations.find((i: { teamId: string }) => i.teamId === teamId);
  expect(invitation, JSON.stringify(mine)).toBeTruthy();
  const accepted = await person.post(`/api/invitations/${invitation.id}/accept`);
  expect(accepted.status(), await accepted.text()).toBe(200);
  await switchTeam(person, teamId);
  return person;
}
