"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useMyInvitations } from "@/lib/client/use-account";
import { useMe, useSignOut } from "@/lib/client/use-me";
import type { Me } from "@/lib/client/types";
import { UploadIndicator } from "./datasets/upload-indicator";
import { TeamSwitcher } from "./team/team-switcher";

const TEAM_NAV = [
  { href: "/datasets", label: "Datasets" },
  { href: "/models", label: "Models" },
  { href: "/projects", label: "Projects" },
  { href: "/team-settings", label: "Team settings" },
];
const ACCOUNT_NAV = { href: "/account", label: "Account" };

export function AppShell({ session, children }: { session: Me; children: ReactNode }) {
  const pathname = usePathname();
  const { data: me } = useMe(session);
  const signOut = useSignOut();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  // Escape closes the phone menu, as it closes the team switcher, and gives focus back to its button.
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setMenuOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [menuOpen]);
  const who = me ?? session;
  // Someone who must choose a password or belongs to no team only has their account page.
  const inTeam = who.teamId !== null && !who.mustChangePassword;
  const invitations = useMyInvitations(!who.mustChangePassword);
  const pending = invitations.data?.length ?? 0;
  const nav = inTeam ? [...TEAM_NAV, ACCOUNT_NAV] : [ACCOUNT_NAV];

  const doSignOut = () => signOut.mutate(undefined, { onSettled: () => window.location.assign("/login") });

  const links = nav.map((item) => {
    const active = pathname === item.href || pathname.startsWith(`${item.href}/`);
    return (
      <Link
        key={item.href}
        href={item.href}
        aria-current={active ? "page" : undefined}
        onClick={() => setMenuOpen(false)}
        className={`rounded-lg px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-brand-500 ${
          active ? "bg-brand-50 text-brand-700" : "text-slate-600 hover:bg-slate-100 hover:text-slate-900"
        }`}
      >
        {item.label}
        {item.href === "/account" && pending > 0 && (
          <span
            className="ml-1.5 rounded-full bg-brand-600 px-1.5 py-0.5 text-xs font-semibold text-white"
            aria-label={`${pending} pending invitation${pending === 1 ? "" : "s"}`}
          >
            {pending}
          </span>
        )}
      </Link>
    );
  });

  return (
    <div className="min-h-screen">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/90 backdrop-blur">
        <div className="mx-auto flex h-14 max-w-7xl items-center gap-3 px-4 sm:gap-4 sm:px-6">
          <Link href="/datasets" className="flex items-center gap-2 rounded focus-visible:outline-2 focus-visible:outline-brand-500">
            <span className="flex size-7 items-center justify-center rounded-md bg-brand-600 text-sm font-bold text-white" aria-hidden>
              T
            </span>
            <span className="font-semibold tracking-tight">Tabula</span>
          </Link>
          <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
            {links}
          </nav>
          <div className="ml-auto flex min-w-0 items-center gap-2 sm:gap-3">
            <TeamSwitcher me={who} />
            {/* On a phone, Sign out moves into the menu so the header fits 390 px. */}
            <button
              type="button"
              onClick={doSignOut}
              disabled={signOut.isPending}
              className="hidden rounded-lg px-3 py-1.5 text-sm font-medium whitespace-nowrap text-slate-600 ring-1 ring-slate-200 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-500 md:block"
            >
              Sign out
            </button>
            <button
              type="button"
              className="shrink-0 rounded-lg p-2 text-slate-600 ring-1 ring-slate-200 focus-visible:outline-2 focus-visible:outline-brand-500 md:hidden"
              aria-expanded={menuOpen}
              aria-controls="mobile-nav"
              aria-label="Menu"
              ref={menuButton}
              onClick={() => setMenuOpen((o) => !o)}
            >
              <span aria-hidden>☰</span>
            </button>
          </div>
        </div>
        {menuOpen && (
          <nav id="mobile-nav" aria-label="Main" className="flex flex-col gap-1 border-t border-slate-100 px-4 py-2 md:hidden">
            {links}
            <div className="flex items-center justify-between gap-3 border-t border-slate-100 px-3 pt-3 pb-1">
              {/* Wrapped, not cut: at 390 px the line ended "wanda@example.com · o…", the role lost. */}
              <span className="min-w-0 text-xs text-slate-500 [overflow-wrap:anywhere]" data-testid="mobile-nav-who">
                {who.teamName ?? "No team"} · {who.email}
                {who.role ? ` · ${who.role}` : ""}
              </span>
              <button
                type="button"
                onClick={doSignOut}
                disabled={signOut.isPending}
                className="shrink-0 rounded-lg px-3 py-1.5 text-sm font-medium text-slate-600 ring-1 ring-slate-200 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-500"
              >
                Sign out
              </button>
            </div>
          </nav>
        )}
        <UploadIndicator />
      </header>
      <main id="main" className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
        {children}
      </main>
    </div>
  );
}
