// Enforces the architecture's library boundaries: lib/ml, lib/forecast, lib/chat, lib/table and lib/store are
// pure libraries; they must not import Next.js, React, Prisma or the app's service layers. lib/schemas
// (request and response schemas) is pure too: the web client takes its types from it and the
// OpenAPI document is generated from it.
import fs from "node:fs";
import path from "node:path";

const PURE = ["lib/ml", "lib/forecast", "lib/chat", "lib/table", "lib/store", "lib/schemas"];
const FORBIDDEN = [/^next(\/|$)/, /^react(-dom)?(\/|$)/, /^@prisma\//, /^@\/lib\/(db|services|http|jobs|auth)(\/|$)/, /^@\/app\//];
const IMPORT_RE = /(?:import|export)\s[^'"]*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)|require\(\s*["']([^"']+)["']\s*\)/g;

const problems: string[] = [];
function walk(dir: string) {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full);
    else if (/\.(ts|tsx)$/.test(entry.name)) {
      const text = fs.readFileSync(full, "utf8");
      for (const match of text.matchAll(IMPORT_RE)) {
        const spec = match[1] ?? match[2] ?? match[3];
        if (FORBIDDEN.some((re) => re.test(spec))) problems.push(`${full}: imports "${spec}"`);
        if (spec.startsWith(".") && /\.\.\/(db|services|http|jobs|auth)\//.test(spec)) problems.push(`${full}: imports "${spec}"`);
        // The forecasting engine uses the tree learners only through lib/ml/core's public index.
        if (full.startsWith(path.join("lib", "forecast")) && /(^|\/)ml(\/|$)/.test(spec) && !/(^|\/)ml\/core$/.test(spec))
          problems.push(`${full}: imports "${spec}" (use lib/ml/core's index only)`);
      }
    }
  }
}
PURE.forEach(walk);
if (problems.length) {
  console.error("Pure libraries must not import the app's frameworks or service layers:\n" + problems.join("\n"));
  process.exit(1);
}
console.log(`Library boundaries OK (${PURE.join(", ")}).`);
