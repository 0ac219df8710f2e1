import { redirect } from "next/navigation";
import { AuthFrame, LoginForm } from "@/components/auth-forms";
import { readPageSession } from "@/components/server-session";
import { safeNextPath } from "@/lib/client/safe-next";
import { needsSetup } from "@/lib/services/setup";

export const dynamic = "force-dynamic";
export const metadata = { title: "Sign in · Tabula" };

export default async function LoginPage({ searchParams }: { searchParams: Promise<{ next?: string }> }) {
  const session = await readPageSession();
  if (await needsSetup()) redirect("/setup");
  const { next } = await searchParams;
  // Already signed in (e.g. a second tab): straight to the page that was asked for.
  if (session) redirect(safeNextPath(typeof next === "string" ? next : null));
  return (
    <AuthFrame title="Sign in" subtitle="Models and answers from your tables.">
      <LoginForm next={typeof next === "string" ? next : undefined} />
    </AuthFrame>
  );
}
