/**
 * The image storage the configuration asks for: an S3-compatible bucket when S3_BUCKET is set, else the
 * local uploads folder. Checked before the server starts: a wrong setting (a missing bucket, refused
 * credentials, another region, an unusable uploads folder) stops the start with one line naming the setting
 * (a ConfigError, like the others). A bucket that does not answer yet — unreachable, slow, a 5xx — is waited
 * for with back-off when `wait` is given (the server: a store that is briefly away must not turn a crash into
 * a server that stays down), like the database (server/db/wait.ts); scripts stop at once.
 */
import { type AppConfig, ConfigError } from "../config.ts";
import type { Logger } from "../log.ts";
import { createS3Storage } from "./s3-storage.ts";
import { createLocalStorage, type ImageStorage, StorageUnavailableError } from "./storage.ts";

export function createImageStorage(config: Pick<AppConfig, "s3" | "uploadsDir">): ImageStorage {
  return config.s3 ? createS3Storage(config.s3) : createLocalStorage(config.uploadsDir);
}

export interface StorageWait {
  logger: Logger;
  firstDelayMs?: number;
  maxDelayMs?: number;
}

export async function openImageStorage(
  config: Pick<AppConfig, "s3" | "uploadsDir">,
  wait?: StorageWait,
): Promise<ImageStorage> {
  const storage = createImageStorage(config);
  const where = config.s3 ? (config.s3.endpoint ?? "AWS S3") : config.uploadsDir;
  let delay = wait?.firstDelayMs ?? 250;
  let waiting = false;
  let attempt = 0;
  const started = Date.now();
  for (;;) {
    attempt++;
    try {
      await storage.check();
      if (waiting) wait?.logger.info("image storage reachable", { at: where, waitedMs: Date.now() - started });
      return storage;
    } catch (error) {
      if (!(error instanceof StorageUnavailableError)) throw error;
      // Only a bucket's outage is waited for: a local folder that refuses writes is a setting to fix.
      if (!wait || !config.s3 || error.misconfigured) {
        const message = config.s3 ? error.message : `UPLOADS_DIR: ${error.message}`;
        throw new ConfigError(`Invalid configuration:\n  - ${message}`);
      }
      if (!waiting) {
        waiting = true;
        wait.logger.warn(`waiting for the image storage at ${where}`, { at: where, error: error.message });
      } else {
        wait.logger.debug("image storage still unavailable", { at: where, attempt, retryInMs: delay });
      }
    }
    await new Promise((resolve) => setTimeout(resolve, delay));
    delay = Math.min(delay * 2, wait?.maxDelayMs ?? 5_000);
  }
}
