// Derivative-free minimisation for the model fits (ETS likelihoods, ARIMA sums of squares).
// Nelder-Mead with the adaptive coefficients of Gao & Han (2012), which keep the simplex from
// collapsing in the 10-17 dimensions of a seasonal ETS fit, plus a restart from the optimum
// (a standard remedy for simplices that stall on a ridge). Objectives return Infinity outside
// their admissible region; the simplex then simply shrinks away from it.

export interface MinimizeOptions {
  /** Initial step per coordinate (default 10% of |x| or 0.05). */
  step?: number[] | Float64Array;
  maxEvaluations?: number;
  /** Relative tolerance on the spread of objective values in the simplex. */
  tolerance?: number;
  /** Restarts from the best point found (default 1). */
  restarts?: number;
}

export interface MinimizeResult {
  x: Float64Array;
  value: number;
  evaluations: number;
}

export function minimizeNelderMead(f: (x: Float64Array) => number, start: ArrayLike<number>, options: MinimizeOptions = {}): MinimizeResult {
  const maxEval = options.maxEvaluations ?? 2000;
  let best: MinimizeResult = { x: Float64Array.from(start), value: f(Float64Array.from(start)), evaluations: 1 };
  const restarts = options.restarts ?? 1;
  for (let round = 0; round <= restarts && best.evaluations < maxEval; round++) {
    const run = runSimplex(f, best.x, options, maxEval - best.evaluations);
    const improved = run.value < best.value - 1e-10 * Math.abs(best.value);
    best = { x: run.value <= best.value ? run.x : best.x, value: Math.min(run.value, best.value), evaluations: best.evaluations + run.evaluations };
    if (round > 0 && !improved) break;
  }
  return best;
}

function runSimplex(f: (x: Float64Array) => number, x0: Float64Array, options: MinimizeOptions, budget: number): MinimizeResult {
  const n = x0.length;
  const tol = options.tolerance ?? 1e-8;
  const alpha = 1;
  const gamma = n >= 2 ? 1 + 2 / n : 2;
  const rho = n >= 2 ? 0.75 - 1 / (2 * n) : 0.5;
  const sigma = n >= 2 ? 1 - 1 / n : 0.5;
  const points: Float64Array[] = [];
  const values = new Float64Array(n + 1);
  let evaluations = 0;
  const evaluate = (x: Float64Array) => {
    evaluations++;
    const v = f(x);
    return Number.isFinite(v) ? v : Infinity;
  };
  points.push(Float64Array.from(x0));
  values[0] = evaluate(points[0]);
  for (let i = 0; i < n; i++) {
    const p = Float64Array.from(x0);
    const s = options.step ? options.step[i] : Math.abs(x0[i]) > 1e-8 ? 0.1 * Math.abs(x0[i]) : 0.05;
    p[i] += s;
    let v = evaluate(p);
    if (!Number.isFinite(v)) {
      p[i] = x0[i] - s;
      v = evaluate(p);
    }
    points.push(p);
    values[i + 1] = v;
  }
  const order = Array.from({ length: n + 1 }, (_, i) => i);
  const centroid = new Float64Array(n);
  const xr = new Float64Array(n);
  const xe = new Float64Array(n);
  const xc = new Float64Array(n);
  while (evaluations < budget) {
    order.sort((a, b) => values[a] - values[b]);
    const bestI = order[0];
    const worstI = order[n];
    const secondI = order[n - 1];
    const fBest = values[bestI];
    const fWorst = values[worstI];
    if (Number.isFinite(fWorst) && Math.abs(fWorst - fBest) <= tol * (Math.abs(fBest) + tol)) {
      // Also require the simplex itself to be small, so a flat start does not stop early.
      let size = 0;
      for (let j = 0; j < n; j++) size = Math.max(size, Math.abs(points[worstI][j] - points[bestI][j]));
      if (size < 1e-7 || evaluations > 50 * n) break;
    }
    centroid.fill(0);
    for (let k = 0; k < n; k++) {
      const p = points[order[k]];
      for (let j = 0; j < n; j++) centroid[j] += p[j] / n;
    }
    const worst = points[worstI];
    for (let j = 0; j < n; j++) xr[j] = centroid[j] + alpha * (centroid[j] - worst[j]);
    const fr = evaluate(xr);
    if (fr < fBest) {
      for (let j = 0; j < n; j++) xe[j] = centroid[j] + gamma * (xr[j] - centroid[j]);
      const fe = evaluate(xe);
      if (fe < fr) {
        worst.set(xe);
        values[worstI] = fe;
      } else {
        worst.set(xr);
        values[worstI] = fr;
      }
      continue;
    }
    if (fr < values[secondI]) {
      worst.set(xr);
      values[worstI] = fr;
      continue;
    }
    const outside = fr < fWorst;
    for (let j = 0; j < n; j++) xc[j] = outside ? centroid[j] + rho * (xr[j] - centroid[j]) : centroid[j] + rho * (worst[j] - centroid[j]);
    const fc = evaluate(xc);
    if (fc < (outside ? fr : fWorst)) {
      worst.set(xc);
      values[worstI] = fc;
      continue;
    }
    // Shrink towards the best point.
    const b = points[bestI];
    for (let k = 1; k <= n; k++) {
      const p = points[order[k]];
      for (let j = 0; j < n; j++) p[j] = b[j] + sigma * (p[j] - b[j]);
      values[order[k]] = evaluate(p);
    }
  }
  let bi = 0;
  for (let i = 1; i <= n; i++) if (values[i] < values[bi]) bi = i;
  return { x: Float64Array.from(points[bi]), value: values[bi], evaluations };
}

/**
 * Quasi-Newton (BFGS) with forward-difference gradients and a backtracking line search: for smooth
 * objectives in few dimensions (ARIMA conditional sums of squares) it needs far fewer evaluations
 * than a simplex.
 */
export function minimizeBfgs(
  f: (x: Float64Array) => number,
  start: ArrayLike<number>,
  options: { maxIterations?: number; tolerance?: number } = {},
): MinimizeResult {
  const n = start.length;
  const maxIter = options.maxIterations ?? 100;
  const tol = options.tolerance ?? 1e-8;
  let evaluations = 0;
  const evaluate = (x: Float64Array) => {
    evaluations++;
    const v = f(x);
    return Number.isFinite(v) ? v : Infinity;
  };
  const x = Float64Array.from(start);
  let fx = evaluate(x);
  if (!Number.isFinite(fx)) return { x, value: fx, evaluations };
  const grad = (point: Float64Array, fp: number, out: Float64Array) => {
    for (let i = 0; i < n; i++) {
      const h = 1e-6 * Math.max(1, Math.abs(point[i]));
      const old = point[i];
      point[i] = old + h;
      let fh = evaluate(point);
      if (!Number.isFinite(fh)) {
        point[i] = old - h;
        fh = evaluate(point);
        out[i] = Number.isFinite(fh) ? (fp - fh) / h : 0;
      } else out[i] = (fh - fp) / h;
      point[i] = old;
    }
  };
  const H = new Float64Array(n * n);
  for (let i = 0; i < n; i++) H[i * n + i] = 1;
  const g = new Float64Array(n);
  const gNew = new Float64Array(n);
  const dir = new Float64Array(n);
  const xNew = new Float64Array(n);
  const s = new Float64Array(n);
  const y = new Float64Array(n);
  const Hy = new Float64Array(n);
  grad(x, fx, g);
  for (let iter = 0; iter < maxIter; iter++) {
    for (let i = 0; i < n; i++) {
      let d = 0;
      for (let j = 0; j < n; j++) d -= H[i * n + j] * g[j];
      dir[i] = d;
    }
    let slope = 0;
    for (let i = 0; i < n; i++) slope += dir[i] * g[i];
    if (slope >= 0) {
      // Not a descent direction: reset to steepest descent.
      H.fill(0);
      for (let i = 0; i < n; i++) {
        H[i * n + i] = 1;
        dir[i] = -g[i];
      }
      slope = 0;
      for (let i = 0; i < n; i++) slope -= g[i] * g[i];
      if (slope > -1e-16) break;
    }
    let step = 1;
    let fNew = Infinity;
    for (let tries = 0; tries < 30; tries++) {
      for (let i = 0; i < n; i++) xNew[i] = x[i] + step * dir[i];
      fNew = evaluate(xNew);
      if (fNew <= fx + 1e-4 * step * slope) break;
      step *= 0.5;
    }
    if (!(fNew < fx)) break;
    const decrease = fx - fNew;
    for (let i = 0; i < n; i++) s[i] = xNew[i] - x[i];
    x.set(xNew);
    grad(x, fNew, gNew);
    fx = fNew;
    for (let i = 0; i < n; i++) y[i] = gNew[i] - g[i];
    g.set(gNew);
    if (decrease <= tol * (Math.abs(fx) + tol)) break;
    let sy = 0;
    for (let i = 0; i < n; i++) sy += s[i] * y[i];
    if (sy <= 1e-12) continue;
    for (let i = 0; i < n; i++) {
      let v = 0;
      for (let j = 0; j < n; j++) v += H[i * n + j] * y[j];
      Hy[i] = v;
    }
    let yHy = 0;
    for (let i = 0; i < n; i++) yHy += y[i] * Hy[i];
    const rhoI = 1 / sy;
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) {
        H[i * n + j] += (1 + yHy * rhoI) * rhoI * s[i] * s[j] - rhoI * (Hy[i] * s[j] + s[i] * Hy[j]);
      }
    }
  }
  return { x, value: fx, evaluations };
}
