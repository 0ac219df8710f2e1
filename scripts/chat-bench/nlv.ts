// The NLV corpus (814 utterance sets over cars, movies, superstore) against lib/chat.
//
// Matching rule (strict, in the spirit of NL4DV's evaluation): an utterance set counts as correct
// when the chart the engine shows for its last turn (the `layout.meta` of the first figure, which
// is written from the same result the figure is drawn from) has
//   1. the reference chart type, where grouped and stacked bars are one type ("bars with two
//      groupings": the reference draws groupedBar as small multiples, which we draw as grouped
//      bars in one panel) and "bar"/"singleAttrBar" are one type (bars over one grouping: they
//      differ only by their fields, which rule 2 checks); every other type must be exact:
//      histogram, bar, line, multi-line, scatter, coloured scatter, faceted scatter;
//   2. exactly the set of fields of the reference encoding (x, y, color, column/facet; the
//      implicit count has no field), no more, no fewer.
// No answer, an answer without a chart, or a table only, counts as wrong. A stricter number
// also requires the exact visId (stacked vs grouped) and the reference aggregate (count, sum,
// mean) to match; both numbers are reported.
// Follow-ups: "|" separates turns; each turn is sent as a new user message after the previous
// turns and the engine's previous answers, as a client would.
// Held-out split: every 5th utterance set (index % 5 == 4) is never looked at while tuning; the
// report gives the tuning split, the held-out split and the whole corpus.
import fs from "node:fs";
import path from "node:path";
import Papa from "papaparse";
import { answerChat, type ChatReply } from "../../lib/chat";
import { loadCsvTable } from "../../lib/chat/testing/load-csv";
import type { Table } from "../../lib/table/types";

export const NLV_DIR = fs.existsSync(path.resolve(process.cwd(), "../shared/datasets/nlv/nlv-corpus.csv"))
  ? path.resolve(process.cwd(), "../shared/datasets/nlv")
  : "/work/shared/datasets/nlv";

interface RefSpec {
  family: string;
  visId: string;
  fields: string[];
  aggregate: string | null;
}

/** The NLV corpus's chart ids by the family the bench compares (grouped and stacked bars are one). */
export const NLV_FAMILY: Record<string, string> = {
  histogram: "histogram",
  singleAttrBar: "bar",
  bar: "bar",
  scatter: "scatter",
  line: "line",
  groupedBar: "bar2",
  stackedBar: "bar2",
  multiLine: "multiLine",
  scatterColor: "scatterColor",
  scatterFaceted: "scatterFaceted",
};

/** Our chart kinds by the same families. */
export const CHART_FAMILY: Record<string, string> = {
  histogram: "histogram",
  bar: "bar",
  groupedBar: "bar2",
  stackedBar: "bar2",
  line: "line",
  multiLine: "multiLine",
  scatter: "scatter",
  scatterColor: "scatterColor",
  scatterFaceted: "scatterFaceted",
};

type Encoding = Record<string, { field?: string; aggregate?: string }>;

function loadSpecs(): Map<string, RefSpec> {
  const raw = JSON.parse(fs.readFileSync(path.join(NLV_DIR, "vl-specs.json"), "utf8")) as Record<string, { encoding: Encoding }>;
  const out = new Map<string, RefSpec>();
  for (const [key, spec] of Object.entries(raw)) {
    const [dataset, visId] = key.split("-");
    const fields = new Set<string>();
    let aggregate: string | null = null;
    for (const enc of Object.values(spec.encoding)) {
      if (enc.field) fields.add(enc.field);
      if (enc.aggregate) aggregate = enc.aggregate === "average" ? "mean" : enc.aggregate;
    }
    out.set(`${dataset.toLowerCase()}-${visId}`, { family: NLV_FAMILY[visId], visId, fields: [...fields].sort(), aggregate });
  }
  return out;
}

export interface NlvOutcome {
  index: number;
  dataset: string;
  visId: string;
  utterance: string;
  sequential: boolean;
  heldOut: boolean;
  ok: boolean;
  strict: boolean;
  got: string;
  want: string;
  lastReply: ChatReply | null;
  /** Wall time of the last turn's answer (ms). */
  lastMs: number;
}

export function nlvTables(): Record<string, Table> {
  return {
    cars: loadCsvTable(path.join(NLV_DIR, "cars.csv")),
    movies: loadCsvTable(path.join(NLV_DIR, "movies.csv")),
    superstore: loadCsvTable(path.join(NLV_DIR, "superstore.csv")),
  };
}

/** Runs the corpus; `times` receives the wall time of every answerChat call (ms). */
export async function runNlv(tables: Record<string, Table>, times: number[]): Promise<NlvOutcome[]> {
  const specs = loadSpecs();
  const corpus = Papa.parse<Record<string, string>>(fs.readFileSync(path.join(NLV_DIR, "nlv-corpus.csv"), "utf8"), { header: true, skipEmptyLines: true }).data;
  const outcomes: NlvOutcome[] = [];
  for (let index = 0; index < corpus.length; index++) {
    const row = corpus[index];
    const dataset = row.dataset.toLowerCase();
    const visId = row.visId;
    const utterance = row["Utterance Set"];
    const ref = specs.get(`${dataset}-${visId}`);
    if (!ref) throw new Error(`no reference spec for ${dataset}-${visId}`);
    const turns = utterance
      .split("|")
      .map((s) => s.trim())
      .filter(Boolean);
    const messages: { role: "user" | "assistant"; content: string }[] = [];
    let reply: ChatReply | null = null;
    let lastMs = 0;
    for (const turn of turns) {
      messages.push({ role: "user", content: turn });
      const t0 = performance.now();
      reply = await answerChat({ table: tables[dataset], datasetName: dataset, messages: messages.slice() });
      lastMs = performance.now() - t0;
      times.push(lastMs);
      messages.push({ role: "assistant", content: reply.messages[0]?.content ?? "" });
    }
    const fig = reply?.messages.find((m) => m.figures.length > 0)?.figures[0];
    const meta = fig?.layout.meta as
      | { chart: string; x: string | null; y: string | null; color: string | null; facet: string | null; aggregate: string | null }
      | undefined;
    let ok = false;
    let strict = false;
    let got = "no chart";
    if (meta) {
      const fields = [...new Set([meta.x, meta.y, meta.color, meta.facet].filter((f): f is string => Boolean(f)))].sort();
      got = `${meta.chart}(${fields.join(", ")})${meta.aggregate ? ` ${meta.aggregate}` : ""}`;
      ok = CHART_FAMILY[meta.chart] === ref.family && fields.length === ref.fields.length && fields.every((f, i) => f === ref.fields[i]);
      const sameVis = ref.visId === "singleAttrBar" || ref.visId === "bar" ? meta.chart === "bar" : meta.chart === ref.visId;
      strict =
        ok &&
        sameVis &&
        (ref.aggregate ?? null) ===
          (meta.chart.startsWith("scatter")
            ? null
            : meta.aggregate === "count" && ref.aggregate === null && ref.family === "histogram"
              ? null
              : meta.aggregate);
      if (ref.family === "histogram") strict = ok && sameVis;
    }
    outcomes.push({
      index,
      dataset,
      visId,
      utterance,
      sequential: turns.length > 1,
      heldOut: index % 5 === 4,
      ok,
      strict,
      got,
      want: `${ref.visId}(${ref.fields.join(", ")})${ref.aggregate ? ` ${ref.aggregate}` : ""}`,
      lastReply: reply,
      lastMs,
    });
  }
  return outcomes;
}

export function reportNlv(outcomes: NlvOutcome[]): string[] {
  const pct = (xs: NlvOutcome[], key: "ok" | "strict") => (xs.length ? (100 * xs.filter((o) => o[key]).length) / xs.length : NaN);
  const split = {
    all: outcomes,
    tuning: outcomes.filter((o) => !o.heldOut),
    heldOut: outcomes.filter((o) => o.heldOut),
    singleTurn: outcomes.filter((o) => !o.sequential),
    followUps: outcomes.filter((o) => o.sequential),
  };
  const lines = [`NLV corpus: ${outcomes.length} utterance sets`, `  ${"split".padEnd(12)} ${"n".padStart(4)} ${"match".padStart(7)} ${"strict".padStart(7)}`];
  for (const [name, xs] of Object.entries(split))
    lines.push(`  ${name.padEnd(12)} ${String(xs.length).padStart(4)} ${pct(xs, "ok").toFixed(1).padStart(6)}% ${pct(xs, "strict").toFixed(1).padStart(6)}%`);
  lines.push("  by reference chart (tuning split | held-out split):");
  const keys = [...new Set(outcomes.map((o) => `${o.dataset}-${o.visId}`))].sort();
  for (const k of keys) {
    const tu = split.tuning.filter((o) => `${o.dataset}-${o.visId}` === k);
    const ho = split.heldOut.filter((o) => `${o.dataset}-${o.visId}` === k);
    lines.push(`    ${k.padEnd(28)} ${pct(tu, "ok").toFixed(0).padStart(4)}% (${tu.length}) | ${pct(ho, "ok").toFixed(0).padStart(4)}% (${ho.length})`);
  }
  return lines;
}
