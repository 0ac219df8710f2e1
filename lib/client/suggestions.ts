/** A project's chatSuggestions text as one-click questions: one per line (or a JSON array), bullets dropped. */
export function splitSuggestions(text: string | null | undefined): string[] {
  const raw = (text ?? "").trim();
  if (!raw) return [];
  if (raw.startsWith("[")) {
    try {
      const parsed: unknown = JSON.parse(raw);
      if (Array.isArray(parsed))
        return unique(
          parsed
            .filter((s): s is string => typeof s === "string")
            .map((s) => s.trim())
            .filter(Boolean),
        );
    } catch {
      // not JSON after all: read it as lines
    }
  }
  return unique(
    raw
      .split(/\r?\n/)
      .map((line) => line.replace(/^\s*(?:[-*•]|\d+[.)])\s+/, "").trim())
      .filter(Boolean),
  );
}

function unique(items: string[]): string[] {
  return [...new Set(items)];
}
