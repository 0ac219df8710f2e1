// Exact TreeSHAP with per-leaf precomputation (the idea of Fast TreeSHAP v2, Yang 2021), about
// 20-40x faster than the recursion in treeshap.ts, which stays as the reference implementation.
//
// For one leaf with value v, let P be the distinct features on its root path (d of them), z_j the
// product of the cover fractions of the path's splits on feature j, and o_j = 1 when the row takes
// the path's side at every split on j. TreeSHAP's values are the Shapley values of the game
// g(S) = v * prod_{j in S} o_j * prod_{j in P \ S} z_j. With A = {j : o_j = 1} (a bit mask over P),
// B = P \ A and Y(U) = sum_{S subset of U} w(|S|) prod_{j in U \ S} z_j (w(k) = k!(d-k-1)!/d!):
//   i in B: phi_i = -v * Z_B * Y(A)
//   i in A: phi_i = v * (1 - z_i) * Z_B * Y(A \ i) = v * (1 - z_i) / z_i * T(A \ i)
// where T(U) = Z_{P \ U} * Y(U) depends only on the leaf and the mask. So each leaf keeps a table
// T of 2^d values, built once per model, and a row costs one pass over each tree that yields the
// mask of every leaf, then d table reads per leaf: O(trees * leaves * d) per row instead of
// O(trees * leaves * d^2) with a much larger constant for the recursion.
//
// Two sibling leaves (single-output trees) are one unit: their masks differ only on the parent's
// feature and the other z_k are equal, so summed tables U = T_left + T_right (indexed by the left
// mask plus one bit of the right) serve both, and the parent's feature has its own table V: d + 1
// reads per row for the pair instead of 2d, for 4 * 2^d table values instead of 2 * 2^d.
//
// Leaves whose table would be too big (d > MAX_TABLE_FEATURES or the model's table budget spent),
// or with a zero cover fraction, compute Y from the mask with elementary symmetric polynomials
// (O(d^2), still exact); trees with a path of more than 30 distinct features use the reference.
//
// Batches (explainPatterns): the masks of all leaves of a tree follow from the row's decisions at
// the tree's internal nodes, so rows with the same decision pattern get the same contributions from
// that tree. Per tree, rows are grouped by pattern (built from per-feature decision tables over
// threshold ranks), each distinct pattern is explained once, subtree by subtree (a subtree's leaves
// depend on fewer bits, so fewer distinct patterns), and added to its rows.
import type { TreeEnsemble } from "./tree";
import { computeTreeShapOfTree, expectedValues } from "./treeshap";
import type { ShapResult } from "./types";

/** Distinct path features up to which a leaf gets a table of 2^d values. */
const MAX_TABLE_FEATURES = 12;
/** Table values per model (8 bytes each, 16 MB): beyond this, no more pairs, then leaves use the polynomial path. */
const MAX_TABLE_VALUES = 1 << 21;
/** Masks are 31-bit integers: a tree with a longer distinct-feature path uses the reference recursion. */
const MAX_MASK_FEATURES = 30;
/** Rows explained together per tree (a tree's tables stay in cache while it serves the block). */
const BLOCK_ROWS = 64;
/** Rows from which explain groups rows by decision pattern per tree (explainPatterns); fewer go block by block. */
const PATTERN_MIN_ROWS = 16;
/** Rows grouped by pattern together (more rows find more repeats; fewer keep the buffers in cache). */
const PATTERN_ROWS = 2048;
/**
 * Depth at which explainPatterns splits a tree into subtrees: the leaves of a subtree depend only
 * on the decisions of its nodes and its ancestors, fewer bits than the whole pattern, so fewer
 * distinct ones (on adult, the 8 subtrees at depth 3 need ~42% of the leaf work of whole trees,
 * depth 2 ~58%; depth 3 measured ~4% faster than 2 and 4 overall).
 */
const SUBTREE_DEPTH = 3;
/** Distinct tree patterns from which the subtrees are worth their extra grouping. */
const SUBTREE_MIN_PATTERNS = 32;
/** Decision-table entries per model (4 bytes each): trees beyond it compute patterns node by node. */
const MAX_LUT_VALUES = 1 << 21;

// Node flags of tree.ts (repeated here: tree.ts imports this module).
const FLAG_DEFAULT_LEFT = 1;
const FLAG_CATEGORICAL = 2;

const LEAF_TABLE = 0;
const LEAF_POLY = 1;
/** One of two sibling leaves explained together (pairTable). */
const LEAF_PAIRED = 2;

/** Per-model precomputation, built lazily on the first explanation and kept with the model. */
export class FastTreeShap {
  /** Per global node: 1 << (the bit of its feature in the masks of the leaves below it). */
  private readonly nodeBit: Int32Array;
  /** Per tree: its internal nodes (parents before children) in internal[treeInternal[t] .. treeInternal[t + 1]). */
  private readonly treeInternal: Int32Array;
  private readonly internal: Int32Array;
  /** Per tree: its leaves, as positions treeLeaf[t] .. treeLeaf[t + 1] of the leaf arrays below. */
  private readonly treeLeaf: Int32Array;
  private readonly leafNode: Int32Array;
  /** Distinct features on the leaf's path. */
  private readonly leafDepth: Int32Array;
  /** Where the leaf's path features start in pathFeature / pathInvZ / pathZ. */
  private readonly leafPath: Int32Array;
  /** LEAF_TABLE or LEAF_POLY. */
  private readonly leafMode: Uint8Array;
  /** Offset of the leaf's table in `tables` (LEAF_TABLE); single-output leaves hold value * T. */
  private readonly leafTable: Int32Array;
  private readonly pathFeature: Int32Array;
  /** Per path feature: its position among its tree's features treeFeat[treeFeatStart[t] ..]. */
  private readonly pathSlot: Int32Array;
  private readonly treeFeatStart: Int32Array;
  private readonly treeFeat: Int32Array;
  private readonly maxTreeInternal: number;
  private readonly maxTreeFeatures: number;
  /**
   * Decision tables: a row's value of feature f is first reduced to its rank (numeric: how many of
   * the model's thresholds on f are below it, missing last; categorical: its sanitized category),
   * then slotLut[s] + rank * W is where tree t's table for its feature slot s holds the pattern bits
   * (W words) of every node of t on f. A row's pattern is the OR of one entry per feature of the tree.
   * slotLut[s] < 0: the tree's patterns are computed node by node.
   */
  private readonly slotLut: Int32Array;
  private readonly lut: Int32Array;
  /** Per feature: sorted distinct numeric thresholds, and the number of ranks (0 when no tree uses it). */
  private readonly featThresholds: Float64Array[];
  private readonly rankSize: Int32Array;
  /**
   * Subtrees of each tree (treeSub[t] .. treeSub[t + 1]; none when the tree is too small): their
   * ancestors then their internal nodes (subNodes, with the nodes' bit positions in the tree's
   * pattern in subNodeJ), the pattern bits their leaves depend on (W words at subMask[subMaskStart]),
   * their leaves and sibling pairs (ranges of the leaf and pair arrays) and tree feature slots.
   */
  private readonly treeSub: Int32Array;
  private readonly subNodeStart: Int32Array;
  private readonly subNodes: Int32Array;
  private readonly subNodeJ: Int32Array;
  private readonly subMaskStart: Int32Array;
  private readonly subMask: Int32Array;
  private readonly subLeaf: Int32Array;
  private readonly subPair: Int32Array;
  private readonly subSlotStart: Int32Array;
  private readonly subSlots: Int32Array;
  /** Decision-table entries allocated (for tests). */
  readonly lutValues: number;
  /** 1 / z per path feature (table leaves). */
  private readonly pathInvZ: Float64Array;
  private readonly pathZ: Float64Array;
  private readonly tables: Float64Array;
  /**
   * Sibling leaves explained as one unit (single-output trees): per tree, pairs treePair[t] ..
   * treePair[t + 1], each with its parent node, left leaf (the right one has the same path
   * features), the path slot of the parent's feature and the offset of its two tables: U(idx) =
   * T_left + T_right at the masks idx stands for, then the parent feature's contribution V(idx).
   */
  private readonly treePair: Int32Array;
  private readonly pairNode: Int32Array;
  private readonly pairLeaf: Int32Array;
  private readonly pairSlot: Int32Array;
  private readonly pairTable: Int32Array;
  /** Per tree: 1 when it needs the reference recursion (a path of more than 30 distinct features). */
  private readonly reference: Uint8Array;
  /** Shapley weights w_d(k) = k!(d-k-1)!/d!, row d at d * (maxD + 1). */
  private readonly weights: Float64Array;
  private readonly maxD: number;
  readonly expected: Float64Array;
  /** Table values allocated (for diagnostics and tests). */
  readonly tableValues: number;
  readonly polyLeaves: number;
  /** Sibling-leaf pairs explained as one unit. */
  readonly pairs: number;
  readonly referenceTrees: number;

  constructor(
    private readonly model: TreeEnsemble,
    limits: { tableFeatures?: number; tableValues?: number; lutValues?: number } = {},
  ) {
    const maxTableFeatures = Math.min(MAX_TABLE_FEATURES, limits.tableFeatures ?? MAX_TABLE_FEATURES);
    const maxTableValues = limits.tableValues ?? MAX_TABLE_VALUES;
    const nodes = model.nodeFeature.length;
    const T = model.numTrees;
    this.nodeBit = new Int32Array(nodes);
    this.reference = new Uint8Array(T);
    this.expected = expectedValues(model);
    const feat = model.nodeFeature;
    const left = model.nodeLeft;
    const right = model.nodeRight;
    const cover = model.nodeCover;

    // Pass 1 (depth-first per tree, so parents come before children): internal node order, each
    // leaf's distinct path features and their z. The current path lives in two arrays indexed by
    // slot; a child multiplies its feature's z (or appends it) and the parent restores it after.
    const internal: number[] = [];
    const treeInternal = new Int32Array(T + 1);
    const treeLeaf = new Int32Array(T + 1);
    const leafNode: number[] = [];
    const leafDepth: number[] = [];
    const leafPath: number[] = [];
    const pathFeature: number[] = [];
    const pathZ: number[] = [];
    let maxD = 0;
    const curFeature: number[] = [];
    const curZ: number[] = [];
    let tooDeep = false;
    const visit = (node: number, d: number): void => {
      const f = feat[node];
      if (f < 0) {
        leafNode.push(node);
        leafDepth.push(d);
        leafPath.push(pathFeature.length);
        for (let k = 0; k < d; k++) {
          pathFeature.push(curFeature[k]);
          pathZ.push(curZ[k]);
        }
        if (d > maxD) maxD = d;
        return;
      }
      internal.push(node);
      let s = 0;
      while (s < d && curFeature[s] !== f) s++;
      if (s >= MAX_MASK_FEATURES) tooDeep = true;
      this.nodeBit[node] = s < MAX_MASK_FEATURES ? 1 << s : 0;
      const l = left[node];
      const r = right[node];
      const total = cover[l] + cover[r];
      for (let side = 0; side < 2; side++) {
        const share = total > 0 ? cover[side === 0 ? l : r] / total : 0.5;
        if (s < d) {
          const saved = curZ[s];
          curZ[s] = saved * share;
          visit(side === 0 ? l : r, d);
          curZ[s] = saved;
        } else {
          curFeature[d] = f;
          curZ[d] = share;
          visit(side === 0 ? l : r, d + 1);
        }
      }
    };
    for (let t = 0; t < T; t++) {
      treeInternal[t] = internal.length;
      treeLeaf[t] = leafNode.length;
      const firstLeaf = leafNode.length;
      const firstPath = pathFeature.length;
      tooDeep = false;
      visit(model.treeRoot[t], 0);
      if (tooDeep) {
        // The reference recursion serves this tree: drop its leaves from the fast path.
        this.reference[t] = 1;
        internal.length = treeInternal[t];
        leafNode.length = leafDepth.length = leafPath.length = firstLeaf;
        pathFeature.length = pathZ.length = firstPath;
      }
    }
    treeInternal[T] = internal.length;
    treeLeaf[T] = leafNode.length;
    this.treeInternal = treeInternal;
    this.treeLeaf = treeLeaf;
    this.internal = Int32Array.from(internal);
    this.leafNode = Int32Array.from(leafNode);
    this.leafDepth = Int32Array.from(leafDepth);
    this.leafPath = Int32Array.from(leafPath);
    this.referenceTrees = this.reference.reduce((a, b) => a + b, 0);
    this.pathFeature = Int32Array.from(pathFeature);
    // Each tree's distinct features, and the slot of every path feature among them.
    this.treeFeatStart = new Int32Array(T + 1);
    this.pathSlot = new Int32Array(pathFeature.length);
    const treeFeat: number[] = [];
    let maxTreeInternal = 0;
    let maxTreeFeatures = 0;
    for (let t = 0; t < T; t++) {
      this.treeFeatStart[t] = treeFeat.length;
      const slotOf = new Map<number, number>();
      const p0 = treeLeaf[t] < leafPath.length ? leafPath[treeLeaf[t]] : pathFeature.length;
      const p1 = treeLeaf[t + 1] < leafPath.length ? leafPath[treeLeaf[t + 1]] : pathFeature.length;
      for (let q = p0; q < p1; q++) {
        let s = slotOf.get(pathFeature[q]);
        if (s === undefined) {
          s = slotOf.size;
          slotOf.set(pathFeature[q], s);
          treeFeat.push(pathFeature[q]);
        }
        this.pathSlot[q] = s;
      }
      maxTreeFeatures = Math.max(maxTreeFeatures, slotOf.size);
      maxTreeInternal = Math.max(maxTreeInternal, treeInternal[t + 1] - treeInternal[t]);
    }
    this.treeFeatStart[T] = treeFeat.length;
    this.treeFeat = Int32Array.from(treeFeat);
    this.maxTreeInternal = maxTreeInternal;
    this.maxTreeFeatures = maxTreeFeatures;
    const lut = buildDecisionTables(model, this.internal, treeInternal, this.treeFeatStart, this.treeFeat, limits.lutValues ?? MAX_LUT_VALUES);
    this.slotLut = lut.slotLut;
    this.lut = lut.lut;
    this.featThresholds = lut.thresholds;
    this.rankSize = lut.rankSize;
    this.lutValues = lut.lut.length;
    this.pathZ = Float64Array.from(pathZ);
    this.pathInvZ = Float64Array.from(pathZ, (z) => 1 / z);
    this.maxD = maxD;
    this.weights = shapleyWeights(maxD);

    // Pass 2: tables for the leaves that fit, smallest first so that the budget covers the most leaves.
    const L = leafNode.length;
    this.leafMode = new Uint8Array(L).fill(LEAF_POLY);
    this.leafTable = new Int32Array(L).fill(-1);
    const order = Array.from({ length: L }, (_, i) => i).sort((a, b) => leafDepth[a] - leafDepth[b] || a - b);
    let total = 0;
    for (const i of order) {
      const d = leafDepth[i];
      const p = leafPath[i];
      let positive = true;
      for (let k = 0; k < d; k++) if (!(pathZ[p + k] > 0)) positive = false;
      if (d <= maxTableFeatures && positive && total + (1 << d) <= maxTableValues) {
        this.leafMode[i] = LEAF_TABLE;
        this.leafTable[i] = total;
        total += 1 << d;
      }
    }
    // Sibling leaves of single-output trees become one unit when the budget allows (see explainPairs):
    // 4 * 2^d values instead of 2 * 2^d, about half the reads per row.
    const nodeLeaf = new Int32Array(nodes).fill(-1);
    for (let i = 0; i < L; i++) nodeLeaf[leafNode[i]] = i;
    const candidates: number[] = [];
    for (let t = 0; t < T; t++) {
      if (model.treeOutput[t] < 0) continue;
      for (let j = treeInternal[t]; j < treeInternal[t + 1]; j++) {
        const node = this.internal[j];
        const li = nodeLeaf[left[node]];
        const ri = nodeLeaf[right[node]];
        if (li < 0 || ri < 0 || this.leafMode[li] !== LEAF_TABLE || this.leafMode[ri] !== LEAF_TABLE) continue;
        if (leafDepth[li] + 1 > maxTableFeatures) continue;
        candidates.push(node);
      }
    }
    candidates.sort((a, b) => leafDepth[nodeLeaf[left[a]]] - leafDepth[nodeLeaf[left[b]]] || a - b);
    const paired = new Uint8Array(nodes);
    for (const node of candidates) {
      const d = leafDepth[nodeLeaf[left[node]]];
      if (total + (2 << d) > maxTableValues) break;
      total += 2 << d;
      paired[node] = 1;
    }
    const pairNode: number[] = [];
    const pairTable: number[] = [];
    const treePair = new Int32Array(T + 1);
    let offset = 0;
    for (let t = 0; t < T; t++) {
      treePair[t] = pairNode.length;
      for (let j = treeInternal[t]; j < treeInternal[t + 1]; j++) {
        const node = this.internal[j];
        if (!paired[node]) continue;
        this.leafMode[nodeLeaf[left[node]]] = LEAF_PAIRED;
        this.leafMode[nodeLeaf[right[node]]] = LEAF_PAIRED;
        pairNode.push(node);
        pairTable.push(offset);
        offset += 4 << leafDepth[nodeLeaf[left[node]]];
      }
    }
    treePair[T] = pairNode.length;
    for (let i = 0; i < L; i++) {
      if (this.leafMode[i] !== LEAF_TABLE) continue;
      this.leafTable[i] = offset;
      offset += 1 << leafDepth[i];
    }
    this.treePair = treePair;
    this.pairNode = Int32Array.from(pairNode);
    this.pairLeaf = Int32Array.from(pairNode, (node) => nodeLeaf[left[node]]);
    this.pairTable = Int32Array.from(pairTable);
    this.pairSlot = Int32Array.from(pairNode, (node) => 31 - Math.clz32(this.nodeBit[node]));
    this.pairs = pairNode.length;
    const sub = buildSubtrees(
      model,
      this.internal,
      treeInternal,
      treeLeaf,
      this.leafNode,
      this.leafPath,
      this.leafDepth,
      this.pathSlot,
      treePair,
      this.pairNode,
    );
    this.treeSub = sub.treeSub;
    this.subNodeStart = sub.subNodeStart;
    this.subNodes = sub.subNodes;
    this.subNodeJ = sub.subNodeJ;
    this.subMaskStart = sub.subMaskStart;
    this.subMask = sub.subMask;
    this.subLeaf = sub.subLeaf;
    this.subPair = sub.subPair;
    this.subSlotStart = sub.subSlotStart;
    this.subSlots = sub.subSlots;
    this.tableValues = offset;
    this.tables = new Float64Array(offset);
    const scratch = new Float64Array((1 << MAX_TABLE_FEATURES) * (MAX_TABLE_FEATURES + 1));
    let poly = 0;
    for (let t = 0; t < T; t++) {
      const single = model.treeOutput[t] >= 0;
      for (let i = treeLeaf[t]; i < treeLeaf[t + 1]; i++) {
        if (this.leafMode[i] === LEAF_PAIRED) continue;
        if (this.leafMode[i] !== LEAF_TABLE) {
          poly++;
          continue;
        }
        const base = this.leafTable[i];
        const d = leafDepth[i];
        fillTable(this.tables, base, this.pathZ, leafPath[i], d, this.weights, maxD, scratch);
        if (single) {
          const v = model.leafValues[left[leafNode[i]]];
          for (let u = 0; u < 1 << d; u++) this.tables[base + u] *= v;
        }
      }
    }
    const leafT = new Float64Array(2 << MAX_TABLE_FEATURES);
    for (let q = 0; q < this.pairNode.length; q++) {
      const node = this.pairNode[q];
      const li = this.pairLeaf[q];
      const ri = nodeLeaf[right[node]];
      const d = leafDepth[li];
      const size = 1 << d;
      fillTable(leafT, 0, this.pathZ, leafPath[li], d, this.weights, maxD, scratch);
      fillTable(leafT, size, this.pathZ, leafPath[ri], d, this.weights, maxD, scratch);
      const vl = model.leafValues[left[leafNode[li]]];
      const vr = model.leafValues[left[leafNode[ri]]];
      for (let u = 0; u < size; u++) {
        leafT[u] *= vl;
        leafT[size + u] *= vr;
      }
      // Index idx = (left mask) | (bit s of the right mask) << d; the masks agree on every other bit.
      const sl = this.pairSlot[q];
      const sb = 1 << sl;
      const invL = this.pathInvZ[leafPath[li] + sl];
      const invR = this.pathInvZ[leafPath[ri] + sl];
      const base = this.pairTable[q];
      for (let idx = 0; idx < 2 * size; idx++) {
        const ml = idx & (size - 1);
        const mr = (ml & ~sb) | (((idx >>> d) & 1) << sl);
        this.tables[base + idx] = leafT[ml] + leafT[size + mr];
        const cl = (ml & sb) !== 0 ? leafT[ml ^ sb] * (invL - 1) : -leafT[ml];
        const cr = (mr & sb) !== 0 ? leafT[size + (mr ^ sb)] * (invR - 1) : -leafT[size + mr];
        this.tables[base + 2 * size + idx] = cl + cr;
      }
    }
    this.polyLeaves = poly;
  }

  /**
   * Contributions for `rows` (values[(i * outputs + o) * features + f], raw output scale). With
   * `onlyOutput`, trees adding to other outputs than onlyOutput[i] are skipped for row i.
   * `patternRows` (tests) overrides the number of rows from which rows are grouped by decision pattern.
   */
  explain(columns: Float64Array[], rows: Int32Array, onlyOutput?: ArrayLike<number>, patternRows = PATTERN_MIN_ROWS): ShapResult {
    const model = this.model;
    const F = model.features.length;
    const K = model.outputs;
    const values = new Float64Array(rows.length * K * F);
    // Rows wanting one output are explained together (trees of other outputs are skipped per block).
    const groups: { output: number; positions: Int32Array }[] = [];
    if (onlyOutput && K > 1) {
      const byOutput = new Map<number, number[]>();
      for (let i = 0; i < rows.length; i++) {
        const o = onlyOutput[i];
        let list = byOutput.get(o);
        if (!list) byOutput.set(o, (list = []));
        list.push(i);
      }
      for (const [output, list] of [...byOutput].sort((a, b) => a[0] - b[0])) groups.push({ output, positions: Int32Array.from(list) });
    } else groups.push({ output: -1, positions: Int32Array.from({ length: rows.length }, (_, i) => i) });
    const scratch = new BlockScratch(model, this.maxD);
    let patterns: PatternScratch | null = null;
    for (const g of groups) {
      if (g.positions.length >= Math.max(1, patternRows)) {
        patterns ??= new PatternScratch(model, Math.min(PATTERN_ROWS, rows.length), this.maxTreeInternal, this.maxTreeFeatures);
        for (let b0 = 0; b0 < g.positions.length; b0 += PATTERN_ROWS) {
          const positions = g.positions.subarray(b0, Math.min(g.positions.length, b0 + PATTERN_ROWS));
          this.explainPatterns(columns, rows, positions, g.output, scratch, patterns, values);
        }
        continue;
      }
      for (let b0 = 0; b0 < g.positions.length; b0 += BLOCK_ROWS) {
        const positions = g.positions.subarray(b0, Math.min(g.positions.length, b0 + BLOCK_ROWS));
        this.explainBlock(columns, rows, positions, g.output, scratch, values);
      }
    }
    return { values, expected: Float64Array.from(this.expected) };
  }

  /**
   * One block of rows (rows[positions[i]]), column-major so that every loop over the rows runs over
   * contiguous values with the node's or leaf's constants in registers; results go to values at the
   * rows' positions.
   */
  private explainBlock(columns: Float64Array[], rows: Int32Array, positions: Int32Array, output: number, sc: BlockScratch, values: Float64Array): void {
    const model = this.model;
    const F = model.features.length;
    const K = model.outputs;
    const nb = positions.length;
    const BR = BLOCK_ROWS;
    const x = sc.x;
    const phi = sc.phi;
    const masks = sc.masks;
    phi.fill(0, 0, K * F * BR);
    sanitizeRows(model, columns, rows, positions, x, BR);
    const feat = model.nodeFeature;
    const thr = model.nodeThreshold;
    const flags = model.nodeFlags;
    const left = model.nodeLeft;
    const right = model.nodeRight;
    const pstart = model.predCatStart;
    const pbits = model.predCatBits;
    const nodeBit = this.nodeBit;
    const internal = this.internal;
    for (let t = 0; t < model.numTrees; t++) {
      const out = model.treeOutput[t];
      if (output >= 0 && out >= 0 && out !== output) continue;
      if (this.reference[t] === 1) {
        // Reference recursion straight into the result (rare: a path of more than 30 distinct features).
        for (let i = 0; i < nb; i++) computeTreeShapOfTree(model, columns, rows[positions[i]], t, values, positions[i] * K * F);
        continue;
      }
      const root = model.treeRoot[t];
      // Masks top-down, masks[(node - root) * BR + i]: the child the row takes keeps the parent's
      // mask, the other loses the node's bit.
      masks.fill(-1, 0, BR);
      for (let j = this.treeInternal[t]; j < this.treeInternal[t + 1]; j++) {
        const node = internal[j];
        const xo = feat[node] * BR;
        const mo = (node - root) * BR;
        const lo = (left[node] - root) * BR;
        const ro = (right[node] - root) * BR;
        const bit = nodeBit[node];
        const fl = flags[node];
        if ((fl & FLAG_CATEGORICAL) !== 0) {
          const s0 = pstart[node];
          for (let i = 0; i < nb; i++) {
            const c = x[xo + i] | 0;
            const goLeft = (pbits[s0 + (c >>> 5)] >>> (c & 31)) & 1;
            const m = masks[mo + i];
            masks[lo + i] = m & ~(bit & (goLeft - 1));
            masks[ro + i] = m & ~(bit & -goLeft);
          }
        } else if ((fl & FLAG_DEFAULT_LEFT) !== 0) {
          // Missing values go left: !(v > t) is true for NaN.
          const th = thr[node];
          for (let i = 0; i < nb; i++) {
            const goRight = x[xo + i] > th ? 1 : 0;
            const m = masks[mo + i];
            masks[lo + i] = m & ~(bit & -goRight);
            masks[ro + i] = m & ~(bit & (goRight - 1));
          }
        } else {
          const th = thr[node];
          for (let i = 0; i < nb; i++) {
            const goLeft = x[xo + i] <= th ? 1 : 0;
            const m = masks[mo + i];
            masks[lo + i] = m & ~(bit & (goLeft - 1));
            masks[ro + i] = m & ~(bit & -goLeft);
          }
        }
      }
      this.addLeaves(t, out, out, nb, sc, phi, 0, this.pathFeature, F, BR, this.treeLeaf[t], this.treeLeaf[t + 1], this.treePair[t], this.treePair[t + 1]);
    }
    for (let i = 0; i < nb; i++) {
      const base = positions[i] * K * F;
      for (let q = 0; q < K * F; q++) values[base + q] += phi[q * BR + i];
    }
  }

  /**
   * Many rows at once, tree by tree. A row's contributions from one tree depend only on its decisions
   * at the tree's internal nodes (every node, not only those on its path: the masks of all leaves
   * come from them), so rows are grouped by that bit pattern: each distinct pattern is explained once
   * (masks straight from its bits, then the leaves as in explainBlock) and its contributions, over
   * the tree's few features, are added to every row that has it. Rows of real data repeat patterns a
   * lot (a 31-leaf tree splits on a handful of features, often coarse ones).
   */
  private explainPatterns(
    columns: Float64Array[],
    rows: Int32Array,
    positions: Int32Array,
    output: number,
    sc: BlockScratch,
    ps: PatternScratch,
    values: Float64Array,
  ): void {
    const model = this.model;
    const F = model.features.length;
    const K = model.outputs;
    const N = positions.length;
    const x = ps.x;
    const acc = ps.acc;
    const pats = ps.pats;
    const upats = ps.upats;
    const pid = ps.pid;
    const phiU = ps.phi;
    acc.fill(0, 0, K * F * N);
    sanitizeRows(model, columns, rows, positions, x, N);
    // Ranks of the features the decision tables read.
    for (let f = 0; f < F; f++) {
      const size = this.rankSize[f];
      if (size === 0) continue;
      const rank = ps.rank;
      const o = f * N;
      if (model.predCatK[f] >= 0) {
        for (let i = 0; i < N; i++) rank[o + i] = x[o + i];
        continue;
      }
      const th = this.featThresholds[f];
      const R = th.length;
      for (let i = 0; i < N; i++) {
        const v = x[o + i];
        let lo = 0;
        let hi = R;
        while (lo < hi) {
          const mid = (lo + hi) >>> 1;
          if (th[mid] < v) lo = mid + 1;
          else hi = mid;
        }
        rank[o + i] = v !== v ? R + 1 : lo;
      }
    }
    const feat = model.nodeFeature;
    const thr = model.nodeThreshold;
    const flags = model.nodeFlags;
    const pstart = model.predCatStart;
    const pbits = model.predCatBits;
    const internal = this.internal;
    for (let t = 0; t < model.numTrees; t++) {
      const out = model.treeOutput[t];
      if (output >= 0 && out >= 0 && out !== output) continue;
      if (this.reference[t] === 1) {
        for (let i = 0; i < N; i++) computeTreeShapOfTree(model, columns, rows[positions[i]], t, values, positions[i] * K * F);
        continue;
      }
      const j0 = this.treeInternal[t];
      const n = this.treeInternal[t + 1] - j0;
      if (n === 0) continue; // a single leaf explains nothing
      // Decision pattern per row: bit j of word j >> 5 = 1 when the row goes right at internal node j.
      const W = (n + 31) >>> 5;
      pats.fill(0, 0, N * W);
      const fs = this.treeFeatStart[t];
      const nf = this.treeFeatStart[t + 1] - fs;
      if (this.slotLut[fs] >= 0) {
        // One table read per feature of the tree.
        const rank = ps.rank;
        const lut = this.lut;
        for (let s = 0; s < nf; s++) {
          const lo = this.slotLut[fs + s];
          const ro = this.treeFeat[fs + s] * N;
          if (W === 1) for (let i = 0; i < N; i++) pats[i] |= lut[lo + rank[ro + i]];
          else for (let i = 0; i < N; i++) for (let w = 0; w < W; w++) pats[i * W + w] |= lut[lo + rank[ro + i] * W + w];
        }
      } else {
        for (let j = 0; j < n; j++) {
          const node = internal[j0 + j];
          const xo = feat[node] * N;
          const w = j >>> 5;
          const sh = j & 31;
          const fl = flags[node];
          if ((fl & FLAG_CATEGORICAL) !== 0) {
            const s0 = pstart[node];
            for (let i = 0; i < N; i++) {
              const c = x[xo + i] | 0;
              pats[i * W + w] |= (1 - ((pbits[s0 + (c >>> 5)] >>> (c & 31)) & 1)) << sh;
            }
          } else if ((fl & FLAG_DEFAULT_LEFT) !== 0) {
            const th = thr[node];
            for (let i = 0; i < N; i++) pats[i * W + w] |= (x[xo + i] > th ? 1 : 0) << sh;
          } else {
            const th = thr[node];
            for (let i = 0; i < N; i++) pats[i * W + w] |= (x[xo + i] <= th ? 0 : 1) << sh;
          }
        }
      }
      const U = ps.dedup(pats, N, W, null, 0, upats, pid);
      const KO = out >= 0 ? 1 : K;
      phiU.fill(0, 0, KO * nf * N);
      const s0 = this.treeSub[t];
      const s1 = this.treeSub[t + 1];
      if (s1 === s0 || U < SUBTREE_MIN_PATTERNS) {
        this.explainUnits(
          t,
          out,
          upats,
          U,
          W,
          internal,
          null,
          j0,
          j0 + n,
          this.treeLeaf[t],
          this.treeLeaf[t + 1],
          this.treePair[t],
          this.treePair[t + 1],
          sc,
          phiU,
          nf,
          N,
        );
      } else {
        // Per subtree: the distinct tree patterns' distinct subtree patterns, explained once each,
        // then added to the tree patterns (phiU) that have them.
        const spats = ps.spats;
        const spid = ps.spid;
        const phiS = ps.phiS;
        for (let q = s0; q < s1; q++) {
          const Us = ps.dedup(upats, U, W, this.subMask, this.subMaskStart[q], spats, spid);
          const c0 = this.subSlotStart[q];
          const c1 = this.subSlotStart[q + 1];
          for (let o = 0; o < KO; o++) for (let c = c0; c < c1; c++) phiS.fill(0, (o * nf + this.subSlots[c]) * N, (o * nf + this.subSlots[c]) * N + Us);
          this.explainUnits(
            t,
            out,
            spats,
            Us,
            W,
            this.subNodes,
            this.subNodeJ,
            this.subNodeStart[q],
            this.subNodeStart[q + 1],
            this.subLeaf[2 * q],
            this.subLeaf[2 * q + 1],
            this.subPair[2 * q],
            this.subPair[2 * q + 1],
            sc,
            phiS,
            nf,
            N,
          );
          for (let o = 0; o < KO; o++) {
            for (let c = c0; c < c1; c++) {
              const a = (o * nf + this.subSlots[c]) * N;
              for (let u = 0; u < U; u++) phiU[a + u] += phiS[a + spid[u]];
            }
          }
        }
      }
      for (let o = 0; o < KO; o++) {
        for (let s = 0; s < nf; s++) {
          const a = ((out >= 0 ? out : o) * F + this.treeFeat[fs + s]) * N;
          const src = (o * nf + s) * N;
          for (let i = 0; i < N; i++) acc[a + i] += phiU[src + pid[i]];
        }
      }
    }
    for (let i = 0; i < N; i++) {
      const base = positions[i] * K * F;
      for (let q = 0; q < K * F; q++) values[base + q] += acc[q * N + i];
    }
  }

  /**
   * Distinct patterns pats[0 .. count) (W words each) of tree t, or of one of its subtrees: masks
   * from their bits at nodes[k0 .. k1) (parents first; bit js[k], or k - k0 without js), then the
   * leaves leaf0 .. leaf1 and pairs pair0 .. pair1 into phi[(o * nf + slot) * stride + u].
   */
  private explainUnits(
    t: number,
    out: number,
    pats: Int32Array,
    count: number,
    W: number,
    nodes: Int32Array,
    js: Int32Array | null,
    k0: number,
    k1: number,
    leaf0: number,
    leaf1: number,
    pair0: number,
    pair1: number,
    sc: BlockScratch,
    phi: Float64Array,
    nf: number,
    stride: number,
  ): void {
    const BR = BLOCK_ROWS;
    const masks = sc.masks;
    const root = this.model.treeRoot[t];
    const left = this.model.nodeLeft;
    const right = this.model.nodeRight;
    const nodeBit = this.nodeBit;
    for (let u0 = 0; u0 < count; u0 += BR) {
      const nb = Math.min(BR, count - u0);
      masks.fill(-1, 0, BR);
      for (let k = k0; k < k1; k++) {
        const node = nodes[k];
        const j = js ? js[k] : k - k0;
        const mo = (node - root) * BR;
        const lo = (left[node] - root) * BR;
        const ro = (right[node] - root) * BR;
        const bit = nodeBit[node];
        const w = j >>> 5;
        const sh = j & 31;
        for (let i = 0; i < nb; i++) {
          const goRight = (pats[(u0 + i) * W + w] >>> sh) & 1;
          const m = masks[mo + i];
          masks[lo + i] = m & ~(bit & -goRight);
          masks[ro + i] = m & ~(bit & (goRight - 1));
        }
      }
      this.addLeaves(t, out, 0, nb, sc, phi, u0, this.pathSlot, nf, stride, leaf0, leaf1, pair0, pair1);
    }
  }

  /**
   * Tree t's leaves for nb rows whose masks are in sc.masks ((node - root) * BLOCK_ROWS + i): adds to
   * phi[off + (o * oStride + col[path slot]) * rStride + i], with o = oOut for a single-output tree
   * and every output for leaf vectors.
   */
  private addLeaves(
    t: number,
    out: number,
    oOut: number,
    nb: number,
    sc: BlockScratch,
    phi: Float64Array,
    off: number,
    col: Int32Array,
    oStride: number,
    rStride: number,
    leaf0: number,
    leaf1: number,
    pair0: number,
    pair1: number,
  ): void {
    const model = this.model;
    const K = model.outputs;
    const BR = BLOCK_ROWS;
    const masks = sc.masks;
    const root = model.treeRoot[t];
    const left = model.nodeLeft;
    const leafValues = model.leafValues;
    const leafNode = this.leafNode;
    const leafMode = this.leafMode;
    const leafTable = this.leafTable;
    const leafPath = this.leafPath;
    const leafDepth = this.leafDepth;
    const pathInvZ = this.pathInvZ;
    const tables = this.tables;
    if (pair1 > pair0) this.explainPairs(pair0, pair1, oOut, root, nb, sc, phi, off, col, oStride, rStride);
    for (let li = leaf0; li < leaf1; li++) {
      const d = leafDepth[li];
      if (d === 0 || leafMode[li] === LEAF_PAIRED) continue;
      const node = leafNode[li];
      const mo = (node - root) * BR;
      const low = (1 << d) - 1;
      const p = leafPath[li];
      const vi = left[node];
      if (leafMode[li] === LEAF_TABLE) {
        const base = leafTable[li];
        for (let k = 0; k < d; k++) {
          // Branch-free: sel = 1 (the row satisfies the path on feature k): T(A \ k) * (1/z - 1); sel = 0: -T(A).
          const invZ = pathInvZ[p + k];
          const c = col[p + k];
          if (out >= 0) {
            const po = off + (oOut * oStride + c) * rStride;
            for (let i = 0; i < nb; i++) {
              const a = masks[mo + i] & low;
              const sel = (a >>> k) & 1;
              phi[po + i] += tables[base + (a ^ (sel << k))] * (sel * invZ - 1);
            }
          } else {
            for (let i = 0; i < nb; i++) {
              const a = masks[mo + i] & low;
              const sel = (a >>> k) & 1;
              const w = tables[base + (a ^ (sel << k))] * (sel * invZ - 1);
              for (let o = 0; o < K; o++) phi[off + (o * oStride + c) * rStride + i] += w * leafValues[vi + o];
            }
          }
        }
      } else {
        const poly = sc.poly;
        const sh = poly.share;
        for (let i = 0; i < nb; i++) {
          poly.leaf(this.pathZ, p, d, masks[mo + i] & low, this.weights, this.maxD);
          for (let k = 0; k < d; k++) {
            const c = col[p + k];
            if (out >= 0) phi[off + (oOut * oStride + c) * rStride + i] += leafValues[vi] * sh[k];
            else for (let o = 0; o < K; o++) phi[off + (o * oStride + c) * rStride + i] += leafValues[vi + o] * sh[k];
          }
        }
      }
    }
  }

  /**
   * The sibling-leaf pairs of single-output tree t for a block of rows. The two leaves share their
   * path features; their masks agree except on the parent's slot s, so idx = left mask | (bit s of
   * the right mask) << d identifies both. For a path feature k other than s, z_k is the same for
   * both leaves, so their summed contributions are -U(idx) (k missed) or U(idx \ k) (1/z_k - 1)
   * (k satisfied), with U = T_left + T_right; feature s reads V(idx). d + 1 reads per row instead of 2d.
   */
  private explainPairs(
    pair0: number,
    pair1: number,
    oOut: number,
    root: number,
    nb: number,
    sc: BlockScratch,
    phi: Float64Array,
    off: number,
    col: Int32Array,
    oStride: number,
    rStride: number,
  ): void {
    const BR = BLOCK_ROWS;
    const masks = sc.masks;
    const idx = sc.idx;
    const tables = this.tables;
    const right = this.model.nodeRight;
    const pathInvZ = this.pathInvZ;
    for (let q = pair0; q < pair1; q++) {
      const li = this.pairLeaf[q];
      const d = this.leafDepth[li];
      const p = this.leafPath[li];
      const sl = this.pairSlot[q];
      const base = this.pairTable[q];
      const low = (1 << d) - 1;
      const ml = (this.leafNode[li] - root) * BR;
      const mr = (right[this.pairNode[q]] - root) * BR;
      for (let i = 0; i < nb; i++) idx[i] = (masks[ml + i] & low) | (((masks[mr + i] >>> sl) & 1) << d);
      for (let k = 0; k < d; k++) {
        if (k === sl) continue;
        const invZ = pathInvZ[p + k];
        const po = off + (oOut * oStride + col[p + k]) * rStride;
        for (let i = 0; i < nb; i++) {
          const a = idx[i];
          const sel = (a >>> k) & 1;
          phi[po + i] += tables[base + (a ^ (sel << k))] * (sel * invZ - 1);
        }
      }
      const po = off + (oOut * oStride + col[p + sl]) * rStride;
      const vb = base + (2 << d);
      for (let i = 0; i < nb; i++) phi[po + i] += tables[vb + idx[i]];
    }
  }
}

/** Columns of the rows rows[positions[i]] into x[f * stride + i], categories sanitized as for prediction (k = missing, k + 1 = unseen). */
function sanitizeRows(model: TreeEnsemble, columns: Float64Array[], rows: Int32Array, positions: Int32Array, x: Float64Array, stride: number): void {
  const F = model.features.length;
  const nb = positions.length;
  for (let f = 0; f < F; f++) {
    const col = columns[f];
    const k = model.predCatK[f];
    const o = f * stride;
    for (let i = 0; i < nb; i++) {
      const v = col[rows[positions[i]]];
      x[o + i] = k < 0 ? v : v !== v ? k : v >= 0 && v < k && v === Math.floor(v) ? v : k + 1;
    }
  }
}

/** Buffers of one explain call, column-major over a block of rows. */
class BlockScratch {
  readonly x: Float64Array;
  readonly phi: Float64Array;
  /** Per node of the largest tree, BLOCK_ROWS masks. */
  readonly masks: Int32Array;
  /** Per row of the block: the index of a sibling-leaf pair's tables. */
  readonly idx = new Int32Array(BLOCK_ROWS);
  readonly poly: PolyScratch;

  constructor(model: TreeEnsemble, maxD: number) {
    const F = model.features.length;
    this.x = new Float64Array(F * BLOCK_ROWS);
    this.phi = new Float64Array(model.outputs * F * BLOCK_ROWS);
    let largest = 0;
    for (let t = 0; t < model.numTrees; t++) {
      const end = t + 1 < model.numTrees ? model.treeRoot[t + 1] : model.nodeFeature.length;
      largest = Math.max(largest, end - model.treeRoot[t]);
    }
    this.masks = new Int32Array(largest * BLOCK_ROWS);
    this.poly = new PolyScratch(maxD);
  }
}

/** Buffers of explainPatterns for up to `rows` rows, and the hash table that finds repeated patterns. */
class PatternScratch {
  /** Sanitized columns, x[f * N + i]. */
  readonly x: Float64Array;
  /** Contributions, acc[(o * F + f) * N + i]. */
  readonly acc: Float64Array;
  /** Decision patterns of the rows (W words each), of the distinct patterns, and each row's pattern. */
  readonly pats: Int32Array;
  readonly upats: Int32Array;
  readonly pid: Int32Array;
  /** Distinct subtree patterns, each tree pattern's number among them, and their contributions (as phi). */
  readonly spats: Int32Array;
  readonly spid: Int32Array;
  readonly phiS: Float64Array;
  /** Feature ranks for the decision tables, rank[f * N + i]. */
  readonly rank: Int32Array;
  /** Contributions of the distinct patterns, phi[(o * treeFeatures + s) * N + u]. */
  readonly phi: Float64Array;
  private readonly slotStamp: Int32Array;
  private readonly slotId: Int32Array;
  private readonly shift: number;
  private stamp = 0;

  constructor(model: TreeEnsemble, rows: number, maxInternal: number, maxTreeFeatures: number) {
    const F = model.features.length;
    const K = model.outputs;
    const W = Math.max(1, (maxInternal + 31) >>> 5);
    this.x = new Float64Array(F * rows);
    this.rank = new Int32Array(F * rows);
    this.acc = new Float64Array(K * F * rows);
    this.pats = new Int32Array(W * rows);
    this.upats = new Int32Array(W * rows);
    this.pid = new Int32Array(rows);
    this.phi = new Float64Array(K * Math.max(1, maxTreeFeatures) * rows);
    this.spats = new Int32Array(W * rows);
    this.spid = new Int32Array(rows);
    this.phiS = new Float64Array(K * Math.max(1, maxTreeFeatures) * rows);
    let bits = 4;
    while (1 << bits < 2 * rows) bits++;
    this.slotStamp = new Int32Array(1 << bits);
    this.slotId = new Int32Array(1 << bits);
    this.shift = 32 - bits;
  }

  /**
   * Numbers the distinct patterns among src[0 .. n) (W words each, ANDed with mask[maskOff ..] when
   * a mask is given): the row's number in pid, the distinct patterns in out; returns their count.
   */
  dedup(src: Int32Array, n: number, W: number, mask: Int32Array | null, maskOff: number, out: Int32Array, pid: Int32Array): number {
    const slotStamp = this.slotStamp;
    const slotId = this.slotId;
    const tableMask = slotStamp.length - 1;
    const shift = this.shift;
    const stamp = ++this.stamp;
    let count = 0;
    for (let i = 0; i < n; i++) {
      const o = i * W;
      let h = 0;
      for (let w = 0; w < W; w++) h = Math.imul(h ^ (mask ? src[o + w] & mask[maskOff + w] : src[o + w]), 0x9e3779b1) + w;
      h = (Math.imul(h ^ (h >>> 15), 0x85ebca6b) >>> shift) & tableMask;
      for (;;) {
        if (slotStamp[h] !== stamp) {
          slotStamp[h] = stamp;
          slotId[h] = count;
          for (let w = 0; w < W; w++) out[count * W + w] = mask ? src[o + w] & mask[maskOff + w] : src[o + w];
          pid[i] = count++;
          break;
        }
        const u = slotId[h] * W;
        let same = true;
        for (let w = 0; w < W && same; w++) same = out[u + w] === (mask ? src[o + w] & mask[maskOff + w] : src[o + w]);
        if (same) {
          pid[i] = slotId[h];
          break;
        }
        h = (h + 1) & tableMask;
      }
    }
    return count;
  }
}

/**
 * The subtrees of FastTreeShap.treeSub: a tree is cut at SUBTREE_DEPTH (at a leaf or a sibling pair's
 * parent above it), trees with fewer than two cuts are kept whole.
 */
function buildSubtrees(
  model: TreeEnsemble,
  internal: Int32Array,
  treeInternal: Int32Array,
  treeLeaf: Int32Array,
  leafNode: Int32Array,
  leafPath: Int32Array,
  leafDepth: Int32Array,
  pathSlot: Int32Array,
  treePair: Int32Array,
  pairNode: Int32Array,
) {
  const T = model.numTrees;
  const feat = model.nodeFeature;
  const left = model.nodeLeft;
  const right = model.nodeRight;
  const localJ = new Map<number, number>();
  const leafOf = new Map<number, number>();
  const pairOf = new Map<number, number>();
  for (let i = 0; i < leafNode.length; i++) leafOf.set(leafNode[i], i);
  for (let q = 0; q < pairNode.length; q++) pairOf.set(pairNode[q], q);
  const treeSub = new Int32Array(T + 1);
  const subNodeStart: number[] = [];
  const subNodes: number[] = [];
  const subNodeJ: number[] = [];
  const subMaskStart: number[] = [];
  const subMask: number[] = [];
  const subLeaf: number[] = [];
  const subPair: number[] = [];
  const subSlotStart: number[] = [];
  const subSlots: number[] = [];
  let count = 0;
  for (let t = 0; t < T; t++) {
    treeSub[t] = count;
    const j0 = treeInternal[t];
    const n = treeInternal[t + 1] - j0;
    if (n === 0) continue;
    const W = (n + 31) >>> 5;
    localJ.clear();
    for (let j = 0; j < n; j++) localJ.set(internal[j0 + j], j);
    // Cut points, left to right, with their ancestors.
    const cuts: { node: number; ancestors: number[] }[] = [];
    const walk = (node: number, depth: number, ancestors: number[]): void => {
      if (depth === SUBTREE_DEPTH || feat[node] < 0 || pairOf.has(node)) cuts.push({ node, ancestors });
      else {
        walk(left[node], depth + 1, [...ancestors, node]);
        walk(right[node], depth + 1, [...ancestors, node]);
      }
    };
    walk(model.treeRoot[t], 0, []);
    if (cuts.length < 2) continue;
    for (const cut of cuts) {
      subNodeStart.push(subNodes.length);
      subMaskStart.push(subMask.length);
      const mask = new Int32Array(W);
      for (const a of cut.ancestors) {
        subNodes.push(a);
        subNodeJ.push(localJ.get(a) as number);
      }
      // The cut's nodes depth-first (as internal[] and the leaf and pair arrays are ordered).
      const leaves: number[] = [];
      const pairs: number[] = [];
      const visit = (node: number): void => {
        if (feat[node] < 0) {
          leaves.push(leafOf.get(node) as number);
          return;
        }
        subNodes.push(node);
        subNodeJ.push(localJ.get(node) as number);
        if (pairOf.has(node)) pairs.push(pairOf.get(node) as number);
        visit(left[node]);
        visit(right[node]);
      };
      visit(cut.node);
      for (let k = subNodeStart[subNodeStart.length - 1]; k < subNodes.length; k++) mask[subNodeJ[k] >>> 5] |= 1 << (subNodeJ[k] & 31);
      for (let w = 0; w < W; w++) subMask.push(mask[w]);
      // Leaves and pairs are contiguous ranges (depth-first order).
      subLeaf.push(leaves.length > 0 ? leaves[0] : treeLeaf[t], leaves.length > 0 ? leaves[leaves.length - 1] + 1 : treeLeaf[t]);
      subPair.push(pairs.length > 0 ? pairs[0] : treePair[t], pairs.length > 0 ? pairs[pairs.length - 1] + 1 : treePair[t]);
      subSlotStart.push(subSlots.length);
      const slots = new Set<number>();
      for (const li of leaves) for (let k = 0; k < leafDepth[li]; k++) slots.add(pathSlot[leafPath[li] + k]);
      subSlots.push(...[...slots].sort((a, b) => a - b));
      count++;
    }
  }
  treeSub[T] = count;
  subNodeStart.push(subNodes.length);
  subMaskStart.push(subMask.length);
  subSlotStart.push(subSlots.length);
  return {
    treeSub,
    subNodeStart: Int32Array.from(subNodeStart),
    subNodes: Int32Array.from(subNodes),
    subNodeJ: Int32Array.from(subNodeJ),
    subMaskStart: Int32Array.from(subMaskStart),
    subMask: Int32Array.from(subMask),
    subLeaf: Int32Array.from(subLeaf),
    subPair: Int32Array.from(subPair),
    subSlotStart: Int32Array.from(subSlotStart),
    subSlots: Int32Array.from(subSlots),
  };
}

/**
 * Per tree, for each of its features, the decision bits (see FastTreeShap.slotLut) of its nodes
 * on that feature at every rank of the feature. A rank stands for the values between two
 * consecutive thresholds, so one value of each rank decides for all of them: threshold r for
 * rank r (r thresholds below it), +Infinity above all, NaN for missing; categories are themselves.
 */
function buildDecisionTables(
  model: TreeEnsemble,
  internal: Int32Array,
  treeInternal: Int32Array,
  treeFeatStart: Int32Array,
  treeFeat: Int32Array,
  budget: number,
): { slotLut: Int32Array; lut: Int32Array; thresholds: Float64Array[]; rankSize: Int32Array } {
  const F = model.features.length;
  const T = model.numTrees;
  const feat = model.nodeFeature;
  const flags = model.nodeFlags;
  const thr = model.nodeThreshold;
  const lists: number[][] = Array.from({ length: F }, () => []);
  for (let j = 0; j < internal.length; j++) {
    const node = internal[j];
    if ((flags[node] & FLAG_CATEGORICAL) === 0) lists[feat[node]].push(thr[node]);
  }
  const thresholds = lists.map((l) => Float64Array.from(new Set(l)).sort());
  const size = (f: number): number => (model.predCatK[f] >= 0 ? model.predCatK[f] + 2 : thresholds[f].length + 2);
  const slotLut = new Int32Array(treeFeat.length).fill(-1);
  const rankSize = new Int32Array(F);
  let total = 0;
  for (let t = 0; t < T; t++) {
    const n = treeInternal[t + 1] - treeInternal[t];
    const W = (n + 31) >>> 5;
    let need = 0;
    for (let s = treeFeatStart[t]; s < treeFeatStart[t + 1]; s++) need += size(treeFeat[s]) * W;
    if (need === 0 || total + need > budget) continue;
    for (let s = treeFeatStart[t]; s < treeFeatStart[t + 1]; s++) {
      slotLut[s] = total;
      total += size(treeFeat[s]) * W;
      rankSize[treeFeat[s]] = size(treeFeat[s]);
    }
  }
  const lut = new Int32Array(total);
  const pstart = model.predCatStart;
  const pbits = model.predCatBits;
  for (let t = 0; t < T; t++) {
    const fs = treeFeatStart[t];
    if (fs === treeFeatStart[t + 1] || slotLut[fs] < 0) continue;
    const j0 = treeInternal[t];
    const n = treeInternal[t + 1] - j0;
    const W = (n + 31) >>> 5;
    for (let j = 0; j < n; j++) {
      const node = internal[j0 + j];
      const f = feat[node];
      let s = fs;
      while (treeFeat[s] !== f) s++;
      const th = thresholds[f];
      const fl = flags[node];
      const base = slotLut[s];
      const bit = 1 << (j & 31);
      const word = j >>> 5;
      let k = 0;
      while (k < th.length && th[k] !== thr[node]) k++;
      if (model.predCatK[f] < 0 && (fl & FLAG_CATEGORICAL) === 0 && k < th.length) {
        // Numeric split at th[k]: right for ranks above k (r < R stands for th[r], R for above all),
        // missing values (rank R + 1) right unless they default left.
        const R = th.length;
        for (let r = k + 1; r <= R; r++) lut[base + r * W + word] |= bit;
        if ((fl & FLAG_DEFAULT_LEFT) === 0) lut[base + (R + 1) * W + word] |= bit;
        continue;
      }
      for (let r = 0; r < size(f); r++) {
        // The value standing for rank r, decided as explainBlock decides a sanitized value.
        const v = model.predCatK[f] >= 0 ? r : r < th.length ? th[r] : r === th.length ? Infinity : NaN;
        let goRight: number;
        if ((fl & FLAG_CATEGORICAL) !== 0) {
          const c = v | 0;
          goRight = 1 - ((pbits[pstart[node] + (c >>> 5)] >>> (c & 31)) & 1);
        } else if ((fl & FLAG_DEFAULT_LEFT) !== 0) goRight = v > thr[node] ? 1 : 0;
        else goRight = v <= thr[node] ? 0 : 1;
        lut[slotLut[s] + r * W + (j >>> 5)] |= goRight << (j & 31);
      }
    }
  }
  return { slotLut, lut, thresholds, rankSize };
}

/** w[d * (maxD + 1) + k] = k! (d - k - 1)! / d! for 0 <= k < d <= maxD. */
function shapleyWeights(maxD: number): Float64Array {
  const w = new Float64Array((maxD + 1) * (maxD + 1));
  for (let d = 1; d <= maxD; d++) {
    // w(0) = 1/d; w(k + 1) = w(k) * (k + 1) / (d - k - 1).
    let v = 1 / d;
    for (let k = 0; k < d; k++) {
      w[d * (maxD + 1) + k] = v;
      v = (v * (k + 1)) / (d - k - 1);
    }
  }
  return w;
}

/**
 * T(U) = prod_{j not in U} z_j * sum_k w(k) e_{|U|-k}(z_U) for every mask U of d features, where
 * e_m is the elementary symmetric polynomial of degree m. The polynomials of U come from those of
 * U without its highest bit (e_m(U) = e_m(U') + z_j e_{m-1}(U')), d + 1 values per mask in scratch.
 */
function fillTable(out: Float64Array, base: number, z: Float64Array, p: number, d: number, weights: Float64Array, maxD: number, scratch: Float64Array): void {
  const E = d + 1;
  const wRow = d * (maxD + 1);
  const size = 1 << d;
  scratch[0] = 1;
  for (let m = 1; m <= d; m++) scratch[m] = 0;
  for (let u = 1; u < size; u++) {
    const j = 31 - Math.clz32(u);
    const prev = u ^ (1 << j);
    const zj = z[p + j];
    const o = u * E;
    const q = prev * E;
    scratch[o] = 1;
    for (let m = 1; m <= d; m++) scratch[o + m] = scratch[q + m] + zj * scratch[q + m - 1];
  }
  // prod over the complement: from the full mask down, C(U) = C(U | {j}) * z_j for the lowest j not in U.
  const comp = new Float64Array(size);
  comp[size - 1] = 1;
  for (let u = size - 2; u >= 0; u--) {
    const j = 31 - Math.clz32(~u & (u + 1));
    comp[u] = comp[u | (1 << j)] * z[p + j];
  }
  for (let u = 0; u < size; u++) {
    const n = popcount(u);
    let y = 0;
    for (let k = 0; k <= n; k++) y += weights[wRow + k] * scratch[u * E + n - k];
    out[base + u] = comp[u] * y;
  }
}

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** Shapley shares of one leaf from its mask without a table: O(d^2) with elementary symmetric polynomials. */
class PolyScratch {
  readonly share: Float64Array;
  private readonly e: Float64Array;
  private readonly e2: Float64Array;
  private readonly inA: Uint8Array;

  constructor(maxD: number) {
    this.share = new Float64Array(maxD + 1);
    this.e = new Float64Array(maxD + 2);
    this.e2 = new Float64Array(maxD + 2);
    this.inA = new Uint8Array(maxD + 1);
  }

  /** share[k] = phi_k / v for the leaf's path features (z at z[p..p+d), mask a of satisfied features). */
  leaf(z: Float64Array, p: number, d: number, a: number, weights: Float64Array, maxD: number): void {
    const e = this.e;
    const wRow = d * (maxD + 1);
    // Z_B and the polynomial of the z over A.
    let zb = 1;
    let n = 0;
    e[0] = 1;
    for (let k = 0; k < d; k++) {
      const inA = (a >>> k) & 1;
      this.inA[k] = inA;
      if (!inA) {
        zb *= z[p + k];
        continue;
      }
      n++;
      e[n] = 0;
      const zk = z[p + k];
      for (let m = n; m >= 1; m--) e[m] += zk * e[m - 1];
    }
    let yA = 0;
    for (let k = 0; k <= n; k++) yA += weights[wRow + k] * e[n - k];
    const e2 = this.e2;
    for (let k = 0; k < d; k++) {
      if (!this.inA[k]) {
        this.share[k] = -zb * yA;
        continue;
      }
      // Polynomial of A without k by deflation: e'_m = e_m - z_k e'_(m-1) (stable: 0 <= z_k <= 1).
      const zk = z[p + k];
      e2[0] = 1;
      for (let m = 1; m < n; m++) e2[m] = e[m] - zk * e2[m - 1];
      let y = 0;
      for (let q = 0; q < n; q++) y += weights[wRow + q] * e2[n - 1 - q];
      this.share[k] = (1 - zk) * zb * y;
    }
  }
}
