/**
 * An S3-compatible server for tests: s3rver on 127.0.0.1 (a free port) over a temporary folder, with one
 * bucket. `stop()`/`start()` take it away and bring it back on the same port and data, for fault tests.
 */
import S3rver from "s3rver";
import { createS3Storage, type S3StorageOptions } from "../../server/images/s3-storage.ts";
import type { ImageStorage } from "../../server/images/storage.ts";
import { freePort } from "./server-process.ts";
import { removeTempDir, tempDir } from "./temp.ts";

/** s3rver's fixed credentials (it checks request signatures against them). */
export const S3RVER_CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" } as const;

export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** Options for createS3Storage (and S3_* / AWS_* variables for a server process: `env`). */
  options: S3StorageOptions;
  env: Record<string, string>;
  /** A storage client on the bucket (a fresh client, as another process would have). */
  storage(overrides?: Partial<S3StorageOptions>): ImageStorage;
  /** Every key in the bucket, sorted. */
  keys(): Promise<string[]>;
  stop(): Promise<void>;
  start(): Promise<void>;
  dispose(): Promise<void>;
}

const SLOW_MACHINE_WRITE_DEADLINE_MS = 60_000;

export async function startS3(bucket = "bakery-images"): Promise<TestS3> {
  const directory = tempDir("bakery-s3-");
  // s3rver binds the port it is given; a free one is picked first so that start() after stop() reuses it.
  const port = await freePort();
  let server: S3rver | null = null;
  const start = async () => {
    server = new S3rver({ address: "127.0.0.1", port, silent: true, directory, configureBuckets: [{ name: bucket }] });
    await server.run();
  };
  const stop = async () => {
    const running = server;
    server = null;
    if (!running) return;
    running.httpServer?.closeAllConnections();
    await running.close();
  };
  await start();
  const endpoint = `http://127.0.0.1:${port}`;
  const options: S3StorageOptions = {
    bucket,
    endpoint,
    region: "us-east-1",
    forcePathStyle: true,
    credentials: { ...S3RVER_CREDENTIALS },
    // One attempt: a test of a stopped store should not wait out the retries.
    maxAttempts: 1,
    // s3rver on a loaded test machine can take seconds per write; the fault tests use the server's default.
    writeDeadlineMs: SLOW_MACHINE_WRITE_DEADLINE_MS,
  };
  const storage = (overrides: Partial<S3StorageOptions> = {}) => createS3Storage({ ...options, ...overrides });
  return {
    endpoint,
    bucket,
    options,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: "us-east-1",
      S3_FORCE_PATH_STYLE: "1",
      S3_WRITE_TIMEOUT_MS: String(SLOW_MACHINE_WRITE_DEADLINE_MS),
      AWS_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
    },
    storage,
    async keys() {
      const keys: string[] = [];
      for await (const key of storage().list()) keys.push(key);
      return keys.sort();
    },
    stop,
    start,
    async dispose() {
      await stop();
      removeTempDir(directory);
    },
  };
}
