"use client";
import { useState, type FormEvent } from "react";
import { withFormLabels } from "@/lib/client/api";
import { formatDate, formatRelative } from "@/lib/client/format";
import { useMe } from "@/lib/client/use-me";
import {
  useChangeRole,
  useInviteMember,
  useMembers,
  useRemoveMember,
  useRevokeInvitation,
  useSetMemberPassword,
  useTeamInvitations,
} from "@/lib/client/use-members";
import type { Member, Role } from "@/lib/client/types";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { Badge, ErrorBanner, Notice, SkeletonRows } from "../ui/feedback";
import { Field, Select, TextInput } from "../ui/form";

// The API's field names in its messages, as the invitation form's labels ("email" is left alone: the word also reads right in its message).
const INVITE_LABELS = { role: "Role", password: "Initial password" };

const ROLE_HELP: Record<Role, string> = {
  owner: "everything, including roles and adding owners",
  admin: "invite and remove members, create and revoke API keys",
  member: "datasets, models and projects; sees API keys but cannot create or revoke them",
};

function SetPasswordDialog({ member, onClose }: { member: Member | null; onClose: () => void }) {
  const setPassword = useSetMemberPassword();
  const [password, setPasswordText] = useState("");
  const [done, setDone] = useState(false);
  const close = () => {
    setPasswordText("");
    setDone(false);
    setPassword.reset();
    onClose();
  };
  return (
    <ConfirmDialog
      open={member !== null}
      title={`Set a password for ${member?.user.email ?? ""}`}
      confirmLabel={done ? "Close" : "Set password"}
      busy={setPassword.isPending}
      error={setPassword.error}
      onClose={close}
      onConfirm={() => {
        if (done) return close();
        if (member && password.length >= 8) setPassword.mutate({ userId: member.user.id, password }, { onSuccess: () => setDone(true) });
      }}
    >
      {done ? (
        <Notice tone="success">Done. Hand the password over; they must choose their own at their next sign-in.</Notice>
      ) : (
        <div className="space-y-3">
          <p>
            They are signed out everywhere and must choose their own password at their next sign-in. Only possible for people who belong to this team alone.
          </p>
          <Field label="Password to hand over" htmlFor="member-password" hint="At least 8 characters. No email is sent: hand it over yourself.">
            <TextInput
              id="member-password"
              type="text"
              autoComplete="off"
              minLength={8}
              maxLength={200}
              value={password}
              onChange={(e) => setPasswordText(e.target.value)}
            />
          </Field>
        </div>
      )}
    </ConfirmDialog>
  );
}

function PendingInvitations({ canManage }: { canManage: boolean }) {
  const invitations = useTeamInvitations();
  const revoke = useRevokeInvitation();
  const list = invitations.data ?? [];
  if (invitations.isPending || (list.length === 0 && !invitations.error)) return null;
  return (
    <div className="space-y-2" data-testid="team-invitations">
      <h3 className="text-sm font-semibold text-slate-800">Pending invitations</h3>
      <ErrorBanner error={invitations.error ?? revoke.error} title="Could not load or revoke invitations" />
      <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
        {list.map((inv) => (
          <li key={inv.id} className="flex flex-wrap items-center gap-3 px-3 py-2">
            {/* At least 12rem before the badge and Revoke wrap under it: on a phone the address was cut to "alan@acm…". */}
            <div className="min-w-48 flex-1">
              <p className="text-sm text-slate-900 [overflow-wrap:anywhere]" data-testid="invitation-email">
                {inv.email}
              </p>
              <p className="text-xs text-slate-500">
                invited {formatRelative(inv.createdAt)} · expires {formatDate(inv.expiresAt)}
              </p>
            </div>
            <Badge tone="amber">{inv.role}, pending</Badge>
            {canManage && (
              <Button
                variant="ghost"
                size="sm"
                onClick={() => revoke.mutate(inv.id)}
                disabled={revoke.isPending}
                aria-label={`Revoke the invitation of ${inv.email}`}
              >
                Revoke
              </Button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function MembersCard() {
  const me = useMe();
  const members = useMembers();
  const invite = useInviteMember();
  const remove = useRemoveMember();
  const changeRole = useChangeRole();
  const [form, setForm] = useState<{ email: string; role: Role; password: string }>({ email: "", role: "member", password: "" });
  const [invited, setInvited] = useState<string | null>(null);
  const [toRemove, setToRemove] = useState<Member | null>(null);
  const [passwordFor, setPasswordFor] = useState<Member | null>(null);
  const myRole = me.data?.role ?? null;
  const myId = me.data?.userId;
  const canManage = myRole === "owner" || myRole === "admin";
  const isOwner = myRole === "owner";
  const list = members.data ?? [];
  const owners = list.filter((m) => m.role === "owner").length;

  // Editing the form clears the last refusal, so an error never stays next to values it is not about.
  const edit = (patch: Partial<typeof form>) => {
    if (invite.error) invite.reset();
    setForm((f) => ({ ...f, ...patch }));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    invite.mutate(form, {
      onSuccess: (result) => {
        setInvited(result.message);
        setForm({ email: "", role: "member", password: "" });
      },
    });
  };

  const leaving = toRemove?.user.id === myId;
  return (
    <Card title="Members" description="People who can sign in to this team." testId="members">
      <div className="space-y-5">
        <ErrorBanner error={members.error} title="Could not load members" onRetry={() => members.refetch()} />
        <ErrorBanner error={changeRole.error} title="Could not change the role" />
        {members.isPending ? (
          <SkeletonRows rows={2} label="Loading members" />
        ) : (
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
            {list.map((m) => {
              const self = m.user.id === myId;
              const lastOwner = m.role === "owner" && owners <= 1;
              return (
                <li key={m.user.id} className="flex flex-wrap items-center gap-3 px-3 py-2.5">
                  <span className="flex size-8 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-700" aria-hidden>
                    {(m.user.name || m.user.email).slice(0, 1).toUpperCase()}
                  </span>
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-medium text-slate-900">
                      {m.user.name || m.user.email}
                      {self && " (you)"}
                    </p>
                    {/* On a phone the join date goes under the address rather than being cut off. */}
                    <p className="text-xs text-slate-500">
                      <span className="break-all">{m.user.email}</span>
                      <span className="hidden sm:inline"> · </span>
                      <span className="block sm:inline">joined {formatRelative(m.createdAt)}</span>
                    </p>
                  </div>
                  {isOwner && !lastOwner ? (
                    <div className="w-32 shrink-0">
                      <Select
                        aria-label={`Role of ${m.user.email}`}
                        value={m.role}
                        disabled={changeRole.isPending}
                        onChange={(e) => changeRole.mutate({ userId: m.user.id, role: e.target.value as Role })}
                      >
                        <option value="owner">owner</option>
                        <option value="admin">admin</option>
                        <option value="member">member</option>
                      </Select>
                    </div>
                  ) : (
                    <Badge tone={m.role === "owner" ? "blue" : "slate"}>{m.role}</Badge>
                  )}
                  {canManage && !self && (m.role !== "owner" || isOwner) && (
                    <Button variant="ghost" size="sm" onClick={() => setPasswordFor(m)} aria-label={`Set a password for ${m.user.email}`}>
                      Set password
                    </Button>
                  )}
                  {((canManage && !self && (m.role !== "owner" || isOwner)) || (self && !lastOwner)) && (
                    <Button variant="ghost" size="sm" onClick={() => setToRemove(m)} aria-label={self ? "Leave this team" : `Remove ${m.user.email}`}>
                      {self ? "Leave" : "Remove"}
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
        <PendingInvitations canManage={canManage} />
        {canManage ? (
          <form
            onSubmit={submit}
            className="grid grid-cols-1 gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4 md:grid-cols-[2fr_1fr_2fr_auto] md:items-end"
            data-testid="invite-form"
          >
            <Field label="Email" htmlFor="invite-email">
              <TextInput id="invite-email" type="email" required value={form.email} onChange={(e) => edit({ email: e.target.value })} />
            </Field>
            <Field label="Role" htmlFor="invite-role">
              <Select id="invite-role" value={form.role} onChange={(e) => edit({ role: e.target.value as Role })} title={ROLE_HELP[form.role]}>
                <option value="member">Member</option>
                <option value="admin">Admin</option>
                {isOwner && <option value="owner">Owner</option>}
              </Select>
            </Field>
            <Field label="Initial password" htmlFor="invite-password">
              <TextInput
                id="invite-password"
                type="text"
                autoComplete="off"
                minLength={8}
                required
                value={form.password}
                onChange={(e) => edit({ password: e.target.value })}
              />
            </Field>
            <Button type="submit" busy={invite.isPending}>
              Invite
            </Button>
            <p className="text-xs text-slate-500 md:col-span-4">
              {form.role}: {ROLE_HELP[form.role]}. They join after accepting the invitation. No email is sent: if they have no account yet, hand the initial
              password over yourself (they must change it at their first sign-in); people who already have an account keep their password.
            </p>
            <div className="md:col-span-4">
              <ErrorBanner error={withFormLabels(invite.error, INVITE_LABELS)} title="Could not invite" />
            </div>
            {invited && (
              <div className="md:col-span-4">
                <Notice tone="success">{invited}</Notice>
              </div>
            )}
          </form>
        ) : (
          <p className="text-sm text-slate-500">Only owners and admins can invite or remove members.</p>
        )}
      </div>
      <ConfirmDialog
        open={toRemove !== null}
        title={leaving ? "Leave this team?" : `Remove ${toRemove?.user.email ?? ""}?`}
        confirmLabel={leaving ? "Leave team" : "Remove member"}
        busy={remove.isPending}
        error={remove.error}
        onClose={() => {
          setToRemove(null);
          remove.reset();
        }}
        onConfirm={() =>
          toRemove &&
          remove.mutate(toRemove.user.id, {
            onSuccess: () => {
              setToRemove(null);
              if (leaving) window.location.assign("/account");
            },
          })
        }
      >
        {leaving
          ? "You lose access to this team's data at once. The API keys you created for it are revoked."
          : "They lose access to this team at their next request, and the API keys they created for it are revoked at once: scripts using those keys stop working."}
      </ConfirmDialog>
      <SetPasswordDialog member={passwordFor} onClose={() => setPasswordFor(null)} />
    </Card>
  );
}
