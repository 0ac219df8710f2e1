import { redirect } from "next/navigation";
import { AuthFrame, SetupForm } from "@/components/auth-forms";
import { ensureDbReady } from "@/lib/db";
import { needsSetup } from "@/lib/services/setup";

export const dynamic = "force-dynamic";
export const metadata = { title: "Set up · Tabula" };

export default async function SetupPage() {
  await ensureDbReady();
  if (!(await needsSetup())) redirect("/login");
  return (
    <AuthFrame title="Welcome to Tabula" subtitle="Create the first account. It owns the team and can invite others.">
      <SetupForm />
    </AuthFrame>
  );
}
