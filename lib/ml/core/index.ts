// Public surface of the tree learners.
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
export { trainGbdt, computeLoss } from "./gbdt";
export { TreeEnsemble, applyLink, type Link } from "./tree";
export { trainForest } from "./forest";
