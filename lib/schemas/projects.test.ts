import { describe, expect, it } from "vitest";
import { PROJECT_NAME_MAX } from "./project-limits";
import { createProjectSchema, updateProjectSchema } from "./projects";

describe("project name messages", () => {
  const message = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

  it("say the limit for a name that is too long, not that it is not a string", () => {
    const long = "x".repeat(PROJECT_NAME_MAX + 1);
    expect(message(createProjectSchema.safeParse({ name: long }))).toBe(`name must be at most ${PROJECT_NAME_MAX} characters`);
    expect(message(updateProjectSchema.safeParse({ name: long }))).toBe(`name must be at most ${PROJECT_NAME_MAX} characters`);
    expect(createProjectSchema.safeParse({ name: "x".repeat(PROJECT_NAME_MAX) }).success).toBe(true);
  });

  it("say a blank name is empty, and a number is not a string", () => {
    expect(message(updateProjectSchema.safeParse({ name: "   " }))).toBe("name must not be empty");
    expect(message(createProjectSchema.safeParse({ name: 5 }))).toBe("name must be a string");
  });
});
