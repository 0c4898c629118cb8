/**
 * The image storage the configuration asks for: an S3-compatible bucket when S3_BUCKET is set, else the
 * local uploads folder. Checked before the server starts, so a missing bucket, refused credentials or an
 * unreachable endpoint stop the start with one line naming the setting (a ConfigError, like the others).
 */
import { type AppConfig, ConfigError } from "../config.ts";
import { createS3Storage } from "./s3-storage.ts";
import { createLocalStorage, type ImageStorage, StorageUnavailableError } from "./storage.ts";

export function createImageStorage(config: Pick<AppConfig, "s3" | "uploadsDir">): ImageStorage {
  return config.s3 ? createS3Storage(config.s3) : createLocalStorage(config.uploadsDir);
}

export async function openImageStorage(config: Pick<AppConfig, "s3" | "uploadsDir">): Promise<ImageStorage> {
  const storage = createImageStorage(config);
  try {
    await storage.check();
  } catch (error) {
    if (!(error instanceof StorageUnavailableError)) throw error;
    const message = config.s3 ? error.message : `UPLOADS_DIR: ${error.message}`;
    throw new ConfigError(`Invalid configuration:\n  - ${message}`);
  }
  return storage;
}
