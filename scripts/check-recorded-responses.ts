// Checks recorded responses (JSON lines in the format of scripts/contract-recorder.mjs, e.g. written
// by scripts/compat-sweep.py) against an OpenAPI document, with the contract check the end-to-end
// run uses (lib/openapi/contract.ts): status, content type and body schema of every response.
//   npx tsx scripts/check-recorded-responses.ts <directory of .jsonl files> <api.yaml>
// Prints one line per failing response; exit status 1 when any fails.
import fs from "node:fs";
import { parse } from "yaml";
import { checkRecordedResponses, readRecordedResponses } from "../lib/openapi/contract";

const [dir, documentPath] = process.argv.slice(2);
if (!dir || !documentPath) {
  console.error("usage: npx tsx scripts/check-recorded-responses.ts <directory of .jsonl files> <api.yaml>");
  process.exit(2);
}
const report = checkRecordedResponses(parse(fs.readFileSync(documentPath, "utf8")), readRecordedResponses(dir));
for (const failure of report.failures) {
  console.log(`FAIL ${failure.request} -> ${failure.status}`);
  for (const problem of failure.problems) console.log(`    ${problem}`);
}
console.log(`${report.checked} responses checked against the document, ${report.failures.length} not allowed by it.`);
process.exit(report.failures.length ? 1 : 0);
