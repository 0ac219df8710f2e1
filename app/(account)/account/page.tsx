import { AccountPage } from "@/components/account/account-page";
import { safeNextPath } from "@/lib/client/safe-next";

export const metadata = { title: "Account · Tabula" };

export default async function Page({ searchParams }: { searchParams: Promise<{ next?: string }> }) {
  const { next } = await searchParams;
  return <AccountPage next={safeNextPath(typeof next === "string" ? next : null, "")} />;
}
