"use client";
import { useState, type FormEvent } from "react";
import { formatDate, formatRelative } from "@/lib/client/format";
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from "@/lib/client/use-api-keys";
import { useMe } from "@/lib/client/use-me";
import { useInviteMember, useMembers, useRemoveMember } from "@/lib/client/use-members";
import type { ApiKey, CreatedApiKey, Member, Role } from "@/lib/client/types";
import { Button } from "../ui/button";
import { Card, PageHeader } from "../ui/card";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { Badge, EmptyState, ErrorBanner, Notice, SkeletonRows } from "../ui/feedback";
import { Field, Select, TextInput } from "../ui/form";

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
      <p className="text-sm font-medium text-emerald-900">
        Key “{created.name}” created. Copy it now: it is shown only once.
      </p>
      <div className="flex gap-2">
        <label htmlFor="new-key-secret" className="sr-only">New API key</label>
        <input id="new-key-secret" readOnly value={created.secret} onFocus={(e) => e.target.select()} className="block w-full rounded-lg border-0 bg-white px-3 py-2 font-mono text-sm ring-1 ring-emerald-300" data-testid="new-key-secret" />
        <CopyButton text={created.secret} />
      </div>
      <p className="text-xs text-emerald-800">
        Send it in the <code>X-API-Key</code> header, e.g. <code>curl -H &quot;X-API-Key: …&quot; {typeof window === "undefined" ? "" : window.location.origin}/api/v1/models</code>
      </p>
      <Button variant="ghost" size="sm" onClick={onDismiss}>I have stored it</Button>
    </div>
  );
}

function ApiKeysCard() {
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
        <form onSubmit={submit} className="flex flex-wrap items-end gap-3">
          <div className="min-w-56 flex-1">
            <Field label="Key name" htmlFor="key-name" hint="Say where it will be used, e.g. “nightly import job”.">
              <TextInput id="key-name" value={name} maxLength={100} onChange={(e) => setName(e.target.value)} placeholder="API key" />
            </Field>
          </div>
          <div className="pb-5">
            <Button type="submit" busy={create.isPending} data-testid="create-key">Create key</Button>
          </div>
        </form>
        <ErrorBanner error={create.error} title="Could not create the key" />
        {created && <NewKeySecret created={created} onDismiss={() => setCreated(null)} />}
        <ErrorBanner error={keys.error} title="Could not load keys" onRetry={() => keys.refetch()} />
        {keys.isPending ? (
          <SkeletonRows rows={3} label="Loading keys" />
        ) : list.length === 0 ? (
          !keys.error && <EmptyState title="No API keys" icon="⚿">Create one to call the API from scripts.</EmptyState>
        ) : (
          <div className="overflow-x-auto rounded-lg border border-slate-200">
            <table className="min-w-full text-sm" data-testid="keys-table">
              <caption className="sr-only">API keys</caption>
              <thead className="bg-slate-50 text-left text-slate-600">
                <tr>
                  <th scope="col" className="px-3 py-2 font-semibold">Name</th>
                  <th scope="col" className="px-3 py-2 font-semibold">Key</th>
                  <th scope="col" className="px-3 py-2 font-semibold">Created</th>
                  <th scope="col" className="px-3 py-2 font-semibold">Last used</th>
                  <th scope="col" className="px-3 py-2 font-semibold">Status</th>
                  <th scope="col" className="px-3 py-2"><span className="sr-only">Actions</span></th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {list.map((k) => (
                  <tr key={k.id} data-testid={`key-row-${k.prefix}`}>
                    <td className="px-3 py-2 font-medium text-slate-800">{k.name}</td>
                    <td className="px-3 py-2 font-mono text-xs text-slate-600">{k.prefix}…</td>
                    <td className="px-3 py-2 text-slate-600" title={k.createdAt}>{formatDate(k.createdAt)}</td>
                    <td className="px-3 py-2 text-slate-600" title={k.lastUsedAt ?? undefined}>{formatRelative(k.lastUsedAt)}</td>
                    <td className="px-3 py-2">{k.revokedAt ? <Badge tone="red">revoked {formatRelative(k.revokedAt)}</Badge> : <Badge tone="green">active</Badge>}</td>
                    <td className="px-3 py-2 text-right">
                      {!k.revokedAt && (
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

const ROLE_HELP: Record<Role, string> = {
  owner: "everything, including adding owners",
  admin: "invite and remove members",
  member: "datasets, models and projects",
};

function MembersCard() {
  const me = useMe();
  const members = useMembers();
  const invite = useInviteMember();
  const remove = useRemoveMember();
  const [form, setForm] = useState<{ email: string; role: Role; password: string }>({ email: "", role: "member", password: "" });
  const [invited, setInvited] = useState<string | null>(null);
  const [toRemove, setToRemove] = useState<Member | null>(null);
  const myRole = me.data?.role;
  const canManage = myRole === "owner" || myRole === "admin";

  const submit = (e: FormEvent) => {
    e.preventDefault();
    invite.mutate(form, {
      onSuccess: () => {
        setInvited(form.email);
        setForm({ email: "", role: "member", password: "" });
      },
    });
  };

  return (
    <Card title="Members" description="People who can sign in to this team." testId="members">
      <div className="space-y-5">
        <ErrorBanner error={members.error} title="Could not load members" onRetry={() => members.refetch()} />
        {members.isPending ? (
          <SkeletonRows rows={2} label="Loading members" />
        ) : (
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
            {(members.data ?? []).map((m) => (
              <li key={m.user.id} className="flex flex-wrap items-center gap-3 px-3 py-2.5">
                <span className="flex size-8 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-700" aria-hidden>
                  {(m.user.name || m.user.email).slice(0, 1).toUpperCase()}
                </span>
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium text-slate-900">{m.user.name || m.user.email}{m.user.id === me.data?.userId && " (you)"}</p>
                  <p className="truncate text-xs text-slate-500">{m.user.email} · joined {formatRelative(m.createdAt)}</p>
                </div>
                <Badge tone={m.role === "owner" ? "blue" : "slate"}>{m.role}</Badge>
                {canManage && m.user.id !== me.data?.userId && (
                  <Button variant="ghost" size="sm" onClick={() => setToRemove(m)} aria-label={`Remove ${m.user.email}`}>Remove</Button>
                )}
              </li>
            ))}
          </ul>
        )}
        {canManage ? (
          <form onSubmit={submit} className="grid gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4 md:grid-cols-[2fr_1fr_2fr_auto] md:items-end" data-testid="invite-form">
            <Field label="Email" htmlFor="invite-email">
              <TextInput id="invite-email" type="email" required value={form.email} onChange={(e) => setForm((f) => ({ ...f, email: e.target.value }))} />
            </Field>
            <Field label="Role" htmlFor="invite-role">
              <Select id="invite-role" value={form.role} onChange={(e) => setForm((f) => ({ ...f, role: e.target.value as Role }))} title={ROLE_HELP[form.role]}>
                <option value="member">Member</option>
                <option value="admin">Admin</option>
                {myRole === "owner" && <option value="owner">Owner</option>}
              </Select>
            </Field>
            <Field label="Initial password" htmlFor="invite-password">
              <TextInput id="invite-password" type="text" autoComplete="off" minLength={8} required value={form.password} onChange={(e) => setForm((f) => ({ ...f, password: e.target.value }))} />
            </Field>
            <Button type="submit" busy={invite.isPending}>Add member</Button>
            <p className="text-xs text-slate-500 md:col-span-4">
              {form.role}: {ROLE_HELP[form.role]}. No email is sent: hand the initial password over yourself.
            </p>
            <div className="md:col-span-4"><ErrorBanner error={invite.error} title="Could not add the member" /></div>
            {invited && <div className="md:col-span-4"><Notice tone="success">{invited} can now sign in with the initial password.</Notice></div>}
          </form>
        ) : (
          <p className="text-sm text-slate-500">Only owners and admins can add or remove members.</p>
        )}
      </div>
      <ConfirmDialog
        open={toRemove !== null}
        title={`Remove ${toRemove?.user.email ?? ""}?`}
        confirmLabel="Remove member"
        busy={remove.isPending}
        error={remove.error}
        onClose={() => {
          setToRemove(null);
          remove.reset();
        }}
        onConfirm={() => toRemove && remove.mutate(toRemove.user.id, { onSuccess: () => setToRemove(null) })}
      >
        They lose access to this team at their next request.
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
