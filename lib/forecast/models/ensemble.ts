// The average of several fitted models' forecasts. Combinations of a few good methods are among
// the most reliable forecasts known (M3, M4); the search uses one when it backtests better than
// each member alone.
import { reviveModel } from "./registry";
import type { FittedModel, ModelJson } from "./types";

export interface EnsembleJson extends ModelJson {
  type: "ensemble";
  combine: "mean" | "median";
  members: ModelJson[];
}

export class EnsembleModel implements FittedModel {
  readonly members: FittedModel[];

  constructor(
    readonly json: EnsembleJson,
    members?: FittedModel[],
  ) {
    this.members = members ?? json.members.map((m) => reviveModel(m));
  }

  /** An ensemble of models already in memory (their JSON is only needed for the artifact). */
  static of(combine: "mean" | "median", members: FittedModel[]): EnsembleModel {
    return new EnsembleModel({ type: "ensemble", combine, members: members.map((m) => m.toJSON()) }, members);
  }

  get name(): string {
    return `${this.json.combine === "mean" ? "average" : "median"} of ${this.members.map((m) => m.name).join(", ")}`;
  }

  forecast(h: number): Float64Array {
    return combineArrays(
      this.members.map((m) => m.forecast(h)),
      this.json.combine,
    );
  }

  /** Members' spreads averaged (their errors are strongly correlated, so no diversification is assumed). */
  spread(h: number): Float64Array {
    return combineArrays(
      this.members.map((m) => m.spread(h)),
      "mean",
    );
  }

  toJSON(): EnsembleJson {
    return this.json;
  }
}

export function combineArrays(arrays: Float64Array[], how: "mean" | "median"): Float64Array {
  const h = arrays[0].length;
  const out = new Float64Array(h);
  const col = new Float64Array(arrays.length);
  for (let k = 0; k < h; k++) {
    if (how === "mean") {
      let s = 0;
      for (const a of arrays) s += a[k];
      out[k] = s / arrays.length;
    } else {
      for (let i = 0; i < arrays.length; i++) col[i] = arrays[i][k];
      col.sort();
      const mid = arrays.length >> 1;
      out[k] = arrays.length % 2 ? col[mid] : (col[mid - 1] + col[mid]) / 2;
    }
  }
  return out;
}

export function reviveEnsemble(json: EnsembleJson): EnsembleModel {
  return new EnsembleModel(json);
}
