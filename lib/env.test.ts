import { describe, expect, it } from "vitest";
import { parseEnv } from "./env";

describe("parseEnv", () => {
  it("fills in the documented defaults", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.TASK_STALE_SECONDS).toBe(30);
    expect(env.WORKER_KINDS).toEqual(["train", "chat"]);
    expect(env.SKIP_BUILD).toBe(false);
    expect(env.CHROMIUM_PATH).toBeUndefined();
    expect(env.CONTRACT_LOG).toBeUndefined();
    expect(env.databaseUrl).toMatch(/^file:.*app\.db$/);
  });

  it("reads the settings that used to be read elsewhere", () => {
    const env = parseEnv({ TASK_STALE_SECONDS: "6", WORKER_KINDS: " train ", SKIP_BUILD: "1", CHROMIUM_PATH: " /opt/chromium ", PLOTLY_JS_PATH: "" });
    expect(env.TASK_STALE_SECONDS).toBe(6);
    expect(env.WORKER_KINDS).toEqual(["train"]);
    expect(env.SKIP_BUILD).toBe(true);
    expect(env.CHROMIUM_PATH).toBe("/opt/chromium");
    expect(env.PLOTLY_JS_PATH).toBeUndefined();
  });

  it("names every bad variable at once instead of guessing", () => {
    expect(() => parseEnv({ TASK_STALE_SECONDS: "1", WORKER_KINDS: "train,gpu", PORT: "http" })).toThrow(
      /PORT: must be a non-negative integer.*TASK_STALE_SECONDS: must be an integer of at least 2.*WORKER_KINDS: must list train and\/or chat/,
    );
    expect(() => parseEnv({ SKIP_BUILD: "yes" })).toThrow(/SKIP_BUILD/);
    expect(() => parseEnv({ CORS_ORIGINS: "https://ok.example.com,app.example.com" })).toThrow(/CORS_ORIGINS: "app.example.com" is not an origin/);
    expect(parseEnv({ CORS_ORIGINS: "https://app.example.com" }).CORS_ORIGINS).toBe("https://app.example.com");
  });
});
