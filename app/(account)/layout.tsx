import { AppShell } from "@/components/app-shell";
import { requireSignedIn } from "@/components/server-session";

export const dynamic = "force-dynamic";

// Pages of the signed-in person rather than of a team: reachable while in no team, and while a
// password chosen by an owner or admin still has to be replaced.
export default async function AccountLayout({ children }: { children: React.ReactNode }) {
  const session = await requireSignedIn();
  return <AppShell session={session}>{children}</AppShell>;
}
