"use client";
import { useState, type FormEvent } from "react";
import { safeNextPath } from "@/lib/client/safe-next";
import { useSetup, useSignIn } from "@/lib/client/use-me";
import { Button } from "./ui/button";
import { ErrorBanner } from "./ui/feedback";
import { Field, TextInput } from "./ui/form";

export function AuthFrame({ title, subtitle, children }: { title: string; subtitle: string; children: React.ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-brand-50 via-white to-slate-100 px-4 py-12">
      <div className="w-full max-w-md">
        <div className="mb-6 flex items-center justify-center gap-2">
          <span className="flex size-9 items-center justify-center rounded-lg bg-brand-600 text-lg font-bold text-white" aria-hidden>
            T
          </span>
          <span className="text-xl font-semibold tracking-tight">Tabula</span>
        </div>
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
          <p className="mt-1 mb-6 text-sm text-slate-500">{subtitle}</p>
          {children}
        </div>
      </div>
    </main>
  );
}

export function LoginForm({ next }: { next?: string }) {
  const signIn = useSignIn();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // A full navigation so the server components see the new session cookie. Someone who must choose
    // a password or has no team yet goes to the account page first, which sends them on to `next`.
    signIn.mutate(
      { email, password },
      {
        onSuccess: (result) => {
          const target = safeNextPath(next);
          window.location.assign(result.mustChangePassword || !result.hasTeam ? `/account?next=${encodeURIComponent(target)}` : target);
        },
      },
    );
  };
  return (
    <form onSubmit={submit} className="space-y-4" data-testid="login-form">
      <Field label="Email" htmlFor="email">
        <TextInput id="email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
      </Field>
      <Field label="Password" htmlFor="password">
        <TextInput id="password" type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
      </Field>
      <ErrorBanner error={signIn.error} title="Could not sign in" />
      <Button type="submit" busy={signIn.isPending || signIn.isSuccess} className="w-full">
        Sign in
      </Button>
    </form>
  );
}

export function SetupForm() {
  const setup = useSetup();
  const [form, setForm] = useState({ name: "", email: "", password: "", teamName: "", setupToken: "" });
  const set = (key: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) => setForm((f) => ({ ...f, [key]: e.target.value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setup.mutate(form, { onSuccess: () => window.location.assign("/datasets") });
  };
  return (
    <form onSubmit={submit} className="space-y-4" data-testid="setup-form">
      <Field
        label="Setup token"
        htmlFor="setupToken"
        hint={
          <>
            Printed on the server&apos;s console by <code>npm start</code> (or the value of <code>SETUP_TOKEN</code>). It proves you run this installation.
          </>
        }
      >
        <TextInput id="setupToken" required autoComplete="off" spellCheck={false} value={form.setupToken} onChange={set("setupToken")} className="font-mono" />
      </Field>
      <Field label="Team name" htmlFor="teamName" hint="Your workspace; you can invite people to it later.">
        <TextInput id="teamName" required value={form.teamName} onChange={set("teamName")} placeholder="Acme analytics" />
      </Field>
      <Field label="Your name" htmlFor="name">
        <TextInput id="name" autoComplete="name" value={form.name} onChange={set("name")} />
      </Field>
      <Field label="Email" htmlFor="email">
        <TextInput id="email" type="email" autoComplete="email" required value={form.email} onChange={set("email")} />
      </Field>
      <Field label="Password" htmlFor="password" hint="At least 8 characters.">
        <TextInput id="password" type="password" autoComplete="new-password" minLength={8} required value={form.password} onChange={set("password")} />
      </Field>
      <ErrorBanner error={setup.error} title="Could not finish setup" />
      <Button type="submit" busy={setup.isPending || setup.isSuccess} className="w-full">
        Create the owner account
      </Button>
    </form>
  );
}
