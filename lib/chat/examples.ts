// Example questions built from a table's own fields and values, for the empty chat (the web app
// imports this in the browser: no Node-only imports here) and for the help message. Every
// generated example is answered by the engine itself (tested in examples.test.ts).
import type { FieldInfo } from "./columns";
import { isTimeField } from "./columns";
import type { Lang } from "./i18n";

// Example questions per language, in words the engine understands in that language.
const TEMPLATES: Record<Lang, { mean: string; count: string; time: string; relation: string; dist: string; top: string; value: string }> = {
  en: {
    mean: "What is the average {num} by {cat}?",
    count: "How many rows are there per {cat}?",
    time: "Show the total {num} over time",
    relation: "What is the relationship between {a} and {b}?",
    dist: "Show the distribution of {num}",
    top: "Top 5 {cat} by total {num}",
    value: "How many rows have {cat} = {value}, by {cat2}?",
  },
  fr: {
    mean: "Moyenne de {num} par {cat}",
    count: "Combien de lignes par {cat} ?",
    time: "Total de {num} au fil du temps",
    relation: "Relation entre {a} et {b}",
    dist: "Distribution de {num}",
    top: "Top 5 {cat} par total de {num}",
    value: "Nombre de lignes avec {cat} = {value}, par {cat2}",
  },
  es: {
    mean: "Promedio de {num} por {cat}",
    count: "¿Cuántas filas hay por {cat}?",
    time: "Total de {num} a lo largo del tiempo",
    relation: "Relación entre {a} y {b}",
    dist: "Distribución de {num}",
    top: "Top 5 {cat} por total de {num}",
    value: "Número de filas con {cat} = {value}, por {cat2}",
  },
  de: {
    mean: "Durchschnitt von {num} nach {cat}",
    count: "Wie viele Zeilen gibt es je {cat}?",
    time: "Summe von {num} im Zeitverlauf",
    relation: "Zusammenhang zwischen {a} und {b}",
    dist: "Verteilung von {num}",
    top: "Top 5 {cat} nach Summe von {num}",
    value: "Anzahl der Zeilen mit {cat} = {value}, nach {cat2}",
  },
};

/** 0 for a field with 3 to 12 groups (the most readable chart), growing with the distance from that range. */
function groupingPenalty(f: FieldInfo): number {
  if (f.distinct < 3) return 3 - f.distinct;
  return f.distinct <= 12 ? 0 : (f.distinct - 12) / 6;
}

function firstValue(f: FieldInfo): string | undefined {
  return f.dictionary.find((v) => v.trim().length > 0 && !/[|=]/.test(v))?.trim();
}

function fill(s: string, v: Record<string, string>): string {
  return s.replace(/\{(\w+)\}/g, (_, k: string) => v[k] ?? "");
}

/** Up to `max` example questions drawn from the table's own fields (and one of its values). */
export function exampleQuestions(fields: FieldInfo[], lang: Lang = "en", max = 5): string[] {
  const rowCount = fields[0] ? (fields[0].numbers?.length ?? fields[0].codes?.length ?? 0) : 0;
  const nums = fields.filter((f) => f.role === "number" && !f.yearLike && !f.discrete && f.distinct > 2);
  const cats = fields.filter((f) => f.role === "category" && f.distinct >= 2 && f.distinct <= 30 && !(f.distinct > 50 && f.distinct >= 0.2 * rowCount));
  const times = fields.filter(isTimeField);
  const e = TEMPLATES[lang];
  // Grouping reads best over a handful of groups; ranking ("top 5") needs more items than it shows, so a
  // yes/no field is never ranked; a value example reads naturally on a field with few values.
  const byGroups = [...cats].sort((a, b) => groupingPenalty(a) - groupingPenalty(b));
  const groupCat = byGroups[0];
  const rankCat = [...cats].filter((f) => f.distinct > 5).sort((a, b) => b.distinct - a.distinct)[0];
  const valueCat = [...cats].filter((f) => f !== groupCat && firstValue(f)).sort((a, b) => a.distinct - b.distinct)[0];
  const out: string[] = [];
  if (nums[0] && groupCat) out.push(fill(e.mean, { num: nums[0].name, cat: groupCat.name }));
  if (groupCat) out.push(fill(e.count, { cat: groupCat.name }));
  if (nums[0] && times[0]) out.push(fill(e.time, { num: nums[0].name }));
  if (groupCat && valueCat) out.push(fill(e.value, { cat: valueCat.name, value: firstValue(valueCat)!, cat2: groupCat.name }));
  if (nums.length >= 2) out.push(fill(e.relation, { a: nums[0].name, b: nums[1].name }));
  if (nums[0] && rankCat) out.push(fill(e.top, { cat: rankCat.name, num: nums[0].name }));
  if (nums[0]) out.push(fill(e.dist, { num: nums[0].name }));
  return out.slice(0, max);
}
