// Seeded row splits: a stratified holdout for honest statistics and train/validation splits for search.
import { Rng } from "./core/random";

export function shuffleIndices(n: number, seed: number): Int32Array {
  const rng = new Rng(seed);
  const idx = new Int32Array(n);
  for (let i = 0; i < n; i++) idx[i] = i;
  for (let i = n - 1; i > 0; i--) {
    const j = rng.nextInt(i + 1);
    const t = idx[i];
    idx[i] = idx[j];
    idx[j] = t;
  }
  return idx;
}

/**
 * Splits rows 0..n-1 into (rest, part) with `fraction` of the rows in part. With `strata` (class index
 * per row), each class contributes its own share, so rare classes appear on both sides.
 */
export function splitRows(n: number, fraction: number, seed: number, strata?: ArrayLike<number>): { rest: Int32Array; part: Int32Array } {
  const order = shuffleIndices(n, seed);
  const partList: number[] = [];
  const restList: number[] = [];
  if (strata) {
    const groups = new Map<number, number[]>();
    for (let i = 0; i < n; i++) {
      const r = order[i];
      const g = strata[r];
      let list = groups.get(g);
      if (!list) groups.set(g, (list = []));
      list.push(r);
    }
    for (const g of [...groups.keys()].sort((a, b) => a - b)) {
      const list = groups.get(g)!;
      // A class with >= 2 rows keeps at least one row on each side.
      let take = Math.round(list.length * fraction);
      if (list.length >= 2) take = Math.min(list.length - 1, Math.max(1, take));
      for (let i = 0; i < list.length; i++) (i < take ? partList : restList).push(list[i]);
    }
  } else {
    const take = Math.round(n * fraction);
    for (let i = 0; i < n; i++) (i < take ? partList : restList).push(order[i]);
  }
  return { rest: Int32Array.from(restList).sort(), part: Int32Array.from(partList).sort() };
}

export function takeRows(values: Float64Array, rows: Int32Array): Float64Array {
  const out = new Float64Array(rows.length);
  for (let i = 0; i < rows.length; i++) out[i] = values[rows[i]];
  return out;
}
