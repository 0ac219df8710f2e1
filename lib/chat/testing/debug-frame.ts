// Developer tool: print the tokens and frame of a question over one NLV data set.
import { loadCsvTable } from "./load-csv";
import { describeTable } from "../columns";
import { buildLexicon, lex } from "../lexicon";
import { buildPlan, parseConversation } from "../parser";

const table = loadCsvTable(process.argv[2].includes("/") ? process.argv[2] : `/work/shared/datasets/nlv/${process.argv[2]}.csv`);
const fields = describeTable(table);
const lexicon = buildLexicon(fields);
const q = process.argv[3];
console.log(JSON.stringify(lex(lexicon, q)));
const frame = parseConversation(lexicon, q.split(" || "));
console.log(JSON.stringify({ ...frame, mentions: frame.mentions.map((m) => `${m.fields.join("/")}:${m.role}:${m.agg}:${m.countOf}`) }));
console.log(JSON.stringify(buildPlan(frame, fields)));
