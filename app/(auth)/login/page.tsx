import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { AuthFrame, LoginForm } from "@/components/auth-forms";
import { readPageSession } from "@/components/server-session";
import { safeNextPath } from "@/lib/client/safe-next";
import { SESSION_COOKIE } from "@/lib/http/session-cookie";
import { needsSetup } from "@/lib/services/setup";

export const dynamic = "force-dynamic";
export const metadata = { title: "Sign in · Tabula" };

export default async function LoginPage({ searchParams }: { searchParams: Promise<{ next?: string }> }) {
  const session = await readPageSession();
  if (await needsSetup()) redirect("/setup");
  const { next } = await searchParams;
  // Already signed in (e.g. a second tab): straight to the page that was asked for.
  if (session) redirect(safeNextPath(typeof next === "string" ? next : null));
  // A session cookie that no longer opens a session: it expired, or was signed out from elsewhere
  // (signing out here clears the cookie). Say so, rather than show a bare sign-in form.
  const ended = Boolean((await cookies()).get(SESSION_COOKIE)?.value);
  return (
    <AuthFrame title="Sign in" subtitle="Models and answers from your tables.">
      {ended && (
        <p role="status" className="mb-4 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-800" data-testid="session-ended">
          Your session has ended (it expired, or you were signed out from another device). Sign in again to continue
          {typeof next === "string" && safeNextPath(next, "") ? " where you left off" : ""}.
        </p>
      )}
      <LoginForm next={typeof next === "string" ? next : undefined} />
    </AuthFrame>
  );
}
