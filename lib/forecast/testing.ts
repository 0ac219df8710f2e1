// Deterministic synthetic series for the forecasting engine's tests (no files).

/** xorshift32 uniform numbers and Box-Muller normals, seeded. */
export function makeRandom(seed: number) {
  let state = (seed * 2654435761) >>> 0 || 1;
  const uniform = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return ((state >>> 0) + 0.5) / 4294967296;
  };
  const normal = () => Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform());
  return { uniform, normal };
}

export const utc = (y: number, m: number, d = 1, h = 0, min = 0) => Date.UTC(y, m - 1, d, h, min);

/** Monthly dates from a year/month. */
export function monthlyDates(year: number, month: number, n: number): Float64Array {
  return Float64Array.from({ length: n }, (_, i) => utc(year + Math.floor((month - 1 + i) / 12), ((month - 1 + i) % 12) + 1));
}

/** level + trend * t + amplitude * sin(2 pi t / period) + noise. */
export function seasonalSeries(
  n: number,
  options: { level?: number; trend?: number; period?: number; amplitude?: number; noise?: number; seed?: number } = {},
): Float64Array {
  const { level = 100, trend = 0.5, period = 12, amplitude = 10, noise = 1, seed = 1 } = options;
  const rnd = makeRandom(seed);
  return Float64Array.from({ length: n }, (_, t) => level + trend * t + amplitude * Math.sin((2 * Math.PI * t) / period) + noise * rnd.normal());
}
