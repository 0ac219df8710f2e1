// Serialises writers of one dataset: an async mutex within the process (cheap, fair) and a lock
// file created with O_EXCL across processes (several web processes may share DATA_DIR). A holder
// that dies leaves its lock file behind; it is broken when its pid is gone (same host) or when its
// heartbeat (the file's mtime, refreshed while held) is older than `staleMs` (other hosts, hung
// processes).
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { StoreError } from "./errors";

const chains = new Map<string, Promise<void>>();

/** Runs `task` after every earlier task queued under the same key in this process has settled. */
export async function withMutex<T>(key: string, task: () => Promise<T>): Promise<T> {
  const previous = chains.get(key) ?? Promise.resolve();
  let release!: () => void;
  const current = new Promise<void>((resolve) => (release = resolve));
  const tail = previous.then(() => current);
  chains.set(key, tail);
  await previous;
  try {
    return await task();
  } finally {
    release();
    if (chains.get(key) === tail) chains.delete(key);
  }
}

export interface FileLockOptions {
  /** Give up (StoreError "conflict") after waiting this long. */
  timeoutMs?: number;
  /** A lock whose heartbeat is older than this is considered abandoned. */
  staleMs?: number;
}

interface LockContent {
  pid: number;
  host: string;
  token: string;
  at: number;
}

const HOST = os.hostname();
const heldTokens = new Set<string>();

function isPidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

async function readLock(file: string): Promise<{ content: LockContent | null; mtimeMs: number } | null> {
  try {
    const [text, stat] = await Promise.all([fs.readFile(file, "utf8"), fs.stat(file)]);
    let content: LockContent | null = null;
    try {
      content = JSON.parse(text) as LockContent;
    } catch {
      content = null; // only possible with the O_EXCL fallback (written in place): judged by age only
    }
    return { content, mtimeMs: stat.mtimeMs };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

function isStale(lock: { content: LockContent | null; mtimeMs: number }, staleMs: number): boolean {
  const c = lock.content;
  if (c && c.host === HOST) {
    if (c.pid === process.pid) return !heldTokens.has(c.token); // left by an earlier process with our pid
    if (!isPidAlive(c.pid)) return true;
  }
  return Date.now() - lock.mtimeMs > staleMs;
}

/** Removes an abandoned lock unless someone replaced it meanwhile (then it is put back). */
async function breakLock(file: string, judged: LockContent | null): Promise<void> {
  const aside = `${file}.stale-${randomBytes(6).toString("hex")}`;
  try {
    await fs.rename(file, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  const moved = await readLock(aside);
  const sameLock = judged === null ? moved?.content == null || !moved.content.token : moved?.content?.token === judged.token;
  if (!sameLock) {
    // We moved a fresh lock taken after our check: restore it if nobody took the name since.
    await fs.link(aside, file).catch(() => undefined);
  }
  await fs.unlink(aside).catch(() => undefined);
}

const LINK_UNSUPPORTED = new Set(["EPERM", "ENOTSUP", "EOPNOTSUPP", "ENOSYS", "EXDEV"]);

/**
 * Creates `file` with `text` only if it does not exist, and never visible half-written: the text is
 * written aside and hard-linked into place (link fails if the name exists). Where hard links are
 * not supported, falls back to an O_EXCL create. Returns false when the file exists.
 */
async function createExclusive(file: string, text: string): Promise<boolean> {
  const pending = `${file}.${randomBytes(6).toString("hex")}.pending`;
  await fs.writeFile(pending, text, { flag: "wx" });
  try {
    await fs.link(pending, file);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "";
    if (code === "EEXIST") return false;
    if (!LINK_UNSUPPORTED.has(code)) throw error;
    try {
      await fs.writeFile(file, text, { flag: "wx" });
      return true;
    } catch (fallbackError) {
      if ((fallbackError as NodeJS.ErrnoException).code === "EEXIST") return false;
      throw fallbackError;
    }
  } finally {
    await fs.unlink(pending).catch(() => undefined);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Takes the lock file `file` (its directory must exist; ENOENT means the dataset is gone and is
 * reported as not_found). Returns the release function.
 */
export async function acquireFileLock(file: string, options: FileLockOptions = {}): Promise<() => Promise<void>> {
  const timeoutMs = options.timeoutMs ?? 60_000;
  const staleMs = options.staleMs ?? 30_000;
  const token = `${process.pid}-${randomBytes(8).toString("hex")}`;
  const content: LockContent = { pid: process.pid, host: HOST, token, at: Date.now() };
  const deadline = Date.now() + timeoutMs;
  let wait = 2;
  for (;;) {
    try {
      if (await createExclusive(file, JSON.stringify(content))) break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") {
        throw new StoreError("not_found", `Dataset "${path.basename(path.dirname(file))}" does not exist.`);
      }
      throw error;
    }
    const existing = await readLock(file);
    if (existing && isStale(existing, staleMs)) {
      await breakLock(file, existing.content);
      continue;
    }
    if (Date.now() > deadline) {
      throw new StoreError("conflict", "The dataset is busy with another write that did not finish in time; retry the request.");
    }
    await sleep(wait);
    wait = Math.min(wait * 2, 50);
  }

  heldTokens.add(token);
  // Heartbeat so that other hosts do not judge a long write abandoned.
  const heartbeat = setInterval(
    () => {
      const now = new Date();
      fs.utimes(file, now, now).catch(() => undefined);
    },
    Math.max(1000, Math.floor(staleMs / 4)),
  );
  heartbeat.unref();

  return async () => {
    clearInterval(heartbeat);
    heldTokens.delete(token);
    const current = await readLock(file);
    // Only remove our own lock: if it was broken and retaken, it belongs to someone else now.
    if (current?.content?.token === token) await fs.unlink(file).catch(() => undefined);
  };
}
