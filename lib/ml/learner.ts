// One interface over the model families (trees from lib/ml/core, linear, blends) so that search,
// statistics, explanations and the artifact do not care which family won.
import { applyLink, TreeEnsemble } from "./core";
import type { FeatureMatrix, Objective } from "./core/types";
import { KnnModel, type KnnModelJson } from "./knn";
import { LinearModel, transformRaw, type LinearModelJson } from "./linear";
import { MlpModel, type MlpModelJson } from "./mlp";

export type LearnerJson =
  | { kind: "trees"; model: unknown }
  | { kind: "logTarget"; offset: number; model: unknown }
  | { kind: "linear"; model: LinearModelJson }
  | { kind: "knn"; model: KnnModelJson }
  | { kind: "mlp"; model: MlpModelJson }
  | { kind: "blend"; members: { weight: number; learner: LearnerJson }[] }
  | EnsembleJson;

export interface EnsembleJson {
  kind: "ensemble";
  objective: Objective;
  numClasses: number;
  /** The tree members merged into one ensemble (weights folded into the leaf values). */
  trees: unknown | null;
  linear: { weight: number; model: LinearModelJson }[];
  /** Regression members fitted on log targets (each predicts exp(raw) - offset). */
  log?: { weight: number; offset: number; trees: unknown }[];
  /** k-nearest-neighbours members (binary and regression). */
  knn?: { weight: number; model: KnnModelJson }[];
  /** Small neural networks (binary and regression; mlp.ts). */
  mlp?: { weight: number; model: MlpModelJson }[];
}

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

/** A member served as it is fitted: nothing to compile or warm up before serving. */
abstract class UncompiledLearner {
  prepareForServing(): void {}
  warmUpStep(): boolean {
    return true;
  }
  servesCompiled(): boolean {
    return false;
  }
}

export class LinearLearner extends UncompiledLearner implements Learner {
  constructor(readonly model: LinearModel) {
    super();
  }
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
    return this.model.contributions(selectRows(x, rows), output);
  }
  explainCost(): number {
    return this.model.json.weights.length * 4;
  }
  toJSON(): LearnerJson {
    return { kind: "linear", model: this.model.toJSON() };
  }
}

/** A member whose model answers one output per row (binary margin or regression) and explains rows itself. */
interface RowModel {
  readonly json: { objective: "binary" | "regression" };
  predict(x: FeatureMatrix): Float64Array;
  contributions(x: FeatureMatrix): Float64Array;
}

abstract class RowModelLearner<M extends RowModel> extends UncompiledLearner {
  constructor(readonly model: M) {
    super();
  }
  get objective(): Objective {
    return this.model.json.objective;
  }
  get numClasses(): number {
    return this.model.json.objective === "binary" ? 2 : 1;
  }
  predict(x: FeatureMatrix): Float64Array {
    return this.model.predict(x);
  }
  contributions(x: FeatureMatrix, rows: Int32Array, _output: ArrayLike<number>): Float64Array {
    return this.model.contributions(selectRows(x, rows));
  }
}

/**
 * k nearest neighbours (knn.ts). Contributions: the member's margin minus its base split over the
 * fields it measures distance on, by each field's own effect (an allocation that sums to the margin).
 */
export class KnnLearner extends RowModelLearner<KnnModel> implements Learner {
  explainCost(): number {
    return knnCost(this.model);
  }
  toJSON(): LearnerJson {
    return { kind: "knn", model: this.model.toJSON() };
  }
}

/** Operations per row of a k-nearest-neighbours query (measured: a few hundred reference rows visited per query). */
export function knnCost(model: KnnModel): number {
  return 40 * Math.sqrt(model.rowCount) * model.dimCount;
}

/**
 * A small multilayer perceptron (mlp.ts). Contributions: integrated gradients from the mean training
 * input, per feature, with what the finite sum misses spread by |part| (an allocation that sums to the margin).
 */
export class MlpLearner extends RowModelLearner<MlpModel> implements Learner {
  explainCost(): number {
    return mlpCost(this.model);
  }
  toJSON(): LearnerJson {
    return { kind: "mlp", model: this.model.toJSON() };
  }
}

/** Operations per row of an explanation: a forward and backward pass per integration step, and the input gradients. */
export function mlpCost(model: MlpModel): number {
  return 20 * model.costPerRow + model.json.width * model.json.hidden[0];
}

/**
 * Regression trees fitted to log(y + offset), predicting exp(raw) - offset. Contributions: the exact
 * TreeSHAP values in log space, scaled per row by (f(x) - f(base)) / (g(x) - g(base)) (f = exp(g) -
 * offset, g = the trees' raw output, base = its expected value): they sum exactly to the prediction
 * minus the base prediction, and each field keeps its log-space share and sign (exact Shapley values
 * of exp(g) in value space are not tractable).
 */
export class LogTargetLearner implements Learner {
  readonly objective = "regression" as const;
  readonly numClasses = 1;
  constructor(
    readonly ensemble: TreeEnsemble,
    readonly offset: number,
  ) {}

  predict(x: FeatureMatrix): Float64Array {
    const raw = this.ensemble.predictRaw(x);
    for (let i = 0; i < raw.length; i++) raw[i] = Math.exp(raw[i]) - this.offset;
    return raw;
  }

  contributions(x: FeatureMatrix, rows: Int32Array, _output: ArrayLike<number>): Float64Array {
    const F = x.features.length;
    const { values, expected } = this.ensemble.shap(x, rows);
    const base = expected[0];
    const eBase = Math.exp(base);
    for (let i = 0; i < rows.length; i++) {
      let g = base;
      for (let f = 0; f < F; f++) g += values[i * F + f];
      const d = g - base;
      // exp(g) - exp(base) = scale * (g - base); the derivative where the two meet.
      const scale = Math.abs(d) > 1e-12 ? (Math.exp(g) - eBase) / d : eBase;
      for (let f = 0; f < F; f++) values[i * F + f] *= scale;
    }
    return values;
  }

  explainCost(): number {
    return new TreeLearner(this.ensemble).explainCost();
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
    return { kind: "logTarget", offset: this.offset, model: this.ensemble.toJSON() };
  }
}

/** Weighted average of member predictions (probabilities or values): models trained before ensembles load as this. */
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

/**
 * A weighted average of its members' margins: log-odds (binary), class margins (multiclass) or
 * values (regression), through the link of the task. Tree members are merged into one TreeEnsemble
 * (TreeEnsemble.combine: weights folded into the leaves), so the ensemble predicts through compiled
 * trees like a single model, and its contributions, the weighted sums of the members' exact
 * contributions, sum to its margin.
 */
export class EnsembleLearner implements Learner {
  constructor(
    readonly objective: Objective,
    readonly numClasses: number,
    readonly trees: TreeEnsemble | null,
    readonly linear: { weight: number; model: LinearModel }[],
    readonly log: { weight: number; learner: LogTargetLearner }[] = [],
    readonly knn: { weight: number; model: KnnModel }[] = [],
    readonly mlp: { weight: number; model: MlpModel }[] = [],
  ) {
    if (!trees && linear.length === 0 && log.length === 0 && knn.length === 0 && mlp.length === 0) throw new Error("an ensemble needs at least one member");
  }

  /** Builds the ensemble from weighted members (tree learners with margin links, linear learners). */
  static fromMembers(members: { weight: number; learner: Learner }[]): EnsembleLearner {
    if (members.length === 0) throw new Error("an ensemble needs at least one member");
    const trees: { weight: number; ensemble: TreeEnsemble }[] = [];
    const linear: { weight: number; model: LinearModel }[] = [];
    const log: { weight: number; learner: LogTargetLearner }[] = [];
    const knn: { weight: number; model: KnnModel }[] = [];
    const mlp: { weight: number; model: MlpModel }[] = [];
    for (const { weight, learner } of members) {
      if (learner instanceof LogTargetLearner) log.push({ weight, learner });
      else if (learner instanceof TreeLearner) {
        if (learner.ensemble.link === "identity" && learner.objective !== "regression") {
          throw new Error("ensemble members must predict margins: train classification forests with logitLeaves");
        }
        trees.push({ weight, ensemble: learner.ensemble });
      } else if (learner instanceof LinearLearner) linear.push({ weight, model: learner.model });
      else if (learner instanceof KnnLearner) knn.push({ weight, model: learner.model });
      else if (learner instanceof MlpLearner) mlp.push({ weight, model: learner.model });
      else throw new Error("ensemble members must be tree, linear, k-nearest-neighbours or MLP learners");
    }
    const first = members.find((m) => !(m.learner instanceof KnnLearner) && !(m.learner instanceof MlpLearner))?.learner ?? members[0].learner;
    return new EnsembleLearner(first.objective, first.numClasses, trees.length ? TreeEnsemble.combine(trees) : null, linear, log, knn, mlp);
  }

  private get outputs(): number {
    return this.objective === "multiclass" ? this.numClasses : 1;
  }

  /** The ensemble's margins (rows * outputs). */
  predictMargin(x: FeatureMatrix): Float64Array {
    const raw = this.trees ? this.trees.predictRaw(x) : new Float64Array(x.rowCount * this.outputs);
    for (const { weight, model } of this.linear) {
      const m = model.predictMargin(x);
      for (let i = 0; i < raw.length; i++) raw[i] += weight * m[i];
    }
    for (const { weight, learner } of this.log) {
      const v = learner.predict(x);
      for (let i = 0; i < raw.length; i++) raw[i] += weight * v[i];
    }
    for (const { weight, model } of [...this.knn, ...this.mlp]) {
      const m = model.predictMargin(x);
      for (let i = 0; i < raw.length; i++) raw[i] += weight * m[i];
    }
    return raw;
  }

  predict(x: FeatureMatrix): Float64Array {
    const raw = this.predictMargin(x);
    if (this.objective === "regression") return raw;
    if (this.objective === "binary") return applyLink(raw, "logit", 1);
    return transformRaw(raw, x.rowCount, "multiclass", this.numClasses);
  }

  contributions(x: FeatureMatrix, rows: Int32Array, output: ArrayLike<number>): Float64Array {
    const F = x.features.length;
    const out = new Float64Array(rows.length * F);
    if (this.trees) {
      const K = this.trees.outputs;
      const { values } = this.trees.shap(x, rows, K > 1 ? output : undefined);
      for (let i = 0; i < rows.length; i++) {
        const base = (i * K + (K === 1 ? 0 : output[i])) * F;
        for (let f = 0; f < F; f++) out[i * F + f] = values[base + f];
      }
    }
    if (this.linear.length) {
      const sub = selectRows(x, rows);
      for (const { weight, model } of this.linear) {
        const c = model.contributions(sub, output);
        for (let i = 0; i < c.length; i++) out[i] += weight * c[i];
      }
    }
    for (const { weight, learner } of this.log) {
      const c = learner.contributions(x, rows, output);
      for (let i = 0; i < c.length; i++) out[i] += weight * c[i];
    }
    if (this.knn.length || this.mlp.length) {
      const sub = selectRows(x, rows);
      for (const { weight, model } of [...this.knn, ...this.mlp]) {
        const c = model.contributions(sub);
        for (let i = 0; i < c.length; i++) out[i] += weight * c[i];
      }
    }
    return out;
  }

  explainCost(): number {
    let cost = this.trees ? new TreeLearner(this.trees).explainCost() : 0;
    for (const { model } of this.linear) cost += model.json.weights.length * 4;
    for (const { learner } of this.log) cost += learner.explainCost();
    for (const { model } of this.knn) cost += knnCost(model);
    for (const { model } of this.mlp) cost += mlpCost(model);
    return cost;
  }

  prepareForServing(): void {
    this.trees?.prepareForServing();
    for (const { learner } of this.log) learner.prepareForServing();
  }

  warmUpStep(): boolean {
    let done = this.trees ? this.trees.warmUpStep() : true;
    for (const { learner } of this.log) done = learner.warmUpStep() && done;
    return done;
  }

  servesCompiled(): boolean {
    return (this.trees?.servesCompiled ?? false) || this.log.some((l) => l.learner.servesCompiled());
  }

  toJSON(): LearnerJson {
    return {
      kind: "ensemble",
      objective: this.objective,
      numClasses: this.numClasses,
      trees: this.trees ? this.trees.toJSON() : null,
      linear: this.linear.map((l) => ({ weight: l.weight, model: l.model.toJSON() })),
      log: this.log.map((l) => ({ weight: l.weight, offset: l.learner.offset, trees: l.learner.ensemble.toJSON() })),
      ...(this.knn.length ? { knn: this.knn.map((k) => ({ weight: k.weight, model: k.model.toJSON() })) } : {}),
      ...(this.mlp.length ? { mlp: this.mlp.map((k) => ({ weight: k.weight, model: k.model.toJSON() })) } : {}),
    };
  }
}

export function learnerFromJson(json: LearnerJson): Learner {
  switch (json.kind) {
    case "trees":
      return new TreeLearner(TreeEnsemble.fromJSON(json.model));
    case "logTarget":
      return new LogTargetLearner(TreeEnsemble.fromJSON(json.model), json.offset);
    case "linear":
      return new LinearLearner(new LinearModel(json.model));
    case "knn":
      return new KnnLearner(new KnnModel(json.model));
    case "mlp":
      return new MlpLearner(new MlpModel(json.model));
    case "blend":
      return new BlendLearner(json.members.map((m) => ({ weight: m.weight, learner: learnerFromJson(m.learner) })));
    case "ensemble":
      return new EnsembleLearner(
        json.objective,
        json.numClasses,
        json.trees ? TreeEnsemble.fromJSON(json.trees) : null,
        json.linear.map((l) => ({ weight: l.weight, model: new LinearModel(l.model) })),
        (json.log ?? []).map((l) => ({ weight: l.weight, learner: new LogTargetLearner(TreeEnsemble.fromJSON(l.trees), l.offset) })),
        (json.knn ?? []).map((k) => ({ weight: k.weight, model: new KnnModel(k.model) })),
        (json.mlp ?? []).map((k) => ({ weight: k.weight, model: new MlpModel(k.model) })),
      );
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
