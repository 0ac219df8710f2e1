// Numbers, dates and durations as people read them.
export function formatInt(n: number | null | undefined): string {
  return typeof n === "number" && Number.isFinite(n) ? Math.round(n).toLocaleString("en-US") : "—";
}

/** A count with its noun, singular for one: "1 field", "1,234 rows" (nouns that take an "s"). */
export function formatCount(n: number | null | undefined, noun: string): string {
  return `${formatInt(n)} ${n === 1 ? noun : `${noun}s`}`;
}

export function formatPercent(x: number | null | undefined, digits = 1): string {
  return typeof x === "number" && Number.isFinite(x) ? `${(x * 100).toFixed(digits)}%` : "—";
}

/** Up to 4 significant digits, thousands separated, no exponent for everyday sizes. */
export function formatNumber(x: unknown): string {
  if (typeof x !== "number" || !Number.isFinite(x)) return x === null || x === undefined ? "—" : String(x);
  const abs = Math.abs(x);
  if (abs !== 0 && (abs < 1e-4 || abs >= 1e12)) return x.toExponential(3);
  if (Number.isInteger(x)) return x.toLocaleString("en-US");
  const digits = abs >= 1000 ? 1 : abs >= 1 ? 3 : 4;
  return Number(x.toFixed(digits)).toLocaleString("en-US", { maximumFractionDigits: digits });
}

/** The decimals formatNumber gives x at most (by magnitude), or null when it writes x another way. */
function numberDigits(x: number): number | null {
  const abs = Math.abs(x);
  if (!Number.isFinite(x) || (abs !== 0 && (abs < 1e-4 || abs >= 1e12))) return null;
  return abs >= 1000 ? 1 : abs >= 1 ? 3 : 4;
}

/**
 * A formatter for one table column: formatNumber's rounding, with trailing zeros written out up to the
 * decimals the column shows elsewhere, so that a column reads "0.9620" under "0.9574" (not "0.962") and
 * "1.00" under "29.85". A value that has exactly the column's decimals is written in full (money:
 * "1,099.89" under "864.00"; rounded to "1,099.9" it read as 1,099.90, a cent off the data); any other
 * value gets no more decimals than formatNumber rounds it to, so no digit is invented ("1,889.567"
 * under "29.85" is "1,889.6").
 */
export function columnNumberFormatter(values: unknown[]): (x: number) => string {
  let shown = 0;
  for (const v of values) {
    if (typeof v !== "number") continue;
    const text = formatNumber(v);
    const dot = text.indexOf(".");
    if (numberDigits(v) !== null && dot >= 0) shown = Math.max(shown, text.length - dot - 1);
  }
  return (x) => {
    const digits = numberDigits(x);
    if (digits === null || shown === 0) return formatNumber(x);
    if (digits < shown && Number(x.toFixed(shown)) === x) return formatFixed(x, shown);
    return formatFixed(x, Math.min(digits, shown));
  };
}

/**
 * Decimals for a column of numbers shown side by side: enough for three significant digits of the
 * largest (1.161 and 0.2666 read "1.16" and "0.27", 0.928 and 0.195 "0.928" and "0.195",
 * 1,234.5 "1,235"), so that the column does not mix "0.5607" with "+0.269".
 */
export function columnDecimals(values: number[]): number {
  const largest = Math.max(0, ...values.filter(Number.isFinite).map(Math.abs));
  if (largest === 0) return 0;
  return Math.min(4, Math.max(0, 2 - Math.floor(Math.log10(largest))));
}

/** A number with exactly `decimals` decimals and thousands separators; `signed` puts "+" before positives. */
export function formatFixed(x: number, decimals: number, signed = false): string {
  if (!Number.isFinite(x)) return "—";
  const text = x.toLocaleString("en-US", { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
  // A value that rounds to zero is shown as 0, without a sign of its own.
  if (/^-?0(\.0*)?$/.test(text)) return (0).toFixed(decimals);
  return signed && x > 0 ? `+${text}` : text;
}

/** An engine's identifier as words: "extra_trees" -> "Extra trees", "randomForest" -> "Random forest". */
export function humanizeIdentifier(id: string): string {
  const words = id
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .trim()
    .toLowerCase();
  return words ? words[0].toUpperCase() + words.slice(1) : id;
}

const ISO_TIMESTAMP = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(:\d{2})?(\.\d+)?Z$/;

/**
 * A stored timestamp in a table cell (dates are kept as ISO UTC strings): the day alone at
 * midnight UTC ("2024-01-12"), else day and time ("2024-01-12 06:30", seconds only when not 0).
 * Any other text is returned unchanged.
 */
export function formatTimestamp(text: string): string {
  const m = ISO_TIMESTAMP.exec(text);
  if (!m) return text;
  const seconds = m[3] && m[3] !== ":00" ? m[3] : "";
  if (m[2] === "00:00" && !seconds && !/[1-9]/.test(m[4] ?? "")) return m[1];
  return `${m[1]} ${m[2]}${seconds}`;
}

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return "—";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "—";
  return date.toLocaleString("en-US", { year: "numeric", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" });
}

/** "just now", "5 minutes ago", then a date: recent activity is easier to read relatively. */
export function formatRelative(iso: string | null | undefined, now = Date.now()): string {
  if (!iso) return "never";
  const then = new Date(iso).getTime();
  if (Number.isNaN(then)) return "never";
  const seconds = Math.round((now - then) / 1000);
  if (seconds < 45) return "just now";
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? "" : "s"} ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} hour${hours === 1 ? "" : "s"} ago`;
  const days = Math.round(hours / 24);
  if (days < 7) return `${days} day${days === 1 ? "" : "s"} ago`;
  return formatDate(iso);
}

export function formatSeconds(total: number | null | undefined): string {
  if (typeof total !== "number" || !Number.isFinite(total)) return "—";
  const s = Math.max(0, Math.round(total));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ${s % 60} s`;
  return `${Math.floor(m / 60)} h ${m % 60} min`;
}

/** A cell value of a data row as the page shows it: numbers with separators and sensible decimals ("16,098", "13,781.3"), text as is. */
export function formatValue(v: string | number | null | undefined): string {
  if (v === null || v === undefined) return "(missing)";
  return typeof v === "number" ? formatNumber(v) : String(v);
}
