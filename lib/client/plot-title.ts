// Plotly draws a chart's title on one line and cuts what does not fit (a chat answer's title, a
// phone's narrow chart). These helpers break a long title into lines that fit the chart's width.

/** The title text of a Plotly layout, whether given as a string or as `{ text }`. */
export function layoutTitle(layout: Record<string, unknown> | undefined): string | null {
  const title = layout?.title;
  if (typeof title === "string") return title || null;
  if (title && typeof title === "object" && typeof (title as { text?: unknown }).text === "string") return (title as { text: string }).text || null;
  return null;
}

/**
 * Lines of at most `maxChars` characters, broken between words (a word longer than a line gets a
 * line of its own, cut only if it is longer still). A title that already has line breaks is kept.
 */
export function wrapTitle(text: string, maxChars: number): string[] {
  if (text.includes("<br")) return text.split(/<br\s*\/?>/i);
  const limit = Math.max(8, Math.floor(maxChars));
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    let rest = word;
    while (rest.length > limit) {
      if (line) lines.push(line);
      lines.push(rest.slice(0, limit));
      line = "";
      rest = rest.slice(limit);
    }
    if (!line) line = rest;
    else if (line.length + 1 + rest.length <= limit) line += ` ${rest}`;
    else {
      lines.push(line);
      line = rest;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** Characters of a title that fit across `widthPx` at `fontSizePx` (a sans-serif averages about 0.58 em). */
export function titleCharsFor(widthPx: number, fontSizePx: number): number {
  return Math.floor((widthPx - 32) / (fontSizePx * 0.58));
}
