// Datasets: metadata in the database (name, owner team, cached counts), rows in the columnar store.
import type { z } from "zod";
import { db } from "@/lib/db";
import { notFound, unprocessable } from "@/lib/errors";
import { datasetNameSchema, MAX_FIELD_NAME_LENGTH, type DatasetSummary, type fieldTypesSchema } from "@/lib/schemas/datasets";
import type { DateOrder, FieldSchema, RawRow } from "@/lib/table/types";
import { datasetStore } from "./storage";

async function getOwnedDataset(teamId: string, datasetId: string) {
  const dataset = await db.dataset.findFirst({ where: { id: datasetId, teamId }, select: { id: true, name: true } });
  if (!dataset) throw notFound(`Dataset "${datasetId}"`);
  return dataset;
}

export async function createDataset(options: { teamId: string; name: string }) {
  const name = datasetNameSchema.parse(options.name);
  const dataset = await db.dataset.create({ data: { teamId: options.teamId, name }, select: { id: true, name: true } });
  try {
    await datasetStore().create(dataset.id);
  } catch (error) {
    await db.dataset.delete({ where: { id: dataset.id } });
    throw error;
  }
  return dataset;
}

async function recordInfo(datasetId: string, info: { rowCount: number; fields: FieldSchema[] }) {
  // The dataset may have been deleted by another request since the ownership check: then this
  // change went nowhere, and the answer is the delete's (404), not a failed update.
  const { count } = await db.dataset.updateMany({ where: { id: datasetId }, data: { rowCount: info.rowCount, fields: JSON.stringify(info.fields) } });
  if (count === 0) throw notFound(`Dataset "${datasetId}"`);
}

/** The first rows define the schema: their field names must fit (later rows can only use those). */
function checkFieldNames(rows: RawRow[]): void {
  const seen = new Set<string>();
  for (let i = 0; i < rows.length; i++) {
    for (const key in rows[i]) {
      if (seen.has(key)) continue;
      seen.add(key);
      if (key.length > MAX_FIELD_NAME_LENGTH) {
        throw unprocessable([
          {
            loc: ["body", "rows", i, `${key.slice(0, 40)}...`],
            msg: `Field names are at most ${MAX_FIELD_NAME_LENGTH} characters; this one has ${key.length}. Shorten it (it is not cut for you).`,
            type: "string_too_long",
          },
        ]);
      }
    }
  }
}

export async function appendRows(options: { teamId: string; datasetId: string; rows: RawRow[]; dateOrder?: DateOrder }) {
  await getOwnedDataset(options.teamId, options.datasetId);
  if (options.rows.length === 0) return datasetStore().info(options.datasetId);
  if ((await datasetStore().info(options.datasetId)).fields.length === 0) checkFieldNames(options.rows);
  const info = await datasetStore().append(options.datasetId, options.rows, { dateOrder: options.dateOrder });
  await recordInfo(options.datasetId, info);
  return info;
}

export async function setFieldTypes(options: { teamId: string; datasetId: string; fields: z.infer<typeof fieldTypesSchema> }) {
  await getOwnedDataset(options.teamId, options.datasetId);
  const fields = options.fields.map((f) => ({ name: f.name, type: f.valid === false ? ("unknown" as const) : f.type }));
  const info = await datasetStore().setFieldTypes(options.datasetId, fields);
  await recordInfo(options.datasetId, info);
  return info;
}

export async function reparseDataset(options: { teamId: string; datasetId: string }) {
  await getOwnedDataset(options.teamId, options.datasetId);
  const info = await datasetStore().reparse(options.datasetId);
  await recordInfo(options.datasetId, info);
  return info;
}

export async function listDatasets(teamId: string): Promise<DatasetSummary[]> {
  const rows = await db.dataset.findMany({
    where: { teamId },
    orderBy: { createdAt: "desc" },
    select: { id: true, name: true, rowCount: true, fields: true, createdAt: true, updatedAt: true },
  });
  return rows.map((d) => ({
    id: d.id,
    name: d.name,
    rows: d.rowCount,
    field_count: (JSON.parse(d.fields) as unknown[]).length,
    created_at: d.createdAt.toISOString(),
    updated_at: d.updatedAt.toISOString(),
  }));
}

export async function getDataset(options: { teamId: string; datasetId: string }) {
  const dataset = await getOwnedDataset(options.teamId, options.datasetId);
  const info = await datasetStore().info(dataset.id);
  return { id: dataset.id, name: dataset.name, rows: info.rowCount, fields: info.fields, version: info.version, updatedAt: info.updatedAt };
}

export async function previewRows(options: { teamId: string; datasetId: string; offset?: number; limit?: number }) {
  await getOwnedDataset(options.teamId, options.datasetId);
  return datasetStore().readRows(options.datasetId, { offset: options.offset ?? 0, limit: Math.min(options.limit ?? 50, 1000) });
}

export async function deleteDataset(options: { teamId: string; datasetId: string }) {
  await getOwnedDataset(options.teamId, options.datasetId);
  await db.dataset.delete({ where: { id: options.datasetId } });
  await datasetStore().delete(options.datasetId);
}

export async function renameDataset(options: { teamId: string; datasetId: string; name: string }) {
  await getOwnedDataset(options.teamId, options.datasetId);
  return db.dataset.update({ where: { id: options.datasetId }, data: { name: datasetNameSchema.parse(options.name) }, select: { id: true, name: true } });
}

/** The dataset's rows as a column table, for training and chat (run in workers). */
export async function loadDatasetTable(options: { teamId: string; datasetId: string }) {
  await getOwnedDataset(options.teamId, options.datasetId);
  // One committed state: the version recorded with a model must describe exactly the rows it saw.
  return datasetStore().snapshot(options.datasetId);
}
