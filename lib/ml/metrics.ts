// Evaluation metrics on typed arrays. Probabilities: binary = P(class 1) per row; multiclass = row-major n*k.

/** Area under the ROC curve (ties get half credit). NaN when one class is absent. */
export function computeAuc(labels: ArrayLike<number>, scores: ArrayLike<number>, weights?: ArrayLike<number>): number {
  const n = labels.length;
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => scores[a] - scores[b]);
  let pos = 0;
  let neg = 0;
  for (let i = 0; i < n; i++) {
    const w = weights ? weights[i] : 1;
    if (labels[i] > 0.5) pos += w;
    else neg += w;
  }
  if (pos === 0 || neg === 0) return NaN;
  // Walk groups of tied scores: each positive counts the negatives below it plus half the tied ones.
  let negBelow = 0;
  let area = 0;
  let i = 0;
  while (i < n) {
    let j = i;
    let p = 0;
    let q = 0;
    while (j < n && scores[order[j]] === scores[order[i]]) {
      const r = order[j];
      const w = weights ? weights[r] : 1;
      if (labels[r] > 0.5) p += w;
      else q += w;
      j++;
    }
    area += p * (negBelow + q / 2);
    negBelow += q;
    i = j;
  }
  return area / (pos * neg);
}

/** Macro one-vs-rest AUC for multiclass probabilities (row-major n*k). */
export function computeMacroAuc(labels: ArrayLike<number>, probs: Float64Array, k: number): number {
  const n = labels.length;
  let sum = 0;
  let used = 0;
  const bin = new Float64Array(n);
  const sc = new Float64Array(n);
  for (let c = 0; c < k; c++) {
    for (let i = 0; i < n; i++) {
      bin[i] = labels[i] === c ? 1 : 0;
      sc[i] = probs[i * k + c];
    }
    const a = computeAuc(bin, sc);
    if (!Number.isNaN(a)) {
      sum += a;
      used++;
    }
  }
  return used ? sum / used : NaN;
}

/** Mean log loss; binary takes P(class 1) per row (k = 2), multiclass row-major n*k. */
export function computeLogLoss(labels: ArrayLike<number>, probs: ArrayLike<number>, k: number): number {
  const n = labels.length;
  let s = 0;
  for (let i = 0; i < n; i++) {
    const p = k === 2 ? (labels[i] > 0.5 ? probs[i] : 1 - probs[i]) : probs[i * k + labels[i]];
    s -= Math.log(Math.min(1, Math.max(1e-15, p)));
  }
  return n ? s / n : NaN;
}

export function computeRmse(y: ArrayLike<number>, pred: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < y.length; i++) s += (y[i] - pred[i]) ** 2;
  return y.length ? Math.sqrt(s / y.length) : NaN;
}

export function computeMae(y: ArrayLike<number>, pred: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < y.length; i++) s += Math.abs(y[i] - pred[i]);
  return y.length ? s / y.length : NaN;
}

/** Coefficient of determination; 0 when the target is constant and predicted exactly, else can be negative. */
export function computeR2(y: ArrayLike<number>, pred: ArrayLike<number>): number {
  const n = y.length;
  if (!n) return NaN;
  let mean = 0;
  for (let i = 0; i < n; i++) mean += y[i];
  mean /= n;
  let ssRes = 0;
  let ssTot = 0;
  for (let i = 0; i < n; i++) {
    ssRes += (y[i] - pred[i]) ** 2;
    ssTot += (y[i] - mean) ** 2;
  }
  if (ssTot === 0) return ssRes === 0 ? 1 : 0;
  return 1 - ssRes / ssTot;
}

/** Confusion matrix counts[actual * k + predicted]. */
export function computeConfusion(labels: ArrayLike<number>, predicted: ArrayLike<number>, k: number): Int32Array {
  const m = new Int32Array(k * k);
  for (let i = 0; i < labels.length; i++) m[labels[i] * k + predicted[i]]++;
  return m;
}

export interface ClassCounts {
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  precision: number;
  recall: number;
  f1: number;
}

/** One-vs-rest counts for class c from a k*k confusion matrix; undefined ratios are 0. */
export function computeClassCounts(confusion: Int32Array, k: number, c: number): ClassCounts {
  const tp = confusion[c * k + c];
  let fp = 0;
  let fn = 0;
  for (let j = 0; j < k; j++) {
    if (j === c) continue;
    fp += confusion[j * k + c];
    fn += confusion[c * k + j];
  }
  const precision = tp + fp > 0 ? tp / (tp + fp) : 0;
  const recall = tp + fn > 0 ? tp / (tp + fn) : 0;
  const f1 = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
  return { truePositives: tp, falsePositives: fp, falseNegatives: fn, precision, recall, f1 };
}

export function computeAccuracy(labels: ArrayLike<number>, predicted: ArrayLike<number>): number {
  let ok = 0;
  for (let i = 0; i < labels.length; i++) if (labels[i] === predicted[i]) ok++;
  return labels.length ? ok / labels.length : NaN;
}

/** Index of the most probable class per row. */
export function argmaxRows(probs: Float64Array, n: number, k: number): Int32Array {
  const out = new Int32Array(n);
  if (k === 2) {
    for (let i = 0; i < n; i++) out[i] = probs[i] > 0.5 ? 1 : 0;
    return out;
  }
  for (let i = 0; i < n; i++) {
    let best = 0;
    for (let c = 1; c < k; c++) if (probs[i * k + c] > probs[i * k + best]) best = c;
    out[i] = best;
  }
  return out;
}
