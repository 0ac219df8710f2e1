import { ModelsPage } from "@/components/models/models-list";

export const metadata = { title: "Models · Tabula" };

export default function Page() {
  return <ModelsPage />;
}
