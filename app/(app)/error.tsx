"use client";
import { useEffect } from "react";
import { Button } from "@/components/ui/button";

// Last line of defence for a page that throws while rendering: say so and offer a retry, keep the shell.
export default function AppError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <div role="alert" className="mx-auto max-w-lg rounded-xl border border-red-200 bg-white p-6 text-center shadow-sm">
      <h1 className="text-lg font-semibold text-slate-900">This page could not be shown</h1>
      <p className="mt-2 text-sm text-slate-600">
        Something failed while drawing it{error.digest ? ` (reference ${error.digest})` : ""}. Try again; if it keeps happening, reload the page.
      </p>
      <Button className="mt-5" onClick={reset}>
        Try again
      </Button>
    </div>
  );
}
