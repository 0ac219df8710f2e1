import { describe, expect, it } from "vitest";
import {
  joinFieldNames,
  KEEP_STARTED_MS,
  MAX_STARTED_TRAININGS,
  parseStartedTrainings,
  type StartedTraining,
  withoutStartedTraining,
  withStartedTraining,
} from "./started-trainings";

const NOW = 1_800_000_000_000;
const entry = (taskId: string, startedAt = NOW, extra: Partial<StartedTraining> = {}): StartedTraining => ({
  taskId,
  teamId: "team-1",
  kind: "predict",
  datasetId: "ds-1",
  datasetName: "Telco",
  fields: ["Churn"],
  startedAt,
  ...extra,
});

describe("parseStartedTrainings", () => {
  it("reads the stored list newest first", () => {
    const raw = JSON.stringify([entry("a", NOW - 5000), entry("b", NOW - 1000)]);
    expect(parseStartedTrainings(raw, NOW).map((e) => e.taskId)).toEqual(["b", "a"]);
  });
  it("leaves out what is malformed, too old or not a list", () => {
    const raw = JSON.stringify([
      entry("ok"),
      entry("old", NOW - KEEP_STARTED_MS - 1),
      { ...entry("no-fields"), fields: "Churn" },
      { ...entry("bad-kind"), kind: "retrain" },
      null,
      "x",
    ]);
    expect(parseStartedTrainings(raw, NOW).map((e) => e.taskId)).toEqual(["ok"]);
    expect(parseStartedTrainings("{not json", NOW)).toEqual([]);
    expect(parseStartedTrainings(JSON.stringify({ taskId: "a" }), NOW)).toEqual([]);
    expect(parseStartedTrainings(null, NOW)).toEqual([]);
  });
});

describe("withStartedTraining / withoutStartedTraining", () => {
  it("puts a new training first, once, and keeps at most the limit", () => {
    let list: StartedTraining[] = [];
    for (let i = 0; i < MAX_STARTED_TRAININGS + 5; i++) list = withStartedTraining(list, entry(`t${i}`, NOW + i));
    expect(list).toHaveLength(MAX_STARTED_TRAININGS);
    expect(list[0].taskId).toBe(`t${MAX_STARTED_TRAININGS + 4}`);
    const again = withStartedTraining(list, entry("t10", NOW + 100, { fields: ["Sales"] }));
    expect(again.filter((e) => e.taskId === "t10")).toHaveLength(1);
    expect(again[0]).toMatchObject({ taskId: "t10", fields: ["Sales"] });
  });
  it("forgets one training by its task id", () => {
    expect(withoutStartedTraining([entry("a"), entry("b")], "a").map((e) => e.taskId)).toEqual(["b"]);
  });
});

describe("joinFieldNames", () => {
  it("joins field names as a person writes them", () => {
    expect(joinFieldNames(["Churn"])).toBe("Churn");
    expect(joinFieldNames(["Sales", "Profit"])).toBe("Sales and Profit");
    expect(joinFieldNames(["A", "B", "C"])).toBe("A, B and C");
  });
});
