// Worker-thread entry of the search: receives the folds once, then evaluates candidates on request.
import { parentPort } from "node:worker_threads";
import { BinMapper } from "./core";
import { evaluateCandidate, type CandidateConfig, type Fold, type TaskSpec } from "./evaluate";

let task: TaskSpec | null = null;
let folds: Fold[] = [];

parentPort?.on("message", (m: { type: string; task?: TaskSpec; folds?: (Fold & { binMapper?: unknown })[]; id?: number; config?: CandidateConfig; deadlineMs?: number }) => {
  if (m.type === "init") {
    task = m.task!;
    folds = m.folds!.map((f) => ({ ...f, binMapper: f.binMapper ? BinMapper.fromJSON(f.binMapper) : undefined }));
    parentPort!.postMessage({ type: "ready" });
    return;
  }
  if (m.type === "reset") {
    task = null;
    folds = [];
    return;
  }
  if (m.type === "run") {
    try {
      const result = evaluateCandidate(m.config!, task!, folds, m.deadlineMs!);
      parentPort!.postMessage({ type: "result", id: m.id, result });
    } catch (e) {
      parentPort!.postMessage({ type: "error", id: m.id, error: e instanceof Error ? e.stack ?? e.message : String(e) });
    }
  }
});

parentPort?.postMessage({ type: "loaded" });
