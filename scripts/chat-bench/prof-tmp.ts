import fs from "node:fs";
import Papa from "papaparse";
import { nlvTables, NLV_DIR } from "/work/wt/chat-engine/scripts/chat-bench/nlv";
import { describeTable } from "/work/wt/chat-engine/lib/chat/columns";
import { getTableLexicon, answerChat } from "/work/wt/chat-engine/lib/chat";
import { understand, lastTurnCandidates } from "/work/wt/chat-engine/lib/chat/understand";
import { WEIGHTS } from "/work/wt/chat-engine/lib/chat/understand/choose";
async function main() {
  const tables = nlvTables();
  const corpus = Papa.parse<Record<string,string>>(fs.readFileSync(NLV_DIR + "/nlv-corpus.csv","utf8"),{header:true,skipEmptyLines:true}).data;
  let tu = 0, ta = 0, n = 0, cands = 0, maxc = 0; const slow: [number,string][] = [];
  for (const row of corpus) {
    const t = tables[row.dataset.toLowerCase()];
    const lex = getTableLexicon(t, describeTable(t), "");
    const turns = row["Utterance Set"].split("|").map(s=>s.trim());
    const t0 = performance.now();
    const lc = lastTurnCandidates(turns, lex, t.rowCount, WEIGHTS);
    const t1 = performance.now();
    await answerChat({ table: t, messages: [{ role: "user", content: turns.join(" | ") }] });
    const t2 = performance.now();
    tu += t1 - t0; ta += t2 - t1; n++; cands += lc?.candidates.length ?? 0; maxc = Math.max(maxc, lc?.candidates.length ?? 0);
    slow.push([t2 - t1, row["Utterance Set"].slice(0, 80) + ` (${lc?.candidates.length})`]);
  }
  console.log(`understand avg ${(tu/n).toFixed(2)} ms; answer avg ${(ta/n).toFixed(2)} ms; candidates avg ${(cands/n).toFixed(0)} max ${maxc}`);
  slow.sort((a,b)=>b[0]-a[0]); for (const s of slow.slice(0,12)) console.log(s[0].toFixed(1), s[1]);
}
main();
