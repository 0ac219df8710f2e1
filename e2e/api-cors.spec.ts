// CORS (README: CORS_ORIGINS): off by default; with listed origins, a browser's preflight to the
// APIs is answered 204 and answers carry Access-Control-Allow-Origin for those origins only.
import { test, expect } from "./helpers/fixtures";
import { startApp, type AppInstance } from "./helpers/app";

const ORIGIN = "https://app.example.test";
let app: AppInstance;

test.beforeAll(async () => {
  app = await startApp({ env: { TRAIN_WORKERS: "0", CHAT_WORKERS: "0", CORS_ORIGINS: `${ORIGIN}, http://localhost:5173` } });
});
test.afterAll(async () => {
  await app?.stop();
});

test("a listed origin: preflight 204 with methods and headers, answers (errors too) readable by the page", async () => {
  const preflight = await fetch(`${app.baseURL}/api/v1/models/train/new`, {
    method: "OPTIONS",
    headers: { Origin: ORIGIN, "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "content-type,x-api-key" },
  });
  expect(preflight.status).toBe(204);
  expect(preflight.headers.get("access-control-allow-origin")).toBe(ORIGIN);
  expect(preflight.headers.get("access-control-allow-methods")).toContain("POST");
  expect(preflight.headers.get("access-control-allow-headers")?.toLowerCase()).toContain("x-api-key");
  expect(preflight.headers.get("access-control-allow-credentials")).toBeNull();

  const listed = await fetch(`${app.baseURL}/api/v1/projects`, { headers: { Origin: ORIGIN, "X-API-Key": app.apiKey } });
  expect(listed.status).toBe(200);
  expect(listed.headers.get("access-control-allow-origin")).toBe(ORIGIN);
  expect(listed.headers.get("vary")).toMatch(/Origin/);
  expect(listed.headers.get("access-control-expose-headers")).toContain("Server-Timing");

  const denied = await fetch(`${app.baseURL}/v1/datasets?api_key=wrong`, { headers: { Origin: ORIGIN } });
  expect(denied.status).toBe(404);
  expect(denied.headers.get("access-control-allow-origin")).toBe(ORIGIN);
  const wrongMethod = await fetch(`${app.baseURL}/v1/datasets`, { method: "PUT", headers: { Origin: ORIGIN } });
  expect(wrongMethod.status).toBe(405);
  expect(wrongMethod.headers.get("access-control-allow-origin")).toBe(ORIGIN);
});

test("an unlisted origin and pages get no CORS headers; OPTIONS without a preflight still lists the methods", async () => {
  const other = await fetch(`${app.baseURL}/api/v1/models/train/new`, {
    method: "OPTIONS",
    headers: { Origin: "https://evil.example.test", "Access-Control-Request-Method": "POST" },
  });
  expect(other.headers.get("access-control-allow-origin")).toBeNull();
  const page = await fetch(`${app.baseURL}/setup`, { headers: { Origin: ORIGIN } });
  expect(page.headers.get("access-control-allow-origin")).toBeNull();
  const plain = await fetch(`${app.baseURL}/api/v1/models/train/new`, { method: "OPTIONS" });
  expect(plain.status).toBe(204);
  expect(plain.headers.get("allow")).toContain("POST");
});

test("off by default: the shared instance (no CORS_ORIGINS) adds no CORS headers", async ({ baseURL, apiKey }) => {
  const preflight = await fetch(`${baseURL}/api/v1/projects`, { method: "OPTIONS", headers: { Origin: ORIGIN, "Access-Control-Request-Method": "GET" } });
  expect(preflight.headers.get("access-control-allow-origin")).toBeNull();
  const answer = await fetch(`${baseURL}/api/v1/projects`, { headers: { Origin: ORIGIN, "X-API-Key": apiKey } });
  expect(answer.headers.get("access-control-allow-origin")).toBeNull();
});
