// One interface over the model families (trees from lib/ml/core, linear, blends) so that search,
// statistics, explanations and the artifact do not care which family won.
import { TreeEnsemble } from "./core";
import type { FeatureMatrix, Objective } from "./core/types";
import { LinearModel, type LinearModelJson } from "./linear";

export type LearnerJson =
  | { kind: "trees"; model: unknown }
  | { kind: "linear"; model: LinearModelJson }
  | { kind: "blend"; members: { weight: number; learner: LearnerJson }[] };

export interface Learner {
  readonly objective: Objective;
  readonly numClasses: number;
  /** Probabilities (binary: P(class 1) per row; multiclass: rows*k row-major) or regression values. */
  predict(x: FeatureMatrix): Float64Array;
  /**
   * Per-feature contributions to the raw output of `output[r]` for the given rows (rows*features);
   * their sum plus a constant is the row's raw prediction.
   */
  contributions(x: FeatureMatrix, rows: Int32Array, output: ArrayLike<number>): Float64Array;
  /** Rough operations per row for `contributions` (plans explanation work without timing it). */
  explainCost(): number;
  /** Readies a loaded model for many predictions (compiles trees); training never calls it. */
  prepareForServing(): void;
  /** One short warm-up pass of the compiled trees; true when there is nothing more to warm up. */
  warmUpStep(): boolean;
  /** True when predictions run through compiled trees (after a successful warm-up). */
  servesCompiled(): boolean;
  toJSON(): LearnerJson;
}

export class TreeLearner implements Learner {
  constructor(readonly ensemble: TreeEnsemble) {}
  get objective(): Objective {
    return this.ensemble.objective;
  }
  get numClasses(): number {
    return this.ensemble.numClasses;
  }
  predict(x: FeatureMatrix): Float64Array {
    return this.ensemble.predict(x);
  }
  contributions(x: FeatureMatrix, rows: Int32Array, output: ArrayLike<number>): Float64Array {
    const F = x.features.length;
    const K = this.ensemble.outputs;
    // Multiclass boosting: only the trees of each row's output are explained.
    const { values } = this.ensemble.shap(x, rows, K > 1 ? output : undefined);
    const out = new Float64Array(rows.length * F);
    for (let i = 0; i < rows.length; i++) {
      const o = K === 1 ? 0 : output[i];
      const base = (i * K + o) * F;
      for (let f = 0; f < F; f++) out[i * F + f] = values[base + f];
    }
    return out;
  }
  explainCost(): number {
    // Fast TreeSHAP: every node's decision, then about depth table reads per leaf, per tree.
    const e = this.ensemble;
    const trees = Math.max(1, e.numTrees);
    const leaves = (e.nodeFeature.length / trees + 1) / 2;
    const depth = Math.log2(leaves + 1) + 1;
    return trees * leaves * (depth + 1) * (e.outputs > 1 ? 1 : 1);
  }
  prepareForServing(): void {
    this.ensemble.prepareForServing();
  }
  warmUpStep(): boolean {
    return this.ensemble.warmUpStep();
  }
  servesCompiled(): boolean {
    return this.ensemble.servesCompiled;
  }
  toJSON(): LearnerJson {
    return { kind: "trees", model: this.ensemble.toJSON() };
  }
}

export class LinearLearner implements Learner {
  constructor(readonly model: LinearModel) {}
  get objective(): Objective {
    return this.model.json.objective;
  }
  get numClasses(): number {
    return this.model.json.numClasses;
  }
  predict(x: FeatureMatrix): Float64Array {
    return this.model.predict(x);
  }
  contributions(x: FeatureMatrix, rows: Int32Array, output: ArrayLike<number>): Float64Array {
    const sub: FeatureMatrix = { rowCount: rows.length, features: x.features, columns: x.columns.map((c) => gatherRows(c, rows)) };
    return this.model.contributions(sub, output);
  }
  explainCost(): number {
    return this.model.json.weights.length * 4;
  }
  prepareForServing(): void {}
  warmUpStep(): boolean {
    return true;
  }
  servesCompiled(): boolean {
    return false;
  }
  toJSON(): LearnerJson {
    return { kind: "linear", model: this.model.toJSON() };
  }
}

/** Weighted average of member predictions (probabilities or values). */
export class BlendLearner implements Learner {
  constructor(readonly members: { weight: number; learner: Learner }[]) {
    if (members.length === 0) throw new Error("a blend needs at least one member");
  }
  get objective(): Objective {
    return this.members[0].learner.objective;
  }
  get numClasses(): number {
    return this.members[0].learner.numClasses;
  }
  predict(x: FeatureMatrix): Float64Array {
    let out: Float64Array | null = null;
    for (const { weight, learner } of this.members) {
      const p = learner.predict(x);
      if (!out) out = new Float64Array(p.length);
      for (let i = 0; i < p.length; i++) out[i] += weight * p[i];
    }
    return out!;
  }
  contributions(x: FeatureMatrix, rows: Int32Array, output: ArrayLike<number>): Float64Array {
    // Raw scales of members are alike (margins), so a weighted sum is a fair attribution for shares.
    let out: Float64Array | null = null;
    for (const { weight, learner } of this.members) {
      const c = learner.contributions(x, rows, output);
      if (!out) out = new Float64Array(c.length);
      for (let i = 0; i < c.length; i++) out[i] += weight * c[i];
    }
    return out!;
  }
  explainCost(): number {
    return this.members.reduce((s, m) => s + m.learner.explainCost(), 0);
  }
  prepareForServing(): void {
    for (const m of this.members) m.learner.prepareForServing();
  }
  warmUpStep(): boolean {
    let done = true;
    for (const m of this.members) done = m.learner.warmUpStep() && done;
    return done;
  }
  servesCompiled(): boolean {
    return this.members.some((m) => m.learner.servesCompiled());
  }
  toJSON(): LearnerJson {
    return { kind: "blend", members: this.members.map((m) => ({ weight: m.weight, learner: m.learner.toJSON() })) };
  }
}

export function learnerFromJson(json: LearnerJson): Learner {
  switch (json.kind) {
    case "trees":
      return new TreeLearner(TreeEnsemble.fromJSON(json.model));
    case "linear":
      return new LinearLearner(new LinearModel(json.model));
    case "blend":
      return new BlendLearner(json.members.map((m) => ({ weight: m.weight, learner: learnerFromJson(m.learner) })));
  }
}

export function gatherRows(col: Float64Array, rows: Int32Array): Float64Array {
  const out = new Float64Array(rows.length);
  for (let i = 0; i < rows.length; i++) out[i] = col[rows[i]];
  return out;
}

/** Rows `rows` of a feature matrix. */
export function selectRows(x: FeatureMatrix, rows: Int32Array): FeatureMatrix {
  return { rowCount: rows.length, features: x.features, columns: x.columns.map((c) => gatherRows(c, rows)) };
}
