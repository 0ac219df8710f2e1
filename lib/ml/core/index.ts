// Public surface of the tree learners (lib/ml/core).
//
//   const mapper = BinMapper.fit(train);                        // optional: reuse across many fits
//   const model = trainGbdt(train, y, { objective: "binary", learningRate: 0.1, numLeaves: 31,
//     maxRounds: 2000, earlyStoppingRounds: 50, deadlineMs: Date.now() + 10_000 },
//     { valid: { x: validX, y: validY }, weights, binMapper: mapper });
//   model.predict(x);             // P(class 1) per row | rowCount*k probabilities | values
//   model.predictRaw(x);          // log-odds | per-class margins | values (forests: averaged probabilities)
//   model.shap(x, rows);          // TreeSHAP on the raw scale; values[(r*outputs+o)*features+f]
//   model.featureImportance();    // total split gain per feature
//   TreeEnsemble.fromJSON(JSON.parse(JSON.stringify(model.toJSON())));
export type {
  BinnedMatrix,
  FeatureMatrix,
  FeatureSpec,
  ForestParams,
  GbdtParams,
  Objective,
  ShapResult,
  TrainForestOptions,
  TrainGbdtOptions,
} from "./types";
export { BinMapper, validateMatrix } from "./binning";
export { trainGbdt, trainGbdtCooperatively, computeLoss, yieldToEventLoop } from "./gbdt";
export { trainForest } from "./forest";
export { TreeEnsemble, applyLink, type Link, type RawTree, type EnsembleMeta } from "./tree";
