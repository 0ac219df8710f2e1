import { DatasetsPage } from "@/components/datasets/datasets-list";

export const metadata = { title: "Datasets · Tabula" };

export default function Page() {
  return <DatasetsPage />;
}
