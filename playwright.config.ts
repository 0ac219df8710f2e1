// End-to-end tests: API specs (e2e/api-*.spec.ts) and browser specs (e2e/ui-*.spec.ts) against the
// real server with real workers, started by e2e/global-setup.ts with a temporary DATA_DIR.
import fs from "node:fs";
import { defineConfig } from "@playwright/test";

// Debian's chromium where present (this project's machines have no browser downloads);
// otherwise Playwright's own browser (`npx playwright install chromium`).
const systemChromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const executablePath = fs.existsSync(systemChromium) ? systemChromium : undefined;

export default defineConfig({
  testDir: "./e2e",
  testMatch: /.*\.spec\.ts/,
  fullyParallel: false,
  workers: 1,
  timeout: 180_000,
  expect: { timeout: 15_000 },
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"], ["html", { open: "never" }]] : [["list"]],
  globalSetup: "./e2e/global-setup.ts",
  globalTeardown: "./e2e/global-teardown.ts",
  outputDir: "test-results",
  use: {
    baseURL: process.env.E2E_BASE_URL,
    screenshot: "only-on-failure",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  projects: [
    { name: "api", testMatch: /api-.*\.spec\.ts/ },
    { name: "ui", testMatch: /ui-.*\.spec\.ts/, use: { browserName: "chromium", viewport: { width: 1280, height: 860 } } },
  ],
});
