// Developer tool: the reading of a conversation's last turn, its ranked candidates and notes.
//   npx tsx lib/chat/testing/probe63/why.ts file.csv "turn 1" "turn 2" ...
import { describeTable } from "../../columns";
import { getTableLexicon } from "../../index";
import { WEIGHTS } from "../../understand/choose";
import { understand } from "../../understand/index";
import { cleanUpDatasetTables, loadDatasetTable } from "../../../../scripts/chat-bench/load-dataset";

async function main() {
  const table = await loadDatasetTable(process.argv[2]);
  const fields = describeTable(table);
  const lex = getTableLexicon(table, fields, "", "");
  const u = understand(process.argv.slice(3), lex, table.rowCount, WEIGHTS);
  console.log("kind", u.kind);
  if (u.kind === "plan") {
    console.log("best", u.best.sig, JSON.stringify(u.plan));
    console.log("notes", u.notes);
    const a = u.atoms;
    console.log("refs", JSON.stringify(a.refs.map((r) => ({ turn: r.turn, c: r.cands.map((c) => c.name), agg: r.agg, group: r.group, ranked: r.ranked }))));
    console.log("rowNoun", a.rowNoun, "followUp", a.followUp, "addOn", a.addOn, "count", a.count, "limit", a.limit, "filters", a.filters.length);
  }
  if ("ranked" in u) for (const c of u.ranked.slice(0, 8)) console.log(" ", c.score?.toFixed?.(2), c.sig);
  cleanUpDatasetTables();
}
main();
