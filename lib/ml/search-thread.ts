// Worker-thread entry of the search: receives the folds once, then evaluates candidates on request;
// or (refits) receives all rows once, then fits configurations on them on request.
import { parentPort } from "node:worker_threads";
import { BinMapper } from "./core";
import type { FeatureMatrix } from "./core/types";
import { evaluateCandidate, fitRows, type CandidateConfig, type Fold, type TaskSpec } from "./evaluate";

let task: TaskSpec | null = null;
let folds: Fold[] = [];
let rows: { x: FeatureMatrix; y: Float64Array; weights?: Float64Array } | null = null;

interface Message {
  type: string;
  task?: TaskSpec;
  folds?: (Fold & { binMapper?: unknown })[];
  rows?: { x: FeatureMatrix; y: Float64Array; weights?: Float64Array };
  id?: number;
  config?: CandidateConfig;
  deadlineMs?: number;
  /** Refits: fit on these rows of `rows` only (k-fold bagging). */
  subset?: Int32Array;
}

parentPort?.on("message", (m: Message) => {
  if (m.type === "init") {
    task = m.task!;
    folds = (m.folds ?? []).map((f) => ({ ...f, binMapper: f.binMapper ? BinMapper.fromJSON(f.binMapper) : undefined }));
    rows = m.rows ?? null;
    parentPort!.postMessage({ type: "ready" });
    return;
  }
  if (m.type === "reset") {
    task = null;
    folds = [];
    rows = null;
    return;
  }
  if (m.type === "run") {
    try {
      const result = rows ? fitRows(m.config!, task!, rows, m.deadlineMs!, m.subset).toJSON() : evaluateCandidate(m.config!, task!, folds, m.deadlineMs!);
      parentPort!.postMessage({ type: "result", id: m.id, result });
    } catch (e) {
      parentPort!.postMessage({ type: "error", id: m.id, error: e instanceof Error ? (e.stack ?? e.message) : String(e) });
    }
  }
});

parentPort?.postMessage({ type: "loaded" });
