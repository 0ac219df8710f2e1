// Test helper process: takes SQLite's write lock on the given database for a while, like another
// process appending or training would, then releases it. Usage: hold-write-lock.ts <db file> <ms>
import { createClient } from "@libsql/client";

const [file, ms] = process.argv.slice(2);
const client = createClient({ url: `file:${file}` });
await client.execute(`PRAGMA busy_timeout = ${process.env.BUSY_TIMEOUT ?? 15000}`);
const tx = await client.transaction("write");
await tx.execute({ sql: `UPDATE "Team" SET "name" = "name" WHERE 1 = 0`, args: [] });
process.stdout.write("locked\n");
await new Promise((r) => setTimeout(r, Number(ms)));
await tx.commit();
process.stdout.write("released\n");
client.close();
