// Child process for the store's multi-process and crash tests (run with tsx):
//   append-child.ts <root> <datasetId> batches <writer> <count> <size>   appends `count` batches
//   append-child.ts <root> <datasetId> hang <rows>                       writes a segment, then waits
//                                                                        before the manifest commit
//   append-child.ts <root> <datasetId> loop <size>                       appends until killed
// Every row is {writer, i, label}; progress lines go to stdout.
import { openDatasetStore } from "../dataset-store";

const [root, datasetId, mode, ...rest] = process.argv.slice(2);

function makeRows(writer: string, start: number, size: number) {
  const rows = [];
  for (let i = 0; i < size; i++) rows.push({ writer, i: start + i, label: `L${(start + i) % 7}` });
  return rows;
}

async function main() {
  if (mode === "batches") {
    const [writer, count, size] = [rest[0], Number(rest[1]), Number(rest[2])];
    const store = openDatasetStore(root);
    for (let b = 0; b < count; b++) await store.append(datasetId, makeRows(writer, b * size, size));
    process.stdout.write("done\n");
  } else if (mode === "hang") {
    const store = openDatasetStore(root, {
      beforeCommit: async () => {
        process.stdout.write("segment-written\n");
        setInterval(() => undefined, 1000); // stay alive, holding the lock, until killed
        await new Promise(() => undefined);
      },
    });
    await store.append(datasetId, makeRows("crash", 1_000_000, Number(rest[0])));
  } else if (mode === "loop") {
    const size = Number(rest[0]);
    const store = openDatasetStore(root);
    const start = (await store.info(datasetId)).rowCount;
    for (let b = 0; ; b++) {
      const info = await store.append(datasetId, makeRows("loop", start + b * size, size));
      process.stdout.write(`committed ${info.rowCount}\n`);
    }
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
