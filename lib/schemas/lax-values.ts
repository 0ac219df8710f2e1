// Loose spellings of booleans and whole numbers in /api/v1 JSON bodies. The hosted service
// validates with Pydantic (its 422 bodies are FastAPI's), whose default "lax" mode reads
// "true"/"yes"/1 as true and "10" or 10.0 as 10; clients that build bodies from text (forms, CSV
// configs, shell scripts) rely on that. These readers accept the same spellings and nothing else,
// so a value Pydantic refuses (2 as a boolean, "1e1" or 10.5 as a whole number) is still a 422.
import { z } from "zod";

type JsonSchemaObject = Record<string, unknown>;

// A Map, not an object literal: a lookup of "constructor" must find nothing.
const BOOLEAN_TEXT = new Map<string, boolean>([
  ["true", true],
  ["false", false],
  ["1", true],
  ["0", false],
  ["yes", true],
  ["no", false],
  ["on", true],
  ["off", false],
  ["t", true],
  ["f", false],
  ["y", true],
  ["n", false],
]);

const WHOLE_NUMBER_TEXT = /^\s*[+-]?\d+(\.0*)?\s*$/;

/** `value` read as Pydantic's lax bool does, or `value` itself when it is no spelling of one. */
export function looseBoolean(value: unknown): unknown {
  if (value === 1 || value === 0) return value === 1;
  if (typeof value === "string") return BOOLEAN_TEXT.get(value.trim().toLowerCase()) ?? value;
  return value;
}

/** `value` read as Pydantic's lax int does ("10", " 10 ", "10.0", 10.0), or `value` itself. */
export function looseWholeNumber(value: unknown): unknown {
  if (typeof value === "string" && WHOLE_NUMBER_TEXT.test(value)) return Number(value);
  return value;
}

/**
 * The document shows the JSON type clients should send, and says which text is read too. (The
 * default is written here: the document generator drops a default that wraps a preprocess step.)
 */
function alsoText(note: string, fallback?: unknown) {
  return {
    override: ({ jsonSchema }: { jsonSchema: JsonSchemaObject }) => {
      const description = typeof jsonSchema.description === "string" ? `${jsonSchema.description} ` : "";
      jsonSchema.description = `${description}${note}`;
      if (fallback !== undefined) jsonSchema.default = fallback;
    },
  };
}

const BOOLEAN_NOTE = 'Text spellings are read too ("true"/"false", "yes"/"no", "on"/"off", "1"/"0", any case), as are 1 and 0.';

/**
 * An optional boolean, `fallback` when absent; text spellings (true/false, yes/no, on/off, 1/0,
 * t/f, y/n, any case) and 1/0 are read too. null is refused, as Pydantic does.
 */
export function laxBoolean(message: string, fallback: boolean) {
  return z.preprocess(looseBoolean, z.boolean({ message })).optional().default(fallback).meta(alsoText(BOOLEAN_NOTE, fallback));
}

/** `schema` (a number schema) after reading whole-number text ("10") and 10.0 as the number. */
export function laxWholeNumber<T extends z.ZodType>(schema: T) {
  return z.preprocess(looseWholeNumber, schema).meta(alsoText('The number as text ("10") is read too.'));
}
