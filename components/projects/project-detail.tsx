"use client";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useState, type CSSProperties } from "react";
import { withFormLabels } from "@/lib/client/api";
import { formatCount } from "@/lib/client/format";
import { useDatasets } from "@/lib/client/use-datasets";
import { useDeleteProject, useProject, useUpdateProject } from "@/lib/client/use-projects";
import { splitSuggestions } from "@/lib/client/suggestions";
import { useFillViewport } from "@/lib/client/use-fill-viewport";
import type { Project } from "@/lib/client/types";
import { PROJECT_NAME_MAX, PROJECT_TEXT_MAX } from "@/lib/schemas/project-limits";
import { Button } from "../ui/button";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { ErrorBanner, Notice, Skeleton, SkeletonRows } from "../ui/feedback";
import { Field, Select, TextArea, TextInput } from "../ui/form";
import { ChatPanel } from "./chat-panel";

type Draft = Pick<Project, "name" | "datasetId" | "chatInstructions" | "chatContext" | "chatSuggestions">;

// The API's field names in its messages, as the labels this form shows.
const SETTINGS_LABELS = { name: "Name", chatInstructions: "Instructions", chatContext: "Context", chatSuggestions: "Suggested questions" };

function toDraft(p: Project): Draft {
  return { name: p.name, datasetId: p.datasetId, chatInstructions: p.chatInstructions, chatContext: p.chatContext, chatSuggestions: p.chatSuggestions };
}

function SettingsPanel({ project }: { project: Project }) {
  const update = useUpdateProject(project.id);
  const datasets = useDatasets();
  const [draft, setDraft] = useState<Draft>(() => toDraft(project));
  useEffect(() => setDraft(toDraft(project)), [project]);
  const dirty = JSON.stringify(draft) !== JSON.stringify(toDraft(project));
  const nameMissing = !draft.name.trim();
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    if (update.error) update.reset(); // an old refusal is not about the new values
    setDraft((d) => ({ ...d, [key]: value }));
  };

  return (
    <form
      className="space-y-4"
      data-testid="project-settings"
      onSubmit={(e) => {
        e.preventDefault();
        update.mutate({ ...draft, name: draft.name.trim() });
      }}
    >
      <Field label="Name" htmlFor="settings-name" error={nameMissing ? "A project needs a name." : undefined}>
        <TextInput
          id="settings-name"
          required
          maxLength={PROJECT_NAME_MAX}
          value={draft.name}
          onChange={(e) => set("name", e.target.value)}
          aria-invalid={nameMissing || undefined}
        />
      </Field>
      <Field label="Dataset" htmlFor="settings-dataset">
        <Select id="settings-dataset" value={draft.datasetId ?? ""} onChange={(e) => set("datasetId", e.target.value || null)}>
          <option value="">No dataset</option>
          {(datasets.data ?? []).map((d) => (
            <option key={d.id} value={d.id}>
              {d.name}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Instructions" htmlFor="settings-instructions" hint="How answers should be given, e.g. “Always show revenue in USD”.">
        <TextArea
          id="settings-instructions"
          maxLength={PROJECT_TEXT_MAX}
          rows={3}
          value={draft.chatInstructions}
          onChange={(e) => set("chatInstructions", e.target.value)}
        />
      </Field>
      <Field label="Context" htmlFor="settings-context" hint="What the data is about: the meaning of fields, the period it covers.">
        <TextArea id="settings-context" maxLength={PROJECT_TEXT_MAX} rows={3} value={draft.chatContext} onChange={(e) => set("chatContext", e.target.value)} />
      </Field>
      <Field label="Suggested questions" htmlFor="settings-suggestions" hint="One per line; shown as one-click questions.">
        <TextArea
          id="settings-suggestions"
          maxLength={PROJECT_TEXT_MAX}
          rows={4}
          value={draft.chatSuggestions}
          onChange={(e) => set("chatSuggestions", e.target.value)}
        />
      </Field>
      <ErrorBanner error={withFormLabels(update.error, SETTINGS_LABELS)} title="Could not save" />
      {update.isSuccess && !dirty && <Notice tone="success">Saved.</Notice>}
      <Button type="submit" disabled={!dirty || nameMissing} busy={update.isPending} className="w-full">
        Save settings
      </Button>
    </form>
  );
}

export function ProjectDetail({ id }: { id: string }) {
  const project = useProject(id);
  const datasets = useDatasets();
  const remove = useDeleteProject();
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const [rowRef, rowHeight] = useFillViewport({ bottom: 32, min: 360 });

  if (project.isPending) {
    return (
      <div className="space-y-6">
        <Skeleton className="h-8 w-64" />
        <SkeletonRows rows={6} label="Loading project" />
      </div>
    );
  }
  if (project.error || !project.data) {
    return (
      <div className="space-y-4">
        <ErrorBanner error={project.error} title="Could not open this project" onRetry={() => project.refetch()} />
        <Link href="/projects" className="text-sm font-medium text-brand-700 hover:underline">
          ← Back to projects
        </Link>
      </div>
    );
  }
  const p = project.data;
  const dataset = datasets.data?.find((d) => d.id === p.datasetId);
  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <Link href="/projects" className="text-sm text-slate-500 hover:text-slate-800 hover:underline">
            ← Projects
          </Link>
          <div className="flex flex-wrap items-baseline gap-x-3">
            <h1 className="truncate text-xl font-semibold tracking-tight text-slate-900">{p.name}</h1>
            <p className="text-sm text-slate-500">
              {dataset ? (
                <>
                  Questions over{" "}
                  <Link href={`/datasets/${dataset.id}`} className="text-brand-700 hover:underline">
                    {dataset.name}
                  </Link>{" "}
                  ({formatCount(dataset.rows, "row")})
                </>
              ) : p.datasetId ? (
                ""
              ) : (
                "No dataset chosen yet"
              )}
            </p>
          </div>
        </div>
        <Button variant="secondary" size="sm" onClick={() => setConfirming(true)}>
          Delete project
        </Button>
      </div>
      {/* The chat and the settings share one screen-high row (to the main area's 2rem bottom padding); each scrolls inside itself. */}
      <div
        ref={rowRef}
        className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:h-[var(--chat-height)] lg:grid-cols-[minmax(0,1fr)_20rem]"
        style={{ "--chat-height": rowHeight ? `${rowHeight}px` : "calc(100dvh - 11rem)" } as CSSProperties}
      >
        <div className="h-[var(--chat-height)] min-h-0 min-w-0 lg:h-full">
          <ChatPanel
            projectId={p.id}
            datasetId={p.datasetId}
            suggestions={splitSuggestions(p.chatSuggestions)}
            disabledReason={p.datasetId ? undefined : "Choose a dataset in the settings to start asking questions."}
          />
        </div>
        <aside className="min-h-0 overflow-y-auto rounded-xl border border-slate-200 bg-white p-4 shadow-sm" aria-label="Project settings">
          <h2 className="mb-3 text-base font-semibold">Settings</h2>
          <SettingsPanel project={p} />
        </aside>
      </div>
      <ConfirmDialog
        open={confirming}
        title={`Delete “${p.name}”?`}
        confirmLabel="Delete project"
        busy={remove.isPending}
        error={remove.error}
        onClose={() => setConfirming(false)}
        onConfirm={() => remove.mutate(p.id, { onSuccess: () => router.push("/projects") })}
      >
        The project settings go away. The dataset stays.
      </ConfirmDialog>
    </div>
  );
}
