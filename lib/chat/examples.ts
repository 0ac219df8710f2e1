// Example questions built from a table's own fields and values, for the empty chat (the web app
// imports this in the browser: no Node-only imports here) and for the help message. Every
// generated example is answered by the engine itself (tested in examples.test.ts).
import type { FieldInfo } from "./columns";
import type { Lang } from "./i18n";
import { additive, fieldPhrase, fieldWords, pickCategories, pickMeasures, pickTarget, pickTime, rowNoun, yesNoValued } from "./pick";

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

function fill(s: string, v: Record<string, string>): string {
  return s.replace(/\{(\w+)\}/g, (_, k: string) => v[k] ?? "");
}

/** What an example should be answered with (for tests): the fields its plan must use. */
export interface Example {
  text: string;
  fields: string[];
}

/** "average monthly charge" (one of them, when averaged), "total sales". */
export function measureWords(f: FieldInfo): { agg: "sum" | "mean"; words: string } {
  if (additive(f)) return { agg: "sum", words: `total ${fieldPhrase(f.name)}` };
  const ws = fieldWords(f.name);
  const last = ws[ws.length - 1];
  // "average monthly charge": the singular of a plural name word (the engine reads both).
  if (ws.length > 1 && /[^s]s$/.test(last) && !/(us|is)$/.test(last) && last === last.toLowerCase()) ws[ws.length - 1] = last.slice(0, -1);
  return { agg: "mean", words: `average ${ws.join(" ")}` };
}

/** Up to `max` example questions drawn from the table's own fields, as a person would ask them. */
export function exampleItems(fields: FieldInfo[], lang: Lang = "en", max = 5, datasetName = ""): Example[] {
  const target = pickTarget(fields);
  const measures = pickMeasures(fields);
  const m1 = measures[0] ?? null;
  const m2 = measures[1] ?? null;
  const cats = pickCategories(fields, target, m1);
  const time = pickTime(fields);
  const out: Example[] = [];
  if (lang !== "en") {
    const e = TEMPLATES[lang];
    const c = cats[0];
    if (m1 && c) out.push({ text: fill(e.mean, { num: m1.name, cat: c.name }), fields: [m1.name, c.name] });
    if (c) out.push({ text: fill(e.count, { cat: c.name }), fields: [c.name] });
    if (m1 && time) out.push({ text: fill(e.time, { num: m1.name }), fields: [m1.name] });
    if (m1 && m2) out.push({ text: fill(e.relation, { a: m1.name, b: m2.name }), fields: [m1.name, m2.name] });
    if (m1) out.push({ text: fill(e.dist, { num: m1.name }), fields: [m1.name] });
    return out.slice(0, max);
  }
  const rows = rowNoun(fields, datasetName);
  const noun = rows?.noun ?? "rows";
  const say = (f: FieldInfo) => fieldPhrase(f.name);
  const [c1, c2] = cats;
  if (target && c1) {
    const t = target.field.name;
    out.push({
      text: target.rate
        ? `What is the ${target.rate} by ${say(c1)}?`
        : target.yes
          ? `What share of ${noun} ${/ed$/.test(say(target.field)) ? "were" : "have"} ${say(target.field)}, by ${say(c1)}?`
          : `What share of ${noun} have ${say(target.field)} ${target.value}, by ${say(c1)}?`,
      fields: [t, c1.name],
    });
  }
  const mc = target ? (c2 ?? c1) : c1;
  if (m1 && mc) {
    const w = measureWords(m1);
    out.push({ text: `What ${w.agg === "sum" && /[^s]s$/.test(w.words) ? "are" : "is"} the ${w.words} by ${say(mc)}?`, fields: [m1.name, mc.name] });
  }
  if (time) {
    const what = m1 ? measureWords(m1).words : `number of ${noun}`;
    out.push({ text: `Show the ${what} ${time.grain} as a line`, fields: [time.field.name, ...(m1 ? [m1.name] : [])] });
  }
  // Ranked: a field of a few values that are not yes/no ("which remote has the highest ..." reads badly).
  const rankable = cats.filter((c) => c.distinct >= 3 && !yesNoValued(c));
  const rankCat = target ? (rankable.find((c) => c !== c1 && c !== c2) ?? rankable.find((c) => c !== c1)) : (rankable.find((c) => c !== c1) ?? rankable[0]);
  const rankBy = m2 ?? m1;
  if (rankCat && rankBy) {
    out.push({ text: `Which ${say(rankCat)} has the highest ${measureWords(rankBy).words}?`, fields: [rankBy.name, rankCat.name] });
  } else if (rankCat && target?.rate && rankCat !== c1) {
    out.push({ text: `Which ${say(rankCat)} has the highest ${target.rate}?`, fields: [target.field.name, rankCat.name] });
  }
  // Counted over a field of a few values that are not yes/no (those read as conditions).
  const countCat = cats.find((c) => c.distinct >= 3 && !yesNoValued(c) && !out.some((e) => e.fields.includes(c.name))) ?? c1;
  if (countCat) out.push({ text: `How many ${noun} are there per ${say(countCat)}?`, fields: [countCat.name] });
  if (m1 && m2) out.push({ text: `Plot ${say(m2)} against ${say(m1)}`, fields: [m1.name, m2.name] });
  if (m1) out.push({ text: `Show the distribution of ${say(m1)}`, fields: [m1.name] });
  const seen = new Set<string>();
  return out.filter((e) => !seen.has(e.text) && seen.add(e.text)).slice(0, max);
}

/** Up to `max` example questions drawn from the table's own fields (and the dataset's name for its rows). */
export function exampleQuestions(fields: FieldInfo[], lang: Lang = "en", max = 5, datasetName = ""): string[] {
  return exampleItems(fields, lang, max, datasetName).map((e) => e.text);
}
