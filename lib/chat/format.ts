// Number formatting for answers and charts, with units taken from the project's chatContext
// ("Sales are in USD", "Running Time is in minutes").
import { localeOf, type Lang } from "./i18n";
import { normalizeText } from "./text-utils";

export interface Unit {
  /** Currency code for Intl (USD, EUR, GBP, ...), or null. */
  currency: string | null;
  /** Suffix for other units ("min", "kg"), or null. */
  suffix: string | null;
  /** Plotly tick prefix/suffix. */
  prefix: string;
}

const CURRENCIES: [RegExp, string, string][] = [
  [/\b(usd|us dollars?|dollars?)\b|\$/i, "USD", "$"],
  [/\b(eur|euros?)\b|€/i, "EUR", "€"],
  [/\b(gbp|pounds? sterling|british pounds?)\b|£/i, "GBP", "£"],
  [/\b(jpy|yen)\b|¥/i, "JPY", "¥"],
  [/\b(chf|swiss francs?)\b/i, "CHF", "CHF "],
  [/\b(cad|canadian dollars?)\b/i, "CAD", "CA$"],
];

/** Units per field from free text: a line that names a field and a unit applies the unit to it. */
export function parseUnits(context: string, fieldNames: string[]): Map<string, Unit> {
  const units = new Map<string, Unit>();
  const lines = context
    .split(/[\n;.]+/)
    .map((l) => l.trim())
    .filter(Boolean);
  for (const line of lines) {
    const norm = ` ${normalizeText(line)} `;
    const named = fieldNames.filter((f) => norm.includes(` ${normalizeText(f.replace(/[_-]/g, " "))} `));
    // "all amounts are in USD" / "money is in EUR": applies to every field not otherwise set.
    const everything = named.length === 0 && /\b(all|every|amounts?|money|monetary|values?|prices?)\b/i.test(line);
    const targets = everything ? fieldNames : named;
    if (targets.length === 0) continue;
    let unit: Unit | null = null;
    for (const [re, code, symbol] of CURRENCIES) {
      if (re.test(line)) {
        unit = { currency: code, suffix: null, prefix: symbol };
        break;
      }
    }
    if (!unit) {
      const m =
        /\b(?:in|measured in|expressed in|unit(?:s)?(?: is| are)?:?)\s+(minutes|hours|seconds|days|kg|kilograms|lbs?|pounds|km|miles|meters|metres|percent|%|units)\b/i.exec(
          line,
        );
      if (m) {
        const word = m[1].toLowerCase();
        const suffix = word === "percent" || word === "%" ? "%" : ` ${word}`;
        unit = { currency: null, suffix, prefix: "" };
      }
    }
    if (!unit) continue;
    for (const f of targets) if (!everything || !units.has(f)) units.set(f, unit);
  }
  return units;
}

// Intl.NumberFormat objects are costly to build (tens of microseconds); answers format many numbers.
const formatters = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, options);
    if (formatters.size > 200) formatters.clear();
    formatters.set(key, f);
  }
  return f;
}

/** A number for text: thousands separators, sensible decimals, currency or unit. */
export function formatNumber(
  value: number,
  lang: Lang,
  unit?: Unit | null,
  opts: { percent?: boolean; integer?: boolean /** No thousands separators: a year reads 1951, not 1,951. */; plain?: boolean } = {},
): string {
  if (value === null || value === undefined || Number.isNaN(value)) return "—";
  if (!Number.isFinite(value)) return String(value);
  const abs = Math.abs(value);
  const digits = opts.integer || (Number.isInteger(value) && abs >= 1) ? 0 : abs >= 1000 ? 0 : abs >= 100 ? 1 : abs >= 1 ? 2 : 3;
  const locale = localeOf(lang);
  if (opts.percent) return `${numberFormat(locale, { maximumFractionDigits: abs >= 10 ? 1 : 2 }).format(value)}%`;
  if (unit?.currency) {
    return numberFormat(locale, { style: "currency", currency: unit.currency, maximumFractionDigits: abs >= 1000 ? 0 : 2, minimumFractionDigits: 0 }).format(
      value,
    );
  }
  const text = numberFormat(locale, opts.plain ? { maximumFractionDigits: digits, useGrouping: false } : { maximumFractionDigits: digits }).format(value);
  return unit?.suffix ? (unit.suffix === "%" ? `${text}%` : `${text}${unit.suffix}`) : text;
}

/** Rounded value for tables (numbers stay numbers). */
export function roundForTable(value: number): number | null {
  if (Number.isNaN(value) || !Number.isFinite(value)) return null;
  const abs = Math.abs(value);
  const digits = abs >= 1000 ? 2 : abs >= 1 ? 4 : 6;
  const f = Math.pow(10, digits);
  return Math.round(value * f) / f;
}
