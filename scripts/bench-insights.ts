// What the insights report costs a training: seconds spent computing it (inside trainModel, after the
// model is chosen) and the size of the stored report, per shared data set.
//
//   npm run bench:insights                                  # every shared data set, budget 10 s
//   npm run bench:insights -- --budget 60 --datasets adult,diamonds --threads 2
//   npm run bench:insights -- --synthetic 500000            # also a synthetic table of that many rows
//
// Timings on a machine busy with other work are pessimistic; run it alone for figures to quote.
import { availableParallelism } from "node:os";
import { trainModel } from "../lib/ml";
import { makeBinaryTable } from "../lib/ml/testing";
import type { Table } from "../lib/table/types";
import { DATA_DIR, DATASETS, loadCsvTable } from "./bench-ml";

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function measure(name: string, table: Table, target: string, budget: number, threads: number) {
  const started = Date.now();
  const out = await trainModel({ table, predictFields: [target], budgetSeconds: budget, threads, seed: 1 });
  const total = (Date.now() - started) / 1000;
  const field = out.report.fields[0];
  const insights = field.insights!;
  const kb = (v: unknown) => (JSON.stringify(v).length / 1024).toFixed(0);
  return {
    name,
    rows: table.rowCount,
    holdout: insights.holdoutRows,
    task: field.task,
    total: total.toFixed(1),
    insights: (field.timings.insights ?? NaN).toFixed(2),
    share: `${(((field.timings.insights ?? 0) / budget) * 100).toFixed(1)}%`,
    insightsKb: kb(insights),
    reportKb: kb(out.report),
  };
}

async function main() {
  const budget = Number(arg("budget") ?? 10);
  const threads = Number(arg("threads") ?? availableParallelism());
  const names = (arg("datasets") ?? Object.keys(DATASETS).join(",")).split(",").filter(Boolean);
  const synthetic = Number(arg("synthetic") ?? 0);
  const rows: Awaited<ReturnType<typeof measure>>[] = [];
  for (const name of names) {
    const spec = DATASETS[name];
    if (!spec) throw new Error(`unknown data set ${name}; known: ${Object.keys(DATASETS).join(", ")}`);
    const { table } = loadCsvTable(`${DATA_DIR}/${spec.file}`, spec.types);
    rows.push(await measure(name, table, spec.target, budget, threads));
    console.error(`done: ${name}`);
  }
  if (synthetic > 0) rows.push(await measure(`synthetic ${synthetic}`, makeBinaryTable(synthetic, 1), "label", budget, threads));
  console.log(`\nInsights report cost at budget ${budget} s, ${threads} thread(s) (node ${process.version}):\n`);
  console.log("| data set | rows | holdout | task | training s | insights s | of budget | insights KB | report KB |");
  console.log("|---|---:|---:|---|---:|---:|---:|---:|---:|");
  for (const r of rows)
    console.log(`| ${r.name} | ${r.rows} | ${r.holdout} | ${r.task} | ${r.total} | ${r.insights} | ${r.share} | ${r.insightsKb} | ${r.reportKb} |`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
