// Teams in the browser: create a second team from the switcher, switch to it (an empty datasets
// list), switch back; invite someone, who signs in with the initial password, must choose their
// own, accepts the invitation, sees API keys without being able to manage them, and declines another.
import { expect, request, test } from "@playwright/test";
import { createTeam, inviteAndJoin, sessionClient, signInOwner, switchTeam } from "./helpers/accounts";
import { churnRows } from "./helpers/data";
import { ensureSignedIn, OWNER, saveScreen } from "./ui-helpers";

const stamp = Date.now().toString(36);

test("create a second team, switch to it (no datasets there), switch back", async ({ page, baseURL }, testInfo) => {
  await ensureSignedIn(page);
  // A dataset in the first team (the one INITIAL_API_KEY belongs to).
  const api = await request.newContext({ baseURL });
  const key = encodeURIComponent(process.env.E2E_API_KEY!);
  const created = await api.post(`/v1/datasets?api_key=${key}`, { data: { name: `first team data ${stamp}` } });
  const { dataset_id } = await created.json();
  await api.post("/v1/datasets", { data: { api_key: process.env.E2E_API_KEY, id: dataset_id, rows: churnRows(20) } });
  await api.dispose();
  await page.goto("/datasets");
  await expect(page.getByTestId("datasets-table")).toContainText(`first team data ${stamp}`);

  const second = `Second team ${stamp}`;
  await page.getByRole("button", { name: "Switch team" }).click();
  await page.getByRole("menuitem", { name: "+ Create a team" }).click();
  const dialog = page.getByRole("dialog", { name: "Create a team" });
  await dialog.getByLabel("Team name").fill(second);
  await saveScreen(page, testInfo, "team-create");
  await dialog.getByRole("button", { name: "Create team" }).click();
  await expect(page.getByTestId("current-team")).toContainText(second);
  await expect(page.getByTestId("current-team")).toContainText("owner");
  await expect(page.getByText("No datasets yet")).toBeVisible();
  await expect(page.getByTestId("datasets-table")).toHaveCount(0);
  await saveScreen(page, testInfo, "team-second-empty");

  await page.getByRole("button", { name: "Switch team" }).click();
  const menu = page.getByRole("menu", { name: "Teams" });
  await expect(menu.getByRole("menuitemradio", { name: new RegExp(second) })).toHaveAttribute("aria-checked", "true");
  await saveScreen(page, testInfo, "team-switcher");
  await menu.getByRole("menuitemradio", { name: new RegExp(OWNER.teamName) }).click();
  await expect(page.getByTestId("current-team")).toContainText(OWNER.teamName);
  await expect(page.getByTestId("datasets-table")).toContainText(`first team data ${stamp}`);
});

test("an invited person chooses their own password, accepts, sees keys read-only, declines another invitation", async ({ page, browser }, testInfo) => {
  await ensureSignedIn(page);
  const email = `invitee-${stamp}@example.com`;
  await page.goto("/team-settings");
  const invite = page.getByTestId("invite-form");
  await invite.getByLabel("Email").fill(email);
  await invite.getByLabel("Role").selectOption("member");
  await invite.getByLabel("Initial password").fill("handed over 1");
  await invite.getByRole("button", { name: "Invite" }).click();
  await expect(invite.getByRole("status")).toContainText("Invitation created");
  await expect(page.getByTestId("team-invitations")).toContainText(email);
  await saveScreen(page, testInfo, "team-invited");
  // On a phone the pending address is shown whole (the badge and Revoke wrap under it), not cut with "…".
  await page.setViewportSize({ width: 390, height: 844 });
  const invited = page.getByTestId("invitation-email").filter({ hasText: email });
  await expect(invited).toBeVisible();
  expect(await invited.evaluate((p) => p.scrollWidth <= p.clientWidth && getComputedStyle(p).textOverflow !== "ellipsis")).toBe(true);
  await page.setViewportSize({ width: 1280, height: 860 });

  // The invited person, in a browser of their own.
  const context = await browser.newContext();
  const person = await context.newPage();
  await person.goto("/team-settings");
  await person.waitForURL(/\/login\?next=%2Fteam-settings/);
  await person.getByLabel("Email").fill(email);
  await person.getByLabel("Password").fill("handed over 1");
  await person.getByRole("button", { name: "Sign in" }).click();
  await person.waitForURL(/\/account/);
  const passwordCard = person.getByTestId("password-card");
  await expect(passwordCard).toContainText("Choose your own password");
  await saveScreen(person, testInfo, "account-forced-password");
  await passwordCard.getByLabel("Password you signed in with").fill("handed over 1");
  await passwordCard.getByLabel("New password", { exact: true }).fill("my own secret 1");
  await passwordCard.getByLabel("New password again").fill("my own secret 1");
  await passwordCard.getByRole("button", { name: "Change password" }).click();
  const invitation = person.getByTestId("invitations").getByTestId("invitation").filter({ hasText: OWNER.teamName });
  await expect(invitation).toContainText("as member");
  await saveScreen(person, testInfo, "account-invitation");
  await invitation.getByRole("button", { name: /Accept/ }).click();
  // In no team before, so accepting switches to the team and goes on to the page asked for first.
  await person.waitForURL(/\/team-settings$/);
  await expect(person.getByTestId("current-team")).toContainText(OWNER.teamName);
  await expect(person.getByTestId("current-team")).toContainText("member");
  await expect(person.getByTestId("keys-readonly")).toBeVisible();
  await expect(person.getByTestId("keys-table").getByRole("row").nth(1)).toBeVisible(); // the list, without secrets
  await expect(person.getByTestId("create-key")).toHaveCount(0);
  await expect(person.getByRole("button", { name: /^Revoke/ })).toHaveCount(0);
  await saveScreen(person, testInfo, "team-settings-member");

  // A second invitation, to the owner's second team, is declined.
  await page.getByRole("button", { name: "Switch team" }).click();
  await page
    .getByRole("menu", { name: "Teams" })
    .getByRole("menuitemradio", { name: /Second team/ })
    .first()
    .click();
  await expect(page.getByTestId("current-team")).toContainText("Second team");
  await page.goto("/team-settings");
  await page.getByTestId("invite-form").getByLabel("Email").fill(email);
  await page.getByTestId("invite-form").getByLabel("Initial password").fill("not used 123");
  await page.getByTestId("invite-form").getByRole("button", { name: "Invite" }).click();
  await expect(page.getByTestId("team-invitations")).toContainText(email);
  await person.goto("/account");
  const other = person.getByTestId("invitation").filter({ hasText: "Second team" });
  await other.getByRole("button", { name: /Decline/ }).click();
  await expect(person.getByTestId("invitation")).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId("team-invitations")).toHaveCount(0);

  // Removing them says their keys go too.
  await page.getByRole("button", { name: "Switch team" }).click();
  await page
    .getByRole("menu", { name: "Teams" })
    .getByRole("menuitemradio", { name: new RegExp(OWNER.teamName) })
    .click();
  await expect(page.getByTestId("current-team")).toContainText(OWNER.teamName);
  await page.goto("/team-settings");
  await page.getByRole("button", { name: `Remove ${email}` }).click();
  // Named by its own title (the page holds several dialogs; each has its own title id).
  const dialog = page.getByRole("dialog", { name: `Remove ${email}?` });
  await expect(dialog).toContainText("API keys they created for it are revoked");
  await saveScreen(page, testInfo, "team-remove-member");
  await dialog.getByRole("button", { name: "Remove member" }).click();
  await expect(page.getByTestId("members")).not.toContainText(email);
  await context.close();
});

test("in a team without keys, a member is told who can create one; the owner is asked to", async ({ browser, baseURL }) => {
  const owner = await sessionClient(baseURL!);
  await signInOwner(owner);
  const teamName = `Keyless ${stamp}`;
  const teamId = await createTeam(owner, teamName);
  await switchTeam(owner, teamId);
  const member = await inviteAndJoin(owner, baseURL!, `keyless-${stamp}@example.com`, "member", teamId);
  for (const [who, ctx, text] of [
    ["member", member, "An owner or admin can create one for your scripts."],
    ["owner", owner, "Create one to call the API from scripts."],
  ] as const) {
    const context = await browser.newContext({ storageState: await ctx.storageState() });
    const page = await context.newPage();
    await page.goto("/team-settings");
    await expect(page.getByTestId("current-team"), who).toContainText(teamName);
    await expect(page.getByRole("heading", { name: "No API keys" })).toBeVisible();
    await expect(page.getByText(text)).toBeVisible();
    await context.close();
  }
  await member.dispose();
  await owner.dispose();
});

test("the account page's Create a team dialog has its own labelled field, and Escape closes it", async ({ page }) => {
  await ensureSignedIn(page);
  await page.goto("/account");
  await page.getByRole("button", { name: "Create a team" }).click();
  // The header's switcher holds a second (closed) one: the label must point at this dialog's field.
  const dialog = page.getByRole("dialog", { name: "Create a team" });
  await expect(dialog.getByLabel("Team name")).toBeFocused();
  await page.keyboard.type("Not kept");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Create a team" })).toBeFocused();
});
