// Small seeded PRNG so that training is deterministic for a given seed (Math.random is not seedable).

/** Mulberry32: fast 32-bit generator, good enough for sampling rows and features. */
export class Rng {
  private state: number;

  constructor(seed: number) {
    // Mix the seed so that nearby seeds give unrelated streams.
    this.state = (Math.imul((seed | 0) ^ 0x9e3779b9, 0x85ebca6b) ^ 0x5bd1e995) >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) | 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Uniform integer in [0, n). */
  nextInt(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** k distinct indices from 0..n-1, sorted ascending (partial Fisher-Yates). */
  sampleIndices(n: number, k: number): Int32Array {
    const m = Math.max(0, Math.min(n, k));
    const perm = new Int32Array(n);
    for (let i = 0; i < n; i++) perm[i] = i;
    for (let i = 0; i < m; i++) {
      const j = i + this.nextInt(n - i);
      const t = perm[i];
      perm[i] = perm[j];
      perm[j] = t;
    }
    // The chosen set in ascending order by marking (linear) instead of sorting it.
    const chosen = new Uint8Array(n);
    for (let i = 0; i < m; i++) chosen[perm[i]] = 1;
    const out = new Int32Array(m);
    for (let i = 0, o = 0; i < n; i++) if (chosen[i]) out[o++] = i;
    return out;
  }
}
