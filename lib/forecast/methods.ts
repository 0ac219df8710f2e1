// The forecasting methods by id: budget plans name them, and search threads look them up.
import { autoArimaMethod } from "./models/arima";
import { autoEtsMethod, dampedEtsMethod } from "./models/ets";
import { driftMethod, naiveMethod, seasonalNaiveMethod } from "./models/naive";
import { stlArimaMethod, stlEtsMethod } from "./models/stl-ets";
import { thetaMethod } from "./models/theta";
import { logMethod } from "./models/transform";
import type { Method } from "./models/types";

// Cheap, strong methods first: when time runs out, what has finished still forms a good search.
export const CORE_METHODS: Method[] = [
  naiveMethod,
  seasonalNaiveMethod,
  driftMethod,
  thetaMethod,
  dampedEtsMethod,
  stlEtsMethod,
  autoEtsMethod,
  autoArimaMethod,
  logMethod(autoEtsMethod),
  logMethod(autoArimaMethod),
  // Cheap, and for positive series that grow by a share (rather than an amount) the trend to damp.
  logMethod(dampedEtsMethod),
];
export const EXTRA_METHODS: Method[] = [stlArimaMethod, logMethod(thetaMethod)];

const byId = new Map([...CORE_METHODS, ...EXTRA_METHODS].map((m) => [m.id, m]));

export function methodsById(ids: string[]): Method[] {
  return ids.map((id) => {
    const m = byId.get(id);
    if (!m) throw new Error(`unknown forecasting method "${id}"`);
    return m;
  });
}
