// Per-series searches on worker threads (TRAIN_THREADS), the main thread working as one more lane.
// Threads are kept between trainings (module loading under tsx costs about a second each) and
// unref'd; a thread that fails or does not answer in time is dropped and its series is searched
// in the main thread instead, so threads can only make a training faster, never fail it.
import { Worker } from "node:worker_threads";
import type { CandidateReport, ExternalCandidate, SearchOptions, SearchResult } from "./search";
import type { ModelJson, SeriesInput } from "./models/types";
import type { Calibration } from "./intervals";

export interface SearchJob {
  input: SeriesInput;
  options: Omit<SearchOptions, "methods" | "external" | "pause" | "signal" | "now"> & { methodIds: string[] };
  external: (Omit<ExternalCandidate, "final"> & { model: ModelJson })[];
}

/** A SearchResult as plain data (the model as JSON), for postMessage. */
export interface SerialisedSearch {
  model: ModelJson;
  chosen: SearchResult["chosen"];
  leaderboard: CandidateReport[];
  windows: { origin: number; forecast: Float64Array; actual: Float64Array; spread: Float64Array }[];
  calibration: Calibration;
  scale: number;
  period: number;
  origins: number[];
}

export function serialiseSearch(r: SearchResult): SerialisedSearch {
  return {
    model: r.model.toJSON(),
    chosen: r.chosen,
    leaderboard: r.leaderboard,
    windows: r.windows,
    calibration: r.calibration,
    scale: r.scale,
    period: r.period,
    origins: r.origins,
  };
}

/**
 * A variable, not a literal, so that web bundlers do not try to bundle the thread entry (only
 * workers train). The .mjs bootstrap registers tsx in the thread itself: execArgv
 * ["--import", "tsx"] does not reach worker threads on Node 20.
 */
const THREAD_ENTRY = "./search-thread-boot.mjs";
const SPAWN_TIMEOUT_MS = 30_000;
/** Grace after a series' deadline before its thread is given up for lost. */
const RUN_GRACE_MS = 20_000;

let shared: Promise<Worker[]> | null = null;
let sharedSize = 0;
const dead = new WeakSet<Worker>();

function spawn(): Promise<Worker | null> {
  return new Promise((resolve) => {
    let w: Worker;
    try {
      w = new Worker(new URL(THREAD_ENTRY, import.meta.url));
    } catch {
      resolve(null);
      return;
    }
    w.unref();
    w.on("error", () => dead.add(w));
    w.once("exit", () => dead.add(w));
    const timer = setTimeout(() => {
      dead.add(w);
      void w.terminate();
      resolve(null);
    }, SPAWN_TIMEOUT_MS);
    timer.unref();
    w.on("message", function loaded(m: { type: string }) {
      if (m.type !== "loaded") return;
      clearTimeout(timer);
      w.off("message", loaded);
      resolve(w);
    });
  });
}

/** Starts (or reuses) up to `size` threads; resolves with those alive. */
export function warmSearchThreads(size: number): Promise<Worker[]> {
  if (shared && sharedSize >= size) return shared.then((ws) => ws.filter((w) => !dead.has(w)));
  const previous = shared;
  sharedSize = size;
  shared = (async () => {
    const have = previous ? (await previous).filter((w) => !dead.has(w)) : [];
    const more = await Promise.all(Array.from({ length: Math.max(0, size - have.length) }, () => spawn()));
    return [...have, ...more.filter((w): w is Worker => w !== null)];
  })();
  return shared;
}

let nextId = 1;

/** Runs one search on a thread; rejects when the thread fails or overruns the deadline by far. */
export function runOnThread(w: Worker, job: SearchJob): Promise<SerialisedSearch> {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      w.off("message", onMessage);
      w.off("exit", onExit);
    };
    const onMessage = (m: { type: string; id?: number; result?: SerialisedSearch; error?: string }) => {
      if (m.id !== id) return;
      done();
      if (m.type === "result" && m.result) resolve(m.result);
      else reject(new Error(m.error ?? "search thread failed"));
    };
    const onExit = () => {
      done();
      reject(new Error("search thread exited"));
    };
    const timer = setTimeout(
      () => {
        done();
        dead.add(w);
        void w.terminate();
        reject(new Error("search thread did not answer in time"));
      },
      Math.max(0, job.options.deadline - Date.now()) + RUN_GRACE_MS,
    );
    timer.unref();
    w.on("message", onMessage);
    w.once("exit", onExit);
    w.postMessage({ type: "run", id, job });
  });
}

export function sendEnsembles(workers: Worker[], ensembles: Record<string, unknown>): void {
  for (const w of workers) w.postMessage({ type: "ensembles", ensembles });
}

export function isAlive(w: Worker): boolean {
  return !dead.has(w);
}
