// The versioned model artifact: gzip'd JSON holding schema, preprocessing recipes and learners.
import { gunzipSync, gzipSync } from "node:zlib";
import type { FieldType } from "../table/types";
import type { FieldModelJson } from "./field-model";

export const ARTIFACT_FORMAT = "tabula-model";
export const ARTIFACT_VERSION = 1;

export interface ArtifactJson {
  format: typeof ARTIFACT_FORMAT;
  version: number;
  createdAt: string;
  schema: { name: string; type: FieldType }[];
  predictFields: string[];
  models: FieldModelJson[];
}

export function encodeArtifact(artifact: ArtifactJson): Uint8Array {
  return new Uint8Array(gzipSync(Buffer.from(JSON.stringify(artifact), "utf8"), { level: 6 }));
}

export function decodeArtifact(bytes: Uint8Array): ArtifactJson {
  let json: unknown;
  try {
    json = JSON.parse(gunzipSync(bytes).toString("utf8"));
  } catch (e) {
    throw new Error(`not a model artifact (expected gzip'd JSON): ${e instanceof Error ? e.message : String(e)}`);
  }
  const a = json as ArtifactJson;
  if (!a || a.format !== ARTIFACT_FORMAT) throw new Error(`not a model artifact: format is ${JSON.stringify(a?.format)}, expected "${ARTIFACT_FORMAT}"`);
  if (a.version !== ARTIFACT_VERSION) {
    throw new Error(`model artifact version ${a.version} is not supported by this build (supports ${ARTIFACT_VERSION}); retrain the model`);
  }
  if (!Array.isArray(a.schema) || !Array.isArray(a.models) || !Array.isArray(a.predictFields))
    throw new Error("model artifact is missing schema, models or predictFields");
  return a;
}
