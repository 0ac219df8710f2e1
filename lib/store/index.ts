// The dataset store: columnar, append-only, atomic storage of dataset rows, and the model artifacts
// beside them; as files under DATA_DIR or as objects in S3-compatible storage (storage.ts).
export { StoreError, isStoreError, type StoreErrorCode } from "./errors";
export {
  openDatasetStore,
  openStoreOn,
  isValidDatasetId,
  type DatasetInfo,
  type DatasetStore,
  type DatasetStoreOptions,
  type ReadOptions,
} from "./dataset-store";
export { inferFieldType, inferFromProfile, createProfile, addToProfile, isIdLikeName, type ValueProfile } from "./infer";
export { openStorage, parseStorageUrl, type Storage, type StorageConfig, type StorageLocation } from "./storage";
export { checkArtifactPath, type ArtifactStore } from "./artifact-store";
export { MemoryRecordStore, type RecordStore, type StoredRecord } from "./records";
export type { SweepReport } from "./object-backend";
