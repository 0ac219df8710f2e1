// A real S3-protocol server on loopback for tests and benchmarks: s3rver (a dev dependency), which
// keeps objects as files in `directory`. Restartable on the same port and directory, so tests can
// take the storage away and bring it back.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";

export interface TestS3Server {
  endpoint: string;
  port: number;
  bucket: string;
  directory: string;
  /** Environment for the application: STORAGE_URL (with `prefix`) and the S3_* settings. */
  env(prefix?: string): Record<string, string>;
  stop(): Promise<void>;
  /** Starts again on the same port and directory (after stop). */
  restart(): Promise<void>;
  /** Stops and removes the directory. */
  dispose(): Promise<void>;
}

export async function startS3Server(options: { bucket?: string; port?: number; directory?: string } = {}): Promise<TestS3Server> {
  const bucket = options.bucket ?? "tabula-test";
  const directory = options.directory ?? fs.mkdtempSync(path.join(os.tmpdir(), "tabula-s3-"));
  let server: S3rver | null = null;
  let port = options.port ?? 0;
  const start = async () => {
    const instance = new S3rver({ port, address: "127.0.0.1", silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
    const address = (await instance.run()) as unknown as { port: number };
    port = address.port;
    server = instance;
  };
  await start();
  const stop = async () => {
    const running = server;
    server = null;
    if (running) await running.close();
  };
  const handle: TestS3Server = {
    get endpoint() {
      return `http://127.0.0.1:${port}`;
    },
    get port() {
      return port;
    },
    bucket,
    directory,
    env: (prefix = "") => ({
      STORAGE_URL: `s3://${bucket}${prefix ? `/${prefix}` : ""}`,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      S3_FORCE_PATH_STYLE: "true",
    }),
    stop,
    restart: async () => {
      await stop();
      await start();
    },
    dispose: async () => {
      await stop();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
  return handle;
}
