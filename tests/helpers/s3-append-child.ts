// A separate process (another host, for the storage's purposes: its own DATA_DIR and cache) that
// appends to a dataset in object storage, through the application's storage settings and database.
// Environment: DATA_DIR, DATABASE_URL, STORAGE_URL and S3_* as the application reads them.
//   s3-append-child.ts <datasetId> batches <writer> <count> <size>   appends `count` batches, prints "committed <b>"
//   s3-append-child.ts <datasetId> hang <rows>                       uploads its segment, then waits before the commit
import { openStoreOn } from "../../lib/store";
import { ObjectBackend } from "../../lib/store/object-backend";

const [datasetId, mode, ...rest] = process.argv.slice(2);

function makeRows(writer: string, batch: number, size: number) {
  return Array.from({ length: size }, (_, i) => ({ writer, batch, i, label: `L${i % 7}` }));
}

async function main() {
  const { openConfiguredStorage } = await import("../../lib/services/storage");
  const storage = openConfiguredStorage();
  if (mode === "batches") {
    const [writer, count, size] = [rest[0], Number(rest[1]), Number(rest[2])];
    for (let b = 0; b < count; b++) {
      await storage.datasets.append(datasetId, makeRows(writer, b, size));
      process.stdout.write(`committed ${b}\n`);
    }
    process.stdout.write("done\n");
  } else if (mode === "hang") {
    const store = openStoreOn(storage.backend as ObjectBackend, {
      beforeCommit: async () => {
        process.stdout.write("segment-uploaded\n");
        setInterval(() => undefined, 1000); // stay alive until killed
        await new Promise(() => undefined);
      },
    });
    await store.append(datasetId, makeRows("crash", 0, Number(rest[0])));
  } else {
    throw new Error(`unknown mode ${mode}`);
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    process.stderr.write(`${String(error?.stack ?? error)}\n`);
    process.exit(1);
  },
);
