"use client";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useCreateTeam, useSwitchTeam } from "@/lib/client/use-teams";
import { Button } from "../ui/button";
import { ErrorBanner } from "../ui/feedback";
import { Field, TextInput } from "../ui/form";

/** Creates a team (you become its owner) and switches to it. */
export function CreateTeamDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const create = useCreateTeam();
  const switchTeam = useSwitchTeam();
  const [name, setName] = useState("");
  // The header's switcher and the account page each hold one: ids of their own, or the second's label points at the first.
  const id = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  const busy = create.isPending || switchTeam.isPending || switchTeam.isSuccess;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate(name.trim(), {
      onSuccess: (team) =>
        // A full reload: every list on screen belongs to the previous team.
        switchTeam.mutate(team.id, { onSuccess: () => window.location.assign("/datasets") }),
    });
  };
  const close = () => {
    setName("");
    create.reset();
    onClose();
  };
  return (
    <dialog
      ref={ref}
      onClose={close}
      aria-labelledby={`${id}-title`}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-xl bg-white p-0 shadow-xl backdrop:bg-slate-900/40"
    >
      <form onSubmit={submit} className="space-y-4 p-5" data-testid="create-team-form">
        <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
          Create a team
        </h2>
        <p className="text-sm text-slate-600">A separate workspace with its own datasets, models, projects, keys and members. You will be its owner.</p>
        <Field label="Team name" htmlFor={`${id}-name`}>
          <TextInput
            id={`${id}-name`}
            required
            maxLength={100}
            value={name}
            onChange={(e) => setName(e.target.value)}
            placeholder="Marketing analytics"
            autoFocus
          />
        </Field>
        <ErrorBanner error={create.error ?? switchTeam.error} title="Could not create the team" />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" busy={busy}>
            Create team
          </Button>
        </div>
      </form>
    </dialog>
  );
}
