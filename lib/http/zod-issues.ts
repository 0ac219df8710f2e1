// zod issues -> FastAPI-style {loc, msg, type} items, so clients written for the hosted service
// read our 422 bodies the way they read theirs.
import type { z } from "zod";
import type { ValidationIssue } from "@/lib/errors";

function fastApiType(issue: z.core.$ZodIssue, value: unknown): string {
  switch (issue.code) {
    case "invalid_type":
      if (value === undefined) return "missing";
      return `${issue.expected}_type`;
    case "invalid_value":
      return "literal_error";
    case "too_small":
      return issue.origin === "array" ? "too_short" : issue.origin === "string" ? "string_too_short" : "greater_than_equal";
    case "too_big":
      return issue.origin === "array" ? "too_long" : issue.origin === "string" ? "string_too_long" : "less_than_equal";
    case "unrecognized_keys":
      return "extra_forbidden";
    default:
      return "value_error";
  }
}

function valueAt(root: unknown, path: PropertyKey[]): unknown {
  let current: unknown = root;
  for (const key of path) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

export function toValidationIssues(error: z.ZodError, where: "body" | "query" | "path", input: unknown): ValidationIssue[] {
  return error.issues.map((issue) => {
    const value = valueAt(input, issue.path);
    const missing = issue.code === "invalid_type" && value === undefined;
    return {
      loc: [where, ...issue.path.map((p) => (typeof p === "number" ? p : String(p)))],
      msg: missing ? "Field required" : issue.message,
      type: fastApiType(issue, value),
    };
  });
}
