// Model JSON -> fitted model, for artifacts and nested models (STL, log, ensembles).
import { reviveArima, type ArimaJson } from "./arima";
import { reviveEnsemble, type EnsembleJson } from "./ensemble";
import { reviveEts, type EtsJson } from "./ets";
import { reviveNaive, type NaiveJson } from "./naive";
import { reviveStl, type StlJson } from "./stl-ets";
import { reviveTheta, type ThetaJson } from "./theta";
import { reviveLog, type LogJson } from "./transform";
import type { FittedModel, ModelJson } from "./types";

const REVIVERS: Record<string, (json: never) => FittedModel> = {
  ets: (json: EtsJson) => reviveEts(json),
  arima: (json: ArimaJson) => reviveArima(json),
  naive: (json: NaiveJson) => reviveNaive(json),
  theta: (json: ThetaJson) => reviveTheta(json),
  stl: (json: StlJson) => reviveStl(json),
  log: (json: LogJson) => reviveLog(json),
  ensemble: (json: EnsembleJson) => reviveEnsemble(json),
};

const extra = new Map<string, (json: ModelJson) => FittedModel>();

/** Lets modules outside this folder (the global GBDT) register their model type. */
export function registerModelType(type: string, revive: (json: ModelJson) => FittedModel): void {
  extra.set(type, revive);
}

export function reviveModel(json: ModelJson): FittedModel {
  const revive = REVIVERS[json.type] ?? extra.get(json.type);
  if (!revive) throw new Error(`unknown forecast model type "${json.type}"`);
  return (revive as (j: ModelJson) => FittedModel)(json);
}
