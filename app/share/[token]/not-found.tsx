import Link from "next/link";

// A revoked, deleted or mistyped share link: its visitor usually has no account, so the way on is
// the person who sent the link, not the app's own pages.
export default function SharedReportNotFound() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center px-4 text-center" data-testid="shared-report-gone">
      <p className="text-sm font-semibold text-brand-600">404</p>
      <h1 className="mt-2 text-2xl font-semibold text-slate-900">This shared report is not available</h1>
      <p className="mt-2 max-w-md text-sm text-slate-500">
        Its owner revoked the link, the model was deleted, or the address is incomplete. Ask the person who sent it for a new link.
      </p>
      <Link href="/login" className="mt-6 text-sm font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500">
        Have an account? Sign in
      </Link>
    </main>
  );
}
