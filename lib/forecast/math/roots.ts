// Roots of small real polynomials (Durand-Kerner / Weierstrass iteration on complex numbers),
// enough for ARIMA's unit-root checks on polynomials of degree <= 5.

/** Smallest modulus among the roots of c[0] + c[1] z + ... + c[k] z^k (c[k] != 0). */
export function minRootModulus(coefficients: ArrayLike<number>): number {
  let k = coefficients.length - 1;
  while (k > 0 && Math.abs(coefficients[k]) < 1e-12) k--;
  if (k === 0) return Infinity;
  const lead = coefficients[k];
  const a = Array.from({ length: k + 1 }, (_, i) => coefficients[i] / lead);
  const re = new Float64Array(k);
  const im = new Float64Array(k);
  // Start points on a circle of radius based on the coefficients (Cauchy bound).
  let bound = 0;
  for (let i = 0; i < k; i++) bound = Math.max(bound, Math.abs(a[i]));
  const radius = 1 + bound;
  for (let i = 0; i < k; i++) {
    const angle = (2 * Math.PI * i) / k + 0.4;
    re[i] = radius * 0.5 * Math.cos(angle);
    im[i] = radius * 0.5 * Math.sin(angle);
  }
  for (let iter = 0; iter < 500; iter++) {
    let moved = 0;
    for (let i = 0; i < k; i++) {
      // p(z) by Horner.
      let pr = 1;
      let pi = 0;
      for (let j = k - 1; j >= 0; j--) {
        const nr = pr * re[i] - pi * im[i] + a[j];
        const ni = pr * im[i] + pi * re[i];
        pr = nr;
        pi = ni;
      }
      // prod (z_i - z_j)
      let dr = 1;
      let di = 0;
      for (let j = 0; j < k; j++) {
        if (j === i) continue;
        const xr = re[i] - re[j];
        const xi = im[i] - im[j];
        const nr = dr * xr - di * xi;
        const ni = dr * xi + di * xr;
        dr = nr;
        di = ni;
      }
      const den = dr * dr + di * di;
      if (den === 0) continue;
      const qr = (pr * dr + pi * di) / den;
      const qi = (pi * dr - pr * di) / den;
      re[i] -= qr;
      im[i] -= qi;
      moved = Math.max(moved, Math.hypot(qr, qi));
    }
    if (moved < 1e-12) break;
  }
  let min = Infinity;
  for (let i = 0; i < k; i++) min = Math.min(min, Math.hypot(re[i], im[i]));
  return min;
}
