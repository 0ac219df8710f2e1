// One immutable segment file per append (or per compaction), holding every field of its rows:
//   "TBSEG001" | u32 LE header length | header JSON | padding to 8 | column blocks, each 8-aligned
// Numbers and dates as Float64 (NaN = missing), text as Int32 codes (-1 = missing) + a dictionary
// of the original text: per entry two hash words and a start offset, then all entries as one blob
// (latin1 when every character fits, else UTF-16LE, both lossless and decoded in one native call).
// Offsets in the header are relative to the first block, so readers fetch exactly the byte ranges
// of the columns and rows they need.
import fs from "node:fs/promises";
import os from "node:os";
import { dictionaryFromBlob, dictionaryFromStrings, hashAll, type StoredDictionary } from "./dictionary";

const MAGIC = Buffer.from("TBSEG001", "latin1");
const PREFIX_BYTES = 12;

if (os.endianness() !== "LE") throw new Error("The dataset store's segment files require a little-endian machine.");

export type Encoding = "num" | "date" | "text";

export type EncodedColumn =
  | { name: string; enc: "num" | "date"; values: Float64Array }
  | { name: string; enc: "text"; codes: Int32Array; dictionary: string[]; hashes?: Uint32Array };

export interface ColumnMeta {
  name: string;
  enc: Encoding;
  /** [offset, byteLength] of the values or codes, relative to the data start. */
  data: [number, number];
  /** Text only: entries, their hash words (Uint32 x 2), start offsets (Int32 x (n + 1), in UTF-16 units), and the blob. */
  dictSize?: number;
  hashes?: [number, number];
  offsets?: [number, number];
  text?: [number, number];
  textEnc?: "latin1" | "utf16le";
  /** Older segments: the dictionary as a UTF-8 JSON array. */
  dict?: [number, number];
}

export interface SegmentHeader {
  format: 1;
  rows: number;
  columns: ColumnMeta[];
}

const align8 = (n: number) => (n + 7) & ~7;

/** Writes a segment to `file` (which must not exist), fsyncs it, and returns its size. */
export async function writeSegment(file: string, rows: number, columns: EncodedColumn[]): Promise<{ bytes: number }> {
  const blocks: Uint8Array[] = [];
  const metas: ColumnMeta[] = [];
  let offset = 0;
  const push = (bytes: Uint8Array): [number, number] => {
    const at = offset;
    blocks.push(bytes);
    offset += bytes.byteLength;
    const pad = align8(offset) - offset;
    if (pad > 0) {
      blocks.push(new Uint8Array(pad));
      offset += pad;
    }
    return [at, bytes.byteLength];
  };
  for (const column of columns) {
    if (column.enc === "text") {
      if (column.codes.length !== rows) throw new Error(`segment column "${column.name}" has ${column.codes.length} rows, expected ${rows}`);
      const data = push(new Uint8Array(column.codes.buffer, column.codes.byteOffset, column.codes.byteLength));
      const dictionary = column.dictionary;
      const hashWords = column.hashes ?? hashAll(dictionary);
      const offsets = new Int32Array(dictionary.length + 1);
      for (let i = 0; i < dictionary.length; i++) offsets[i + 1] = offsets[i] + dictionary[i].length;
      const joined = dictionary.join("");
      // latin1 keeps one byte per character when all fit; UTF-16LE keeps any string (even lone surrogates) intact.
      const textEnc = /[^\u0000-\u00ff]/.test(joined) ? "utf16le" : "latin1";
      const hashes = push(new Uint8Array(hashWords.buffer, hashWords.byteOffset, dictionary.length * 8));
      const offsetBlock = push(new Uint8Array(offsets.buffer, offsets.byteOffset, offsets.byteLength));
      const text = push(Buffer.from(joined, textEnc));
      metas.push({ name: column.name, enc: "text", data, dictSize: dictionary.length, hashes, offsets: offsetBlock, text, textEnc });
    } else {
      if (column.values.length !== rows) throw new Error(`segment column "${column.name}" has ${column.values.length} rows, expected ${rows}`);
      const data = push(new Uint8Array(column.values.buffer, column.values.byteOffset, column.values.byteLength));
      metas.push({ name: column.name, enc: column.enc, data });
    }
  }
  const header: SegmentHeader = { format: 1, rows, columns: metas };
  const headerBytes = Buffer.from(JSON.stringify(header), "utf8");
  const prefix = Buffer.alloc(align8(PREFIX_BYTES + headerBytes.length));
  MAGIC.copy(prefix, 0);
  prefix.writeUInt32LE(headerBytes.length, 8);
  headerBytes.copy(prefix, PREFIX_BYTES);
  const all = [prefix, ...blocks];

  const handle = await fs.open(file, "wx");
  try {
    // writev takes at most IOV_MAX buffers per call; write in chunks.
    for (let i = 0; i < all.length; i += 512) await handle.writev(all.slice(i, i + 512));
    await handle.sync();
  } finally {
    await handle.close();
  }
  return { bytes: prefix.length + offset };
}

export interface OpenSegment {
  handle: fs.FileHandle;
  header: SegmentHeader;
  dataStart: number;
  byName: Map<string, ColumnMeta>;
}

export async function openSegment(file: string): Promise<OpenSegment> {
  const handle = await fs.open(file, "r");
  try {
    const first = Buffer.alloc(4096);
    const { bytesRead } = await handle.read(first, 0, first.length, 0);
    if (bytesRead < PREFIX_BYTES || !first.subarray(0, 8).equals(MAGIC)) throw new Error(`${file} is not a dataset segment`);
    const headerLength = first.readUInt32LE(8);
    let headerBytes: Buffer;
    if (PREFIX_BYTES + headerLength <= bytesRead) {
      headerBytes = first.subarray(PREFIX_BYTES, PREFIX_BYTES + headerLength);
    } else {
      headerBytes = Buffer.alloc(headerLength);
      await readFully(handle, headerBytes, PREFIX_BYTES);
    }
    const header = JSON.parse(headerBytes.toString("utf8")) as SegmentHeader;
    const byName = new Map(header.columns.map((c) => [c.name, c]));
    return { handle, header, dataStart: align8(PREFIX_BYTES + headerLength), byName };
  } catch (error) {
    await handle.close();
    throw error;
  }
}

async function readFully(handle: fs.FileHandle, target: Uint8Array, position: number): Promise<void> {
  let done = 0;
  while (done < target.byteLength) {
    const { bytesRead } = await handle.read(target, done, target.byteLength - done, position + done);
    if (bytesRead === 0) throw new Error("segment file is truncated");
    done += bytesRead;
  }
}

/** Reads rows [from, to) of a Float64 column into `target` starting at element `at`. */
export async function readFloatsInto(seg: OpenSegment, meta: ColumnMeta, from: number, to: number, target: Float64Array, at: number): Promise<void> {
  if (to <= from) return;
  const view = new Uint8Array(target.buffer, target.byteOffset + at * 8, (to - from) * 8);
  await readFully(seg.handle, view, seg.dataStart + meta.data[0] + from * 8);
}

/** Reads rows [from, to) of an Int32 code column into `target` starting at element `at`. */
export async function readCodesInto(seg: OpenSegment, meta: ColumnMeta, from: number, to: number, target: Int32Array, at: number): Promise<void> {
  if (to <= from) return;
  const view = new Uint8Array(target.buffer, target.byteOffset + at * 4, (to - from) * 4);
  await readFully(seg.handle, view, seg.dataStart + meta.data[0] + from * 4);
}

export async function readDictionary(seg: OpenSegment, meta: ColumnMeta): Promise<StoredDictionary> {
  if (meta.dict) {
    const bytes = Buffer.alloc(meta.dict[1]);
    await readFully(seg.handle, bytes, seg.dataStart + meta.dict[0]);
    return dictionaryFromStrings(JSON.parse(bytes.toString("utf8")) as string[]);
  }
  if (!meta.hashes || !meta.offsets || !meta.text) return dictionaryFromStrings([]);
  const size = meta.dictSize ?? 0;
  // The three blocks are adjacent: one read, then aligned views into a fresh buffer.
  const start = meta.hashes[0];
  const bytes = new Uint8Array(meta.text[0] + meta.text[1] - start);
  await readFully(seg.handle, bytes, seg.dataStart + start);
  const hashes = new Uint32Array(bytes.buffer, 0, size * 2);
  const offsets = new Int32Array(bytes.buffer, meta.offsets[0] - start, size + 1);
  const textAt = meta.text[0] - start;
  const textLength = meta.text[1];
  const encoding = meta.textEnc ?? "utf16le";
  const blob = Buffer.from(bytes.buffer, textAt, textLength);
  const width = encoding === "latin1" ? 1 : 2; // bytes per UTF-16 unit; offsets count units
  return dictionaryFromBlob(
    hashes,
    offsets,
    () => blob.toString(encoding),
    (start, end) => blob.toString(encoding, start * width, end * width),
  );
}
