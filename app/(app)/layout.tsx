import { AppShell } from "@/components/app-shell";
import { requirePageSession } from "@/components/server-session";

export const dynamic = "force-dynamic";

export default async function AppLayout({ children }: { children: React.ReactNode }) {
  const session = await requirePageSession();
  return <AppShell session={session}>{children}</AppShell>;
}
