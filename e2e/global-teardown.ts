import fs from "node:fs";

export default async function globalTeardown() {
  const app = (globalThis as { __app?: { stop: () => Promise<void>; dataDir: string; output: () => string } }).__app;
  if (app) {
    await app.stop();
    // The server's and workers' log, for diagnosing failed specs (CI keeps test-results/).
    fs.mkdirSync("test-results", { recursive: true });
    fs.writeFileSync("test-results/app-server.log", app.output());
    fs.rmSync(app.dataDir, { recursive: true, force: true });
  }
  fs.rmSync("test-results-app.pid", { force: true });
}
