import { describe, expect, it } from "vitest";
import { describeProgress } from "./use-chat";

describe("describeProgress", () => {
  it("says whether the question waits for a worker or is being worked on", () => {
    expect(describeProgress({ status: "PENDING", metadata: { type: "PENDING" } })).toBe("Waiting for a chat worker…");
    expect(describeProgress({ status: "IN_PROGRESS", metadata: { type: "IN_PROGRESS", message: "Rendering charts" } })).toBe("Rendering charts…");
    expect(describeProgress({ status: "IN_PROGRESS", metadata: { type: "IN_PROGRESS", message: "Analysing..." } })).toBe("Analysing…");
    expect(describeProgress({ status: "IN_PROGRESS", metadata: { type: "IN_PROGRESS" } })).toBe("Working on the answer…");
  });
});
