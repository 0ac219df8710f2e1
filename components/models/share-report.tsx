"use client";
// Sharing the report: read-only links that open it without signing in (revocable), and printing.
import { useState } from "react";
import { formatDate, formatRelative } from "@/lib/client/format";
import { useCreateShareLink, useRevokeShareLink, useShareLinks } from "@/lib/client/use-model-insights";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { Badge, ErrorBanner, Notice } from "../ui/feedback";
import { Checkbox, TextInput } from "../ui/form";

export function PrintButton() {
  return (
    <Button variant="secondary" onClick={() => window.print()} className="print:hidden" data-testid="print-report">
      Print / save as PDF
    </Button>
  );
}

export function ShareReportCard({ modelId }: { modelId: string }) {
  const links = useShareLinks(modelId);
  const create = useCreateShareLink(modelId);
  const revoke = useRevokeShareLink(modelId);
  const [includeExamples, setIncludeExamples] = useState(false);
  const [created, setCreated] = useState<{ id: string; url: string } | null>(null);
  const [copied, setCopied] = useState(false);
  const [toRevoke, setToRevoke] = useState<{ id: string; created_at: string } | null>(null);

  const make = () =>
    create.mutate(includeExamples, {
      onSuccess: (link) => {
        setCreated({ id: link.id, url: `${window.location.origin}${link.path}` });
        setCopied(false);
      },
    });

  return (
    <Card
      title="Share the report"
      description="A read-only link opens this model's report (its active version) for anyone who has it, without signing in: no data set, predictions or other models. Revoke it any time."
      className="print:hidden"
      testId="share-report"
      actions={<PrintButton />}
    >
      <div className="space-y-4">
        <div className="flex flex-wrap items-center gap-4">
          <Checkbox
            id="share-examples"
            label="Include example rows"
            description="The holdout rows the model got most wrong, with their values. Leave off when the data is private."
            checked={includeExamples}
            onChange={setIncludeExamples}
          />
          <Button onClick={make} busy={create.isPending} data-testid="create-share-link">
            Create a read-only link
          </Button>
        </div>
        <ErrorBanner error={create.error} title="Could not create the link" />
        {created && (
          <Notice tone="success">
            <span className="block font-medium">Copy the link now: it is shown only once (only a fingerprint of it is stored).</span>
            <span className="mt-2 flex gap-2">
              <TextInput readOnly value={created.url} aria-label="Read-only report link" onFocus={(e) => e.target.select()} data-testid="share-link-url" />
              <Button
                variant="secondary"
                onClick={() =>
                  navigator.clipboard?.writeText(created.url).then(
                    () => setCopied(true),
                    () => setCopied(false),
                  )
                }
              >
                {copied ? "Copied" : "Copy"}
              </Button>
            </span>
          </Notice>
        )}
        {links.data && links.data.length > 0 && (
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 text-sm" data-testid="share-links">
            {links.data.map((l) => (
              <li key={l.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2" data-testid="share-link-row">
                <span className="text-slate-700">
                  Link created {formatDate(l.created_at)} {l.include_examples && <Badge>with example rows</Badge>}{" "}
                  {l.revoked_at ? (
                    <Badge tone="red">revoked</Badge>
                  ) : (
                    <span className="text-xs text-slate-500">· last opened {formatRelative(l.last_viewed_at)}</span>
                  )}
                </span>
                {!l.revoked_at && (
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => setToRevoke(l)}
                    aria-label={`Revoke the link created ${formatDate(l.created_at)}`}
                    data-testid="revoke-share-link"
                  >
                    Revoke
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
      <ConfirmDialog
        open={toRevoke !== null}
        title="Revoke this link?"
        confirmLabel="Revoke link"
        busy={revoke.isPending}
        error={revoke.error}
        onClose={() => {
          setToRevoke(null);
          revoke.reset();
        }}
        onConfirm={() =>
          toRevoke &&
          revoke.mutate(toRevoke.id, {
            onSuccess: () => {
              if (created?.id === toRevoke.id) setCreated(null);
              setToRevoke(null);
            },
          })
        }
      >
        Anyone who opens the link created {toRevoke ? formatDate(toRevoke.created_at) : ""} sees “not available” from now on. This cannot be undone; you can
        create a new link.
      </ConfirmDialog>
    </Card>
  );
}
