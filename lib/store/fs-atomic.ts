// Durable file replacement: write a temp file, fsync it, rename it over the target, fsync the
// directory. After a crash the target holds either the old or the new content, never a mix.
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";

export async function syncDir(dir: string): Promise<void> {
  const handle = await fs.open(dir, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export function tempName(base: string): string {
  return `${base}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
}

export async function writeFileAtomic(dir: string, name: string, contents: string | Uint8Array): Promise<void> {
  const temp = path.join(dir, tempName(name));
  const handle = await fs.open(temp, "wx");
  try {
    await handle.writeFile(contents);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await fs.rename(temp, path.join(dir, name));
  await syncDir(dir);
}
