import { describe, expect, it } from "vitest";
import { isTrainingRunning, MAX_DISMISSED, parseDismissed, withDismissed } from "./use-team-trainings";

describe("dismissed trainings", () => {
  it("reads ids and ignores anything else", () => {
    expect(parseDismissed(null)).toEqual([]);
    expect(parseDismissed("not json")).toEqual([]);
    expect(parseDismissed('{"a":1}')).toEqual([]);
    expect(parseDismissed('["a", 3, "b"]')).toEqual(["a", "b"]);
  });
  it("adds an id once and keeps the latest ones", () => {
    expect(withDismissed(["a", "b"], "a")).toEqual(["b", "a"]);
    const many = Array.from({ length: MAX_DISMISSED }, (_, i) => `t${i}`);
    const next = withDismissed(many, "new");
    expect(next).toHaveLength(MAX_DISMISSED);
    expect(next.at(-1)).toBe("new");
    expect(next).not.toContain("t0");
  });
  it("polls only for queued and running trainings", () => {
    expect(isTrainingRunning({ status: "PENDING" })).toBe(true);
    expect(isTrainingRunning({ status: "IN_PROGRESS" })).toBe(true);
    expect(isTrainingRunning({ status: "FAILED" })).toBe(false);
  });
});
