// Security in a real browser: a signed-out visitor opening any app page comes back to exactly that
// page after signing in (and ?next= never leads off the site); the Content-Security-Policy lets the
// app work: Plotly charts on a model page and in chat, and the Swagger UI reference, with no violations.
import { expect, request, test, type Page } from "@playwright/test";
import { churnRows } from "./helpers/data";
import { ensureSignedIn, OWNER, saveScreen } from "./ui-helpers";

/** Collects CSP violations reported by the page (the listener is installed before any page script). */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  const console: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy|Refused to (execute|load|apply|evaluate)/i.test(m.text())) console.push(m.text());
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener("securitypolicyviolation", (e) => w.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  return async () => [...console, ...((await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []).catch(() => [])) as string[])];
}

test("signed-out deep links come back to exactly the page asked for; ?next= stays on the site", async ({ page, baseURL }, testInfo) => {
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { "X-API-Key": process.env.E2E_API_KEY! } });
  // Make sure the owner account exists (first run) before signing out.
  await ensureSignedIn(page);
  // Leave the app first: a page still polling would see the cleared session and redirect to /login
  // itself, aborting the navigation below.
  await page.goto("about:blank");
  await page.context().clearCookies();
  const project = await (await api.post("/api/v1/projects", { data: { name: `Deep link ${Date.now()}` } })).json();
  await api.dispose();

  const target = `/projects/${project.id}?tab=settings&x=%2F%2Fkept`;
  await page.goto(target);
  await page.waitForURL(/\/login\?next=/);
  expect(new URL(page.url()).searchParams.get("next")).toBe(target);
  await saveScreen(page, testInfo, "login-deep-link");
  await page.getByLabel("Email").fill(OWNER.email);
  await page.getByLabel("Password").fill(OWNER.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => url.pathname + url.search === target);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Deep link");

  // A model page with its tab, signed out again.
  await page.goto("about:blank");
  await page.context().clearCookies();
  await page.goto("/models/some-model-id?tab=report");
  await page.waitForURL(/\/login\?next=/);
  await page.getByLabel("Email").fill(OWNER.email);
  await page.getByLabel("Password").fill(OWNER.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => url.pathname + url.search === "/models/some-model-id?tab=report");
  // Let the model page settle too: its requests failing after the cookies are cleared could start
  // a navigation to the sign-in page that aborts the next goto (net::ERR_ABORTED).
  await page.waitForLoadState("networkidle");

  // Off-site targets fall back to the datasets.
  for (const evil of ["//evil.example/x", "https://evil.example/", "/\\evil.example"]) {
    // Off the app first: a signed-in page that polls would itself go to the sign-in page once the
    // cookies are gone, aborting the goto below (net::ERR_ABORTED).
    await page.goto("about:blank");
    await page.context().clearCookies();
    await page.goto(`/login?next=${encodeURIComponent(evil)}`);
    await page.getByLabel("Email").fill(OWNER.email);
    await page.getByLabel("Password").fill(OWNER.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL((url) => url.pathname === "/datasets");
    expect(new URL(page.url()).host).toBe(new URL(baseURL!).host);
    // Let the datasets page settle: a navigation started while it still loads aborts (net::ERR_ABORTED).
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.waitForLoadState("networkidle");
  }
});

test("the app works under its Content-Security-Policy: model charts, chat charts, API reference", async ({ page, baseURL }, testInfo) => {
  test.setTimeout(300_000);
  const violations = await watchCsp(page);
  await ensureSignedIn(page);
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { "X-API-Key": process.env.E2E_API_KEY! } });
  const key = process.env.E2E_API_KEY!;
  const created = await (await api.post(`/v1/datasets?api_key=${encodeURIComponent(key)}`, { data: { name: `csp ${Date.now()}` } })).json();
  await api.post("/v1/datasets", { data: { api_key: key, id: created.dataset_id, rows: churnRows(300) } });
  // A model of this team (other specs may have trained one already; otherwise train one now).
  let model_id: string | undefined = (await (await api.get("/api/v1/models")).json()).models?.[0]?.id;
  if (!model_id) {
    const task = await (
      await api.post("/api/v1/models/train/new", { data: { dataset_id: created.dataset_id, predict_fields: ["churned"], duration: 10 } })
    ).json();
    let status = "";
    for (let i = 0; i < 600 && status !== "SUCCEEDED" && status !== "FAILED"; i++) {
      status = (await (await api.get(`/api/v1/models/train/${task.task_id}/status`)).json()).status;
      if (status !== "SUCCEEDED") await new Promise((r) => setTimeout(r, 300));
    }
    expect(status).toBe("SUCCEEDED");
    model_id = (await (await api.get(`/api/v1/models/train/${task.task_id}/result`)).json()).model_id;
  }
  const project = await (await api.post("/api/v1/projects", { data: { name: `CSP chat ${Date.now()}`, datasetId: created.dataset_id } })).json();
  await api.dispose();

  await page.goto(`/models/${model_id}`);
  const chart = page.getByTestId("field-importance-chart");
  await expect(chart.locator(".main-svg").first()).toBeVisible({ timeout: 30_000 });
  expect(await chart.locator(".bars .point").count()).toBeGreaterThan(1);

  await page.goto(`/projects/${project.id}`);
  await page.getByLabel("Your question").fill("number of rows by plan");
  await page.getByTestId("send-question").click();
  const log = page.getByTestId("chat-log");
  await expect(log.getByTestId("chat-chart").first().locator(".main-svg").first()).toBeVisible({ timeout: 90_000 });
  await saveScreen(page, testInfo, "csp-chat");

  await page.goto("/api/v1/docs");
  await expect(page.locator(".swagger-ui .info .title")).toBeVisible({ timeout: 30_000 });
  await expect(page.locator(".swagger-ui .opblock").first()).toBeVisible();
  await saveScreen(page, testInfo, "csp-docs");

  expect(await violations()).toEqual([]);
});
