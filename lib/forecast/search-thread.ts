// Worker-thread entry of the per-series searches: the shared tree ensembles of a training arrive
// once, then series arrive one at a time; each answer carries the chosen model as JSON.
import { parentPort } from "node:worker_threads";
import { TreeEnsemble } from "../ml/core";
import { methodsById } from "./methods";
import { reviveWithEnsembles } from "./model";
import type { ModelJson } from "./models/types";
import { searchSeries } from "./search";
import { serialiseSearch, type SearchJob } from "./threads";

let ensembles = new Map<string, TreeEnsemble>();

parentPort?.on("message", async (m: { type: string; ensembles?: Record<string, unknown>; job?: SearchJob; id?: number }) => {
  if (m.type === "ensembles") {
    ensembles = new Map(Object.entries(m.ensembles ?? {}).map(([k, v]) => [k, TreeEnsemble.fromJSON(v)]));
    return;
  }
  if (m.type !== "run" || !m.job) return;
  const job = m.job;
  try {
    const result = await searchSeries(job.input, {
      ...job.options,
      methods: methodsById(job.options.methodIds),
      external: job.external.map((e) => ({ ...e, final: reviveWithEnsembles(e.model as ModelJson, ensembles) })),
      pause: () => new Promise((resolve) => setImmediate(resolve)),
    });
    parentPort!.postMessage({ type: "result", id: m.id, result: serialiseSearch(result) });
  } catch (error) {
    parentPort!.postMessage({ type: "error", id: m.id, error: error instanceof Error ? error.message : String(error) });
  }
});

parentPort?.postMessage({ type: "loaded" });
