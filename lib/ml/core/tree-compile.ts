// Trees compiled to JavaScript for serving. An interpreted traversal loads a node's feature,
// threshold and child from arrays and then branches on data it just loaded; compiled trees are
// nests of `if`s with thresholds and leaf values as constants, which V8 turns into straight
// compares and branches (about 2.5x the throughput on adult's 300-tree models). Consecutive trees
// share one function that loops over the rows itself, so V8 optimizes it during its first long
// call (on-stack replacement) and no call is paid per tree. Only numbers from typed arrays reach
// the generated source, so an artifact cannot inject code.

/** The parts of a TreeEnsemble the compiler reads (all indices global, as in TreeEnsemble). */
export interface CompilableTrees {
  treeRoot: Int32Array;
  treeOutput: Int32Array;
  nodeFeature: Int32Array;
  nodeThreshold: Float64Array;
  nodeFlags: Uint8Array;
  nodeLeft: Int32Array;
  nodeRight: Int32Array;
  leafValues: Float64Array;
  /** Raw outputs per row (classes for multiclass, else 1). */
  outputs: number;
  /** Per feature: largest category count used in a split (-1 = numeric); rows are sanitized to 0..k+1. */
  predCatK: Int32Array;
  predCatStart: Int32Array;
  predCatBits: Uint32Array;
}

/**
 * Adds the group's trees to `out` for `rows` rows of a row-major sanitized block (`features`
 * values per row); row i's outputs start at out[outBase + i * outputs].
 */
export type CompiledGroup = (block: Float64Array, features: number, rows: number, out: Float64Array, outBase: number) => void;

export interface TreeGroup {
  /** Trees [first, end) in ensemble order. */
  first: number;
  end: number;
  run: CompiledGroup;
}

// V8 optimizes functions up to about 60 KB of bytecode (~15 bytes per node): a bigger tree stays
// with the array traversal. Small trees share a function up to a few hundred nodes, which V8
// optimizes sooner than one big function.
const MAX_NODES_PER_TREE = 2000;
const MAX_NODES_PER_GROUP = 400;
// Generated source grows ~60 bytes per node; past this the compile time outweighs the gain.
const MAX_COMPILED_NODES = 150_000;

const FLAG_DEFAULT_LEFT = 1;
const FLAG_CATEGORICAL = 2;

function literal(x: number): string {
  if (Number.isNaN(x)) return "NaN";
  if (x === Infinity) return "Infinity";
  if (x === -Infinity) return "-Infinity";
  return Object.is(x, -0) ? "-0" : String(x);
}

function treeSize(t: CompilableTrees, root: number): number {
  let count = 0;
  const stack = [root];
  while (stack.length) {
    const n = stack.pop()!;
    count++;
    if (t.nodeFeature[n] >= 0) stack.push(t.nodeLeft[n], t.nodeRight[n]);
  }
  return count;
}

/** Statements adding tree `tree`'s leaf for the row at `o` (features) / `q` (outputs) to `out`. */
function treeSource(t: CompilableTrees, tree: number): string {
  const output = t.treeOutput[tree];
  const leaf = (n: number): string => {
    const at = t.nodeLeft[n] | 0;
    if (output >= 0) return `out[q + ${output | 0}] += ${literal(t.leafValues[at])};`;
    let text = "";
    for (let k = 0; k < t.outputs; k++) text += `out[q + ${k}] += ${literal(t.leafValues[at + k])};`;
    return text;
  };
  const emit = (n: number): string => {
    const f = t.nodeFeature[n] | 0;
    if (f < 0) return leaf(n);
    const left = emit(t.nodeLeft[n]);
    const right = emit(t.nodeRight[n]);
    const flags = t.nodeFlags[n];
    if (flags & FLAG_CATEGORICAL) {
      const start = t.predCatStart[n] | 0;
      if (t.predCatK[f] + 2 <= 32) return `if ((${t.predCatBits[start] | 0} >>> b[o + ${f}]) & 1) { ${left} } else { ${right} }`;
      return `{ const c = b[o + ${f}] | 0; if ((P[${start} + (c >>> 5)] >>> (c & 31)) & 1) { ${left} } else { ${right} } }`;
    }
    // NaN fails every comparison: `<=` sends it right (default right), `>` sends it left.
    if (flags & FLAG_DEFAULT_LEFT) return `if (b[o + ${f}] > ${literal(t.nodeThreshold[n])}) { ${right} } else { ${left} }`;
    return `if (b[o + ${f}] <= ${literal(t.nodeThreshold[n])}) { ${left} } else { ${right} }`;
  };
  return emit(t.treeRoot[tree]);
}

function compileGroup(t: CompilableTrees, first: number, end: number): CompiledGroup {
  let body = "";
  for (let tree = first; tree < end; tree++) body += `${treeSource(t, tree)}\n`;
  const source =
    `"use strict"; return function trees_${first}_${end}(b, F, rows, out, outBase) {\n` +
    `for (let i = 0; i < rows; i++) { const o = i * F; const q = outBase + i * ${t.outputs | 0};\n${body}} };`;
  return new Function("P", source)(t.predCatBits) as CompiledGroup;
}

/** Groups of consecutive trees compiled to functions; trees in no group use the array traversal. */
export function compileTrees(t: CompilableTrees): TreeGroup[] {
  const groups: TreeGroup[] = [];
  let budget = MAX_COMPILED_NODES;
  let first = -1;
  let nodes = 0;
  const close = (end: number) => {
    if (first >= 0 && end > first) groups.push({ first, end, run: compileGroup(t, first, end) });
    first = -1;
    nodes = 0;
  };
  for (let tree = 0; tree < t.treeRoot.length; tree++) {
    const size = treeSize(t, t.treeRoot[tree]);
    if (size > MAX_NODES_PER_TREE || size > budget) {
      close(tree);
      continue;
    }
    if (nodes > 0 && nodes + size > MAX_NODES_PER_GROUP) close(tree);
    if (first < 0) first = tree;
    nodes += size;
    budget -= size;
  }
  close(t.treeRoot.length);
  return groups;
}

/**
 * Feature columns with one row per leaf of trees [first, end): each row follows the path to its
 * leaf (features no split on the path uses are missing). Running a compiled group on them gives
 * every comparison in it type feedback, so V8's optimized code never meets a branch it has not
 * seen (which would send it back to the interpreter in the middle of a real request).
 */
export function coverageColumns(t: CompilableTrees, features: number, first: number, end: number): Float64Array[] {
  const rows: Float64Array[] = [];
  const lo = new Float64Array(features).fill(-Infinity);
  const hi = new Float64Array(features).fill(Infinity);
  const path: { node: number; feature: number; left: boolean }[] = [];
  // The decision of a node for a raw value, exactly as the traversal makes it.
  const goesLeft = (node: number, raw: number): boolean => {
    const flags = t.nodeFlags[node];
    if ((flags & FLAG_CATEGORICAL) === 0) return raw <= t.nodeThreshold[node] || (raw !== raw && (flags & FLAG_DEFAULT_LEFT) !== 0);
    const k = t.predCatK[t.nodeFeature[node]];
    const c = raw !== raw ? k : raw >= 0 && raw < k && raw === Math.floor(raw) ? raw : k + 1;
    return ((t.predCatBits[t.predCatStart[node] + (c >>> 5)] >>> (c & 31)) & 1) === 1;
  };
  const leafRow = (): Float64Array | null => {
    const row = new Float64Array(features).fill(NaN);
    const done = new Set<number>();
    for (const { feature } of path) {
      if (done.has(feature)) continue;
      done.add(feature);
      const k = t.predCatK[feature];
      const candidates: number[] = [];
      if (k >= 0) {
        candidates.push(NaN, k + 5);
        for (let c = 0; c < k; c++) candidates.push(c);
      } else {
        const [a, b] = [lo[feature], hi[feature]];
        if (a < b) candidates.push(b === Infinity ? a + Math.max(1, Math.abs(a)) : a === -Infinity ? b : a + (b - a) / 2);
        candidates.push(NaN); // some splits send only missing values one way
      }
      const fits = candidates.find((raw) => path.every((step) => step.feature !== feature || goesLeft(step.node, raw) === step.left));
      if (fits === undefined) return null;
      row[feature] = fits;
    }
    return row;
  };
  const visit = (node: number): void => {
    const f = t.nodeFeature[node];
    if (f < 0) {
      const row = leafRow();
      if (row) rows.push(row);
      return;
    }
    const numeric = (t.nodeFlags[node] & FLAG_CATEGORICAL) === 0;
    for (const left of [true, false]) {
      const saved = left ? hi[f] : lo[f];
      if (numeric && left) hi[f] = Math.min(hi[f], t.nodeThreshold[node]);
      if (numeric && !left) lo[f] = Math.max(lo[f], t.nodeThreshold[node]);
      path.push({ node, feature: f, left });
      visit(left ? t.nodeLeft[node] : t.nodeRight[node]);
      path.pop();
      if (numeric && left) hi[f] = saved;
      if (numeric && !left) lo[f] = saved;
    }
  };
  for (let tree = first; tree < end; tree++) visit(t.treeRoot[tree]);
  return Array.from({ length: features }, (_, f) => Float64Array.from(rows, (r) => r[f]));
}

/**
 * Synthetic feature columns that visit both sides of most splits (values at and just above each
 * threshold, missing values, every category and an unseen one), so that a freshly compiled model
 * is optimized by V8 before the first real request instead of during it.
 */
export function warmUpColumns(t: CompilableTrees, features: number, rows: number, seed = 1): Float64Array[] {
  const thresholds: number[][] = Array.from({ length: features }, () => []);
  for (let n = 0; n < t.nodeFeature.length; n++) {
    const f = t.nodeFeature[n];
    if (f >= 0 && (t.nodeFlags[n] & FLAG_CATEGORICAL) === 0) thresholds[f].push(t.nodeThreshold[n]);
  }
  let state = seed >>> 0 || 1;
  const random = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
  return Array.from({ length: features }, (_, f) => {
    const column = new Float64Array(rows);
    const k = t.predCatK[f];
    for (let r = 0; r < rows; r++) {
      if (random() < 0.05) column[r] = NaN;
      else if (k >= 0)
        column[r] = Math.floor(random() * (k + 1)); // k = a category no split has seen
      else if (thresholds[f].length === 0) column[r] = random();
      else {
        const th = thresholds[f][Math.floor(random() * thresholds[f].length)];
        column[r] = random() < 0.5 ? th : th + Math.max(1e-9, Math.abs(th) * 1e-9);
      }
    }
    return column;
  });
}
