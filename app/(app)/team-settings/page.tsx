import { TeamSettingsPage } from "@/components/team/team-settings";

export const metadata = { title: "Team settings · Tabula" };

export default function Page() {
  return <TeamSettingsPage />;
}
