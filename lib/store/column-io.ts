// Reading stored columns into the field's current type. Every segment keeps the encoding it was
// written with; a value converts through its text (numbers print losslessly, dates as ISO), so a
// type change never rewrites data and changing it back restores the original text.
import type { DateOrder, FieldType } from "../table/types";
import { isNumericType, parseDate, parseNumber } from "../table/values";
import type { Interner, StoredDictionary } from "./dictionary";
import { readCodesInto, readDictionary, readFloatsInto, type ColumnMeta, type Encoding, type OpenSegment } from "./segment";

export function storageEncoding(type: FieldType): Encoding {
  return type === "date" ? "date" : isNumericType(type) ? "num" : "text";
}

/** The text a stored number or date stands for: numbers convert to text losslessly, dates as ISO. */
export function numberText(enc: "num" | "date", value: number): string {
  return enc === "date" ? new Date(value).toISOString() : String(value);
}

export function parseAs(type: FieldType, text: string, dateOrder?: DateOrder): number {
  return type === "date" ? parseDate(text, dateOrder) : parseNumber(text);
}

export type LoadedColumn =
  | { name: string; enc: "num" | "date"; values: Float64Array }
  | { name: string; enc: "text"; codes: Int32Array; dictionary: StoredDictionary };

/** Column data of rows [from, to) of one segment, in the segment's own encoding. */
export async function loadEncoded(seg: OpenSegment, meta: ColumnMeta, from: number, to: number): Promise<LoadedColumn> {
  if (meta.enc === "text") {
    const codes = new Int32Array(to - from);
    await readCodesInto(seg, meta, from, to, codes, 0);
    return { name: meta.name, enc: "text", codes, dictionary: await readDictionary(seg, meta) };
  }
  const values = new Float64Array(to - from);
  await readFloatsInto(seg, meta, from, to, values, 0);
  return { name: meta.name, enc: meta.enc, values };
}

/**
 * Reads rows [from, to) of a text column into codes[at...] as codes of `interner`. A segment read
 * whole into an empty interner keeps its codes as they are (its dictionary holds exactly the
 * values it uses), which makes loading a compacted dataset nearly free of hashing.
 */
export async function readTextInto(
  seg: OpenSegment,
  meta: ColumnMeta,
  from: number,
  to: number,
  codes: Int32Array,
  at: number,
  interner: Interner,
): Promise<void> {
  if (meta.enc === "text") {
    await readCodesInto(seg, meta, from, to, codes, at);
    const dictionary = await readDictionary(seg, meta);
    if (from === 0 && to === seg.header.rows && interner.adopt(dictionary)) return;
    interner.remapInPlace(codes, at, at + to - from, dictionary);
    return;
  }
  const values = new Float64Array(to - from);
  await readFloatsInto(seg, meta, from, to, values, 0);
  const enc = meta.enc;
  interner.encodeTexts(values, (v) => numberText(enc, v), codes, at);
}

/** Converts segment data of any encoding into a numeric target (integer, float or date). */
export function convertToNumbers(source: LoadedColumn, type: FieldType, target: Float64Array, at: number, dateOrder?: DateOrder): void {
  if (source.enc === "text") {
    const lut = new Float64Array(source.dictionary.size);
    for (let i = 0; i < lut.length; i++) lut[i] = parseAs(type, source.dictionary.get(i), dateOrder);
    const codes = source.codes;
    for (let i = 0; i < codes.length; i++) target[at + i] = codes[i] < 0 ? NaN : lut[codes[i]];
    return;
  }
  if (source.enc === storageEncoding(type)) {
    target.set(source.values, at);
    return;
  }
  // Numbers read as dates or dates as numbers: go through their text, as a text segment would.
  const values = source.values;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    target[at + i] = Number.isNaN(v) ? NaN : parseAs(type, numberText(source.enc, v));
  }
}
