import fs from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import { checkRecordedResponses, readRecordedResponses } from "../lib/openapi/contract";

export default async function globalTeardown() {
  const app = (globalThis as { __app?: { stop: () => Promise<void>; dataDir: string; output: () => string; baseURL: string } }).__app;
  // The document the server serves, fetched before it stops: the contract is what clients read.
  let documentText: string | null = null;
  if (app) {
    documentText = await fetch(`${app.baseURL}/api/v1/api.yaml`).then(
      (res) => (res.ok ? res.text() : null),
      () => null,
    );
    await app.stop();
    // The server's and workers' log, for diagnosing failed specs (CI keeps test-results/).
    fs.mkdirSync("test-results", { recursive: true });
    fs.writeFileSync("test-results/app-server.log", app.output());
    fs.rmSync(app.dataDir, { recursive: true, force: true });
  }
  fs.rmSync("test-results-app.pid", { force: true });
  checkContract(documentText);
}

/**
 * Every /api/v1 and /v1 response of the run against the OpenAPI document: fails the run on any
 * status, content type or shape the document does not allow, or a path it lacks. The report
 * (test-results/contract-report.txt, or test-results/postgres/ on the PostgreSQL pass) also lists
 * the documented statuses the run never produced.
 */
function checkContract(documentText: string | null) {
  const dir = process.env.CONTRACT_LOG;
  if (!dir) return;
  const records = readRecordedResponses(dir);
  fs.rmSync(dir, { recursive: true, force: true });
  if (records.length === 0) return; // no spec called the API (or the app never started: that error is reported already)
  if (!documentText) throw new Error("Contract check: the server did not serve /api/v1/api.yaml, so the recorded responses cannot be checked.");
  const report = checkRecordedResponses(parse(documentText), records);
  const reportDir = process.env.E2E_PG_URL ? "test-results/postgres" : "test-results";
  const lines = [
    `Contract check: ${report.checked} responses, ${report.failures.length} not allowed by the OpenAPI document.`,
    ...report.failures.flatMap((f) => [`FAIL ${f.request} -> ${f.status}`, ...f.problems.map((p) => `    ${p}`)]),
    "",
    "Documented statuses this run did not produce (information):",
    ...report.unexercised.map((line) => `  ${line}`),
  ];
  fs.mkdirSync(reportDir, { recursive: true });
  fs.writeFileSync(path.join(reportDir, "contract-report.txt"), `${lines.join("\n")}\n`);
  console.log(`\n${lines[0]} Report: ${path.join(reportDir, "contract-report.txt")}`);
  if (report.failures.length) {
    const shown = report.failures.slice(0, 20).flatMap((f) => [`${f.request} -> ${f.status}`, ...f.problems.map((p) => `    ${p}`)]);
    throw new Error(
      `Contract check failed: ${report.failures.length} of ${report.checked} responses are not allowed by the OpenAPI document:\n${shown.join("\n")}`,
    );
  }
}
