import fs from "node:fs";

export default async function globalTeardown() {
  const app = (globalThis as { __app?: { stop: () => Promise<void>; dataDir: string } }).__app;
  if (app) {
    await app.stop();
    fs.rmSync(app.dataDir, { recursive: true, force: true });
  }
  fs.rmSync("test-results-app.pid", { force: true });
}
