import { ProjectsPage } from "@/components/projects/projects-list";

export const metadata = { title: "Projects · Tabula" };

export default function Page() {
  return <ProjectsPage />;
}
