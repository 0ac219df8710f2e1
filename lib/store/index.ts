// The dataset store: columnar, append-only, atomic storage of dataset rows under DATA_DIR/datasets.
export { StoreError, isStoreError, type StoreErrorCode } from "./errors";
export { openDatasetStore, type DatasetInfo, type DatasetStore, type DatasetStoreOptions, type ReadOptions } from "./dataset-store";
export { inferFieldType, inferFromProfile, createProfile, addToProfile, isIdLikeName, type ValueProfile } from "./infer";
