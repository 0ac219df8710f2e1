import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { SharedReportView } from "@/components/models/shared-report";
import { ensureDbReady } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { getSharedReport } from "@/lib/services/report-shares";

// Rendered per request (never cached), so a revoked link stops working at once.
export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "Shared model report · Tabula",
  robots: { index: false, follow: false },
  // The token is in the URL: never send it to other sites.
  referrer: "no-referrer",
};

// GET /share/{token}: a model's read-only report, without signing in (lib/services/report-shares.ts)
export default async function Page({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  await ensureDbReady();
  const report = await getSharedReport(token).catch((error: unknown) => {
    if (error instanceof AppError && error.code === "not_found") notFound();
    throw error;
  });
  return <SharedReportView report={report} />;
}
