// Which candidate (or combination) the backtest picks vs what the held-out points would have
// preferred, from the dump of `npm run bench:forecast -- --study <file>`: selection rules are
// replayed on the stored forecasts without refitting anything.
//
//   npx tsx scripts/forecast-selection-study.ts /tmp/study.json [more dumps...]
import fs from "node:fs";

interface Cand {
  id: string;
  name: string;
  score: number;
  backtest: number[][];
  holdout: number[];
}
interface Series {
  name: string;
  budget: number;
  test: number[];
  scale: number;
  searchScale: number;
  actuals: number[][];
  chosen: { ids: string[]; combine: string; score: number };
  candidates: Cand[];
  r: { ets: number | null; arima: number | null } | null;
}

const files = process.argv.slice(2);
const all: { set: string; s: Series }[] = files.flatMap((f) => (JSON.parse(fs.readFileSync(f, "utf8")) as Series[]).map((s) => ({ set: f, s })));

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
/** Backtest score with window weights (ascending origins). */
const btScore = (s: Series, fs: number[][], weights?: number[]) => {
  let e = 0;
  let c = 0;
  s.actuals.forEach((a, w) => {
    const wt = weights ? weights[w] : 1;
    for (let k = 0; k < a.length; k++) {
      e += wt * Math.abs(a[k] - fs[w][k]);
      c += wt;
    }
  });
  return e / c / s.searchScale;
};

type Option = { label: string; members: Cand[]; combine: "mean" | "median"; bt: number; single: boolean };
type Rule = (s: Series) => Option;

function combineOf(members: Cand[], combine: "mean" | "median") {
  const f = combine === "mean" ? mean : median;
  return { backtest: members[0].backtest.map((_, w) => f(members.map((m) => m.backtest[w]))), holdout: f(members.map((m) => m.holdout)) };
}

function rule(opts: {
  family?: boolean;
  inverse?: boolean;
  median?: boolean;
  sizePenalty?: number;
  penalty?: number;
  decay?: number;
  maxK?: number;
  fixed?: string[][];
  fixedCombine?: "mean" | "median";
  fixedBonus?: number;
  onlyFixed?: boolean;
}): Rule {
  return (s) => {
    const W = s.actuals.length;
    const weights = opts.decay ? s.actuals.map((_, w) => Math.pow(opts.decay!, W - 1 - w)) : undefined;
    let cands = s.candidates.map((c) => ({ c, bt: btScore(s, c.backtest, weights) })).sort((a, b) => a.bt - b.bt);
    if (opts.family) {
      // One member per family (a model and its log twin, ETS and damped ETS are near-duplicates).
      const fam = (id: string) =>
        id
          .replace(/-log$/, "")
          .replace(/^ets-damped$/, "ets")
          .replace(/^stl-/, "");
      const seen = new Set<string>();
      const first = cands[0];
      cands = cands.filter((x) => (seen.has(fam(x.c.id)) ? false : (seen.add(fam(x.c.id)), true)));
      if (cands[0] !== first) cands.unshift(first);
    }
    const list: Option[] = [{ label: cands[0].c.id, members: [cands[0].c], combine: "mean", bt: cands[0].bt, single: true }];
    for (let k = 2; k <= Math.min(opts.maxK ?? 4, cands.length); k++) {
      const members = cands.slice(0, k).map((x) => x.c);
      const combine = opts.median && k >= 3 ? "median" : "mean";
      const bt = btScore(s, combineOf(members, combine).backtest, weights) * (1 + (opts.sizePenalty ?? 0) * (k - 2));
      list.push({ label: `top${k}`, members, combine, bt, single: false });
    }
    for (const ids of opts.fixed ?? []) {
      for (const alt of [ids]) {
        const members = alt.map((id) => s.candidates.find((c) => c.id === id)).filter((c): c is Cand => !!c);
        if (members.length < 2) continue;
        const combine = opts.fixedCombine ?? "mean";
        const bt = btScore(s, combineOf(members, combine).backtest, weights) * (1 - (opts.fixedBonus ?? 0));
        if (opts.onlyFixed) return { label: "fixed", members, combine, bt, single: false };
        list.push({ label: `fixed:${alt.join("+")}`, members, combine, bt, single: false });
      }
    }
    const p = 1 + (opts.penalty ?? 0.05);
    list.sort((a, b) => (a.single ? a.bt * p : a.bt) - (b.single ? b.bt * p : b.bt));
    return list[0];
  };
}

const rules: Record<string, Rule> = {
  current: rule({}),
  "decay0.8": rule({ decay: 0.8 }),
  "decay0.9": rule({ decay: 0.9 }),
  "comb ets+arima+theta (option)": rule({ fixed: [["ets", "arima", "theta"]] }),
  "comb median (option)": rule({ fixed: [["ets", "arima", "theta"]], fixedCombine: "median" }),
  "comb always": rule({ fixed: [["ets", "arima", "theta"]], onlyFixed: true }),
  "comb always median": rule({ fixed: [["ets", "arima", "theta"]], onlyFixed: true, fixedCombine: "median" }),
  "comb+damped option": rule({ fixed: [["ets", "arima", "theta", "ets-damped"]] }),
  "comb option bonus5%": rule({ fixed: [["ets", "arima", "theta"]], fixedBonus: 0.05 }),
  "penalty 0": rule({ penalty: 0 }),
  family: rule({ family: true }),
  "family p0": rule({ family: true, penalty: 0 }),
  "median k>=3": rule({ median: true, maxK: 5 }),
  "size penalty 1%": rule({ sizePenalty: 0.01 }),
  "size penalty -1%": rule({ sizePenalty: -0.01, maxK: 5 }),
  "penalty 0.1": rule({ penalty: 0.1 }),
  "maxK 3": rule({ maxK: 3 }),
  "maxK 6": rule({ maxK: 6 }),
};

const ids = [...new Set(all.flatMap(({ s }) => s.candidates.map((c) => c.id)))];
console.log("candidate ids:", ids.join(", "));
for (const set of files) {
  for (const budget of [...new Set(all.filter((x) => x.set === set).map((x) => x.s.budget))]) {
    const series = all.filter((x) => x.set === set && x.s.budget === budget).map((x) => x.s);
    console.log(`\n## ${set} budget ${budget} (${series.length} series)`);
    for (const [name, r] of Object.entries(rules)) {
      let sum = 0;
      let wins = 0;
      const per: string[] = [];
      for (const s of series) {
        const o = r(s);
        const m = holdoutMase(s, combineOf(o.members, o.combine).holdout);
        sum += m;
        const best = Math.min(s.r?.ets ?? Infinity, s.r?.arima ?? Infinity);
        if (m <= best + 1e-9) wins++;
        per.push(m.toFixed(3));
      }
      console.log(`${name.padEnd(32)} mean ${(sum / series.length).toFixed(3)}  <=best ${wins}/${series.length}  ${process.env.PER ? per.join(" ") : ""}`);
    }
    if (process.env.ORACLE) {
      for (const s of series) {
        const best = Math.min(s.r?.ets ?? Infinity, s.r?.arima ?? Infinity);
        const cs = s.candidates.map((c) => `${c.id}:${c.score.toFixed(2)}/${holdoutMase(s, c.holdout).toFixed(2)}`).join(" ");
        console.log(`${s.name} best ${best.toFixed(3)} chosen ${s.chosen.ids.join("+")} | ${cs}`);
      }
    }
  }
}
