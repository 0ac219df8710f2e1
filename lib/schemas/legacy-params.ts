// Readers for legacy (/v1) parameters. Legacy clients send the same parameter in many ways: in the
// query string or a form body (always text), or in a JSON body (typed), and some send arrays as
// JSON text. Each reader here accepts every spelling real clients send (compatibility.md) and
// nothing else, and names the parameter in its error. lib/http's legacyRoute({ params }) validates
// with schemas built from them, so route handlers and services receive plain typed values.
//
// Messages of the issues raised here are complete sentences naming the parameter; legacyRoute
// passes them on as they are (the legacy envelope has one message, no field locations).
import { z } from "zod";
import { outOfRangeNumber } from "./json-numbers";
import type { RawRow } from "@/lib/table/types";
import { isFlatRow, isPlainValue } from "./rows";

type JsonSchemaObject = Record<string, unknown>;

/**
 * These readers accept more than their zod output type says (text for numbers, booleans and
 * arrays), so the document shows what they accept: `replace` puts `accepted` in place of the
 * rendered schema (keeping its description), `orJsonText` adds "or JSON text of it".
 */
function replace(accepted: JsonSchemaObject) {
  return {
    override: ({ jsonSchema }: { jsonSchema: JsonSchemaObject }) => {
      const description = jsonSchema.description;
      for (const key of Object.keys(jsonSchema)) delete jsonSchema[key];
      Object.assign(jsonSchema, accepted, description === undefined ? {} : { description });
    },
  };
}

function orJsonText({ jsonSchema }: { jsonSchema: JsonSchemaObject }) {
  const value = { ...jsonSchema };
  delete value.description;
  replace({ anyOf: [value, { type: "string", description: "The same value as JSON text." }] }).override({ jsonSchema });
}

// A Map, not an object literal: a lookup of "constructor" must find nothing.
const BOOLEAN_TEXT = new Map<string, boolean>([
  ["true", true],
  ["false", false],
  ["1", true],
  ["0", false],
]);

/**
 * A boolean: JSON true/false, or as text true/false in any case (Python clients send "True") or
 * 1/0. Absent, null or empty means `fallback`. Anything else is an error, never a silent false.
 */
export function legacyBoolean(name: string, fallback = false) {
  return z
    .unknown()
    .optional()
    .transform((value, ctx): boolean => {
      if (value === undefined || value === null || value === "") return fallback;
      if (typeof value === "boolean") return value;
      if (value === 1 || value === 0) return value === 1;
      if (typeof value === "string") {
        const known = BOOLEAN_TEXT.get(value.trim().toLowerCase());
        if (known !== undefined) return known;
      }
      ctx.addIssue({ code: "custom", message: `${name} must be true or false.`, input: value });
      return z.NEVER;
    })
    .meta(replace({ anyOf: [{ type: "boolean" }, { type: "string", enum: ["true", "false", "True", "False", "1", "0"] }], default: fallback }));
}

/** `schema`'s value, or a string holding its JSON text (`rows`, `data` and `fields` arrive both ways). */
export function jsonTextOr<T extends z.ZodType>(name: string, schema: T, example: string) {
  return z
    .preprocess((value, ctx) => {
      if (typeof value !== "string") return value;
      let parsed: unknown;
      try {
        parsed = JSON.parse(value);
      } catch {
        ctx.addIssue({ code: "custom", message: `${name} is a string but not valid JSON: send ${example}.`, input: value });
        return z.NEVER;
      }
      const outOfRange = outOfRangeNumber(value, parsed);
      if (outOfRange) {
        ctx.addIssue({ code: "custom", path: outOfRange.path, message: `${name}: ${outOfRange.msg}`, input: value });
        return z.NEVER;
      }
      return parsed;
    }, schema)
    .meta({ override: orJsonText });
}

const ROWS_DOCUMENTED = replace({ type: "array", items: { $ref: "#/components/schemas/Row" } });

/**
 * Rows to append or predict: an array of objects mapping field names to strings, numbers, booleans
 * or null. Checked in place with a plain loop (no copy): appends carry millions of values.
 */
export function rowArray(name: string) {
  return z
    .custom<RawRow[]>((value) => Array.isArray(value), `${name} must be an array of row objects, e.g. [{"age": 42, "plan": "basic"}].`)
    .meta(ROWS_DOCUMENTED)
    .superRefine((rows, ctx) => {
      for (let i = 0; i < rows.length; i++) {
        const row: unknown = rows[i];
        if (isFlatRow(row)) continue;
        if (row === null || typeof row !== "object" || Array.isArray(row)) {
          ctx.addIssue({ code: "custom", path: [i], message: `Row ${i} is not an object: each row maps field names to values.`, input: row });
        } else {
          const field = Object.keys(row).find((key) => !isPlainValue((row as Record<string, unknown>)[key])) ?? "";
          ctx.addIssue({
            code: "custom",
            path: [i, field],
            message: `Row ${i}, field "${field}": values must be strings, numbers, booleans or null (nested objects and arrays are not allowed).`,
            input: row,
          });
        }
        return; // the first bad row says enough; the rest may be thousands
      }
    })
    .meta(ROWS_DOCUMENTED);
}

/** Rows as an array or as JSON text of one. */
export function legacyRows(name: string) {
  return jsonTextOr(name, rowArray(name), 'an array of row objects, e.g. [{"a": 1}]');
}

/**
 * Field names: an array of strings, JSON text of one, or comma-separated text (`a,b`). Empty text
 * is an empty list.
 */
export function legacyFieldNames(name: string, options: { min?: number } = {}) {
  const list = z.array(z.string({ message: `${name} must be an array of field names (strings).` }), {
    message: `${name} must be an array of field names (strings).`,
  });
  return z
    .preprocess(
      (value, ctx) => {
        if (typeof value !== "string") return value;
        const text = value.trim();
        if (!text.startsWith("[")) return text === "" ? [] : text.split(",").map((s) => s.trim());
        try {
          return JSON.parse(text);
        } catch {
          ctx.addIssue({ code: "custom", message: `${name} is not a valid JSON array of field names.`, input: value });
          return z.NEVER;
        }
      },
      options.min ? list.min(options.min, `${name} must name at least ${options.min === 1 ? "one field" : `${options.min} fields`}.`) : list,
    )
    .meta(
      replace({
        anyOf: [
          { type: "array", items: { type: "string" } },
          { type: "string", description: "JSON text of the array, or names separated by commas." },
        ],
      }),
    );
}

/** An id or name: a non-empty string, trimmed. */
export function legacyText(name: string) {
  const missing = `Missing parameter "${name}" (a string, in the query string or the body).`;
  return z
    .string({ error: (issue) => (issue.input === undefined ? missing : `"${name}" must be a string (in the query string or the body).`) })
    .trim()
    .min(1, missing);
}

/**
 * A positive whole number of seconds; text is read as a number. Any positive budget is accepted
 * (legacy clients send 1, 10, 3600...); `longest` is only documented here: the service trains for
 * at most that long.
 */
export function legacySeconds(name: string, fallback: number, longest: number) {
  const message = `${name} must be a positive whole number of seconds (for example ${fallback}).`;
  return z
    .preprocess(
      (value) => (value === undefined || value === null || value === "" ? undefined : typeof value === "string" ? Number(value.trim()) : value),
      z.number({ message }).int(message).positive(message).optional(),
    )
    .transform((value) => value ?? fallback)
    .meta(
      replace({
        anyOf: [
          { type: "integer", minimum: 1 },
          { type: "string", description: "The number as text." },
        ],
        default: fallback,
        description: `Training budget in seconds: any positive whole number; a budget above ${longest} trains for ${longest} s (the longest budget).`,
      }),
    );
}

/** A decision threshold strictly between 0 and 1; text is read as a number. Absent means none. */
export function legacyThreshold(name: string) {
  const message = `${name} must be a number between 0 and 1 (exclusive), e.g. 0.35.`;
  return z
    .preprocess(
      (value) => (value === undefined || value === null || value === "" ? undefined : typeof value === "string" ? Number(value.trim()) : value),
      z.number({ message }).gt(0, message).lt(1, message).optional(),
    )
    .meta(
      replace({
        anyOf: [
          { type: "number", exclusiveMinimum: 0, exclusiveMaximum: 1 },
          { type: "string", description: "The number as text." },
        ],
      }),
    );
}

/** An operation that takes no parameter besides the key: anything else sent is ignored. */
export const emptyParamsSchema = z.looseObject({});
