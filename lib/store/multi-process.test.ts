// Cross-process guarantees: two processes appending at once lose nothing, and a process killed in
// the middle of an append leaves the dataset exactly as it was before that append.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cellValue } from "../table/values";
import { openDatasetStore, type DatasetStore } from "./index";

const here = path.dirname(fileURLToPath(import.meta.url));
const childScript = path.join(here, "testing", "append-child.ts");
const projectRoot = path.join(here, "..", "..");

let root: string;
let store: DatasetStore;
const children: ChildProcess[] = [];

beforeEach(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), "store-mp-"));
  store = openDatasetStore(root);
  await store.create("ds");
});

afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  await fs.rm(root, { recursive: true, force: true });
});

function startChild(args: string[]) {
  // node --import tsx (not the tsx binary, which forks a second process) so that SIGKILL hits the
  // process that is actually writing.
  const child = spawn(process.execPath, ["--import", "tsx", childScript, root, "ds", ...args], {
    cwd: projectRoot,
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (d) => (stdout += String(d)));
  child.stderr!.on("data", (d) => (stderr += String(d)));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const waitFor = (pattern: RegExp) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (pattern.test(stdout)) resolve();
        else if (child.exitCode !== null) reject(new Error(`child exited before ${pattern}: ${stderr}`));
        else setTimeout(check, 5);
      };
      check();
    });
  return { child, exited, waitFor, output: () => ({ stdout, stderr }) };
}

async function readAll() {
  const table = await store.read("ds");
  const get = (name: string) => {
    const col = table.columns.find((c) => c.name === name)!;
    return Array.from({ length: table.rowCount }, (_, i) => cellValue(col, i));
  };
  return { rowCount: table.rowCount, writer: get("writer"), i: get("i") };
}

describe("multi-process", () => {
  it("two processes appending at once lose nothing", async () => {
    const a = startChild(["batches", "A", "15", "400"]);
    const b = startChild(["batches", "B", "15", "400"]);
    const [codeA, codeB] = await Promise.all([a.exited, b.exited]);
    expect([codeA, codeB, a.output().stderr, b.output().stderr]).toEqual([0, 0, "", ""]);
    const { rowCount, writer, i } = await readAll();
    expect(rowCount).toBe(2 * 15 * 400);
    for (const w of ["A", "B"]) {
      const mine = i.filter((_, k) => writer[k] === w) as number[];
      // Each writer's rows arrive whole and in order.
      expect(mine).toEqual(Array.from({ length: 6000 }, (_, k) => k));
    }
  }, 60_000);

  it("a process killed after writing its segment but before the commit changes nothing", async () => {
    await store.append("ds", [{ writer: "seed", i: 0, label: "L0" }]);
    const before = await store.info("ds");
    const hanging = startChild(["hang", "50000"]);
    await hanging.waitFor(/segment-written/);
    hanging.child.kill("SIGKILL");
    await hanging.exited;

    // Its segment file and lock file are left behind, but the dataset is unchanged.
    const leftovers = await fs.readdir(path.join(root, "ds"));
    expect(leftovers).toContain("LOCK");
    expect(leftovers.filter((f) => f.startsWith("seg-")).length).toBe(2);
    expect(await store.info("ds")).toEqual(before);
    expect((await readAll()).rowCount).toBe(1);

    // The dead process's lock is broken and the orphan removed by the next append.
    const after = await store.append("ds", [{ writer: "next", i: 1, label: "L1" }]);
    expect(after.rowCount).toBe(2);
    const files = await fs.readdir(path.join(root, "ds"));
    expect(files.filter((f) => f.startsWith("seg-")).length).toBe(2);
    expect(files).not.toContain("LOCK");
    expect((await readAll()).writer).toEqual(["seed", "next"]);
  }, 60_000);

  it("a process killed at a random point of large appends leaves only whole appends", async () => {
    const size = 40_000;
    const looping = startChild(["loop", String(size)]);
    await looping.waitFor(/committed/);
    await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 150));
    looping.child.kill("SIGKILL");
    await looping.exited;
    const committed = [...looping.output().stdout.matchAll(/committed (\d+)/g)].map((m) => Number(m[1]));
    const { rowCount, i } = await readAll();
    expect(rowCount % size).toBe(0);
    expect(rowCount).toBeGreaterThanOrEqual(committed[committed.length - 1]);
    expect(rowCount).toBeLessThanOrEqual(committed[committed.length - 1] + size);
    expect(i).toEqual(Array.from({ length: rowCount }, (_, k) => k));

    const after = await store.append("ds", [{ writer: "after", i: rowCount, label: "L0" }]);
    expect(after.rowCount).toBe(rowCount + 1);
    const leftovers = (await fs.readdir(path.join(root, "ds"))).filter((f) => f.endsWith(".tmp"));
    expect(leftovers).toEqual([]);
  }, 60_000);
});
