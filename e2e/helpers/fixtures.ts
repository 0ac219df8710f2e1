import { test as base, expect, request as playwrightRequest, type APIRequestContext } from "@playwright/test";

export interface E2EFixtures {
  baseURL: string;
  apiKey: string;
  /** A request context for /api/v1 with the X-API-Key header set. */
  api: APIRequestContext;
  /** A request context without credentials. */
  anon: APIRequestContext;
}

export const test = base.extend<E2EFixtures>({
  baseURL: async ({}, use) => use(process.env.E2E_BASE_URL!),
  apiKey: async ({}, use) => use(process.env.E2E_API_KEY!),
  api: async ({ baseURL, apiKey }, use) => {
    const ctx = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { "X-API-Key": apiKey } });
    await use(ctx);
    await ctx.dispose();
  },
  anon: async ({ baseURL }, use) => {
    const ctx = await playwrightRequest.newContext({ baseURL });
    await use(ctx);
    await ctx.dispose();
  },
});

export { expect };

/** Polls a status URL until SUCCEEDED or FAILED. */
export async function waitForTask(api: APIRequestContext, statusPath: string, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  const seen: string[] = [];
  for (;;) {
    const res = await api.get(statusPath);
    expect(res.status()).toBe(200);
    const body = await res.json();
    if (seen[seen.length - 1] !== body.status) seen.push(body.status);
    if (body.status === "SUCCEEDED" || body.status === "FAILED") return { ...body, seen };
    if (Date.now() > deadline) throw new Error(`Task at ${statusPath} still ${body.status} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Creates a dataset through the legacy API and appends rows; returns its id. */
export async function createDataset(api: APIRequestContext, apiKey: string, name: string, rows: Record<string, unknown>[]) {
  const created = await api.post(`/v1/datasets?api_key=${encodeURIComponent(apiKey)}`, { data: { name } });
  expect(created.status()).toBe(200);
  const { dataset_id } = await created.json();
  for (let i = 0; i < rows.length; i += 5000) {
    const res = await api.post("/v1/datasets", { data: { api_key: apiKey, id: dataset_id, rows: rows.slice(i, i + 5000) } });
    expect(res.status(), await res.text()).toBe(200);
  }
  return dataset_id as string;
}
