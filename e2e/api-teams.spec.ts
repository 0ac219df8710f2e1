// Several teams in one installation, over HTTP with the real server and workers: two teams made
// through the new routes, each with its own key; every endpoint of both APIs tried with the other
// team's ids and key (404, nothing changed, nothing listed); roles that hold (a member cannot
// manage keys, a removed member's key is 401 at once, the last owner stays); invitations
// accepted and declined; a password change ends the other sessions.
import type { APIRequestContext } from "@playwright/test";
import { createDataset, expect, test, waitForTask } from "./helpers/fixtures";
import { createKey, createTeam, inviteAndJoin, OWNER, sessionClient, signIn, signInOwner, switchTeam } from "./helpers/accounts";
import { churnRows } from "./helpers/data";

test.describe.configure({ mode: "serial" });

const stamp = Date.now().toString(36);
let owner: APIRequestContext;
let teamA = "";
let teamB = "";
let keyA = { id: "", secret: "", prefix: "" };
let keyB = { id: "", secret: "", prefix: "" };
const a = { datasetId: "", taskId: "", modelId: "", projectId: "", chatTaskId: "", chatId: "" };

test.beforeAll(async ({ baseURL }) => {
  owner = await sessionClient(baseURL!);
  await signInOwner(owner);
});

test.afterAll(async () => {
  await owner?.dispose();
});

test("two teams through the new routes, each with its own key", async () => {
  teamA = await createTeam(owner, `Isolation A ${stamp}`);
  teamB = await createTeam(owner, `Isolation B ${stamp}`);
  const listed = await (await owner.get("/api/teams")).json();
  const roles = Object.fromEntries(listed.teams.map((t: { id: string; role: string }) => [t.id, t.role]));
  expect(roles[teamA]).toBe("owner");
  expect(roles[teamB]).toBe("owner");
  expect((await owner.post("/api/auth/team", { data: { teamId: "no-such-team" } })).status()).toBe(404);

  await switchTeam(owner, teamA);
  expect((await (await owner.get("/api/auth/me")).json()).teamId).toBe(teamA);
  keyA = await createKey(owner, "team A script");
  await switchTeam(owner, teamB);
  keyB = await createKey(owner, "team B script");
  expect(keyA.prefix.length).toBeLessThanOrEqual(8);
  expect(keyA.prefix.length).toBeLessThanOrEqual(Math.floor(keyA.secret.length / 3));
  // Each team's key list holds its own key only.
  const keysB = (await (await owner.get("/api/team/keys")).json()).keys.map((k: { id: string }) => k.id);
  expect(keysB).toContain(keyB.id);
  expect(keysB).not.toContain(keyA.id);
});

test("team A's data: a dataset, a trained model, a project and a chat", async ({ baseURL }) => {
  const apiA = await (await import("@playwright/test")).request.newContext({ baseURL, extraHTTPHeaders: { "X-API-Key": keyA.secret } });
  a.datasetId = await createDataset(apiA, keyA.secret, `A data ${stamp}`, churnRows(200));
  const submitted = await apiA.post("/api/v1/models/train/new", { data: { dataset_id: a.datasetId, predict_fields: ["churned"], duration: 10 } });
  expect(submitted.status(), await submitted.text()).toBe(201);
  a.taskId = (await submitted.json()).task_id;
  const done = await waitForTask(apiA, `/api/v1/models/train/${a.taskId}/status`, 180_000);
  expect(done.status, JSON.stringify(done)).toBe("SUCCEEDED");
  a.modelId = (await (await apiA.get(done.metadata.location)).json()).model_id;
  const project = await apiA.post("/api/v1/projects", { data: { name: `A project ${stamp}`, datasetId: a.datasetId } });
  expect(project.status()).toBe(201);
  a.projectId = (await project.json()).id;
  const chat = await apiA.post("/api/v1/chat-explore/new", {
    data: { dataset_id: a.datasetId, messages: [{ role: "user", content: "How many rows are there per plan?" }] },
  });
  expect(chat.status(), await chat.text()).toBe(201);
  a.chatTaskId = (await chat.json()).task_id;
  const chatDone = await waitForTask(apiA, `/api/v1/chat-explore/status/${a.chatTaskId}`, 120_000);
  expect(chatDone.status, JSON.stringify(chatDone)).toBe("SUCCEEDED");
  a.chatId = String(chatDone.metadata.location).split("/chats/")[1];
  await apiA.dispose();
});

test("every endpoint of both APIs with team B's key and team A's ids: 404, nothing listed, nothing changed", async ({ baseURL }) => {
  const { request } = await import("@playwright/test");
  const apiB = await request.newContext({ baseURL, extraHTTPHeaders: { "X-API-Key": keyB.secret } });
  const legacy = await request.newContext({ baseURL });
  const k = encodeURIComponent(keyB.secret);
  const attempts: [string, Promise<import("@playwright/test").APIResponse>][] = [
    ["train new", apiB.post("/api/v1/models/train/new", { data: { dataset_id: a.datasetId, predict_fields: ["churned"], duration: 10 } })],
    ["train status", apiB.get(`/api/v1/models/train/${a.taskId}/status`)],
    ["train result", apiB.get(`/api/v1/models/train/${a.taskId}/result`)],
    ["train cancel", apiB.post(`/api/v1/models/train/${a.taskId}/cancel`)],
    ["model get", apiB.get(`/api/v1/models/${a.modelId}`)],
    ["model predict", apiB.post(`/api/v1/models/${a.modelId}/predict`, { data: { data: [{ plan: "basic" }] } })],
    ["model delete", apiB.delete(`/api/v1/models/${a.modelId}`)],
    [
      "chat new (dataset)",
      apiB.post("/api/v1/chat-explore/new", { data: { dataset_id: a.datasetId, messages: [{ role: "user", content: "rows per plan" }] } }),
    ],
    [
      "chat new (project)",
      apiB.post("/api/v1/chat-explore/new", { data: { project_id: a.projectId, messages: [{ role: "user", content: "rows per plan" }] } }),
    ],
    ["chat status", apiB.get(`/api/v1/chat-explore/status/${a.chatTaskId}`)],
    ["chat get", apiB.get(`/api/v1/chat-explore/chats/${a.chatId}`)],
    ["project get", apiB.get(`/api/v1/projects/${a.projectId}`)],
    ["project put", apiB.put(`/api/v1/projects/${a.projectId}`, { data: { name: "stolen" } })],
    ["project delete", apiB.delete(`/api/v1/projects/${a.projectId}`)],
    ["dataset rows", apiB.get(`/api/v1/datasets/${a.datasetId}/rows`)],
    ["legacy dataset get", legacy.get(`/v1/datasets?api_key=${k}&id=${a.datasetId}`)],
    ["legacy append", legacy.post("/v1/datasets", { data: { api_key: keyB.secret, id: a.datasetId, rows: [{ plan: "x" }] } })],
    ["legacy set types", legacy.post("/v1/datasets", { data: { api_key: keyB.secret, id: a.datasetId, fields: [{ name: "plan", type: "string" }] } })],
    ["legacy reparse", legacy.post("/v1/datasets", { data: { api_key: keyB.secret, id: a.datasetId, parse_fields: true } })],
    ["legacy dataset delete", legacy.delete(`/v1/datasets?api_key=${k}&id=${a.datasetId}`)],
    ["legacy train", legacy.post("/v1/models", { data: { api_key: keyB.secret, dataset_id: a.datasetId, predict_fields: ["churned"], duration: 10 } })],
    ["legacy predict", legacy.post("/v1/models", { data: { api_key: keyB.secret, id: a.modelId, data: [{ plan: "basic" }] } })],
    ["legacy model delete", legacy.delete(`/v1/models?api_key=${k}&id=${a.modelId}`)],
  ];
  for (const [name, pending] of attempts) {
    const res = await pending;
    expect(res.status(), `${name}: ${await res.text()}`).toBe(404);
  }
  // Nothing of team A is listed for team B.
  const listsB = [
    await (await apiB.get("/api/v1/models")).text(),
    await (await apiB.get("/api/v1/projects")).text(),
    await (await legacy.get(`/v1/datasets?api_key=${k}`)).text(),
    await (await legacy.get(`/v1/models?api_key=${k}`)).text(),
  ].join("\n");
  for (const id of [a.datasetId, a.modelId, a.projectId]) expect(listsB).not.toContain(id);

  // The session acting for team B sees the same as team B's key, and cannot touch team A's key.
  await switchTeam(owner, teamB);
  expect((await owner.get(`/api/v1/projects/${a.projectId}`)).status()).toBe(404);
  expect((await owner.get(`/v1/datasets?id=${a.datasetId}`)).status()).toBe(404);
  expect((await owner.delete(`/api/team/keys/${keyA.id}`)).status()).toBe(404);

  // Everything of team A is still there and unchanged.
  const apiA = await request.newContext({ baseURL, extraHTTPHeaders: { "X-API-Key": keyA.secret } });
  const info = await (await legacy.get(`/v1/datasets?api_key=${encodeURIComponent(keyA.secret)}&id=${a.datasetId}`)).json();
  expect(info.rows).toBe(200);
  expect(info.fields.find((f: { name: string }) => f.name === "plan").type).toBe("category");
  expect((await (await apiA.get(`/api/v1/projects/${a.projectId}`)).json()).name).toBe(`A project ${stamp}`);
  expect((await apiA.get(`/api/v1/models/${a.modelId}`)).status()).toBe(200);
  expect((await apiA.get(`/api/v1/chat-explore/chats/${a.chatId}`)).status()).toBe(200);
  expect((await (await apiA.get(`/api/v1/models/train/${a.taskId}/status`)).json()).status).toBe("SUCCEEDED");
  await Promise.all([apiA.dispose(), apiB.dispose(), legacy.dispose()]);
});

test("roles: a member cannot manage keys; a removed member's key is 401 at once; the last owner stays", async ({ baseURL }) => {
  await switchTeam(owner, teamA);
  const member = await inviteAndJoin(owner, baseURL!, `member-${stamp}@example.com`, "member", teamA);
  const keys = await member.get("/api/team/keys");
  expect(keys.status()).toBe(200);
  const listed = await keys.json();
  expect(listed.keys.map((k: { id: string }) => k.id)).toContain(keyA.id);
  expect(JSON.stringify(listed)).not.toContain(keyA.secret);
  expect((await member.post("/api/team/keys", { data: { name: "mine" } })).status()).toBe(403);
  expect((await member.delete(`/api/team/keys/${keyA.id}`)).status()).toBe(403);
  expect((await member.post("/api/team/members", { data: { email: `x-${stamp}@example.com`, role: "member", password: "whatever1" } })).status()).toBe(403);
  const me = await (await member.get("/api/auth/me")).json();
  expect((await member.patch(`/api/team/members/${me.userId}`, { data: { role: "owner" } })).status()).toBe(403);

  // An owner makes them admin; as admin they create a key, which works...
  expect((await owner.patch(`/api/team/members/${me.userId}`, { data: { role: "admin" } })).status()).toBe(200);
  const adminKey = await createKey(member, "admin's script");
  const { request } = await import("@playwright/test");
  const withKey = await request.newContext({ baseURL, extraHTTPHeaders: { "X-API-Key": adminKey.secret } });
  expect((await withKey.get("/api/v1/projects")).status()).toBe(200);
  // ...until they are removed: the key is 401 at the very next request, and their session loses the team.
  const removed = await owner.delete(`/api/team/members/${me.userId}`);
  expect(removed.status()).toBe(200);
  expect((await removed.json()).revokedKeys).toBe(1);
  expect((await withKey.get("/api/v1/projects")).status()).toBe(401);
  expect((await member.get("/api/v1/projects")).status()).toBe(403);
  const revokedRow = (await (await owner.get("/api/team/keys")).json()).keys.find((k: { id: string }) => k.id === adminKey.id);
  expect(revokedRow.revokedAt).not.toBeNull();
  expect(revokedRow.createdBy.email).toBe(`member-${stamp}@example.com`);

  // A team someone else created: switching into it is 404, as for a team that does not exist.
  const elsewhere = await createTeam(member, `Member's own ${stamp}`);
  expect((await owner.post("/api/auth/team", { data: { teamId: elsewhere } })).status()).toBe(404);

  // The last owner can be neither demoted nor removed.
  const ownerId = (await (await owner.get("/api/auth/me")).json()).userId;
  expect((await owner.patch(`/api/team/members/${ownerId}`, { data: { role: "member" } })).status()).toBe(409);
  expect((await owner.delete(`/api/team/members/${ownerId}`)).status()).toBe(409);
  await Promise.all([withKey.dispose(), member.dispose()]);
});

test("invitations: the same answer whether or not the account exists; accept and decline", async ({ baseURL }) => {
  await switchTeam(owner, teamB);
  const existing = `existing-${stamp}@example.com`;
  // An account that exists (it joins team A first)...
  await switchTeam(owner, teamA);
  const person = await inviteAndJoin(owner, baseURL!, existing, "member", teamA);
  await switchTeam(owner, teamB);
  // ...and one that does not: the inviter cannot tell them apart.
  const forExisting = await owner.post("/api/team/members", { data: { email: existing, role: "member", password: "inviter chose" } });
  const forNew = await owner.post("/api/team/members", { data: { email: `nobody-yet-${stamp}@example.com`, role: "member", password: "inviter chose" } });
  expect(forExisting.status()).toBe(201);
  expect(forNew.status()).toBe(201);
  const shape = (body: { invitation: Record<string, unknown> }) => ({
    ...body,
    invitation: { ...body.invitation, id: "", email: "", createdAt: "", expiresAt: "" },
  });
  expect(shape(await forExisting.json())).toEqual(shape(await forNew.json()));
  // Nobody joined: both wait as pending invitations.
  const membersB = (await (await owner.get("/api/team/members")).json()).members.map((m: { user: { email: string } }) => m.user.email);
  expect(membersB).not.toContain(existing);
  const pending = (await (await owner.get("/api/team/invitations")).json()).invitations.map((i: { email: string }) => i.email);
  expect(pending).toEqual(expect.arrayContaining([existing, `nobody-yet-${stamp}@example.com`]));
  // The existing account kept its own password (the inviter's does not work) and declines.
  const wrong = await (await sessionClient(baseURL!)).post("/api/auth/login", { data: { email: existing, password: "inviter chose" } });
  expect(wrong.status()).toBe(401);
  const mine = (await (await person.get("/api/invitations")).json()).invitations;
  const toB = mine.find((i: { teamId: string }) => i.teamId === teamB);
  expect(toB).toMatchObject({ role: "member", invitedBy: { email: OWNER.email } });
  // Someone else cannot answer it.
  expect((await owner.post(`/api/invitations/${toB.id}/accept`)).status()).toBe(404);
  expect((await person.post(`/api/invitations/${toB.id}/decline`)).status()).toBe(200);
  expect((await person.post(`/api/auth/team`, { data: { teamId: teamB } })).status()).toBe(404);
  const after = (await (await owner.get("/api/team/invitations")).json()).invitations.map((i: { email: string }) => i.email);
  expect(after).not.toContain(existing);
  await person.dispose();
});

test("a password change ends the other sessions; sign out everywhere ends all", async ({ baseURL }) => {
  await switchTeam(owner, teamA);
  const email = `sessions-${stamp}@example.com`;
  const first = await inviteAndJoin(owner, baseURL!, email, "member", teamA);
  const password = `${email} own pass`;
  const second = await sessionClient(baseURL!);
  await signIn(second, email, password);
  expect((await second.get("/api/v1/projects")).status()).toBe(200);
  const sessions = (await (await first.get("/api/auth/sessions")).json()).sessions;
  expect(sessions.length).toBeGreaterThanOrEqual(2);
  expect(sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
  // Wrong current password: refused, nothing ends.
  expect((await first.post("/api/auth/password", { data: { currentPassword: "not it", newPassword: "another password" } })).status()).toBe(403);
  expect((await second.get("/api/v1/projects")).status()).toBe(200);
  expect((await first.post("/api/auth/password", { data: { currentPassword: password, newPassword: "another password" } })).status()).toBe(200);
  expect((await second.get("/api/v1/projects")).status()).toBe(401);
  expect((await first.get("/api/v1/projects")).status()).toBe(200);
  // Sign out everywhere: this session too. Sign-out without the CSRF header is refused.
  const third = await sessionClient(baseURL!);
  await signIn(third, email, "another password");
  const noCsrf = await (await import("@playwright/test")).request.newContext({ baseURL, storageState: await first.storageState() });
  expect((await noCsrf.post("/api/auth/logout")).status()).toBe(403);
  expect((await first.delete("/api/auth/sessions")).status()).toBe(200);
  expect((await first.get("/api/auth/me")).status()).toBe(401);
  expect((await third.get("/api/auth/me")).status()).toBe(401);
  await Promise.all([first.dispose(), second.dispose(), third.dispose(), noCsrf.dispose()]);
});

test("your own name over HTTP: only when signed in, blank, over 100 characters or 10 MB refused with 422, nothing stored, racing renames", async ({
  baseURL,
}) => {
  const anon = await sessionClient(baseURL!);
  expect((await anon.patch("/api/auth/me", { data: { name: "Nobody" } })).status()).toBe(401);
  const before = (await (await owner.get("/api/auth/me")).json()).name;
  for (const name of ["   ", "x".repeat(101)]) {
    const refused = await owner.patch("/api/auth/me", { data: { name } });
    expect(refused.status(), name.slice(0, 10)).toBe(422);
    expect(JSON.stringify(await refused.json())).toMatch(/Enter your name|at most 100 characters/);
  }
  // A 10 MB name is within the body limit (MAX_BODY_MB) and refused by its length, with the same clear 422.
  const huge = await owner.patch("/api/auth/me", { data: { name: "x".repeat(10 * 1024 * 1024) } });
  expect(huge.status()).toBe(422);
  expect(JSON.stringify(await huge.json())).toContain("at most 100 characters");
  expect((await (await owner.get("/api/auth/me")).json()).name).toBe(before);
  // Two renames racing: each answers 200 and the name is one of the two, never a mix or an error.
  const [first, second] = await Promise.all([
    owner.patch("/api/auth/me", { data: { name: "Race One" } }),
    owner.patch("/api/auth/me", { data: { name: "Race Two" } }),
  ]);
  expect([first.status(), second.status()]).toEqual([200, 200]);
  expect(["Race One", "Race Two"]).toContain((await (await owner.get("/api/auth/me")).json()).name);
  expect((await owner.patch("/api/auth/me", { data: { name: before } })).status()).toBe(200);
  await anon.dispose();
});
