// A trained model for one predict field: preprocessing recipe + learner, and the prediction paths.
import { emptyRecord } from "../table/rows";
import type { FieldType, RawRow, Table } from "../table/types";
import type { FeatureMatrix, Objective } from "./core/types";
import { learnerFromJson, type Learner, type LearnerJson } from "./learner";
import { Preprocessor, type PreprocessorJson } from "./preprocess";

export interface FieldModelJson {
  field: string;
  fieldIndex: number;
  fieldType: FieldType;
  objective: Objective;
  classes: string[];
  /** Dataset fields that may explain predictions (every field except the predict fields). */
  inputFields: string[];
  preprocessor: PreprocessorJson;
  learner: LearnerJson;
}

/**
 * A two-class field's decision rule: predict `positiveClass` when its probability is above
 * `threshold`, the other class otherwise. Without one, the more probable class wins (p > 0.5 for
 * the second class, as before thresholds existed).
 */
export interface DecisionThreshold {
  threshold: number;
  positiveClass: string;
}

export interface FieldPrediction {
  value: string | number;
  probabilities?: Record<string, number>;
  factors?: Record<string, number>;
}

export class FieldModel {
  readonly preprocessor: Preprocessor;
  readonly learner: Learner;
  /** Input-field index of each feature. */
  private readonly featureField: Int32Array;
  /** Second input field of each derived feature (product or ratio of two fields), else -1. */
  private readonly featureOther: Int32Array;

  constructor(
    readonly json: FieldModelJson,
    learner?: Learner,
    preprocessor?: Preprocessor,
  ) {
    this.preprocessor = preprocessor ?? new Preprocessor(json.preprocessor);
    this.learner = learner ?? learnerFromJson(json.learner);
    const index = new Map(json.inputFields.map((f, i) => [f, i]));
    this.featureField = Int32Array.from(this.preprocessor.sources, (s) => index.get(s) ?? -1);
    this.featureOther = Int32Array.from(this.preprocessor.otherSources, (s) => (s === null ? -1 : (index.get(s) ?? -1)));
  }

  get numOutputs(): number {
    return this.json.objective === "multiclass" ? this.json.classes.length : 1;
  }

  predictRows(rows: RawRow[], factors: boolean, decision?: DecisionThreshold): FieldPrediction[] {
    return this.predictMatrix(this.preprocessor.transformRows(rows), factors, decision);
  }

  predictTable(table: Table, factors: boolean, decision?: DecisionThreshold): FieldPrediction[] {
    return this.predictMatrix(this.preprocessor.transformTable(table), factors, decision);
  }

  predictMatrix(x: FeatureMatrix, factors: boolean, decision?: DecisionThreshold): FieldPrediction[] {
    const n = x.rowCount;
    const p = this.learner.predict(x);
    const out: FieldPrediction[] = new Array(n);
    const { objective, classes } = this.json;
    const k = classes.length;
    const predictedClass = new Int32Array(n);
    // A threshold applies to two-class fields only, and only when it names one of the classes.
    const positive = objective === "binary" && decision ? classes.indexOf(decision.positiveClass) : -1;
    const threshold = decision?.threshold ?? 0.5;
    for (let i = 0; i < n; i++) {
      if (objective === "regression") {
        out[i] = { value: p[i] };
      } else if (objective === "binary") {
        const p1 = p[i];
        const p0 = 1 - p1;
        if (positive < 0) predictedClass[i] = p1 > 0.5 ? 1 : 0;
        else predictedClass[i] = (positive === 1 ? p1 : p0) > threshold ? positive : 1 - positive;
        out[i] = { value: classes[predictedClass[i]], probabilities: { [classes[0]]: p0, [classes[1]]: p1 } };
      } else {
        const probs = emptyRecord<number>(); // class names are data: "__proto__" is one too
        let best = 0;
        for (let c = 0; c < k; c++) {
          probs[classes[c]] = p[i * k + c];
          if (p[i * k + c] > p[i * k + best]) best = c;
        }
        predictedClass[i] = best;
        out[i] = { value: classes[best], probabilities: probs };
      }
    }
    if (factors && n > 0) {
      const shares = this.fieldShares(x, allRows(n), predictedClass);
      const F = this.json.inputFields.length;
      for (let i = 0; i < n; i++) {
        const f = emptyRecord<number>();
        for (let j = 0; j < F; j++) f[this.json.inputFields[j]] = shares[i * F + j];
        out[i].factors = f;
      }
    }
    return out;
  }

  /**
   * Signed contribution of each input field (rows * inputFields) to output `output[i]`: feature
   * contributions summed per source field (SHAP values are additive, so grouping is exact). A
   * derived feature (product or ratio of two fields) gives half of its contribution to each of its
   * fields (an allocation, not the fields' own Shapley values; the row's total stays exact).
   */
  fieldContributions(x: FeatureMatrix, rows: Int32Array, output: ArrayLike<number>): Float64Array {
    const F = x.features.length;
    const G = this.json.inputFields.length;
    const contrib = this.learner.contributions(x, rows, this.numOutputs === 1 ? new Int32Array(rows.length) : output);
    const out = new Float64Array(rows.length * G);
    for (let i = 0; i < rows.length; i++) {
      for (let f = 0; f < F; f++) {
        const g = this.featureField[f];
        const h = this.featureOther[f];
        if (h >= 0 && g >= 0) {
          out[i * G + g] += contrib[i * F + f] / 2;
          out[i * G + h] += contrib[i * F + f] / 2;
        } else if (g >= 0) out[i * G + g] += contrib[i * F + f];
      }
    }
    return out;
  }

  /** Per-row shares |contribution| / sum |contributions| over input fields (equal shares if all zero). */
  fieldShares(x: FeatureMatrix, rows: Int32Array, output: ArrayLike<number>): Float64Array {
    const G = this.json.inputFields.length;
    const c = this.fieldContributions(x, rows, output);
    for (let i = 0; i < rows.length; i++) {
      let s = 0;
      for (let g = 0; g < G; g++) s += Math.abs(c[i * G + g]);
      for (let g = 0; g < G; g++) c[i * G + g] = s > 0 ? Math.abs(c[i * G + g]) / s : 1 / G;
    }
    return c;
  }
}

export function allRows(n: number): Int32Array {
  const r = new Int32Array(n);
  for (let i = 0; i < n; i++) r[i] = i;
  return r;
}
