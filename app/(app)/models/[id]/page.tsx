import { ModelDetail } from "@/components/models/model-detail";

export const metadata = { title: "Model · Tabula" };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <ModelDetail id={id} />;
}
