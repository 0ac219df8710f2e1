import { DatasetDetail } from "@/components/datasets/dataset-detail";

export const metadata = { title: "Dataset · Tabula" };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <DatasetDetail id={id} />;
}
