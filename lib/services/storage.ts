// Where bytes live: dataset rows in the columnar store, model artifacts as files. Both under
// DATA_DIR, which several hosts may share (a network filesystem) when scaled out.
import fs from "node:fs/promises";
import path from "node:path";
import { getEnv } from "@/lib/env";
import { openDatasetStore, type DatasetStore } from "@/lib/store";

const globalStore = globalThis as unknown as { datasetStore?: DatasetStore };

export function datasetStore(): DatasetStore {
  return (globalStore.datasetStore ??= openDatasetStore(path.join(getEnv().dataDir, "datasets")));
}

function modelPath(modelId: string): string {
  if (!/^[A-Za-z0-9_-]+$/.test(modelId)) throw new Error(`invalid model id ${modelId}`);
  return path.join(getEnv().dataDir, "models", `${modelId}.model`);
}

/** Writes atomically (temp file + rename) so a crash never leaves a half-written artifact. */
export async function writeModelArtifact(modelId: string, bytes: Uint8Array): Promise<string> {
  const target = modelPath(modelId);
  await fs.mkdir(path.dirname(target), { recursive: true });
  const temp = `${target}.${process.pid}.tmp`;
  const handle = await fs.open(temp, "w");
  try {
    await handle.writeFile(bytes);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await fs.rename(temp, target);
  return path.relative(getEnv().dataDir, target);
}

export async function readModelArtifact(relativePath: string): Promise<Uint8Array> {
  return new Uint8Array(await fs.readFile(path.join(getEnv().dataDir, relativePath)));
}

export async function deleteModelArtifact(relativePath: string): Promise<void> {
  await fs.rm(path.join(getEnv().dataDir, relativePath), { force: true });
}
