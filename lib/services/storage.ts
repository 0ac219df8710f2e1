// Where bytes live: dataset rows in the columnar store, model artifacts as files. Both under
// DATA_DIR, which several hosts may share (a network filesystem) when scaled out.
import fs from "node:fs/promises";
import path from "node:path";
import { getEnv } from "@/lib/env";
import { openDatasetStore, type DatasetStore } from "@/lib/store";
import { writeFileAtomic } from "@/lib/store/fs-atomic";

const globalStore = globalThis as unknown as { datasetStore?: DatasetStore };

export function datasetStore(): DatasetStore {
  return (globalStore.datasetStore ??= openDatasetStore(path.join(getEnv().dataDir, "datasets")));
}

function modelPath(modelId: string): string {
  if (!/^[A-Za-z0-9_-]+$/.test(modelId)) throw new Error(`invalid model id ${modelId}`);
  return path.join(getEnv().dataDir, "models", `${modelId}.model`);
}

/** Writes atomically (lib/store's temp file + fsync + rename), so a crash never leaves a half-written artifact. */
export async function writeModelArtifact(modelId: string, bytes: Uint8Array): Promise<string> {
  const target = modelPath(modelId);
  await fs.mkdir(path.dirname(target), { recursive: true });
  await writeFileAtomic(path.dirname(target), path.basename(target), bytes);
  return path.relative(getEnv().dataDir, target);
}

export async function readModelArtifact(relativePath: string): Promise<Uint8Array> {
  return new Uint8Array(await fs.readFile(path.join(getEnv().dataDir, relativePath)));
}

export async function deleteModelArtifact(relativePath: string): Promise<void> {
  await fs.rm(path.join(getEnv().dataDir, relativePath), { force: true });
}
