/**
 * `npm run storage:migrate [-- --from DIR]`: copies a local uploads folder (UPLOADS_DIR, or DIR) into the
 * S3-compatible bucket configured by S3_BUCKET/S3_ENDPOINT/…, so a site can move its images to object
 * storage without re-uploading them. Safe to run again: files already in the bucket are skipped.
 * Image URLs do not change (`/uploads/<key>` either way), so no database row is touched.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "../server/config.ts";
import { copyStorage } from "../server/images/copy-storage.ts";
import { openImageStorage } from "../server/images/open-storage.ts";
import { createLocalStorage } from "../server/images/storage.ts";

const { values } = parseArgs({ options: { from: { type: "string" } } });

try {
  const config = loadConfig();
  if (!config.s3) {
    console.error(
      "storage:migrate needs S3_BUCKET (and S3_ENDPOINT etc. for an S3-compatible store): nothing to copy into.",
    );
    process.exit(1);
  }
  const source = path.resolve(values.from ?? config.uploadsDir);
  const bucket = await openImageStorage(config);
  console.log(
    `Copying ${source} into bucket ${config.s3.bucket}${config.s3.endpoint ? ` at ${config.s3.endpoint}` : ""}…`,
  );
  const result = await copyStorage(createLocalStorage(source), bucket, {
    onProgress: (r) => console.log(`  ${r.copied} copied, ${r.skipped} already there, of ${r.total}`),
  });
  console.log(`Done: ${result.total} files, ${result.copied} copied, ${result.skipped} already in the bucket.`);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : `storage:migrate failed: ${(error as Error).message}`);
  process.exit(1);
}
