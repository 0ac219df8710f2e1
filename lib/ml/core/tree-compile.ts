// Trees compiled to JavaScript for serving. An interpreted traversal loads a node's feature,
// threshold and child from arrays and then branches on data it just loaded; a compiled tree is a
// nest of `if`s with the thresholds as constants, which V8 turns into straight compares and
// branches (about 2.5x the throughput on adult's 300-tree models). Only numbers from typed arrays
// reach the generated source, so an artifact cannot inject code.

/** The parts of a TreeEnsemble the compiler reads (all indices global, as in TreeEnsemble). */
export interface CompilableTrees {
  treeRoot: Int32Array;
  nodeFeature: Int32Array;
  nodeThreshold: Float64Array;
  nodeFlags: Uint8Array;
  nodeLeft: Int32Array;
  nodeRight: Int32Array;
  /** Per feature: largest category count used in a split (-1 = numeric); rows are sanitized to 0..k+1. */
  predCatK: Int32Array;
  predCatStart: Int32Array;
  predCatBits: Uint32Array;
}

/** Reads one sanitized row of a row-major block at offset `o`; returns the leaf's value index. */
export type CompiledTree = (block: Float64Array, o: number) => number;

// V8 optimizes functions up to about 60 KB of bytecode; bigger trees stay interpreted (arrays).
const MAX_NODES_PER_TREE = 1500;
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

function treeSource(t: CompilableTrees, root: number): string {
  const emit = (n: number): string => {
    const f = t.nodeFeature[n] | 0;
    if (f < 0) return `return ${t.nodeLeft[n] | 0};`;
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
  return emit(root);
}

/** One function per tree, or null for trees left to the array traversal (too big, or past the total cap). */
export function compileTrees(t: CompilableTrees): (CompiledTree | null)[] {
  let budget = MAX_COMPILED_NODES;
  const out: (CompiledTree | null)[] = [];
  for (let i = 0; i < t.treeRoot.length; i++) {
    const size = treeSize(t, t.treeRoot[i]);
    if (size > MAX_NODES_PER_TREE || size > budget) {
      out.push(null);
      continue;
    }
    budget -= size;
    const source = `"use strict"; return function tree${i}(b, o) { ${treeSource(t, t.treeRoot[i])} };`;
    out.push(new Function("P", source)(t.predCatBits) as CompiledTree);
  }
  return out;
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
      else if (k >= 0) column[r] = Math.floor(random() * (k + 1)); // k = a category no split has seen
      else if (thresholds[f].length === 0) column[r] = random();
      else {
        const th = thresholds[f][Math.floor(random() * thresholds[f].length)];
        column[r] = random() < 0.5 ? th : th + Math.max(1e-9, Math.abs(th) * 1e-9);
      }
    }
    return column;
  });
}
