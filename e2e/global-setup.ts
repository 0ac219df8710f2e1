import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startApp } from "./helpers/app";

// One shared instance for the specs; its address and key reach them through the environment.
export default async function globalSetup() {
  // Every web process started from here on (this one, and those the specs start themselves)
  // records its /api/v1 and /v1 responses for the contract check in global-teardown.ts.
  process.env.CONTRACT_LOG ??= fs.mkdtempSync(path.join(os.tmpdir(), "tabula-contract-"));
  const app = await startApp();
  process.env.E2E_BASE_URL = app.baseURL;
  process.env.E2E_API_KEY = app.apiKey;
  process.env.E2E_SETUP_TOKEN = app.setupToken;
  process.env.E2E_DATA_DIR = app.dataDir;
  fs.writeFileSync("test-results-app.pid", String(app.process.pid));
  (globalThis as { __app?: typeof app }).__app = app;
}
