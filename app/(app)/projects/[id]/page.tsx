import { ProjectDetail } from "@/components/projects/project-detail";

export const metadata = { title: "Project · Tabula" };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <ProjectDetail id={id} />;
}
