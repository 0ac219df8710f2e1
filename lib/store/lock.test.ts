import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { StoreError } from "./errors";
import { acquireFileLock, withMutex } from "./lock";

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "store-lock-"));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe("withMutex", () => {
  it("runs tasks under one key one at a time, in order, even when some fail", async () => {
    const log: string[] = [];
    const task = (name: string, fail = false) =>
      withMutex("k", async () => {
        log.push(`start ${name}`);
        await new Promise((resolve) => setTimeout(resolve, 5));
        log.push(`end ${name}`);
        if (fail) throw new Error(name);
      });
    const results = await Promise.allSettled([task("a"), task("b", true), task("c")]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(log).toEqual(["start a", "end a", "start b", "end b", "start c", "end c"]);
  });
});

describe("acquireFileLock", () => {
  it("excludes a second holder until released", async () => {
    const file = path.join(dir, "LOCK");
    const release = await acquireFileLock(file);
    let second = false;
    const waiting = acquireFileLock(file).then((r) => {
      second = true;
      return r;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(second).toBe(false);
    await release();
    await (await waiting)();
    expect(await fs.readdir(dir)).toEqual([]);
  });

  it("breaks a lock whose process is gone", async () => {
    const file = path.join(dir, "LOCK");
    // A pid far above pid_max on Linux, so no such process exists.
    await fs.writeFile(file, JSON.stringify({ pid: 99_999_999, host: os.hostname(), token: "dead", at: Date.now() }));
    const release = await acquireFileLock(file, { timeoutMs: 1000 });
    await release();
  });

  it("breaks a lock with an old heartbeat, waits for a fresh one, and times out with conflict", async () => {
    const file = path.join(dir, "LOCK");
    // A live process (our parent) on another host: only the heartbeat age tells.
    await fs.writeFile(file, JSON.stringify({ pid: process.ppid, host: "elsewhere", token: "t1", at: 0 }));
    const old = new Date(Date.now() - 60_000);
    await fs.utimes(file, old, old);
    const release = await acquireFileLock(file, { staleMs: 10_000, timeoutMs: 1000 });
    await release();

    await fs.writeFile(file, JSON.stringify({ pid: process.ppid, host: "elsewhere", token: "t2", at: Date.now() }));
    const error = await acquireFileLock(file, { staleMs: 10_000, timeoutMs: 200 }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(StoreError);
    expect((error as StoreError).code).toBe("conflict");
    expect(JSON.parse(await fs.readFile(file, "utf8")).token).toBe("t2");
  });

  it("reports a missing directory as not_found", async () => {
    const error = await acquireFileLock(path.join(dir, "gone", "LOCK")).then(
      () => null,
      (e: unknown) => e,
    );
    expect((error as StoreError).code).toBe("not_found");
  });
});
