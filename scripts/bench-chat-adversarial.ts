// npm run bench:chat-adversarial: pathological chat input (issue 13) against lib/chat, offline.
// Each text is asked alone and as the whole conversation a request may carry within the 32 KB
// budget (lib/services/chats.ts: MAX_CHAT_TEXT_BYTES; several turns of it, then a real question),
// over the superstore table (5,899 rows). Reported per text: the answer time of one message and of
// the conversation, and the slowest; the script fails (exit 1) when one answer takes longer than
// BENCH_ADVERSARIAL_LIMIT_MS (default 1,000 ms: a regular expression gone quadratic takes seconds
// here; the engine is linear and takes milliseconds). Run alone: flock /tmp/tabula-heavy.lock ...
import path from "node:path";
import { answerChat } from "../lib/chat";
import { MAX_CHAT_TEXT_BYTES } from "../lib/schemas/chat-limits";
import { loadCsvTable } from "../lib/chat/testing/load-csv";
import { NLV_DIR } from "./chat-bench/nlv";

const LIMIT_MS = Number(process.env.BENCH_ADVERSARIAL_LIMIT_MS ?? 1000);
const KB = 1024;

function fit(text: string, bytes: number): string {
  // Cut to at most `bytes` of UTF-8 (texts here are mostly one-byte characters).
  let out = text;
  while (Buffer.byteLength(out, "utf8") > bytes) out = out.slice(0, Math.floor(out.length * 0.9));
  return out;
}

const TEXTS: [string, string][] = [
  ["20,000 spaces between two words", `sales${" ".repeat(20_000)}by region`],
  ["32 KB of spaces around '|'", `total sales ${" ".repeat(16 * KB)}|${" ".repeat(16 * KB - 40)} by region`],
  ["32 KB of '|' separators", "|".repeat(32 * KB - 20) + " sales by region"],
  ["'| ' repeated", "| ".repeat(16 * KB - 10)],
  ["32 KB of digits", "9".repeat(32 * KB)],
  ["digits with commas (thousands parsing)", "1,000,".repeat(5 * KB)],
  ["digits and dots", "1.2.3.4.".repeat(4 * KB)],
  ["dates glued together", "2016-01-01/2017".repeat(2 * KB)],
  ["one long word", "a".repeat(32 * KB)],
  ["one long misspelt field-like word", "salesssss".repeat(3 * KB)],
  ["a field name repeated", "sales ".repeat(5 * KB)],
  ["a value repeated", "Furniture ".repeat(3 * KB)],
  ["aggregate words repeated", "average total sum count ".repeat(1300)],
  ["between ... and ... repeated", "between 1 and 2 ".repeat(2 * KB)],
  ["negations repeated", "not ".repeat(8 * KB)],
  ["or-lists of values", "East or West or ".repeat(2 * KB)],
  ["deep brackets", "(".repeat(16 * KB) + "sales" + ")".repeat(16 * KB - 10)],
  ["deep punctuation", ",.;:!?-_'\"".repeat(3 * KB)],
  ["comparison signs", "<=>=!=<>".repeat(4 * KB)],
  ["apostrophes and contractions", "aren't isn't ".repeat(2600)],
  ["percent and currency signs", "$%€£".repeat(8 * KB)],
  ["unicode: accents", "é".repeat(16 * KB)],
  ["unicode: combining marks", "e\u0301\u0302\u0303".repeat(4 * KB)],
  ["unicode: emoji", "📈".repeat(8 * KB)],
  ["unicode: CJK", "销售额按地区".repeat(1800)],
  ["unicode: right-to-left and zero-width", "\u202e\u200bsales\u200d".repeat(3 * KB)],
  ["NUL and control characters", "\u0000\u0001\u0007sales\r\n".repeat(3 * KB)],
  ["newlines", "\n".repeat(32 * KB)],
  ["tabs between words", "sales\t\t\t\tby\t\t\tregion ".repeat(1500)],
  ["a long real-looking question", "what is the total sales by region for furniture in 2016 and 2017 ".repeat(480)],
];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

async function main() {
  const table = loadCsvTable(path.join(NLV_DIR, "superstore.csv"));
  await answerChat({ table, messages: [{ role: "user", content: "sales by region" }] });
  const all: number[] = [];
  let worst = { ms: 0, name: "" };
  console.log(`${"text".padEnd(44)} ${"bytes".padStart(6)} ${"one msg".padStart(9)} ${"32 KB conv".padStart(11)}  answer`);
  for (const [name, raw] of TEXTS) {
    const text = fit(raw, MAX_CHAT_TEXT_BYTES);
    const t0 = performance.now();
    const one = await answerChat({ table, messages: [{ role: "user", content: text }] });
    const oneMs = performance.now() - t0;
    // A whole request: the text as earlier turns (split to fit the budget), then a real question.
    const part = fit(text, Math.floor(MAX_CHAT_TEXT_BYTES / 4) - 100);
    const messages: { role: "user" | "assistant"; content: string }[] = [
      { role: "user", content: part },
      { role: "assistant", content: part },
      { role: "user", content: part },
      { role: "user", content: "total sales by region" },
    ];
    const t1 = performance.now();
    const conv = await answerChat({ table, messages });
    const convMs = performance.now() - t1;
    all.push(oneMs, convMs);
    for (const [ms, label] of [
      [oneMs, name],
      [convMs, `${name} (conversation)`],
    ] as const)
      if (ms > worst.ms) worst = { ms, name: label };
    const said = (one.messages[0]?.content ?? "").slice(0, 60).replace(/\s+/g, " ");
    console.log(
      `${name.padEnd(44)} ${String(Buffer.byteLength(text)).padStart(6)} ${oneMs.toFixed(1).padStart(7)} ms ${convMs.toFixed(1).padStart(8)} ms  ${conv.plan ? "plan" : "no plan"} | ${said}`,
    );
  }
  const sorted = all.slice().sort((a, b) => a - b);
  console.log(
    `\n${all.length} answers: p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms, max ${worst.ms.toFixed(1)} ms (${worst.name}); limit ${LIMIT_MS} ms`,
  );
  if (worst.ms > LIMIT_MS) {
    console.error(`FAIL: "${worst.name}" took ${worst.ms.toFixed(0)} ms`);
    process.exit(1);
  }
}

void main();
