import { expect, test, type Page } from "@playwright/test";
import { ensureSignedIn, OWNER, saveScreen } from "./ui-helpers";

test("first-run setup or sign-in, navigation with the team, sign out and back in", async ({ page }, testInfo) => {
  await page.goto("/datasets");
  await page.waitForURL(/\/(setup|login|datasets)/);
  if (page.url().includes("/setup")) await saveScreen(page, testInfo, "setup");
  await ensureSignedIn(page);
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  for (const name of ["Datasets", "Models", "Projects", "Team settings"]) {
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name })).toBeVisible();
  }
  await expect(page.getByTestId("current-team")).toContainText(OWNER.email);
  await saveScreen(page, testInfo, "datasets");

  // The pages declare an icon that loads, so browsers do not ask for a missing /favicon.ico.
  const icon = await page.locator('head link[rel="icon"]').first().getAttribute("href");
  expect(icon).toBeTruthy();
  const iconResponse = await page.request.get(icon!);
  expect(iconResponse.status()).toBe(200);
  expect(iconResponse.headers()["content-type"]).toContain("image/");

  // Setup is refused once done, and visiting it sends people to sign in.
  await page.getByRole("button", { name: "Sign out" }).click();
  await page.waitForURL("**/login");
  await page.goto("/setup");
  await page.waitForURL("**/login");
  // A signed-out visitor is sent to sign in, and back to the page afterwards.
  await visitExpectingRedirect(page, "/models");
  await page.waitForURL("**/login?next=%2Fmodels");
  await expect(page.getByTestId("session-ended")).toHaveCount(0); // signed out here: nothing "ended"

  await page.getByLabel("Email").fill(OWNER.email);
  await page.getByLabel("Password").fill("wrong password!");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("login-form").getByRole("alert")).toContainText("Wrong email or password");
  await saveScreen(page, testInfo, "login-error");
  await page.getByLabel("Password").fill(OWNER.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL("**/models");
  await expect(page.getByTestId("current-team")).toContainText(OWNER.teamName);
});

test("on a 390 px phone the header fits, and the menu holds the pages and Sign out", async ({ browser, request }, testInfo) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, baseURL: process.env.E2E_BASE_URL });
  const page = await context.newPage();
  await ensureSignedIn(page);
  // A long name without spaces in a list card must not widen the page either.
  const longName = `Quarterly_revenue_by_region_and_product_line_${Date.now()}`;
  const made = await request.post("/api/v1/projects", { headers: { "X-API-Key": process.env.E2E_API_KEY ?? "" }, data: { name: longName } });
  expect(made.status()).toBeLessThan(300);
  for (const path of ["/datasets", "/models", "/projects", "/team-settings", "/account"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    if (path === "/projects") await expect(page.getByTestId("projects-list")).toContainText(longName.slice(0, 20));
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `horizontal overflow on ${path}`).toBeLessThanOrEqual(0);
  }
  const menu = page.getByRole("button", { name: "Menu" });
  await expect(menu).toBeInViewport({ ratio: 1 });
  await menu.click();
  const nav = page.locator("#mobile-nav");
  for (const name of ["Datasets", "Models", "Projects", "Team settings", "Account"]) await expect(nav.getByRole("link", { name })).toBeVisible();
  await saveScreen(page, testInfo, "phone-menu", { fullPage: false });
  // The line naming the team, address and role is whole (it was cut to "… · o…"), and Escape closes the menu.
  const who = nav.getByTestId("mobile-nav-who");
  await expect(who).toContainText(" · owner");
  expect(await who.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await nav.getByRole("link", { name: "Projects" }).focus();
  await page.keyboard.press("Escape");
  await expect(nav).toBeHidden();
  await expect(menu).toBeFocused();
  await menu.click();
  await nav.getByRole("link", { name: "Models" }).click();
  await page.waitForURL("**/models");
  await expect(nav).toBeHidden();
  await menu.click();
  await nav.getByRole("button", { name: "Sign out" }).click();
  await page.waitForURL("**/login");
  await context.close();
});

test("a session that ended (expired, or signed out elsewhere) is named on the sign-in page, which leads back", async ({ page, context, baseURL }) => {
  await ensureSignedIn(page);
  // The server no longer knows the browser's session token: what an expired or revoked session looks like.
  const cookie = (await context.cookies()).find((c) => c.name === "tabula_session");
  expect(cookie).toBeTruthy();
  await context.addCookies([{ ...cookie!, value: "ended-session-token-that-the-server-does-not-know" }]);
  await visitExpectingRedirect(page, "/models");
  await page.waitForURL("**/login?next=%2Fmodels");
  await expect(page.getByTestId("session-ended")).toContainText("Your session has ended");
  await expect(page.getByTestId("session-ended")).toContainText("where you left off");
  await page.getByLabel("Email").fill(OWNER.email);
  await page.getByLabel("Password").fill(OWNER.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`${baseURL}/models`);
});

/**
 * Opens a page the server answers with a redirect to sign in. The redirect can arrive while the first
 * response streams, and Chromium then reports the first navigation as aborted (net::ERR_ABORTED, seen
 * in full runs even when only the commit is awaited); where the browser ends up is what the callers check.
 */
async function visitExpectingRedirect(page: Page, path: string) {
  try {
    await page.goto(path, { waitUntil: "commit" });
  } catch (error) {
    if (!String(error).includes("net::ERR_ABORTED")) throw error;
  }
}

test("on the account page you change your own name (Enter saves), and the team's members list shows it", async ({ page }, testInfo) => {
  await ensureSignedIn(page);
  await page.goto("/account");
  const card = page.getByTestId("name-card");
  const field = card.getByLabel("Name");
  await expect(field).toHaveValue(OWNER.name);
  await expect(card.getByRole("button", { name: "Save name" })).toBeDisabled(); // nothing to save yet
  await field.fill("Olive Renamed");
  await field.press("Enter");
  await expect(card.getByText("Name saved.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Account" }).locator("..")).toContainText("Olive Renamed");
  await saveScreen(page, testInfo, "account-name-saved");
  await page.goto("/team-settings");
  await expect(page.getByText("Olive Renamed (you)")).toBeVisible();
  // Back to the name the other specs know.
  await page.goto("/account");
  await page.getByTestId("name-card").getByLabel("Name").fill(OWNER.name);
  await page.getByTestId("name-card").getByRole("button", { name: "Save name" }).click();
  await expect(page.getByTestId("name-card").getByText("Name saved.")).toBeVisible();
});
