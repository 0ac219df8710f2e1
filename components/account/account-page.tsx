"use client";
import { useState, type FormEvent } from "react";
import { formatDate, formatRelative } from "@/lib/client/format";
import {
  useAnswerInvitation,
  useChangeName,
  useChangePassword,
  useEndAllSessions,
  useEndSession,
  useMyInvitations,
  useSessions,
} from "@/lib/client/use-account";
import { useMe } from "@/lib/client/use-me";
import { useSwitchTeam, useTeams } from "@/lib/client/use-teams";
import type { Me, MyInvitation, SessionSummary } from "@/lib/client/types";
import { CreateTeamDialog } from "../team/create-team-dialog";
import { Button } from "../ui/button";
import { Card, PageHeader } from "../ui/card";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { Badge, EmptyState, ErrorBanner, Notice, SkeletonRows } from "../ui/feedback";
import { Field, TextInput } from "../ui/form";

/** Where to go once the account is usable: the page asked for, or the datasets. */
function goOn(next: string) {
  window.location.assign(next || "/datasets");
}

function NameCard({ me }: { me: Me }) {
  const change = useChangeName();
  const [name, setName] = useState(me.name);
  const unchanged = name.trim() === me.name;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    change.mutate({ name: name.trim() });
  };
  return (
    <Card title="Your name" description="Shown to the members of your teams." testId="name-card">
      <form onSubmit={submit} className="grid max-w-md gap-3">
        <Field label="Name" htmlFor="account-name" hint="Leave it empty to be shown by your email address.">
          <TextInput
            id="account-name"
            autoComplete="name"
            maxLength={100}
            value={name}
            onChange={(e) => {
              if (change.error || change.isSuccess) change.reset();
              setName(e.target.value);
            }}
          />
        </Field>
        <ErrorBanner error={change.error} title="Could not change the name" />
        {change.isSuccess && unchanged && <Notice tone="success">Name saved.</Notice>}
        <div>
          <Button type="submit" busy={change.isPending} disabled={unchanged}>
            Save name
          </Button>
        </div>
      </form>
    </Card>
  );
}

function PasswordCard({ me, next }: { me: Me; next: string }) {
  const change = useChangePassword();
  const [form, setForm] = useState({ currentPassword: "", newPassword: "", confirm: "" });
  const [done, setDone] = useState(false);
  const mismatch = form.confirm !== "" && form.confirm !== form.newPassword;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (form.newPassword !== form.confirm) return;
    change.mutate(
      { currentPassword: form.currentPassword, newPassword: form.newPassword },
      {
        onSuccess: () => {
          setForm({ currentPassword: "", newPassword: "", confirm: "" });
          setDone(true);
          // The forced change unlocks the rest of the app: reload into it (someone in no team stays
          // here to answer invitations, still headed for the page they asked for).
          if (me.mustChangePassword) window.location.assign(me.teamId ? next || "/datasets" : next ? `/account?next=${encodeURIComponent(next)}` : "/account");
        },
      },
    );
  };
  const forced = me.mustChangePassword;
  return (
    <Card
      title={forced ? "Choose your own password" : "Password"}
      description={
        forced
          ? "Your password was set by a team owner or admin. Choose your own before you continue."
          : "Changing it signs you out of every other browser and device."
      }
      testId="password-card"
    >
      <form onSubmit={submit} className="grid max-w-md gap-3">
        <Field label={forced ? "Password you signed in with" : "Current password"} htmlFor="current-password">
          <TextInput
            id="current-password"
            type="password"
            autoComplete="current-password"
            required
            value={form.currentPassword}
            onChange={(e) => setForm((f) => ({ ...f, currentPassword: e.target.value }))}
          />
        </Field>
        <Field label="New password" htmlFor="new-password" hint="At least 8 characters.">
          <TextInput
            id="new-password"
            type="password"
            autoComplete="new-password"
            minLength={8}
            maxLength={200}
            required
            value={form.newPassword}
            onChange={(e) => setForm((f) => ({ ...f, newPassword: e.target.value }))}
          />
        </Field>
        <Field label="New password again" htmlFor="confirm-password" error={mismatch ? "The two new passwords differ." : null}>
          <TextInput
            id="confirm-password"
            type="password"
            autoComplete="new-password"
            required
            value={form.confirm}
            onChange={(e) => setForm((f) => ({ ...f, confirm: e.target.value }))}
          />
        </Field>
        <ErrorBanner error={change.error} title="Could not change the password" />
        {done && !forced && <Notice tone="success">Password changed. Your other sessions have ended.</Notice>}
        <div>
          <Button type="submit" busy={change.isPending} disabled={mismatch}>
            Change password
          </Button>
        </div>
      </form>
    </Card>
  );
}

function InvitationsCard({ me, next }: { me: Me; next: string }) {
  const invitations = useMyInvitations();
  const answer = useAnswerInvitation();
  const switchTeam = useSwitchTeam();
  const [joined, setJoined] = useState<{ teamId: string; teamName: string } | null>(null);
  const respond = (invitation: MyInvitation, choice: "accept" | "decline") =>
    answer.mutate(
      { id: invitation.id, answer: choice },
      {
        onSuccess: (result) => {
          if (choice !== "accept" || !result.teamId) return;
          // Someone who was in no team now is, and their session switched to it: go on.
          if (me.teamId === null) goOn(next);
          else setJoined({ teamId: result.teamId, teamName: result.teamName ?? invitation.teamName });
        },
      },
    );
  const list = invitations.data ?? [];
  return (
    <Card title="Invitations" description="Teams that invited you. Nobody is added to a team without accepting." testId="invitations">
      <div className="space-y-3">
        <ErrorBanner error={invitations.error} title="Could not load invitations" onRetry={() => invitations.refetch()} />
        <ErrorBanner error={answer.error ?? switchTeam.error} title="That did not work" />
        {joined && (
          <Notice tone="success">
            You joined {joined.teamName}.{" "}
            <button type="button" className="font-medium underline" onClick={() => switchTeam.mutate(joined.teamId, { onSuccess: () => goOn("/datasets") })}>
              Switch to it
            </button>
          </Notice>
        )}
        {invitations.isPending ? (
          <SkeletonRows rows={1} label="Loading invitations" />
        ) : list.length === 0 ? (
          <p className="text-sm text-slate-500">No pending invitations.</p>
        ) : (
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
            {list.map((inv) => (
              <li key={inv.id} className="flex flex-wrap items-center gap-3 px-3 py-2.5" data-testid="invitation">
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium text-slate-900">{inv.teamName}</p>
                  <p className="truncate text-xs text-slate-500">
                    as {inv.role}
                    {inv.invitedBy ? `, invited by ${inv.invitedBy.name || inv.invitedBy.email}` : ""} · {formatRelative(inv.createdAt)} · expires{" "}
                    {formatDate(inv.expiresAt)}
                  </p>
                </div>
                <Button
                  size="sm"
                  onClick={() => respond(inv, "accept")}
                  busy={answer.isPending && answer.variables?.id === inv.id && answer.variables.answer === "accept"}
                  aria-label={`Accept the invitation to ${inv.teamName}`}
                >
                  Accept
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => respond(inv, "decline")}
                  disabled={answer.isPending}
                  aria-label={`Decline the invitation to ${inv.teamName}`}
                >
                  Decline
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}

function TeamsCard({ me }: { me: Me }) {
  const teams = useTeams();
  const switchTeam = useSwitchTeam();
  const [creating, setCreating] = useState(false);
  const list = teams.data ?? [];
  return (
    <Card
      title="Your teams"
      description="Each team has its own datasets, models, projects, keys and members."
      actions={
        <Button size="sm" variant="secondary" onClick={() => setCreating(true)}>
          Create a team
        </Button>
      }
      testId="teams"
    >
      <ErrorBanner error={teams.error ?? switchTeam.error} title="Could not load or switch teams" />
      {teams.isPending ? (
        <SkeletonRows rows={2} label="Loading teams" />
      ) : list.length === 0 ? (
        <EmptyState title="You belong to no team yet" icon="◎">
          Accept an invitation above, or create a team of your own.
        </EmptyState>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
          {list.map((t) => (
            <li key={t.id} className="flex items-center gap-3 px-3 py-2.5">
              <span className="min-w-0 flex-1 truncate text-sm font-medium text-slate-900">{t.name}</span>
              <Badge tone={t.role === "owner" ? "blue" : "slate"}>{t.role}</Badge>
              {t.id === me.teamId ? (
                <Badge tone="green">current</Badge>
              ) : (
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => switchTeam.mutate(t.id, { onSuccess: () => goOn("/datasets") })}
                  aria-label={`Switch to ${t.name}`}
                >
                  Switch
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <CreateTeamDialog open={creating} onClose={() => setCreating(false)} />
    </Card>
  );
}

/** "Chrome on Linux" from a user agent, or the first words of it. */
function describeAgent(agent: string): string {
  if (!agent) return "Unknown client";
  const browser = /Edg\//.test(agent)
    ? "Edge"
    : /Firefox\//.test(agent)
      ? "Firefox"
      : /Chrom(e|ium)\//.test(agent)
        ? "Chrome"
        : /Safari\//.test(agent)
          ? "Safari"
          : null;
  const os = /Windows/.test(agent)
    ? "Windows"
    : /Mac OS X/.test(agent)
      ? "macOS"
      : /Android/.test(agent)
        ? "Android"
        : /iPhone|iPad/.test(agent)
          ? "iOS"
          : /Linux/.test(agent)
            ? "Linux"
            : null;
  if (browser) return os ? `${browser} on ${os}` : browser;
  return agent.slice(0, 60);
}

function SessionsCard() {
  const sessions = useSessions();
  const endOne = useEndSession();
  const endAll = useEndAllSessions();
  const [confirmAll, setConfirmAll] = useState(false);
  const list = sessions.data ?? [];
  const others = list.filter((s) => !s.current).length;
  const end = (s: SessionSummary) => endOne.mutate(s.id, { onSuccess: (r) => r.current && window.location.assign("/login") });
  return (
    <Card
      title="Sessions"
      description="Browsers and scripts signed in to your account."
      actions={
        <>
          <Button
            size="sm"
            variant="secondary"
            disabled={others === 0}
            busy={endAll.isPending && endAll.variables === true}
            onClick={() => endAll.mutate(true)}
          >
            Sign out other sessions
          </Button>
          <Button size="sm" variant="danger" onClick={() => setConfirmAll(true)}>
            Sign out everywhere
          </Button>
        </>
      }
      testId="sessions"
    >
      <ErrorBanner error={sessions.error ?? endOne.error ?? endAll.error} title="Could not load or end sessions" />
      {sessions.isPending ? (
        <SkeletonRows rows={2} label="Loading sessions" />
      ) : (
        <div className="relative overflow-x-auto rounded-lg border border-slate-200">
          <table className="min-w-full text-sm" data-testid="sessions-table">
            <caption className="sr-only">Sessions</caption>
            <thead className="bg-slate-50 text-left text-slate-600">
              <tr>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Client
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Address
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Signed in
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Last active
                </th>
                <th scope="col" className="px-3 py-2">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {list.map((s) => (
                <tr key={s.id}>
                  <td className="px-3 py-2 text-slate-800" title={s.userAgent}>
                    {describeAgent(s.userAgent)} {s.current && <Badge tone="green">this browser</Badge>}
                  </td>
                  <td className="px-3 py-2 font-mono text-xs text-slate-600">{s.ipAddress || "—"}</td>
                  <td className="px-3 py-2 text-slate-600" title={s.createdAt}>
                    {formatDate(s.createdAt)}
                  </td>
                  <td className="px-3 py-2 text-slate-600" title={s.lastSeenAt}>
                    {formatRelative(s.lastSeenAt)}
                  </td>
                  <td className="px-3 py-2 text-right">
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => end(s)}
                      disabled={endOne.isPending}
                      aria-label={s.current ? "Sign out this browser" : `End the session of ${describeAgent(s.userAgent)} from ${formatDate(s.createdAt)}`}
                    >
                      {s.current ? "Sign out" : "End"}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ConfirmDialog
        open={confirmAll}
        title="Sign out everywhere?"
        confirmLabel="Sign out everywhere"
        busy={endAll.isPending}
        error={endAll.error}
        onClose={() => setConfirmAll(false)}
        onConfirm={() => endAll.mutate(false, { onSuccess: () => window.location.assign("/login") })}
      >
        Every browser signed in to your account, this one included, is signed out. API keys keep working: revoke them on the team settings page.
      </ConfirmDialog>
    </Card>
  );
}

export function AccountPage({ next }: { next: string }) {
  const me = useMe();
  if (!me.data) return <SkeletonRows rows={4} label="Loading your account" />;
  const who = me.data;
  return (
    <>
      <PageHeader title="Account" description={`${who.name ? `${who.name} · ` : ""}${who.email}`} />
      <div className="space-y-6">
        {who.mustChangePassword ? (
          <PasswordCard me={who} next={next} />
        ) : (
          <>
            {who.teamId === null && <Notice tone="info">You belong to no team yet: accept an invitation or create a team to start.</Notice>}
            <InvitationsCard me={who} next={next} />
            <TeamsCard me={who} />
            <NameCard me={who} />
            <PasswordCard me={who} next={next} />
            <SessionsCard />
          </>
        )}
      </div>
    </>
  );
}
