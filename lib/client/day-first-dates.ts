// Dates written day first ("24/01/2022", as most of the world writes them) in an uploaded file.
// The data engine reads a slash date month first (the US order), so such a column was inferred as
// a category, and set to date by hand it read 01/05/2021 as January 5 and left every day above 12
// blank. The order is a property of the column, decided from its values: a column whose slash
// dates all read day first and at least one of them only that way is sent as ISO dates.
import { dateOrderEvidence, decideDateOrders, type DateOrder } from "../table/reading";
import { isMissingNumber } from "../table/values";

const SLASH_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4}|\d{2})(?: (\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

/** The columns (by index) whose non-missing cells are all slash dates that read only day first. */
export function dayFirstColumns(columns: number, rows: readonly (readonly string[])[]): boolean[] {
  const out: boolean[] = [];
  for (let c = 0; c < columns; c++) {
    let dayAboveTwelve = false;
    let allDayFirst = true;
    let seen = 0;
    for (const cells of rows) {
      const text = (cells[c] ?? "").trim();
      if (isMissingNumber(text)) continue;
      const m = SLASH_DATE.exec(text);
      if (!m || dayFirstIso(text) === null) {
        allDayFirst = false;
        break;
      }
      seen++;
      if (Number(m[1]) > 12) dayAboveTwelve = true;
    }
    out.push(seen > 0 && allDayFirst && dayAboveTwelve);
  }
  return out;
}

/**
 * The order of day and month that the file's slash-date columns show by their values (a day or a
 * month above 12), when they agree; undefined when none shows it. Sent with the upload, so that the
 * server reads the file's other date columns, whose days are all 12 or less, in the same order.
 */
export function fileDateOrder(columns: number, rows: readonly (readonly string[])[]): DateOrder | undefined {
  const evidence = [];
  for (let c = 0; c < columns; c++) {
    const texts = new Set<string>();
    let allSlashDates = true;
    for (const cells of rows) {
      const text = (cells[c] ?? "").trim();
      if (isMissingNumber(text)) continue;
      if (!SLASH_DATE.test(text)) {
        allSlashDates = false;
        break;
      }
      texts.add(text);
    }
    evidence.push(allSlashDates && texts.size > 0 ? dateOrderEvidence(texts) : null);
  }
  const shown = new Set(decideDateOrders(evidence).flatMap((choice) => (choice?.basis === "values" ? [choice.order] : [])));
  return shown.size === 1 ? [...shown][0] : undefined;
}

/** "24/01/2022" -> "2022-01-24", "3/2/21 9:05" -> "2021-02-03 09:05"; null when it is no day-first date. */
export function dayFirstIso(text: string): string | null {
  const m = SLASH_DATE.exec(text.trim());
  if (!m) return null;
  const day = Number(m[1]);
  const month = Number(m[2]);
  // Two-digit years (30/12/17): 00-69 are 2000s, 70-99 the 1900s, as the engine reads them month first.
  const year = m[3].length === 2 ? (Number(m[3]) < 70 ? 2000 + Number(m[3]) : 1900 + Number(m[3])) : Number(m[3]);
  if (month < 1 || month > 12 || day < 1 || day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return null;
  const date = `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
  if (m[4] === undefined) return date;
  if (Number(m[4]) > 23 || Number(m[5]) > 59 || Number(m[6] ?? 0) > 59) return null;
  return `${date} ${m[4].padStart(2, "0")}:${m[5]}${m[6] === undefined ? "" : `:${m[6]}`}`;
}
