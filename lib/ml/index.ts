// Public API of the AutoML engine: trainModel turns a table into a serialized model artifact with
// honest statistics; loadModel turns an artifact back into a fast predictor.
import { emptyRecord } from "../table/rows";
import type { RawRow, Table } from "../table/types";
import { decodeArtifact } from "./artifact";
import { FieldModel, type FieldPrediction } from "./field-model";
import type { Model, PredictOptions, RowPrediction } from "./types";

export { trainModel } from "./train";
export { TrainError } from "./errors";
export type { DecisionThreshold } from "./field-model";
export type { FieldInsights } from "./insights";
export type {
  ClassStat,
  DataStory,
  FieldReport,
  LeaderboardEntry,
  Model,
  ModelReport,
  PredictOptions,
  RegressionStat,
  RowPrediction,
  TrainOutcome,
  TrainProgress,
  TrainRequest,
  TrainResult,
} from "./types";

class LoadedModel implements Model {
  constructor(
    readonly schema: Model["schema"],
    readonly predictFields: string[],
    private readonly models: FieldModel[],
  ) {}

  async warmUp(): Promise<{ seconds: number; compiled: boolean }> {
    const started = performance.now();
    for (const m of this.models) {
      while (!m.learner.warmUpStep()) await new Promise((resolve) => setImmediate(resolve));
    }
    return { seconds: (performance.now() - started) / 1000, compiled: this.models.some((m) => m.learner.servesCompiled()) };
  }

  get fields(): Model["fields"] {
    return this.models.map((m) => ({ name: m.json.field, objective: m.json.objective, classes: [...m.json.classes] }));
  }

  predictRows(rows: RawRow[], options?: PredictOptions): RowPrediction[] {
    return this.merge(rows.length, (m) => m.predictRows(rows, !!options?.factors, options?.thresholds?.[m.json.field]));
  }

  predictTable(table: Table, options?: PredictOptions): RowPrediction[] {
    return this.merge(table.rowCount, (m) => m.predictTable(table, !!options?.factors, options?.thresholds?.[m.json.field]));
  }

  private merge(n: number, run: (m: FieldModel) => FieldPrediction[]): RowPrediction[] {
    const out: RowPrediction[] = new Array(n);
    for (let i = 0; i < n; i++) out[i] = emptyRecord(); // a predicted field may be named "__proto__"
    for (const m of this.models) {
      const preds = run(m);
      const field = m.json.field;
      for (let i = 0; i < n; i++) out[i][field] = preds[i];
    }
    return out;
  }
}

/** Reads an artifact written by trainModel. Throws an Error for other data or unsupported versions. */
export function loadModel(artifact: Uint8Array): Model {
  const a = decodeArtifact(artifact);
  const models = a.models.map((m) => new FieldModel(m));
  for (const m of models) m.learner.prepareForServing();
  return new LoadedModel(a.schema, a.predictFields, models);
}
