// `npm start`: migrate the database, build the web app if the sources changed, then run the web
// server and the task workers as one process tree (restarting a worker that dies).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { getEnv } from "../lib/env";
import { migrate } from "./migrate";

const dev = process.argv.includes("--dev");
const env = (() => {
  try {
    return getEnv();
  } catch (error) {
    // A setting is wrong: say which and how to fix it, without a stack trace.
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
})();
const children = new Set<ChildProcess>();
let stopping = false;

function newestSourceMtime(dirs: string[]): number {
  let newest = 0;
  const walk = (dir: string) => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === "node_modules" || entry.name.startsWith(".")) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      // A link whose target is missing (a data file kept elsewhere) must not stop the start.
      else newest = Math.max(newest, (fs.statSync(full, { throwIfNoEntry: false }) ?? fs.lstatSync(full)).mtimeMs);
    }
  };
  dirs.forEach(walk);
  for (const file of ["package.json", "next.config.mjs", "proxy.ts", "tsconfig.json", "postcss.config.mjs", "prisma/schema.prisma"]) {
    if (fs.existsSync(file)) newest = Math.max(newest, fs.statSync(file).mtimeMs);
  }
  return newest;
}

function buildIfNeeded() {
  const buildId = ".next/BUILD_ID";
  if (env.SKIP_BUILD && fs.existsSync(buildId)) return;
  const built = fs.existsSync(buildId) ? fs.statSync(buildId).mtimeMs : 0;
  if (built > newestSourceMtime(["app", "components", "lib", "public", "prisma"])) return;
  console.log("Building the web application (first start or sources changed)...");
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (result.status !== 0) throw new Error("The build failed; see the output above.");
}

function run(name: string, command: string, args: string[], restart: boolean) {
  const child = spawn(command, args, {
    stdio: "inherit",
    env: { ...process.env, PORT: String(env.PORT), DATA_DIR: env.dataDir, DATABASE_URL: env.databaseUrl },
  });
  children.add(child);
  const startedAt = Date.now();
  child.on("exit", (code, signal) => {
    children.delete(child);
    if (stopping) return;
    if (!restart) {
      console.error(`${name} exited (${signal ?? code}); stopping.`);
      shutdown(1);
      return;
    }
    // Back off when a worker dies right after starting, so a broken setup does not spin.
    const delay = Date.now() - startedAt < 10_000 ? 5_000 : 500;
    console.error(`${name} exited (${signal ?? code}); restarting in ${delay} ms.`);
    setTimeout(() => !stopping && run(name, command, args, restart), delay);
  });
}

function shutdown(code: number) {
  stopping = true;
  for (const child of children) child.kill("SIGTERM");
  setTimeout(() => process.exit(code), 3_000).unref();
  if (children.size === 0) process.exit(code);
  else Promise.all([...children].map((c) => new Promise((r) => c.once("exit", r)))).then(() => process.exit(code));
}

/** Chat answers render PNG charts in Chromium: install Debian's package on first start if missing. */
async function ensureChromium() {
  const { findChromium } = await import("../lib/render/plotly-png");
  if (findChromium()) return;
  console.log("Chromium (for chart images) is missing; trying scripts/install-system-deps.sh ...");
  const result = spawnSync("bash", ["scripts/install-system-deps.sh"], { stdio: "inherit" });
  if (result.status !== 0 || !findChromium()) {
    console.warn("Chromium is not available: chat answers will carry no PNG images until it is installed (apt-get install chromium, or set CHROMIUM_PATH).");
  }
}

/** While no user exists: the setup token the first person must enter on /setup. */
async function announceSetupToken() {
  const { issueSetupToken, needsSetup } = await import("../lib/services/setup");
  if (!(await needsSetup())) return;
  const token = await issueSetupToken();
  const where = `http://localhost:${env.PORT}/setup`;
  const line = "=".repeat(72);
  if (token)
    console.log(
      `\n${line}\nFirst run: open ${where} and enter this setup token:\n\n    ${token}\n\n(Valid until setup is done; set SETUP_TOKEN to choose your own.)\n${line}\n`,
    );
  else console.log(`First run: open ${where} and enter the setup token from SETUP_TOKEN.`);
}

async function main() {
  await migrate();
  await announceSetupToken();
  if (env.CHAT_WORKERS > 0) await ensureChromium();
  // Next.js behind our HTTP server: it compresses responses at a faster level than `next start`,
  // explains a 405 and records the client address; in development too, so API clients see one server.
  if (!dev) buildIfNeeded();
  run("web", process.execPath, ["scripts/web-server.mjs", ...(dev ? ["--dev"] : [])], false);
  const trainWorkers = env.TRAIN_WORKERS;
  for (let i = 0; i < trainWorkers; i++) run(`train worker ${i + 1}`, process.execPath, ["--import", "tsx", "scripts/worker.ts", "--kinds", "train"], true);
  for (let i = 0; i < env.CHAT_WORKERS; i++) run(`chat worker ${i + 1}`, process.execPath, ["--import", "tsx", "scripts/worker.ts", "--kinds", "chat"], true);
  console.log(`Tabula: http://localhost:${env.PORT} (data in ${env.dataDir}; ${trainWorkers} training and ${env.CHAT_WORKERS} chat worker(s))`);
}

process.on("SIGINT", () => shutdown(0));
process.on("SIGTERM", () => shutdown(0));
main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  shutdown(1);
});
