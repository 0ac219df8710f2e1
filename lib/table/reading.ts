// How a column's text is read where the text alone is ambiguous: the one place for the rules on
// (1) missing-value spellings that are real values in a column, and (2) the order of day and month
// in slash dates. The store applies them when a schema is defined; training, predictions and chat
// read the result, so they all see the same values. Pure functions, no imports beyond this folder.
import type { DateOrder, DateOrderBasis } from "./types";
import { isMissing, SLASH_DATE_RE } from "./values";

export type { DateOrder, DateOrderBasis };

/**
 * Rule 1: a missing-value spelling ("NA", "N/A", "null", "nan", "?") is a value, not a missing one,
 * when it is written as a code of its column: 2-3 upper-case letters, in a column whose other
 * values are at least MIN_CODES distinct codes, all upper-case letters of that same length. So "NA"
 * beside EU, AS, AF (North America) or beside ZA, BW, ZM (Namibia) is a value; "NA" among numbers,
 * among words ("Low", "High") or among free text stays missing, as pandas and R read it.
 */
export function markersReadAsValues(markers: Iterable<string>, values: Iterable<string>): string[] {
  const candidates = [...new Set([...markers].map((m) => m.trim()))].filter((m) => CODE_MARKER_RE.test(m) && isMissing(m));
  if (candidates.length === 0) return [];
  let length = 0;
  const codes = new Set<string>();
  for (const raw of values) {
    const v = raw.trim();
    if (isMissing(v)) continue;
    if (!/^[A-Z]+$/.test(v)) return [];
    if (length === 0) length = v.length;
    else if (v.length !== length) return [];
    codes.add(v);
  }
  if (codes.size < MIN_CODES) return [];
  return candidates.filter((m) => m.length === length).sort();
}

const CODE_MARKER_RE = /^[A-Z]{2,3}$/;
/** Fewer distinct codes than this cannot show that the column is a code list ("OK" beside "NA" could be either). */
const MIN_CODES = 3;

/** The first two numbers of a slash date ("03/04/2021" -> [3, 4]), or null for any other text. */
export function slashDateParts(text: string): [number, number] | null {
  const m = SLASH_DATE_RE.exec(text.trim());
  return m ? [Number(m[1]), Number(m[2])] : null;
}

/** What a column's slash dates say about their order: how many read only day first, only month first. */
export interface DateOrderEvidence {
  slashDates: number;
  dayFirstOnly: number;
  monthFirstOnly: number;
}

/** Evidence from a column's distinct texts (missing values skipped by the caller). */
export function dateOrderEvidence(texts: Iterable<string>): DateOrderEvidence {
  const out: DateOrderEvidence = { slashDates: 0, dayFirstOnly: 0, monthFirstOnly: 0 };
  for (const text of texts) {
    const parts = slashDateParts(text);
    if (!parts) continue;
    out.slashDates++;
    const [a, b] = parts;
    if (a > 12 && b >= 1 && b <= 12) out.dayFirstOnly++;
    else if (b > 12 && a >= 1 && a <= 12) out.monthFirstOnly++;
  }
  return out;
}

export interface DateOrderChoice {
  order: DateOrder;
  basis: DateOrderBasis;
}

/**
 * Rule 2: the order of each column's slash dates (null for a column with none). A column whose own
 * values show one order reads that way; otherwise the order the client stated; otherwise the order
 * the other columns of the same rows show, when they agree; otherwise month first, `assumed`. A
 * column whose values show both orders has no single reading (it will not be a date column).
 */
export function decideDateOrders(
  evidence: readonly (DateOrderEvidence | null)[],
  requested?: DateOrder,
  otherEvidence: readonly DateOrder[] = [],
): (DateOrderChoice | null)[] {
  const own = evidence.map((e): DateOrder | "both" | null => {
    if (!e || e.slashDates === 0) return null;
    if (e.dayFirstOnly > 0 && e.monthFirstOnly > 0) return "both";
    if (e.dayFirstOnly > 0) return "day_first";
    if (e.monthFirstOnly > 0) return "month_first";
    return null;
  });
  const shown = new Set<DateOrder>(otherEvidence);
  for (const o of own) if (o === "day_first" || o === "month_first") shown.add(o);
  const fromOthers = shown.size === 1 ? [...shown][0] : null;
  return evidence.map((e, i) => {
    if (!e || e.slashDates === 0) return null;
    const o = own[i];
    if (o === "both") return null;
    if (o) return { order: o, basis: "values" };
    if (requested) return { order: requested, basis: "client" };
    if (fromOthers) return { order: fromOthers, basis: "other_columns" };
    return { order: "month_first", basis: "assumed" };
  });
}

/** What a person should know about how a field was read, in plain words; null when nothing is uncertain. */
export function readingNote(field: { type: string; dateOrder?: DateOrder; dateOrderBasis?: DateOrderBasis; readAsValues?: string[] }): string | null {
  const notes: string[] = [];
  if (field.readAsValues?.length) {
    const list = field.readAsValues.map((v) => `"${v}"`).join(", ");
    notes.push(
      `${list} ${field.readAsValues.length === 1 ? "is" : "are"} read as a value, not as missing: the field's other values are codes of the same kind (like NA for North America or Namibia).`,
    );
  }
  if (field.type === "date" && field.dateOrder && field.dateOrderBasis && field.dateOrderBasis !== "values") {
    const order = field.dateOrder === "day_first" ? "day first (03/04/2021 = 3 April 2021)" : "month first (03/04/2021 = 4 March 2021)";
    const why =
      field.dateOrderBasis === "client"
        ? "as the upload said"
        : field.dateOrderBasis === "other_columns"
          ? "as another date column of the file shows (a day above 12)"
          : "by default: no date in the file has a day above 12, so the order cannot be told from the data. If the file writes day first, upload it again with date order day first";
    notes.push(`Dates read ${order}, ${why}.`);
  }
  return notes.length ? notes.join(" ") : null;
}
