"use client";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { formatRelative } from "@/lib/client/format";
import { useDatasets } from "@/lib/client/use-datasets";
import { useCreateProject, useProjects } from "@/lib/client/use-projects";
import { PROJECT_NAME_MAX } from "@/lib/schemas/project-limits";
import { Button, buttonClass } from "../ui/button";
import { Card, PageHeader } from "../ui/card";
import { EmptyState, ErrorBanner, SkeletonRows } from "../ui/feedback";
import { Field, Select, TextInput } from "../ui/form";

function CreateProjectForm() {
  const datasets = useDatasets();
  const create = useCreateProject();
  const router = useRouter();
  const [name, setName] = useState("");
  const [datasetId, setDatasetId] = useState("");
  const chosen = datasetId || datasets.data?.[0]?.id || "";

  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate({ name: name.trim(), datasetId: chosen || null }, { onSuccess: (p) => router.push(`/projects/${p.id}`) });
  };

  if (datasets.isSuccess && datasets.data.length === 0) {
    return (
      <p className="text-sm text-slate-600">
        A project chats over a dataset.{" "}
        <Link href="/datasets" className="font-medium text-brand-700 hover:underline">
          Upload one first
        </Link>
        .
      </p>
    );
  }
  return (
    <form onSubmit={submit} className="grid grid-cols-1 gap-4 md:grid-cols-[1fr_1fr_auto] md:items-end" data-testid="create-project">
      <Field label="Project name" htmlFor="project-name">
        <TextInput
          id="project-name"
          required
          maxLength={PROJECT_NAME_MAX}
          value={name}
          onChange={(e) => setName(e.target.value)}
          placeholder="Sales questions"
        />
      </Field>
      <Field label="Dataset" htmlFor="project-dataset">
        <Select id="project-dataset" value={chosen} onChange={(e) => setDatasetId(e.target.value)} disabled={datasets.isPending}>
          {(datasets.data ?? []).map((d) => (
            <option key={d.id} value={d.id}>
              {d.name}
            </option>
          ))}
        </Select>
      </Field>
      <Button type="submit" busy={create.isPending} disabled={!name.trim() || !chosen}>
        Create project
      </Button>
      <div className="md:col-span-3">
        <ErrorBanner error={create.error} title="Could not create the project" />
      </div>
    </form>
  );
}

export function ProjectsPage() {
  const projects = useProjects();
  const datasets = useDatasets();
  const names = new Map((datasets.data ?? []).map((d) => [d.id, d.name]));
  const list = projects.data ?? [];
  // A project whose dataset was deleted says so (its page offers to choose another).
  const datasetLine = (id: string | null) => {
    if (!id) return "No dataset yet";
    const name = names.get(id);
    if (name) return name;
    return datasets.isSuccess ? "Its dataset was deleted: choose another" : "…";
  };
  return (
    <>
      <PageHeader title="Projects" description="Ask questions about a dataset in plain words; answers come with charts and tables." />
      <Card title="New project" className="mb-6">
        <CreateProjectForm />
      </Card>
      <ErrorBanner error={projects.error} title="Could not load projects" onRetry={() => projects.refetch()} />
      {projects.isPending ? (
        <SkeletonRows label="Loading projects" />
      ) : list.length === 0 ? (
        !projects.error && (
          <EmptyState title="No projects yet" icon="✦">
            Create one above, then ask things like “average revenue by region”.
          </EmptyState>
        )
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="projects-list">
          {list.map((p) => (
            <li key={p.id}>
              <Link
                href={`/projects/${p.id}`}
                className="block h-full rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition hover:border-brand-500 hover:shadow focus-visible:outline-2 focus-visible:outline-brand-500"
              >
                <p className="font-semibold break-words text-slate-900 [overflow-wrap:anywhere]">{p.name}</p>
                <p className="mt-1 text-sm text-slate-600">{datasetLine(p.datasetId)}</p>
                <p className="mt-3 text-xs text-slate-500">Updated {formatRelative(p.updated_at)}</p>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {list.length > 0 && (
        <p className="mt-6 text-xs text-slate-500">
          Scripts reach the same projects with <code>/api/v1/projects</code>; see{" "}
          <Link href="/api/v1/docs" className={`${buttonClass("ghost", "sm")} px-1 py-0 shadow-none`}>
            the API reference
          </Link>
          .
        </p>
      )}
    </>
  );
}
