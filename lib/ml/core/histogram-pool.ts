// Histogram buffers of the open leaves, bounded in memory as LightGBM's HistogramPool: slots are
// allocated on demand up to a cap and reused across trees; when the pool is full, the open leaf least
// likely to be split soon gives up its histogram (it is rebuilt from its rows if it is split later).

/** Histogram memory per grower: best-first boosting trees need about numLeaves slots. */
const POOL_BYTES = 192 * 1024 * 1024;

export class HistogramPool {
  private readonly slots: Float64Array[] = [];
  private readonly free: number[] = [];
  /** Slot of each leaf (-1: none). */
  private readonly leafSlot: Int32Array;
  readonly maxSlots: number;

  constructor(
    readonly histSize: number,
    maxLeaves: number,
    depthFirst: boolean,
    cap: number | undefined,
  ) {
    const budgetSlots = Math.max(4, Math.floor(POOL_BYTES / (histSize * 8)));
    // Depth-first growth keeps few leaves open; best-first may keep up to numLeaves open.
    this.maxSlots = Math.max(4, Math.min(maxLeaves + 2, budgetSlots, depthFirst ? 128 : Infinity, cap ?? Infinity));
    this.leafSlot = new Int32Array(maxLeaves);
  }

  /** Frees every slot (start of a tree). */
  reset(): void {
    this.free.length = 0;
    for (let i = this.slots.length - 1; i >= 0; i--) this.free.push(i);
  }

  /** The histogram of `leaf`, or null when it has none. */
  get(leaf: number): Float64Array | null {
    const s = this.leafSlot[leaf];
    return s >= 0 ? this.slots[s] : null;
  }

  has(leaf: number): boolean {
    return this.leafSlot[leaf] >= 0;
  }

  /** Detaches `leaf`'s histogram and returns its slot (-1: none); the contents stay valid until reused. */
  detach(leaf: number): number {
    const s = this.leafSlot[leaf];
    this.leafSlot[leaf] = -1;
    return s;
  }

  /** Gives `leaf` the histogram in `slot` (from detach or acquire). */
  attach(leaf: number, slot: number): Float64Array {
    this.leafSlot[leaf] = slot;
    return this.slots[slot];
  }

  /** Marks `leaf` as having no histogram (a new leaf). */
  clear(leaf: number): void {
    this.leafSlot[leaf] = -1;
  }

  /**
   * A slot for a new histogram: a free one, a new one while under the cap, or else the one of the
   * leaf (among 0..numLeaves-1, other than keepA and keepB) with the lowest priority.
   */
  acquire(keepA: number, keepB: number, numLeaves: number, priority: Float64Array): number {
    const s = this.free.pop();
    if (s !== undefined) return s;
    if (this.slots.length < this.maxSlots) {
      this.slots.push(new Float64Array(this.histSize));
      return this.slots.length - 1;
    }
    let victim = -1;
    for (let l = 0; l < numLeaves; l++) {
      if (l === keepA || l === keepB || this.leafSlot[l] < 0) continue;
      if (victim < 0 || priority[l] < priority[victim]) victim = l;
    }
    if (victim < 0) throw new Error("histogram pool exhausted");
    const slot = this.leafSlot[victim];
    this.leafSlot[victim] = -1;
    return slot;
  }

  /** Returns `leaf`'s histogram to the free list. */
  release(leaf: number): void {
    const s = this.leafSlot[leaf];
    if (s >= 0) {
      this.free.push(s);
      this.leafSlot[leaf] = -1;
    }
  }

  /** A scratch histogram outside the leaf map (tests and diagnostics). */
  scratch(): Float64Array {
    if (this.slots.length === 0) this.slots.push(new Float64Array(this.histSize));
    return this.slots[0];
  }
}
