// Storage maintenance for operators:
//   npm run storage:migrate -- --to s3://bucket/prefix   copy DATA_DIR's datasets and models into object storage
//   npm run storage:migrate -- --to files                 and back (into DATA_DIR); --from overrides STORAGE_URL
//   npm run storage:sweep [-- --grace-minutes N]          remove unreferenced segments now (object storage)
// Both read the same settings as the application (DATA_DIR, DATABASE_URL, STORAGE_URL, S3_*). The
// migration is idempotent and resumable: run it again after an interruption. Stop the application's
// writers while it runs, then set STORAGE_URL to the target on every host and restart them.
import { parseArgs } from "node:util";
import { getEnv } from "../lib/env";
import { migrate } from "./migrate";

function storageUrl(value: string): string {
  return value === "files" || value === "file" ? "" : value;
}

async function main() {
  const [command, ...rest] = process.argv.slice(2);
  const { values } = parseArgs({
    args: rest,
    options: { to: { type: "string" }, from: { type: "string" }, "grace-minutes": { type: "string" } },
    strict: true,
  });
  const env = getEnv();
  await migrate(); // the StorageRecord table must exist (idempotent)
  const { openConfiguredStorage } = await import("../lib/services/storage");
  if (command === "migrate") {
    if (!values.to) throw new Error("usage: npm run storage:migrate -- --to s3://bucket/prefix | files  [--from s3://... | files]");
    const { migrateStorage } = await import("../lib/store/migrate");
    const source = openConfiguredStorage(env, storageUrl(values.from ?? env.STORAGE_URL));
    const target = openConfiguredStorage(env, storageUrl(values.to));
    console.log(`Copying datasets and models from ${source.description} to ${target.description} ...`);
    const report = await migrateStorage(source, target, { log: (line) => console.log(`  ${line}`) });
    console.log(
      `Done: ${report.datasets} dataset(s) (${report.datasetsCopied} installed, ${report.segmentsCopied} segment(s) copied, ${report.segmentsSkipped} already there), ` +
        `${report.artifactsCopied} artifact(s) copied, ${report.artifactsSkipped} already there.`,
    );
    if (report.datasetsKept.length) console.log(`Left alone (newer in the target): ${report.datasetsKept.join(", ")}`);
    console.log(
      `Next: set STORAGE_URL=${target.location.kind === "s3" ? target.location.url : '"" (or remove it)'} on every web and worker host and restart them. ` +
        `The source (${source.description}) is unchanged; remove it once the application runs on the target.`,
    );
  } else if (command === "sweep") {
    const { sweepStorage } = await import("../lib/services/storage");
    const graceMinutes = values["grace-minutes"] === undefined ? undefined : Number(values["grace-minutes"]);
    if (graceMinutes !== undefined && !(graceMinutes >= 0)) throw new Error("--grace-minutes must be a number >= 0");
    const report = await sweepStorage({ graceMs: graceMinutes === undefined ? undefined : graceMinutes * 60_000 });
    if (!report) console.log("Nothing to sweep: STORAGE_URL is not object storage (files are tidied by their writers).");
    else console.log(`Sweep: ${report.removed} unreferenced segment(s) removed, ${report.young} younger than the grace period kept, ${report.live} in use.`);
  } else {
    throw new Error("usage: tsx scripts/storage.ts migrate --to URL [--from URL] | sweep [--grace-minutes N]");
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
