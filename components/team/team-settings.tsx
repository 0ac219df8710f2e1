"use client";
import { useState, type FormEvent } from "react";
import { formatDate, formatRelative } from "@/lib/client/format";
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from "@/lib/client/use-api-keys";
import { useMe } from "@/lib/client/use-me";
import type { ApiKey, CreatedApiKey } from "@/lib/client/types";
import { MembersCard } from "./members-card";
import { Button } from "../ui/button";
import { Card, PageHeader } from "../ui/card";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { Badge, EmptyState, ErrorBanner, SkeletonRows } from "../ui/feedback";
import { Field, TextInput } from "../ui/form";

function CopyButton({ text }: { text: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      // Clipboard access needs a secure context; fall back to selecting the text for Ctrl+C.
      const field = document.getElementById("new-key-secret") as HTMLInputElement | null;
      field?.select();
      document.execCommand?.("copy");
    }
    setCopied(true);
    setTimeout(() => setCopied(false), 2000);
  };
  return (
    <Button variant="secondary" onClick={copy} aria-live="polite">
      {copied ? "Copied" : "Copy"}
    </Button>
  );
}

function NewKeySecret({ created, onDismiss }: { created: CreatedApiKey; onDismiss: () => void }) {
  return (
    <div className="space-y-3 rounded-lg border border-emerald-200 bg-emerald-50 p-4" data-testid="new-key">
      <p className="text-sm font-medium text-emerald-900">Key “{created.name}” created. Copy it now: it is shown only once.</p>
      <div className="flex gap-2">
        <label htmlFor="new-key-secret" className="sr-only">
          New API key
        </label>
        <input
          id="new-key-secret"
          readOnly
          value={created.secret}
          onFocus={(e) => e.target.select()}
          className="block w-full rounded-lg border-0 bg-white px-3 py-2 font-mono text-sm ring-1 ring-emerald-300"
          data-testid="new-key-secret"
        />
        <CopyButton text={created.secret} />
      </div>
      <p className="text-xs text-emerald-800">
        Send it in the <code>X-API-Key</code> header, e.g.{" "}
        <code>curl -H &quot;X-API-Key: …&quot; {typeof window === "undefined" ? "" : window.location.origin}/api/v1/models</code>
      </p>
      <Button variant="ghost" size="sm" onClick={onDismiss}>
        I have stored it
      </Button>
    </div>
  );
}

function ApiKeysCard() {
  const me = useMe();
  const canManage = me.data?.role === "owner" || me.data?.role === "admin";
  const keys = useApiKeys();
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  const [name, setName] = useState("");
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [toRevoke, setToRevoke] = useState<ApiKey | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate(name.trim() || "API key", {
      onSuccess: (key) => {
        setCreated(key);
        setName("");
      },
    });
  };

  const list = keys.data ?? [];
  return (
    <Card title="API keys" description="For scripts and SDKs. A key acts for the whole team; revoke it when it is no longer needed." testId="api-keys">
      <div className="space-y-5">
        {!canManage && (
          <p className="text-sm text-slate-500" data-testid="keys-readonly">
            Only owners and admins can create or revoke keys. Ask one of them for a key.
          </p>
        )}
        {canManage && (
          <form onSubmit={submit} className="flex flex-wrap items-end gap-3">
            <div className="min-w-56 flex-1">
              <Field label="Key name" htmlFor="key-name" hint="Say where it will be used, e.g. “nightly import job”.">
                <TextInput id="key-name" value={name} maxLength={100} onChange={(e) => setName(e.target.value)} placeholder="API key" />
              </Field>
            </div>
            <div className="pb-5">
              <Button type="submit" busy={create.isPending} data-testid="create-key">
                Create key
              </Button>
            </div>
          </form>
        )}
        <ErrorBanner error={create.error} title="Could not create the key" />
        {created && <NewKeySecret created={created} onDismiss={() => setCreated(null)} />}
        <ErrorBanner error={keys.error} title="Could not load keys" onRetry={() => keys.refetch()} />
        {keys.isPending ? (
          <SkeletonRows rows={3} label="Loading keys" />
        ) : list.length === 0 ? (
          !keys.error && (
            <EmptyState title="No API keys" icon="◈">
              {canManage ? "Create one to call the API from scripts." : "An owner or admin can create one for your scripts."}
            </EmptyState>
          )
        ) : (
          <div className="relative overflow-x-auto rounded-lg border border-slate-200">
            <table className="min-w-full text-sm" data-testid="keys-table">
              <caption className="sr-only">API keys</caption>
              <thead className="bg-slate-50 text-left text-slate-600">
                <tr>
                  {/* On a phone, Created, By, Last used and Status give way so Revoke stays on screen (dates and status show under the name). */}
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Name
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Key
                  </th>
                  <th scope="col" className="hidden px-3 py-2 font-semibold sm:table-cell">
                    Created
                  </th>
                  <th scope="col" className="hidden px-3 py-2 font-semibold sm:table-cell">
                    By
                  </th>
                  <th scope="col" className="hidden px-3 py-2 font-semibold sm:table-cell">
                    Last used
                  </th>
                  <th scope="col" className="hidden px-3 py-2 font-semibold sm:table-cell">
                    Status
                  </th>
                  <th scope="col" className="px-3 py-2">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {list.map((k) => (
                  <tr key={k.id} data-testid={`key-row-${k.prefix}`}>
                    <td className="px-3 py-2">
                      <span className="font-medium break-words text-slate-800 [overflow-wrap:anywhere]">{k.name}</span>
                      <div className="mt-0.5 text-xs text-slate-500 sm:hidden" data-testid="key-dates-phone">
                        {k.revokedAt && <Badge tone="red">revoked {formatRelative(k.revokedAt)}</Badge>} created {formatDate(k.createdAt)} ·{" "}
                        {k.lastUsedAt ? `used ${formatRelative(k.lastUsedAt)}` : "never used"}
                      </div>
                    </td>
                    <td className="px-3 py-2 font-mono text-xs whitespace-nowrap text-slate-600">{k.prefix}…</td>
                    <td className="hidden px-3 py-2 text-slate-600 sm:table-cell" title={k.createdAt}>
                      {formatDate(k.createdAt)}
                    </td>
                    <td className="hidden px-3 py-2 text-slate-600 sm:table-cell">{k.createdBy ? k.createdBy.name || k.createdBy.email : "INITIAL_API_KEY"}</td>
                    <td className="hidden px-3 py-2 text-slate-600 sm:table-cell" title={k.lastUsedAt ?? undefined}>
                      {formatRelative(k.lastUsedAt)}
                    </td>
                    <td className="hidden px-3 py-2 sm:table-cell">
                      {k.revokedAt ? <Badge tone="red">revoked {formatRelative(k.revokedAt)}</Badge> : <Badge tone="green">active</Badge>}
                    </td>
                    <td className="px-3 py-2 text-right">
                      {!k.revokedAt && canManage && (
                        <Button variant="ghost" size="sm" onClick={() => setToRevoke(k)} aria-label={`Revoke ${k.name} (${k.prefix})`}>
                          Revoke
                        </Button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
      <ConfirmDialog
        open={toRevoke !== null}
        title={`Revoke “${toRevoke?.name ?? ""}”?`}
        confirmLabel="Revoke key"
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
              // A revoked key's secret is useless; do not leave it on screen.
              if (created?.id === toRevoke.id) setCreated(null);
              setToRevoke(null);
            },
          })
        }
      >
        Scripts using the key starting with <code className="font-mono">{toRevoke?.prefix}</code> stop working at once. This cannot be undone.
      </ConfirmDialog>
    </Card>
  );
}

export function TeamSettingsPage() {
  const me = useMe();
  return (
    <>
      <PageHeader title="Team settings" description={me.data ? `${me.data.teamName} · you are ${me.data.role}` : undefined} />
      <div className="space-y-6">
        <ApiKeysCard />
        <MembersCard />
      </div>
    </>
  );
}
