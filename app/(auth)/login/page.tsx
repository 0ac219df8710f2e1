import { redirect } from "next/navigation";
import { AuthFrame, LoginForm } from "@/components/auth-forms";
import { readPageSession } from "@/components/server-session";
import { needsSetup } from "@/lib/services/accounts";

export const dynamic = "force-dynamic";
export const metadata = { title: "Sign in · Tabula" };

export default async function LoginPage({ searchParams }: { searchParams: Promise<{ next?: string }> }) {
  const session = await readPageSession();
  if (await needsSetup()) redirect("/setup");
  if (session) redirect("/datasets");
  const { next } = await searchParams;
  return (
    <AuthFrame title="Sign in" subtitle="Models and answers from your tables.">
      <LoginForm next={next} />
    </AuthFrame>
  );
}
