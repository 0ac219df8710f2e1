// bench:forecast: the forecasting engine against Hyndman's R forecast package on real series.
//
//   npm run bench:forecast                         # the 13 benchmark series, budgets 10 and 60
//   npm run bench:forecast -- --budgets 10 --only air
//   npm run bench:forecast -- --set dev            # other classic series (exported from R), to
//                                                  # check that choices generalise beyond the benchmark
//   options: --dir <folder with series.csv>, --no-r, --json <file>, --r-cache <file> (R's forecasts
//            are deterministic for a split: reuse them from the file, or write it after fitting),
//            --study <file> (every candidate's backtest and held-out forecasts, for
//            scripts/forecast-selection-study.ts)
//
// Each series (each group of a table) loses its last h points (series.csv gives h per file); the
// engine trains on the rest through trainForecast (rows in, the same path as the API), with the
// time budget, and never sees the held-out points. R fits ets(), auto.arima() and snaive() on the
// same training values (gaps filled by linear interpolation on the detected grid, as the engine
// sees them before its own seasonal filling). MASE = held-out mean absolute error / in-sample
// mean absolute seasonal difference (lag m from series.csv), for every method alike. Coverage =
// share of held-out points inside the 80% / 95% intervals. Needs Rscript with r-cran-forecast
// (apt-get install r-cran-forecast) unless --no-r.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Papa from "papaparse";
import { ForecastModel, trainForecast, type ForecastPoint } from "../lib/forecast";
import { fillGaps, prepareSeries } from "../lib/forecast/prepare";
import { stepIndex } from "../lib/forecast/calendar";
import type { SearchResult } from "../lib/forecast/search";
import { parseDate } from "../lib/table/values";

const args = process.argv.slice(2);
const arg = (name: string, fallback?: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const budgets = (arg("budgets", "10,60") as string).split(",").map(Number);
const set = arg("set", "bench");
const only = arg("only");
const useR = !args.includes("--no-r");
const jsonOut = arg("json");
const rCache = arg("r-cache");
const studyOut = arg("study");
const R_SCRIPT = path.join(path.dirname(new URL(import.meta.url).pathname), "bench-forecast.R");

interface Task {
  name: string;
  file: string;
  group: string | null;
  m: number;
  h: number;
  /** Training rows of the whole table (every group), as the engine receives them. */
  columns: { dates: Float64Array; values: Float64Array; groups: { codes: Int32Array; dictionary: string[] } | null };
  dateField: string;
  valueField: string;
  groupField?: string;
  /** The regular training series (linear gap fill) and the held-out values. */
  train: Float64Array;
  test: number[];
  testDates: number[];
  /** Steps after the end of `train` at which the held-out values fall (1-based; usually 1..h). */
  testSteps: number[];
}

function loadTasks(dir: string): Task[] {
  const meta = Papa.parse<Record<string, string>>(fs.readFileSync(path.join(dir, "series.csv"), "utf8").trim(), { header: true }).data;
  const tasks: Task[] = [];
  for (const row of meta) {
    const rows = Papa.parse<Record<string, string>>(fs.readFileSync(path.join(dir, row.file), "utf8").trim(), { header: true }).data;
    const dateField = Object.keys(rows[0])[0];
    const groupField = row.group || undefined;
    const h = Number(row.h);
    const m = Number(row.m);
    const dates = rows.map((r) => parseDate(r[dateField]));
    const values = rows.map((r) => (r[row.value] === "" || r[row.value] === undefined ? NaN : Number(r[row.value])));
    const keys = rows.map((r) => (groupField ? r[groupField] : ""));
    // Hold out the last h dates of each group.
    const held = new Set<number>();
    for (const key of new Set(keys)) {
      const idx = rows
        .map((_, i) => i)
        .filter((i) => keys[i] === key)
        .sort((a, b) => dates[a] - dates[b]);
      for (const i of idx.slice(idx.length - h)) held.add(i);
    }
    const trainIdx = rows.map((_, i) => i).filter((i) => !held.has(i));
    const dictionary = [...new Set(keys)];
    const columns = {
      dates: Float64Array.from(trainIdx, (i) => dates[i]),
      values: Float64Array.from(trainIdx, (i) => values[i]),
      groups: groupField ? { codes: Int32Array.from(trainIdx, (i) => dictionary.indexOf(keys[i])), dictionary } : null,
    };
    const prepared = prepareSeries(columns, { horizon: h, dateField, valueField: row.value, groupField });
    for (const s of prepared.series) {
      const train = Float64Array.from(s.values);
      fillGaps(train, 1);
      const key = s.key ?? "";
      const testIdx = [...held].filter((i) => keys[i] === key).sort((a, b) => dates[a] - dates[b]);
      const testSteps = testIdx.map((i) => Math.round(stepIndex(prepared.frequency, s.start, dates[i])) - train.length + 1);
      tasks.push({
        name: row.file.replace(/\.csv$/, "") + (s.key !== null ? `/${s.key}` : ""),
        file: row.file,
        group: s.key,
        m,
        h,
        columns,
        dateField,
        valueField: row.value,
        groupField,
        train,
        test: testIdx.map((i) => values[i]),
        testDates: testIdx.map((i) => dates[i]),
        testSteps,
      });
    }
  }
  return tasks.filter((t) => !only || t.name.includes(only));
}

function maseScale(train: Float64Array, m: number): number {
  let s = 0;
  let c = 0;
  for (let i = m; i < train.length; i++) {
    s += Math.abs(train[i] - train[i - m]);
    c++;
  }
  return s / c;
}

interface Scored {
  mase: number;
  c80: number;
  c95: number;
}

function score(task: Task, mean: number[], lo80: number[], hi80: number[], lo95: number[], hi95: number[]): Scored {
  const scale = maseScale(task.train, task.m);
  let mae = 0;
  let c80 = 0;
  let c95 = 0;
  let n = 0;
  task.test.forEach((a, k) => {
    if (!Number.isFinite(a)) return;
    n++;
    mae += Math.abs(a - mean[k]);
    if (a >= lo80[k] && a <= hi80[k]) c80++;
    if (a >= lo95[k] && a <= hi95[k]) c95++;
  });
  return { mase: mae / n / scale, c80: c80 / n, c95: c95 / n };
}

function runR(tasks: Task[]): Map<string, Record<string, Scored & { method: string; seconds: number }>> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "bench-forecast-"));
  const series = ["name,y", ...tasks.flatMap((t) => Array.from(t.train, (v) => `"${t.name}",${v}`))];
  const meta = ["name,m,h", ...tasks.map((t) => `"${t.name}",${t.m},${Math.max(...t.testSteps)}`)];
  fs.writeFileSync(path.join(tmp, "series.csv"), series.join("\n"));
  fs.writeFileSync(path.join(tmp, "meta.csv"), meta.join("\n"));
  const out = rCache && fs.existsSync(rCache) ? rCache : path.join(tmp, "out.csv");
  if (out === rCache) console.error(`R: forecasts from ${rCache}`);
  else {
    console.error(`R: fitting ets(), auto.arima(), snaive() on ${tasks.length} series...`);
    execFileSync("Rscript", [R_SCRIPT, "fit", path.join(tmp, "series.csv"), path.join(tmp, "meta.csv"), out], { stdio: ["ignore", "ignore", "inherit"] });
    if (rCache) fs.copyFileSync(out, rCache);
  }
  const rows = Papa.parse<Record<string, string>>(fs.readFileSync(out, "utf8").trim(), { header: true }).data;
  const byName = new Map<string, Record<string, Scored & { method: string; seconds: number }>>();
  for (const task of tasks) {
    const entry: Record<string, Scored & { method: string; seconds: number }> = {};
    for (const model of ["ets", "arima", "snaive"]) {
      const r = rows.filter((x) => x.name === task.name && x.model === model).sort((a, b) => Number(a.step) - Number(b.step));
      if (!r.length) continue;
      // R forecasts every step after the training values; the held-out values sit at testSteps.
      const col = (k: string) => task.testSteps.map((step) => Number(r[step - 1]?.[k] ?? NaN));
      entry[model] = {
        ...score(task, col("mean"), col("lower80"), col("upper80"), col("lower95"), col("upper95")),
        method: r[0].method,
        seconds: Number(r[0].seconds),
      };
    }
    byName.set(task.name, entry);
  }
  fs.rmSync(tmp, { recursive: true, force: true });
  return byName;
}

/**
 * Scores one series of a training outcome. The engine's series ends at its last observed value, so
 * when the training part ends with missing values its forecast starts earlier than the held-out
 * dates: the stored model then forecasts as far as needed to reach them (as a client would).
 */
function scoreOutcome(task: Task, outcome: Awaited<ReturnType<typeof trainForecast>>, seconds: number): Scored & { seconds: number; method: string } {
  const mine = (p: ForecastPoint) => (task.group === null ? true : p.group === task.group);
  let points = outcome.result.forecast.filter(mine);
  const lastHeld = Math.max(...task.testDates);
  if (points.length && Date.parse(points[points.length - 1].date) < lastHeld) {
    points = ForecastModel.load(outcome.artifact).forecast({ horizon: Math.min(1000, 4 * task.h), group: task.group ?? undefined });
  }
  const byDate = new Map(points.map((p) => [Date.parse(p.date), p]));
  const pick = (k: keyof ForecastPoint) => task.testDates.map((d) => Number(byDate.get(d)?.[k] ?? NaN));
  const report = outcome.report.series.find((s) => s.group === task.group);
  return { ...score(task, pick("value"), pick("lower_80"), pick("upper_80"), pick("lower_95"), pick("upper_95")), seconds, method: report?.method ?? "?" };
}

/** One series' search as scripts/forecast-selection-study.ts reads it (the `--study` dump). */
export interface StudySeries {
  name: string;
  budget: number;
  /** Held-out values and the MASE scale of the bench (lag m of series.csv). */
  test: number[];
  scale: number;
  /** The search's own scale and backtest actuals. */
  searchScale: number;
  actuals: number[][];
  chosen: SearchResult["chosen"];
  origins: number[];
  candidates: { id: string; name: string; score: number; backtest: number[][]; spreads: number[][]; holdout: number[]; holdoutSpread: number[] }[];
  r: { ets: number | null; arima: number | null } | null;
}

function studyOf(task: Task, budget: number, found: { y: Float64Array; search: SearchResult } | undefined): StudySeries {
  if (!found) throw new Error(`no search reported for ${task.name}`);
  const { y, search } = found;
  const h = Math.max(...task.testSteps);
  return {
    name: task.name,
    budget,
    test: task.test,
    scale: maseScale(task.train, task.m),
    searchScale: search.scale,
    actuals: search.origins.map((o) => Array.from(y.slice(o, Math.min(y.length, o + task.h)))),
    chosen: search.chosen,
    origins: search.origins,
    candidates: search.candidates.map((c) => {
      const f = c.model.forecast(h);
      const sd = c.model.spread(h);
      return {
        id: c.id,
        name: c.model.name,
        score: c.score,
        backtest: c.forecasts.map((x) => Array.from(x)),
        spreads: c.spreads.map((x) => Array.from(x)),
        holdout: task.testSteps.map((k) => f[k - 1]),
        holdoutSpread: task.testSteps.map((k) => sd[k - 1]),
      };
    }),
    r: null,
  };
}

const f3 = (v: number | undefined) => (v === undefined || !Number.isFinite(v) ? "-" : v.toFixed(3));
const pct = (v: number) => `${Math.round(100 * v)}%`;

async function main() {
  let dir = arg("dir", "/work/shared/datasets/forecast") as string;
  if (set === "dev") {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "forecast-dev-"));
    execFileSync("Rscript", [R_SCRIPT, "export-dev", dir], { stdio: "inherit" });
  }
  const tasks = loadTasks(dir);
  const r = useR ? runR(tasks) : new Map();
  // Tables with several series train once per budget; every group is scored from that run.
  const ours = new Map<string, Map<number, Scored & { seconds: number; method: string }>>();
  const study: StudySeries[] = [];
  for (const budget of budgets) {
    const done = new Map<string, Awaited<ReturnType<typeof trainForecast>>>();
    for (const task of tasks) {
      let result: Scored & { seconds: number; method: string };
      if (task.groupField && done.has(task.file)) {
        const outcome = done.get(task.file)!;
        result = scoreOutcome(task, outcome, outcome.report.secondsSpent);
      } else {
        const t0 = performance.now();
        const searches = new Map<string | null, { y: Float64Array; search: SearchResult }>();
        const outcome = await trainForecast({
          onSearch: studyOut ? ({ key, y, search }) => searches.set(key, { y, search }) : undefined,
          columns: task.columns,
          dateField: task.dateField,
          valueField: task.valueField,
          groupField: task.groupField,
          horizon: task.h,
          budgetSeconds: budget,
        });
        const seconds = (performance.now() - t0) / 1000;
        if (task.groupField) done.set(task.file, outcome);
        result = scoreOutcome(task, outcome, seconds);
        if (studyOut) for (const t of tasks.filter((x) => x.file === task.file)) study.push(studyOf(t, budget, searches.get(t.group)));
      }
      if (!ours.has(task.name)) ours.set(task.name, new Map());
      ours.get(task.name)!.set(budget, result);
      console.error(`${task.name} @${budget}: MASE ${f3(result.mase)} (${result.seconds.toFixed(1)} s) ${result.method}`);
    }
  }

  const header = [
    "series",
    "n",
    "h",
    ...budgets.flatMap((b) => [`MASE@${b}`, `cov80@${b}`, `cov95@${b}`, `t@${b}`]),
    ...(useR ? ["ets()", "auto.arima()", "snaive()", "best of ets/arima"] : []),
    ...budgets.map((b) => `<=best@${b}`),
  ];
  const lines = [`| ${header.join(" | ")} |`, `| ${header.map(() => "---").join(" | ")} |`];
  const sums: Record<string, number> = {};
  const add = (k: string, v: number) => (sums[k] = (sums[k] ?? 0) + v);
  for (const task of tasks) {
    const o = ours.get(task.name)!;
    const rr = r.get(task.name) ?? {};
    const best = Math.min(rr.ets?.mase ?? Infinity, rr.arima?.mase ?? Infinity);
    const cells = [task.name, String(task.train.length + task.h), String(task.h)];
    for (const b of budgets) {
      const x = o.get(b)!;
      cells.push(f3(x.mase), pct(x.c80), pct(x.c95), `${x.seconds.toFixed(1)}s`);
      add(`mase${b}`, x.mase);
      add(`c80${b}`, x.c80);
      add(`c95${b}`, x.c95);
      add(`t${b}`, x.seconds);
      if (x.mase <= best + 1e-9) add(`win${b}`, 1);
    }
    if (useR) {
      cells.push(f3(rr.ets?.mase), f3(rr.arima?.mase), f3(rr.snaive?.mase), f3(best));
      add("ets", rr.ets?.mase ?? NaN);
      add("arima", rr.arima?.mase ?? NaN);
      add("snaive", rr.snaive?.mase ?? NaN);
      add("best", best);
      add("etsc80", rr.ets?.c80 ?? NaN);
      add("etsc95", rr.ets?.c95 ?? NaN);
      add("arimac80", rr.arima?.c80 ?? NaN);
      add("arimac95", rr.arima?.c95 ?? NaN);
    }
    for (const b of budgets) cells.push(o.get(b)!.mase <= best + 1e-9 ? "yes" : "no");
    lines.push(`| ${cells.join(" | ")} |`);
  }
  const n = tasks.length;
  const avg = ["**mean**", "", ""];
  for (const b of budgets)
    avg.push(`**${f3(sums[`mase${b}`] / n)}**`, pct(sums[`c80${b}`] / n), pct(sums[`c95${b}`] / n), `${(sums[`t${b}`] / n).toFixed(1)}s`);
  if (useR) avg.push(f3(sums.ets / n), f3(sums.arima / n), f3(sums.snaive / n), f3(sums.best / n));
  for (const b of budgets) avg.push(`${sums[`win${b}`] ?? 0}/${n}`);
  lines.push(`| ${avg.join(" | ")} |`);
  console.log(lines.join("\n"));
  if (useR) {
    console.log(
      `\nR interval coverage (80% / 95%): ets() ${pct(sums.etsc80 / n)} / ${pct(sums.etsc95 / n)}, auto.arima() ${pct(sums.arimac80 / n)} / ${pct(sums.arimac95 / n)}`,
    );
    for (const b of budgets) {
      const mean = sums[`mase${b}`] / n;
      const checks = [
        `mean MASE ${f3(mean)} vs ets() ${f3(sums.ets / n)}, auto.arima() ${f3(sums.arima / n)}, per-series best ${f3(sums.best / n)}`,
        `at or below the per-series best on ${sums[`win${b}`] ?? 0}/${n}`,
        `coverage 80%: ${pct(sums[`c80${b}`] / n)}, 95%: ${pct(sums[`c95${b}`] / n)}`,
      ];
      console.log(`budget ${b}: ${checks.join("; ")}`);
    }
  }
  if (studyOut) {
    for (const s of study) {
      const rr = r.get(s.name);
      s.r = rr ? { ets: rr.ets?.mase ?? null, arima: rr.arima?.mase ?? null } : null;
    }
    fs.writeFileSync(studyOut, JSON.stringify(study));
  }
  if (jsonOut)
    fs.writeFileSync(
      jsonOut,
      JSON.stringify(
        { set, budgets, tasks: tasks.map((t) => ({ name: t.name, ours: Object.fromEntries(ours.get(t.name)!), r: r.get(t.name) ?? null })) },
        null,
        2,
      ),
    );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
