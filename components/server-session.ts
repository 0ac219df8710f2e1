// Server-only: the signed-in session for a page, or a redirect to where the person must go first.
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { ensureDbReady } from "@/lib/db";
import { SESSION_COOKIE } from "@/lib/http/session-cookie";
import { getSession, needsSetup, type SessionInfo } from "@/lib/services/accounts";

export async function readPageSession(): Promise<SessionInfo | null> {
  await ensureDbReady();
  const store = await cookies();
  return getSession(store.get(SESSION_COOKIE)?.value);
}

/** For pages inside the app: a fresh install goes to /setup, a signed-out visitor to /login. */
export async function requirePageSession(): Promise<SessionInfo> {
  await ensureDbReady();
  if (await needsSetup()) redirect("/setup");
  const session = await readPageSession();
  if (!session) redirect("/login");
  return session;
}
