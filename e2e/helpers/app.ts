// Starts the real application (web + workers, `scripts/start.ts`) on a free port with its own
// temporary DATA_DIR, as a user would with `npm start`. Tests that need to kill or restart workers
// start their own instance with `startApp({ ... })`.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export interface AppInstance {
  baseURL: string;
  dataDir: string;
  apiKey: string;
  process: ChildProcess;
  output: () => string;
  stop: (signal?: NodeJS.Signals) => Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

export async function startApp(options: { env?: Record<string, string>; dataDir?: string; apiKey?: string } = {}): Promise<AppInstance> {
  const port = await freePort();
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "tabula-e2e-"));
  const apiKey = options.apiKey ?? `tbk_test_${Math.random().toString(36).slice(2)}`;
  let log = "";
  const child = spawn(path.resolve("node_modules/.bin/tsx"), ["scripts/start.ts"], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      INITIAL_API_KEY: apiKey,
      SKIP_BUILD: "1",
      TASK_STALE_SECONDS: "6",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  child.stdout?.on("data", (d) => (log += d.toString()));
  child.stderr?.on("data", (d) => (log += d.toString()));
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The app exited early (${child.exitCode}):\n${log}`);
    try {
      const res = await fetch(`${baseURL}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`The app did not start within 90 s:\n${log}`);
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    baseURL,
    dataDir,
    apiKey,
    process: child,
    output: () => log,
    stop: async (signal = "SIGTERM") => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once("exit", r));
      try {
        process.kill(-child.pid!, signal); // the whole process group: web and workers
      } catch {
        return;
      }
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    },
  };
}
