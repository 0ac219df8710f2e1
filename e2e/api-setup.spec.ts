// First run and sign-in against a fresh instance of its own: the setup token printed by `npm start`,
// concurrent setups that make one owner, the sign-in throttle (429 + Retry-After) that a forged
// X-Forwarded-For cannot dodge, security headers, and the startup check of INITIAL_API_KEY.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createClient } from "@libsql/client";
import { expect, request, test } from "@playwright/test";
import pg from "pg";
import { startApp, type AppInstance } from "./helpers/app";
import { churnRows } from "./helpers/data";

/** Task rows straight from the instance's database (SQLite in its DATA_DIR, or its PostgreSQL database). */
async function taskStatuses(instance: AppInstance): Promise<{ status: string; error: string | null }[]> {
  if (instance.databaseUrl) {
    const client = new pg.Client({ connectionString: instance.databaseUrl });
    await client.connect();
    try {
      return (await client.query(`SELECT "status", "error" FROM "Task" ORDER BY "createdAt"`)).rows;
    } finally {
      await client.end();
    }
  }
  const client = createClient({ url: `file:${path.join(instance.dataDir, "app.db")}` });
  try {
    return (await client.execute(`SELECT "status", "error" FROM "Task" ORDER BY "createdAt"`)).rows as unknown as { status: string; error: string | null }[];
  } finally {
    client.close();
  }
}

test.describe.configure({ mode: "serial" });

let app: AppInstance;
let printedToken = "";

test.beforeAll(async () => {
  // No SETUP_TOKEN: the instance prints one, as `npm start` does for an operator.
  app = await startApp({ env: { SETUP_TOKEN: "", TRAIN_WORKERS: "0", CHAT_WORKERS: "0" } });
  const match = /enter this setup token:\s+(\S+)/.exec(app.output());
  expect(match, app.output()).not.toBeNull();
  printedToken = match![1];
});

test.afterAll(async () => {
  await app?.stop();
  if (app) fs.rmSync(app.dataDir, { recursive: true, force: true });
});

const owner = { email: "first@example.com", password: "first owner pass", name: "First", teamName: "First team" };

test("setup needs the printed token; six concurrent setups make exactly one owner", async () => {
  const ctx = await request.newContext({ baseURL: app.baseURL, extraHTTPHeaders: { "x-tabula-csrf": "1" } });
  const missing = await ctx.post("/api/auth/setup", { data: owner });
  expect(missing.status()).toBe(422);
  expect((await missing.json()).detail[0].loc).toEqual(["body", "setupToken"]);
  const wrong = await ctx.post("/api/auth/setup", { data: { ...owner, setupToken: "guessed-token-123" } });
  expect(wrong.status()).toBe(403);

  const results = await Promise.all(
    Array.from({ length: 6 }, (_, i) => ctx.post("/api/auth/setup", { data: { ...owner, email: `owner${i}@example.com`, setupToken: printedToken } })),
  );
  const statuses = results.map((r) => r.status()).sort();
  expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
  const winner = results.findIndex((r) => r.status() === 201);
  // One owner exists, and setup stays closed, also with the token.
  const again = await ctx.post("/api/auth/setup", { data: { ...owner, setupToken: printedToken } });
  expect(again.status()).toBe(409);
  const signIn = await ctx.post("/api/auth/login", { data: { email: `owner${winner}@example.com`, password: owner.password } });
  expect(signIn.status()).toBe(200);
  const teams = (await (await ctx.get("/api/teams")).json()).teams;
  expect(teams).toEqual([expect.objectContaining({ name: "First team", role: "owner" })]);
  // The INITIAL_API_KEY data belongs to that team: the key works, its prefix is short.
  const keys = (await (await ctx.get("/api/team/keys")).json()).keys;
  expect(keys[0].prefix.length).toBeLessThanOrEqual(8);
  expect(app.apiKey.startsWith(keys[0].prefix)).toBe(true);
  await ctx.dispose();
});

test("sign-in throttle: 429 with Retry-After after 5 failures; a forged X-Forwarded-For does not open another bucket", async () => {
  const email = "owner0@example.com";
  // Parallel guesses (each counted before its password is checked, so timing cannot let more through),
  // each claiming another client address: ignored without TRUST_PROXY.
  const guesses = await Promise.all(
    Array.from({ length: 8 }, async (_, i) => {
      const ctx = await request.newContext({
        baseURL: app.baseURL,
        extraHTTPHeaders: { "x-tabula-csrf": "1", "x-forwarded-for": `198.51.100.${i}`, "x-tabula-client-address": `203.0.113.${i}` },
      });
      const res = await ctx.post("/api/auth/login", { data: { email, password: `wrong guess ${i}` } });
      const answer = { status: res.status(), retryAfter: res.headers()["retry-after"], body: await res.json() };
      await ctx.dispose();
      return answer;
    }),
  );
  expect(guesses.filter((g) => g.status === 401)).toHaveLength(5);
  const limited = guesses.filter((g) => g.status === 429);
  expect(limited).toHaveLength(3);
  for (const g of limited) {
    expect(Number(g.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(g.body.detail).toMatch(/Too many failed sign-in attempts/);
  }

  // The client address is throttled too: guesses sprayed at many accounts stop after 20 failures,
  // whatever X-Forwarded-For says.
  const spray = await Promise.all(
    Array.from({ length: 24 }, async (_, i) => {
      const ctx = await request.newContext({ baseURL: app.baseURL, extraHTTPHeaders: { "x-tabula-csrf": "1", "x-forwarded-for": `192.0.2.${i}` } });
      const status = (await ctx.post("/api/auth/login", { data: { email: `nobody${i}@example.com`, password: "whatever" } })).status();
      await ctx.dispose();
      return status;
    }),
  );
  expect(spray.filter((s) => s === 401).length).toBeLessThanOrEqual(20 - 5); // 5 failures of this address above
  expect(spray.filter((s) => s === 429).length).toBeGreaterThanOrEqual(4);
  expect(spray.every((s) => s === 401 || s === 429)).toBe(true);
});

test("pages and API answers carry the security headers; sign-out needs the CSRF header", async () => {
  const ctx = await request.newContext({ baseURL: app.baseURL });
  const page = await ctx.get("/login", { maxRedirects: 0 });
  const headers = page.headers();
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["content-security-policy"]).toMatch(/frame-ancestors 'none'/);
  expect(headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
  const api = await ctx.get("/api/health");
  expect(api.headers()["x-content-type-options"]).toBe("nosniff");
  expect(api.headers()["x-frame-options"]).toBe("DENY");
  expect((await ctx.post("/api/auth/logout")).status()).toBe(403);
  for (const file of ["__proto__", "constructor", "toString"]) expect((await ctx.get(`/api/v1/docs/assets/${file}`)).status(), file).toBe(404);
  await ctx.dispose();
});

test("legacy training: a budget over 1800 s is queued (it trains for 1800 s), and a client that hangs up has its training cancelled", async () => {
  const ctx = await request.newContext({ baseURL: app.baseURL });
  const created = await (await ctx.post(`/v1/datasets?api_key=${encodeURIComponent(app.apiKey)}`, { data: { name: "hang up" } })).json();
  expect((await ctx.post("/v1/datasets", { data: { api_key: app.apiKey, id: created.dataset_id, rows: churnRows(50) } })).status()).toBe(200);
  await ctx.dispose();
  expect(await taskStatuses(app)).toEqual([]);

  // This instance has no training worker: the task waits until the client gives up after 2 s.
  const hungUp = await fetch(`${app.baseURL}/v1/models`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ api_key: app.apiKey, dataset_id: created.dataset_id, predict_fields: ["churned"], duration: 3600 }),
    signal: AbortSignal.timeout(2_000),
  }).catch((error: Error) => error.name);
  expect(hungUp).toBe("TimeoutError");
  let tasks = await taskStatuses(app);
  for (let i = 0; i < 40 && tasks[0]?.status !== "FAILED"; i++) {
    await new Promise((r) => setTimeout(r, 250));
    tasks = await taskStatuses(app);
  }
  expect(tasks).toHaveLength(1);
  expect(tasks[0].status).toBe("FAILED");
  expect(tasks[0].error).toMatch(/Cancelled/);
});

test("a short INITIAL_API_KEY stops the start with a clear message", async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tabula-e2e-short-key-"));
  const child = spawn(path.resolve("node_modules/.bin/tsx"), ["scripts/start.ts"], {
    env: { ...process.env, DATA_DIR: dataDir, INITIAL_API_KEY: "short-key", SKIP_BUILD: "1", PORT: "1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
  expect(code).toBe(1);
  expect(output).toContain("INITIAL_API_KEY: must be at least 20 characters");
  expect(output).not.toMatch(/\n\s+at /); // no stack trace
});
