"use client";
import { useEffect, useRef, useState } from "react";
import { useSwitchTeam, useTeams } from "@/lib/client/use-teams";
import type { Me } from "@/lib/client/types";
import { ErrorBanner } from "../ui/feedback";
import { CreateTeamDialog } from "./create-team-dialog";

/** The team the session acts for, and a menu to switch to another of the user's teams or create one. */
export function TeamSwitcher({ me }: { me: Me }) {
  const [open, setOpen] = useState(false);
  const [creating, setCreating] = useState(false);
  const teams = useTeams();
  const switchTeam = useSwitchTeam();
  const menuRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const items = () => [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menu"] [role^="menuitem"]') ?? [])];
    items()[0]?.focus();
    const onDown = (e: MouseEvent) => {
      if (menuRef.current && !menuRef.current.contains(e.target as Node)) setOpen(false);
    };
    // A menu is driven by the arrow keys; Escape closes it and gives focus back to its button.
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        setOpen(false);
        menuRef.current?.querySelector<HTMLElement>("button[aria-haspopup]")?.focus();
        return;
      }
      if (e.key !== "ArrowDown" && e.key !== "ArrowUp") return;
      const list = items();
      if (!list.length) return;
      e.preventDefault();
      const at = list.indexOf(document.activeElement as HTMLElement);
      list[(at + (e.key === "ArrowDown" ? 1 : -1) + list.length) % list.length].focus();
    };
    document.addEventListener("mousedown", onDown);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("mousedown", onDown);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  const choose = (teamId: string) => {
    if (teamId === me.teamId) return setOpen(false);
    // A full reload: every list on screen belongs to the previous team.
    switchTeam.mutate(teamId, { onSuccess: () => window.location.assign("/datasets") });
  };

  return (
    <div className="relative" ref={menuRef}>
      <button
        type="button"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-haspopup="menu"
        aria-label="Switch team"
        className="flex items-center gap-2 rounded-lg px-2.5 py-1.5 text-left ring-1 ring-slate-200 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-500"
        data-testid="current-team"
      >
        <span className="min-w-0">
          {/* On a phone the header holds the team name only (the menu lists the email and role). */}
          <span className="block max-w-32 truncate text-sm font-medium text-slate-900 sm:max-w-48">{me.teamName ?? "No team"}</span>
          <span className="hidden max-w-48 truncate text-xs text-slate-500 sm:block">
            {me.email}
            {me.role ? ` · ${me.role}` : ""}
          </span>
        </span>
        <span aria-hidden className="text-xs text-slate-400">
          ▾
        </span>
      </button>
      {open && (
        <div role="menu" aria-label="Teams" className="absolute right-0 z-40 mt-1 w-72 rounded-xl border border-slate-200 bg-white p-1 shadow-lg">
          <p className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">Your teams</p>
          {teams.isPending && <p className="px-3 py-2 text-sm text-slate-500">Loading…</p>}
          {(teams.data ?? []).map((t) => (
            <button
              key={t.id}
              type="button"
              role="menuitemradio"
              aria-checked={t.id === me.teamId}
              onClick={() => choose(t.id)}
              disabled={switchTeam.isPending}
              className="flex w-full items-center justify-between gap-2 rounded-lg px-3 py-2 text-left text-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-500"
            >
              <span className="min-w-0 truncate font-medium text-slate-800">{t.name}</span>
              <span className="shrink-0 text-xs text-slate-500">
                {t.id === me.teamId ? "✓ " : ""}
                {t.role}
              </span>
            </button>
          ))}
          {switchTeam.error ? (
            <div className="p-2">
              <ErrorBanner error={switchTeam.error} title="Could not switch" />
            </div>
          ) : null}
          <div className="my-1 border-t border-slate-100" />
          <button
            type="button"
            role="menuitem"
            onClick={() => {
              setOpen(false);
              setCreating(true);
            }}
            className="w-full rounded-lg px-3 py-2 text-left text-sm font-medium text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-500"
          >
            + Create a team
          </button>
          <a
            role="menuitem"
            href="/account"
            className="block w-full rounded-lg px-3 py-2 text-left text-sm text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-500"
          >
            Account, sessions and invitations
          </a>
        </div>
      )}
      <CreateTeamDialog open={creating} onClose={() => setCreating(false)} />
    </div>
  );
}
