// A throwaway S3-protocol server for the test passes (s3rver, a dev dependency) on a free loopback
// port, keeping objects under DIR. Prints the settings the application needs, then serves until
// killed. Used by scripts/test-postgres.sh:
//   node --import tsx scripts/start-s3.ts DIR > DIR.env &    # then: source DIR.env
import { startS3Server } from "../lib/store/testing/s3-server";

const directory = process.argv[2];
if (!directory) {
  console.error("usage: start-s3.ts DIR");
  process.exit(2);
}
const server = await startS3Server({ directory, bucket: "tabula-e2e" });
const env = server.env();
const lines = [
  `export E2E_STORAGE_URL='${env.STORAGE_URL}'`,
  ...Object.entries(env)
    .filter(([name]) => name.startsWith("S3_"))
    .map(([name, value]) => `export ${name}='${value}'`),
];
process.stdout.write(`${lines.join("\n")}\n`);
const stop = () => void server.stop().finally(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
