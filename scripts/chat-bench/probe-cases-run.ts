// Developer tool: run a probe case list (JSONL in the nvbench-dev case format plus `turns`, a gold of
// null = chart type only) over its CSV tables and score each answer with the nvbench-dev rule. A case with a
// `series` (a stacked or grouped bar; gold rows {x, series, y}) is data right when the answer's table holds
// exactly those (x, series, y) triples as well.
//   npx tsx scripts/chat-bench/probe-cases-run.ts lib/chat/testing/probe5[/cases2.jsonl] [-v] [id ...]
import { readFileSync } from "node:fs";
import path from "node:path";
import { answerChat, type ChatReply } from "../../lib/chat";
import { cleanUpDatasetTables, loadDatasetTable } from "./load-dataset";
import { type Cell, normLabel, type Row } from "./score-own";
import { type NvCase, scoreNv } from "./score-nvbench";

type SeriesGold = { x: Cell; series: Cell; y: number }[];
type ProbeCase = Omit<NvCase, "gold" | "chart"> & {
  turns: string[];
  style: string;
  chart: NvCase["chart"] | "histogram";
  gold: NvCase["gold"] | null;
  series?: string | null;
};

/** "" when the table holds exactly the gold (x, series, y) triples (numbers within 1e-6 relative or 0.005). */
function seriesDiff(c: ProbeCase, table: Row[] | null | undefined): string {
  if (!table?.length) return "no table";
  const cols = Object.keys(table[0]);
  if (!cols.includes(c.x) || !cols.includes(c.series!)) return `no ${c.x} and ${c.series} columns`;
  const yCol = cols.find((k) => k !== c.x && k !== c.series && table.some((r) => typeof r[k] === "number"));
  if (!yCol) return "no value column";
  const got = table.map((r) => [normLabel(r[c.x]), normLabel(r[c.series!]), Number(r[yCol])] as const);
  const gold = (c.gold as unknown as SeriesGold).map((g) => [normLabel(g.x), normLabel(g.series), g.y] as const);
  if (got.length !== gold.length) return `${got.length} triples, expected ${gold.length}`;
  const used = new Set<number>();
  for (const [gx, gs, gy] of gold) {
    const k = got.findIndex(([x, s, y], i) => !used.has(i) && x === gx && s === gs && Math.abs(y - gy) <= Math.max(1e-6 * Math.abs(gy), 0.005));
    if (k < 0) return `no ${gx} / ${gs} = ${gy}`;
    used.add(k);
  }
  return "";
}

async function main() {
  const args = process.argv.slice(2);
  const file = args[0].endsWith(".jsonl") ? args[0] : path.join(args[0], "cases.jsonl");
  const dir = path.dirname(file);
  const verbose = args.includes("-v");
  const only = args.slice(1).filter((a) => a !== "-v");
  const cases: ProbeCase[] = readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l));
  let n = 0;
  let dataN = 0;
  let dataRight = 0;
  let chartRight = 0;
  for (const c of cases) {
    if (only.length && !only.includes(c.id)) continue;
    const table = await loadDatasetTable(path.join(dir, c.table));
    const messages: { role: "user" | "assistant"; content: string }[] = [];
    let reply: ChatReply | null = null;
    for (const t of c.turns) {
      messages.push({ role: "user", content: t });
      reply = await answerChat({ table, datasetName: path.basename(c.table, ".csv"), messages: messages.slice() });
      messages.push({ role: "assistant", content: reply.messages[0].content });
    }
    const r = reply!;
    const fig = r.messages.find((m) => m.figures.length)?.figures[0];
    const chart = String((fig?.layout.meta as { chart?: string } | undefined)?.chart ?? "none");
    const v = c.gold ? scoreNv({ ...c, gold: c.gold, chart: c.chart as NvCase["chart"] }, r) : null;
    if (v && c.series) {
      const why = seriesDiff(c, r.messages.find((m) => m.table?.length)?.table);
      v.dataRight = why === "";
      v.why = why;
    }
    const cRight =
      c.chart === "histogram"
        ? chart === "histogram"
        : (v?.chartRight ?? (chart === c.chart || (c.chart === "bar" && /Bar$/.test(chart)) || (c.chart === "line" && chart === "multiLine")));
    n++;
    if (cRight) chartRight++;
    if (v) {
      dataN++;
      if (v.dataRight) dataRight++;
    }
    const mark = `${v ? (v.dataRight ? "D+" : "D-") : "D."} ${cRight ? "C+" : "C-"}`;
    console.log(`${mark} ${c.id} [${c.style}] ${c.turns.join(" || ")}  -> ${chart}${v && !v.dataRight ? ` (${v.why})` : ""}`);
    if (verbose || (v && !v.dataRight) || !cRight) {
      const tab = r.messages.find((x) => x.table)?.table;
      console.log(`     > ${r.messages[0].content.slice(0, 300).replace(/\n/g, " ")}`);
      if (tab) console.log(`     table: ${JSON.stringify(tab.slice(0, 4))}${tab.length > 4 ? ` ... (${tab.length})` : ""}`);
      if (fig) console.log(`     meta: ${JSON.stringify(fig.layout.meta)}`);
      if (c.gold) console.log(`     gold: ${JSON.stringify(c.gold.slice(0, 4))}${c.gold.length > 4 ? ` ... (${c.gold.length})` : ""}`);
    }
  }
  console.log(
    `data right ${dataRight}/${dataN} (${((100 * dataRight) / dataN).toFixed(1)}%), chart right ${chartRight}/${n} (${((100 * chartRight) / n).toFixed(1)}%)`,
  );
  cleanUpDatasetTables();
}

void main();
