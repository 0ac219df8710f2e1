// Strings with NUL characters are refused at the door (422): PostgreSQL cannot store them in text
// columns (a 500 deep inside a service otherwise), and no field name or value needs one.
import { unprocessable } from "@/lib/errors";

const NUL = "\u0000";
export const NUL_MESSAGE = "must not contain NUL characters (\\u0000). Remove them and send the request again.";

/** The location of the first string or key holding NUL, or null. Iterative: bodies may be large and deep. */
export function findNul(value: unknown, root: (string | number)[]): (string | number)[] | null {
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value, path: root }];
  while (stack.length) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === "string") {
      if (current.includes(NUL)) return path;
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push({ value: current[i], path: [...path, i] });
    } else if (current !== null && typeof current === "object") {
      for (const key of Object.keys(current)) {
        if (key.includes(NUL)) return [...path, key.replaceAll(NUL, "\\u0000")];
        stack.push({ value: (current as Record<string, unknown>)[key], path: [...path, key] });
      }
    }
  }
  return null;
}

function reject(loc: (string | number)[]): never {
  const clipped = loc.map((p) => (typeof p === "string" && p.length > 100 ? `${p.slice(0, 100)}...` : p));
  throw unprocessable([{ loc: clipped, msg: `Text at ${clipped.join(".")} ${NUL_MESSAGE}`, type: "value_error" }]);
}

/** For a JSON body: a fast scan of the text first, the walk only when an escaped NUL is present. */
export function assertNoNulInJson(text: string, value: unknown): void {
  if (!text.includes("\\u0000")) return;
  const loc = findNul(value, ["body"]);
  if (loc) reject(loc);
}

/** For decoded query strings, form bodies and path parameters. */
export function assertNoNul(values: Record<string, unknown>, where: "query" | "body" | "path"): void {
  const loc = findNul(values, [where]);
  if (loc) reject(loc);
}
