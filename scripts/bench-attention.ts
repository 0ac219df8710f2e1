// npm run bench:attention [-- --budget 10 --dataset bank-full --threads 2]
// The effect of extra_attention (class weights for rare classes) on the engine's own 20% holdout:
// trains the same data twice, without and with it, and prints recall, precision and F1 of each class.
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { trainModel } from "../lib/ml";
import type { ClassStat } from "../lib/ml/types";
import { DATA_DIR, DATASETS, loadCsvTable } from "./bench-ml";

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const get = (name: string, fallback: string): string => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? args[i + 1] : fallback;
  };
  const name = get("dataset", "bank-full");
  const budget = Number(get("budget", "10"));
  const threads = Number(get("threads", String(availableParallelism())));
  const spec = DATASETS[name];
  if (!spec) throw new Error(`unknown dataset ${name}; known: ${Object.keys(DATASETS).join(", ")}`);
  const { table } = loadCsvTable(join(DATA_DIR, spec.file), spec.types);
  console.log(`extra_attention on ${name} (target ${spec.target}), budget ${budget} s, ${threads} threads, engine holdout (20%)\n`);
  console.log("| extra_attention | class | frequency | recall | precision | F1 | holdout AUC |");
  console.log("| --- | --- | --- | --- | --- | --- | --- |");
  for (const extraAttention of [false, true]) {
    const outcome = await trainModel({ table, predictFields: [spec.target], budgetSeconds: budget, threads, seed: 1, extraAttention });
    const field = outcome.report.fields[0];
    if (field.task === "regression") throw new Error(`${name} has a numeric target: extra_attention weighs classes, pick a classification data set.`);
    for (const s of outcome.result.stats[0] as ClassStat[]) {
      console.log(
        `| ${extraAttention} | ${s.class_name} | ${s.frequency.toFixed(3)} | ${s.recall.toFixed(3)} | ${s.precision.toFixed(3)} | ${s.f1.toFixed(3)} | ${(field.metrics.auc ?? NaN).toFixed(4)} |`,
      );
    }
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
