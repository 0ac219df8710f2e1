// Which candidate (or combination) the backtest picks vs what the held-out points would have
// preferred, from the dump of `npm run bench:forecast -- --study <file>`: selection rules (and
// interval calibrations) are replayed on the stored forecasts without refitting anything, so an
// idea is judged on the benchmark and the dev series, at both budgets, in a second.
//
//   npm run bench:forecast -- --study /tmp/bench.json
//   npm run bench:forecast -- --set dev --study /tmp/dev.json
//   npx tsx scripts/forecast-selection-study.ts /tmp/bench.json /tmp/dev.json
//   env: PER=1 (per-series MASE), ORACLE=1 (every candidate's backtest / held-out MASE),
//        DROP=1 (each method left out in turn), DROPSETS="a,b;c" (sets left out together), BIAS_ADJUST=1 (log models' mean instead of median)
//        LAMBDA=<file> (lines "series,lambda" from R's BoxCox.lambda: log twins gated by Guerrero's lambda)
//
// "current" replays the engine's rule (lib/forecast/search.ts) and must reproduce the bench.
import fs from "node:fs";
import { calibrate, stepFactor } from "../lib/forecast/intervals";
import type { StudySeries } from "./bench-forecast";

/** One series of a `bench:forecast -- --study` dump, as that script writes it. */
type Series = StudySeries;
type Cand = Series["candidates"][number];

const files = process.argv.slice(2);
const all: { set: string; s: Series }[] = files.flatMap((f) => (JSON.parse(fs.readFileSync(f, "utf8")) as Series[]).map((s) => ({ set: f, s })));

if (process.env.BIAS_ADJUST) {
  // Log models forecast the median; the mean is median * exp(sd_log^2 / 2), sd_log = spread / median
  // (BIAS_ADJUST=capX caps sd_log at X).
  const mode = process.env.BIAS_ADJUST;
  const cap = mode.startsWith("cap") ? Number(mode.slice(3)) : Infinity;
  const adj = (f: number, sd: number) => f * Math.exp(Math.min(cap, sd / f) ** 2 / 2);
  for (const { s } of all)
    for (const c of s.candidates) {
      if (!c.id.endsWith("-log")) continue;
      c.backtest = c.backtest.map((w, i) => w.map((f, k) => adj(f, c.spreads[i][k])));
      c.holdout = c.holdout.map((f, k) => adj(f, c.holdoutSpread[k]));
    }
}

const mean = (xs: number[][]) => xs[0].map((_, k) => xs.reduce((a, x) => a + x[k], 0) / xs.length);
const median = (xs: number[][]) =>
  xs[0].map((_, k) => {
    const c = xs.map((x) => x[k]).sort((a, b) => a - b);
    const m = c.length >> 1;
    return c.length % 2 ? c[m] : (c[m - 1] + c[m]) / 2;
  });
const holdoutMase = (s: Series, f: number[]) => {
  let e = 0;
  let n = 0;
  s.test.forEach((a, k) => {
    if (!Number.isFinite(a)) return;
    e += Math.abs(a - f[k]);
    n++;
  });
  return e / n / s.scale;
};
/** Backtest MASE, windows weighted (ascending origins; default equal). */
const btScore = (s: Series, f: number[][], weights?: number[]) => {
  let e = 0;
  let c = 0;
  s.actuals.forEach((a, w) => {
    const wt = weights ? weights[w] : 1;
    for (let k = 0; k < a.length; k++) {
      e += wt * Math.abs(a[k] - f[w][k]);
      c += wt;
    }
  });
  return e / c / s.searchScale;
};
const windowMae = (a: number[], f: number[]) => a.reduce((acc, v, k) => acc + Math.abs(v - f[k]), 0);

type Combine = "mean" | "median";
interface Option {
  members: Cand[];
  combine: Combine;
  bt: number;
  single: boolean;
  weights?: number[];
}
const btGeo = (s: Series, f: number[][]) => {
  let acc = 0;
  s.actuals.forEach((a, w) => {
    acc += Math.log(Math.max(1e-12, windowMae(a, f[w]) / a.length));
  });
  return Math.exp(acc / s.actuals.length) / s.searchScale;
};
const btRms = (s: Series, f: number[][]) => {
  let e = 0;
  let c = 0;
  s.actuals.forEach((a, w) => {
    for (let k = 0; k < a.length; k++) {
      e += (a[k] - f[w][k]) ** 2;
      c++;
    }
  });
  return Math.sqrt(e / c) / s.searchScale;
};
const weightedOf = (members: Cand[], wts: number[]) => {
  const tot = wts.reduce((a, b) => a + b, 0);
  const wmean = (xs: number[][]) => xs[0].map((_, k) => xs.reduce((a, x, i) => a + (wts[i] / tot) * x[k], 0));
  return {
    backtest: members[0].backtest.map((_, w) => wmean(members.map((m) => m.backtest[w]))),
    holdout: wmean(members.map((m) => m.holdout)),
  };
};
type Rule = (s: Series) => Option;

function combineOf(members: Cand[], combine: Combine) {
  const f = combine === "mean" ? mean : median;
  return {
    backtest: members[0].backtest.map((_, w) => f(members.map((m) => m.backtest[w]))),
    spreads: members[0].spreads.map((_, w) => mean(members.map((m) => m.spreads[w]))),
    holdout: f(members.map((m) => m.holdout)),
    holdoutSpread: mean(members.map((m) => m.holdoutSpread)),
  };
}

interface RuleOptions {
  /** Share by which a single method must beat the best average (the engine: 0.05). */
  penalty?: number;
  /** Largest average of the top k (the engine: 4). */
  maxK?: number;
  /** Window weights decay^(age in windows): recent origins count more. */
  decay?: number;
  windowWeights?: number[];
  /** Averages of k >= 3 members are medians. */
  median?: boolean;
  /** The top-k average's score is raised by sizePenalty * (k - 2): fewer members unless clearly better. */
  sizePenalty?: number;
  /** Only the best of each family (a model and its log twin, ETS and damped ETS, STL + X and X). */
  family?: boolean;
  /** No selection: the mean of every candidate within this share of the best score (at most maxK). */
  within?: number;
  /** No selection: always the mean of the top k. */
  fixedK?: number;
  /** Best subset (2+ members) of the top n, instead of prefixes only. */
  subsets?: number;
  /** Fixed combinations (method ids) offered as options; onlyFixed: always that combination. */
  fixed?: string[][];
  fixedCombine?: Combine;
  fixedBonus?: number;
  onlyFixed?: boolean;
  /** The single wins only when it beats the best average in at least this share of windows. */
  consistent?: number;
  /** Methods left out (comma-separated ids). */
  drop?: string;
  /** Only these methods (comma-separated ids). */
  keep?: string;
  /** Log candidates left out where Guerrero's Box-Cox lambda (LAMBDA file) exceeds this. */
  logGate?: number;
  /** Averages weighted by 1 / backtest score^power instead of equally. */
  inverseWeights?: number;
  /** Backtest score = root mean squared scaled error instead of the mean absolute one. */
  squared?: boolean;
  /** Offer the mean of the best ETS-family and the best ARIMA-family candidate (and Theta) when their scores lie within this share of each other. */
  pairWithin?: number;
  pairTheta?: boolean;
  /** Backtest score = geometric mean of the windows' MAE (robust to one bad window). */
  geometric?: boolean;
}

function rule(opts: RuleOptions): Rule {
  return (s) => {
    const W = s.actuals.length;
    const weights = opts.windowWeights ?? (opts.decay ? s.actuals.map((_, w) => opts.decay! ** (W - 1 - w)) : undefined);
    let cands = s.candidates
      .filter((c) => !opts.drop?.split(",").includes(c.id) && (!opts.keep || opts.keep.split(",").includes(c.id)))
      .filter((c) => opts.logGate === undefined || !c.id.endsWith("-log") || !((lambdas.get(s.name) ?? 0) > opts.logGate))
      .map((c) => ({ c, bt: opts.geometric ? btGeo(s, c.backtest) : opts.squared ? btRms(s, c.backtest) : btScore(s, c.backtest, weights) }))
      .sort((a, b) => a.bt - b.bt);
    if (opts.family) {
      const fam = (id: string) =>
        id
          .replace(/-log$/, "")
          .replace(/^ets-damped$/, "ets")
          .replace(/^stl-/, "");
      const seen = new Set<string>();
      cands = cands.filter((x) => !seen.has(fam(x.c.id)) && seen.add(fam(x.c.id)));
    }
    if (opts.within !== undefined) {
      const members = cands
        .filter((x) => x.bt <= cands[0].bt * (1 + opts.within!))
        .slice(0, opts.maxK ?? 4)
        .map((x) => x.c);
      return { members, combine: "mean", bt: 0, single: members.length === 1 };
    }
    if (opts.fixedK !== undefined) {
      const members = cands.slice(0, opts.fixedK).map((x) => x.c);
      return { members, combine: "mean", bt: 0, single: members.length === 1 };
    }
    const list: Option[] = [{ members: [cands[0].c], combine: "mean", bt: cands[0].bt, single: true }];
    for (let k = 2; k <= Math.min(opts.maxK ?? 4, cands.length); k++) {
      const members = cands.slice(0, k).map((x) => x.c);
      if (opts.inverseWeights !== undefined) {
        const wts = cands.slice(0, k).map((x) => x.bt ** -opts.inverseWeights!);
        const wc = weightedOf(members, wts);
        list.push({ members, combine: "mean", bt: opts.squared ? btRms(s, wc.backtest) : btScore(s, wc.backtest, weights), single: false, weights: wts });
        continue;
      }
      if (opts.squared || opts.geometric) {
        const b = combineOf(members, "mean").backtest;
        list.push({ members, combine: "mean", bt: opts.geometric ? btGeo(s, b) : btRms(s, b), single: false });
        continue;
      }
      const combine = opts.median && k >= 3 ? "median" : "mean";
      const bt = btScore(s, combineOf(members, combine).backtest, weights) * (1 + (opts.sizePenalty ?? 0) * (k - 2));
      list.push({ members, combine, bt, single: false });
    }
    if (opts.subsets) {
      const top = cands.slice(0, opts.subsets).map((x) => x.c);
      for (let mask = 1; mask < 1 << top.length; mask++) {
        const members = top.filter((_, i) => mask & (1 << i));
        if (members.length >= 2) list.push({ members, combine: "mean", bt: btScore(s, combineOf(members, "mean").backtest, weights), single: false });
      }
    }
    for (const ids of opts.fixed ?? []) {
      const members = ids.map((id) => s.candidates.find((c) => c.id === id)).filter((c): c is Cand => !!c);
      if (members.length < 2) continue;
      const combine = opts.fixedCombine ?? "mean";
      const bt = btScore(s, combineOf(members, combine).backtest, weights) * (1 - (opts.fixedBonus ?? 0));
      if (opts.onlyFixed) return { members, combine, bt, single: false };
      list.push({ members, combine, bt, single: false });
    }
    if (opts.pairWithin !== undefined) {
      const e = cands.find((x) => x.c.id.startsWith("ets"));
      const a = cands.find((x) => x.c.id.startsWith("arima"));
      const th = cands.find((x) => x.c.id === "theta");
      if (e && a && Math.max(e.bt, a.bt) <= Math.min(e.bt, a.bt) * (1 + opts.pairWithin)) {
        const members = [e.c, a.c, ...(opts.pairTheta && th ? [th.c] : [])];
        list.push({ members, combine: "mean", bt: btScore(s, combineOf(members, "mean").backtest, weights) * (1 - (opts.fixedBonus ?? 0)), single: false });
      }
    }
    if (opts.consistent !== undefined) {
      const single = list[0];
      const ens = list.filter((o) => !o.single).sort((a, b) => a.bt - b.bt)[0];
      if (!ens || single.bt > ens.bt) return ens ?? single;
      const ef = combineOf(ens.members, "mean").backtest;
      const wins = s.actuals.filter((a, w) => windowMae(a, single.members[0].backtest[w]) < windowMae(a, ef[w])).length;
      return wins >= opts.consistent * W ? single : ens;
    }
    const p = 1 + (opts.penalty ?? 0.05);
    list.sort((a, b) => (a.single ? a.bt * p : a.bt) - (b.single ? b.bt * p : b.bt));
    return list[0];
  };
}

/** Bagged selection: the rule on bootstrap resamples of the windows, the chosen forecasts averaged. */
function bagged(B: number, seed: number, base: RuleOptions = {}) {
  return (s: Series): number[] => {
    let state = seed;
    const rand = () => {
      state = (state * 1103515245 + 12345) % 2147483648;
      return state / 2147483648;
    };
    const W = s.actuals.length;
    const outs: number[][] = [];
    for (let b = 0; b < B; b++) {
      const weights = new Array(W).fill(0);
      for (let i = 0; i < W; i++) weights[Math.floor(rand() * W)]++;
      const o = rule({ ...base, windowWeights: b === 0 ? undefined : weights })(s);
      outs.push(combineOf(o.members, o.combine).holdout);
    }
    return mean(outs);
  };
}

// LAMBDA=<file> (lines "series,lambda": R's BoxCox.lambda(train, lower = -1, upper = 2), Guerrero's method).
const lambdas = new Map<string, number>(
  process.env.LAMBDA
    ? fs
        .readFileSync(process.env.LAMBDA, "utf8")
        .trim()
        .split("\n")
        .map((l) => [l.split(",")[0], Number(l.split(",")[1])] as [string, number])
    : [],
);
const COMB = ["ets", "arima", "theta"];
const rules: Record<string, (s: Series) => number[]> = {};
const addRule = (name: string, opts: RuleOptions) => {
  const r = rule(opts);
  rules[name] = (s) => {
    const o = r(s);
    if (o.weights) return weightedOf(o.members, o.weights).holdout;
    return combineOf(o.members, o.combine).holdout;
  };
};
addRule("current", {});
addRule("single penalty 0", { penalty: 0 });
addRule("single penalty 10%", { penalty: 0.1 });
addRule("top-k up to 3", { maxK: 3 });
addRule("top-k up to 6", { maxK: 6 });
addRule("size penalty 1%", { sizePenalty: 0.01 });
addRule("size penalty 2%", { sizePenalty: 0.02 });
addRule("median for k >= 3", { median: true, maxK: 5 });
addRule("recent windows x0.9", { decay: 0.9 });
addRule("recent windows x0.8", { decay: 0.8 });
addRule("one per family", { family: true });
addRule("within 5% of best", { within: 0.05 });
addRule("within 10% of best", { within: 0.1 });
addRule("always top 2", { fixedK: 2 });
addRule("always top 3", { fixedK: 3 });
addRule("best subset of top 4", { subsets: 4 });
addRule("comb ets+arima+theta option", { fixed: [COMB] });
addRule("comb option, 5% bonus", { fixed: [COMB], fixedBonus: 0.05 });
addRule("comb always", { fixed: [COMB], onlyFixed: true });
addRule("comb always (median)", { fixed: [COMB], onlyFixed: true, fixedCombine: "median" });
addRule("single if wins 60% windows", { consistent: 0.6 });
addRule("single if wins 80% windows", { consistent: 0.8 });
rules["bagged selection (50)"] = bagged(50, 1);
addRule("inverse-score weights", { inverseWeights: 1 });
addRule("inverse-score^2 weights", { inverseWeights: 2 });
addRule("RMSE scores", { squared: true });
addRule("RMSE scores, penalty 0", { squared: true, penalty: 0 });
addRule("geometric window scores", { geometric: true });
if (process.env.LAMBDA) {
  addRule("log models only if lambda <= 0.5", { logGate: 0.5 });
  addRule("log models only if lambda <= 0.25", { logGate: 0.25 });
}
addRule("ets+arima pair option (10%)", { pairWithin: 0.1 });
addRule("ets+arima pair option (10%), 5% bonus", { pairWithin: 0.1, fixedBonus: 0.05 });
addRule("ets+arima+theta option (10%), 5% bonus", { pairWithin: 0.1, pairTheta: true, fixedBonus: 0.05 });
addRule("ets+arima pair option (5%), 5% bonus", { pairWithin: 0.05, fixedBonus: 0.05 });
addRule("RMSE scores, penalty 10%", { squared: true, penalty: 0.1 });
addRule("RMSE scores, top-k up to 3", { squared: true, maxK: 3 });
addRule("RMSE scores, inverse weights", { squared: true, inverseWeights: 1 });
addRule("pool ets,arima", { keep: "ets,arima" });
addRule("pool ets,arima,theta", { keep: "ets,arima,theta" });
addRule("pool ets,arima + logs", { keep: "ets,arima,ets-log,arima-log" });
addRule("pool R-like (ets,arima,theta,snaive,logs)", { keep: "ets,arima,ets-log,arima-log,theta,snaive,ets-damped,ets-damped-log" });
const ids = [...new Set(all.flatMap(({ s }) => s.candidates.map((c) => c.id)))];
if (process.env.DROP) for (const id of ids) addRule(`without ${id}`, { drop: id });
// DROPSETS="a,b;c": each set of methods left out together (a smaller candidate pool).
for (const set of process.env.DROPSETS?.split(";") ?? []) addRule(`without ${set}`, { drop: set });

/** Interval variants on the engine's choice: coverage of the held-out points. */
const current = rule({});
const calibrations: Record<string, (s: Series, o: Option) => { q80: number; q95: number; steps?: number[] }> = {
  current: (s, o) => {
    const c = combineOf(o.members, o.combine);
    const errors = s.actuals.map((a, w) => Float64Array.from(a, (v, k) => v - c.backtest[w][k]));
    return calibrate({ errors, spreads: c.spreads.map((x) => Float64Array.from(x)), origins: s.origins });
  },
};
// Backtests of the chosen option are optimistic (it was chosen for its small errors): evidence that
// the model's own sd is too wide counts only this share towards narrowing the interval.
for (const share of [1, 0.5])
  calibrations[share === 1 ? "never below model sd" : `narrowing x${share}`] = (s, o) => {
    const c = calibrations.current(s, o);
    const z80 = 1.2815515655446004;
    const z95 = 1.959963984540054;
    const q80 = c.q80 < z80 ? z80 - share * (z80 - c.q80) : c.q80;
    const q95 = c.q95 < z95 ? z95 - share * (z95 - c.q95) : c.q95;
    return { ...c, q80: share === 1 ? Math.max(c.q80, z80) : q80, q95: share === 1 ? Math.max(c.q95, z95) : q95 };
  };
for (const factor of [1.05, 1.1])
  calibrations[`widened x${factor}`] = (s, o) => {
    const c = calibrations.current(s, o);
    return { ...c, q80: c.q80 * factor, q95: c.q95 * factor };
  };

console.log("candidate ids:", ids.join(", "));
for (const set of files) {
  for (const budget of [...new Set(all.filter((x) => x.set === set).map((x) => x.s.budget))]) {
    const series = all.filter((x) => x.set === set && x.s.budget === budget).map((x) => x.s);
    console.log(`\n## ${set} budget ${budget} (${series.length} series): mean held-out MASE, at or below the best of R's ets()/auto.arima()`);
    for (const [name, r] of Object.entries(rules)) {
      let sum = 0;
      let wins = 0;
      const per: string[] = [];
      for (const s of series) {
        const m = holdoutMase(s, r(s));
        sum += m;
        if (m <= Math.min(s.r?.ets ?? Infinity, s.r?.arima ?? Infinity) + 1e-9) wins++;
        per.push(m.toFixed(3));
      }
      console.log(`${name.padEnd(30)} ${(sum / series.length).toFixed(3)}  ${wins}/${series.length}  ${process.env.PER ? per.join(" ") : ""}`);
    }
    for (const [name, cal] of Object.entries(calibrations)) {
      let c80 = 0;
      let c95 = 0;
      for (const s of series) {
        const o = current(s);
        const c = combineOf(o.members, o.combine);
        const q = cal(s, o);
        let a80 = 0;
        let a95 = 0;
        let n = 0;
        s.test.forEach((y, k) => {
          if (!Number.isFinite(y)) return;
          n++;
          const sd = c.holdoutSpread[k] * stepFactor(q, k);
          if (Math.abs(y - c.holdout[k]) <= q.q80 * sd) a80++;
          if (Math.abs(y - c.holdout[k]) <= q.q95 * sd) a95++;
        });
        c80 += a80 / n;
        c95 += a95 / n;
      }
      console.log(`intervals ${name.padEnd(20)} coverage ${((100 * c80) / series.length).toFixed(1)}% / ${((100 * c95) / series.length).toFixed(1)}%`);
    }
    if (process.env.ORACLE)
      for (const s of series) {
        const best = Math.min(s.r?.ets ?? Infinity, s.r?.arima ?? Infinity);
        const cs = s.candidates.map((c) => `${c.id}:${c.score.toFixed(2)}/${holdoutMase(s, c.holdout).toFixed(2)}`).join(" ");
        console.log(`${s.name} R best ${best.toFixed(3)}, chosen ${s.chosen.ids.join("+")} | backtest/held-out ${cs}`);
      }
  }
}
