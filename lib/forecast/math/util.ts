// Tiny numeric helpers shared by the models.

export const sqrt = Math.sqrt;

export function clamp(x: number, lo: number, hi: number): number {
  return x < lo ? lo : x > hi ? hi : x;
}

/** Forecasts that should not be NaN: replace non-finite entries by the last finite value (or 0). */
export function fillNonFinite(x: Float64Array): Float64Array {
  let last = 0;
  for (let i = 0; i < x.length; i++) {
    if (Number.isFinite(x[i])) last = x[i];
    else x[i] = last;
  }
  return x;
}
