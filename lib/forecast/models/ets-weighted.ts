// ETS forms averaged with Akaike weights (Kolassa 2011, "Combining exponential smoothing forecasts
// using Akaike weights", IJF 27): instead of betting on the single form with the lowest AICc, every
// admissible form contributes in proportion to exp(-AICc / 2). When one form is clearly best this is
// that form; when several fit about equally well (a damped or straight trend, additive or
// multiplicative season) their forecasts are averaged rather than one picked by a hair.
import { candidateForms, ETS_MAX_PERIOD, type EtsModel, fitEtsForm } from "./ets";
import { reviveModel } from "./registry";
import type { FittedModel, Method, ModelJson, SeriesInput } from "./types";

/** Members whose weight is below this share are left out (their forecasts would not move the mean). */
const MIN_WEIGHT = 1e-3;

export interface WeightedJson extends ModelJson {
  type: "weighted";
  weights: number[];
  members: ModelJson[];
}

/** exp(-(AICc - min) / 2), normalised; non-finite AICc gets weight 0. */
export function akaikeWeights(aiccs: number[]): number[] {
  const best = Math.min(...aiccs.filter(Number.isFinite));
  if (!Number.isFinite(best)) throw new Error("no finite AICc");
  const raw = aiccs.map((a) => (Number.isFinite(a) ? Math.exp(-(a - best) / 2) : 0));
  const total = raw.reduce((s, v) => s + v, 0);
  return raw.map((v) => v / total);
}

export class WeightedModel implements FittedModel {
  readonly members: FittedModel[];

  constructor(
    readonly json: WeightedJson,
    members?: FittedModel[],
  ) {
    this.members = members ?? json.members.map((m) => reviveModel(m));
  }

  static of(members: FittedModel[], weights: number[]): WeightedModel {
    return new WeightedModel({ type: "weighted", weights, members: members.map((m) => m.toJSON()) }, members);
  }

  get name(): string {
    const parts = this.members.map((m, i) => ({ name: m.name, w: this.json.weights[i] })).sort((a, b) => b.w - a.w);
    if (parts.length === 1) return parts[0].name;
    return `Akaike-weighted ${parts.map((p) => `${p.name} ${Math.round(100 * p.w)}%`).join(", ")}`;
  }

  forecast(h: number): Float64Array {
    const out = new Float64Array(h);
    this.members.forEach((m, i) => {
      const f = m.forecast(h);
      for (let k = 0; k < h; k++) out[k] += this.json.weights[i] * f[k];
    });
    return out;
  }

  /** The sd of the mixture: members' variances plus the spread of their forecasts around the mean. */
  spread(h: number): Float64Array {
    const mean = this.forecast(h);
    const variance = new Float64Array(h);
    this.members.forEach((m, i) => {
      const f = m.forecast(h);
      const s = m.spread(h);
      for (let k = 0; k < h; k++) variance[k] += this.json.weights[i] * (s[k] * s[k] + (f[k] - mean[k]) ** 2);
    });
    return variance.map(Math.sqrt);
  }

  toJSON(): WeightedJson {
    return this.json;
  }
}

/** The fitted forms with weight >= MIN_WEIGHT, renormalised. */
function weighted(models: EtsModel[]): WeightedModel {
  const w = akaikeWeights(models.map((m) => m.aicc));
  const keep = models.map((m, i) => ({ m, w: w[i] })).filter((x) => x.w >= MIN_WEIGHT);
  const total = keep.reduce((s, x) => s + x.w, 0);
  return WeightedModel.of(
    keep.map((x) => x.m),
    keep.map((x) => x.w / total),
  );
}

export const etsAicWeightedMethod: Method = {
  id: "ets-aicw",
  cost: 15,
  applies: (s) => s.y.length >= 8,
  fit(s: SeriesInput) {
    const m = s.periods.find((p) => p <= ETS_MAX_PERIOD) ?? 1;
    const seasonal = m > 1 && s.y.length >= 2 * m + 2;
    const models: EtsModel[] = [];
    for (const form of candidateForms({ seasonal, positive: s.positive })) {
      if (models.length && s.deadline !== undefined && Date.now() > s.deadline) break;
      const model = fitEtsForm(s.y, form, m);
      if (model && Number.isFinite(model.aicc)) models.push(model);
    }
    if (!models.length) throw new Error("no admissible ETS model");
    return weighted(models);
  },
  /** The forms kept on the whole history, refitted and reweighted on the shorter stretch. */
  refit(s: SeriesInput, template: FittedModel) {
    const models: EtsModel[] = [];
    for (const member of (template as WeightedModel).members) {
      const { form, m } = (member as EtsModel).json;
      const model = fitEtsForm(s.y, form, m);
      if (model && Number.isFinite(model.aicc)) models.push(model);
    }
    if (!models.length) throw new Error(`none of ${template.name} can be fitted to ${s.y.length} points`);
    return weighted(models);
  },
};

export function reviveWeighted(json: WeightedJson): WeightedModel {
  return new WeightedModel(json);
}
