// Numbers JSON cannot carry: JSON.parse reads a literal beyond a double's range (1e400) as
// ±Infinity, which later checks would report as a wrong type, or store. Shared by the body reader
// and the legacy parameters that arrive as JSON text inside a form field.

/** Only a literal with a three-digit exponent or 309+ digits can exceed a double's range. */
const MAYBE_OUT_OF_RANGE = /[eE]\+?0*[1-9]\d{2}|\d{309}/;

/**
 * The path to the first number JSON.parse turned into ±Infinity (a literal beyond ±1.8e308, e.g.
 * 1e400), or null. Iterative, so a deeply nested value cannot overflow the stack.
 */
function outOfRangeNumberPath(root: unknown): (string | number)[] | null {
  // Each visited container remembers its parent and key, so a path is built only once, when found.
  type Step = { value: unknown; key: string | number | null; parent: Step | null };
  const stack: Step[] = [{ value: root, key: null, parent: null }];
  while (stack.length) {
    const step = stack.pop() as Step;
    const { value } = step;
    if (typeof value === "number") {
      if (Number.isFinite(value)) continue;
      const path: (string | number)[] = [];
      for (let at: Step | null = step; at && at.key !== null; at = at.parent) path.push(at.key);
      return path.reverse();
    }
    if (value === null || typeof value !== "object") continue;
    const entries: [string | number, unknown][] = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
    // Pushed last-first so the first out-of-range number in document order is found first.
    for (let i = entries.length - 1; i >= 0; i--) stack.push({ value: entries[i][1], key: entries[i][0], parent: step });
  }
  return null;
}

/** rows[0].a: the path as a reader writes it. */
function describePath(path: (string | number)[]): string {
  return (
    path.map((p, i) => (typeof p === "number" ? `[${p}]` : /^[A-Za-z_$][\w$]*$/.test(p) ? `${i ? "." : ""}${p}` : `[${JSON.stringify(p)}]`)).join("") ||
    "the body"
  );
}

/** The path and a message naming it when `value` (parsed from `text`) holds an out-of-range number. */
export function outOfRangeNumber(text: string, value: unknown): { path: (string | number)[]; msg: string } | null {
  const path = MAYBE_OUT_OF_RANGE.test(text) ? outOfRangeNumberPath(value) : null;
  if (!path) return null;
  return {
    path,
    msg: `Number out of range at ${describePath(path)}: JSON numbers must lie within ±1.7976931348623157e308. Send the value as a string, or scale it.`,
  };
}
