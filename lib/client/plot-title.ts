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

/**
 * Category labels on at most two lines of `perLine` characters, broken between words ("Bank
 * transfer<br>(automatic)"), when every label fits that way; null when one does not (a word longer
 * than a line, a third line, a label its caller already broke), and the caller shortens them instead.
 */
export function wrapCategoryLabels(labels: readonly string[], perLine: number): string[] | null {
  const limit = Math.floor(perLine);
  if (limit < 8) return null;
  const out: string[] = [];
  for (const label of labels) {
    if (/<br/i.test(label)) return null;
    if (label.length <= limit) {
      out.push(label);
      continue;
    }
    if (label.split(/\s+/).some((word) => word.length > limit)) return null;
    const lines = wrapTitle(label, limit);
    if (lines.length > 2 || lines.some((line) => line.length > limit)) return null;
    out.push(lines.join("<br>"));
  }
  return out;
}

/** Characters of a title that fit across `widthPx` at `fontSizePx` (a sans-serif averages about 0.58 em). */
export function titleCharsFor(widthPx: number, fontSizePx: number): number {
  return Math.floor((widthPx - 32) / (fontSizePx * 0.58));
}
