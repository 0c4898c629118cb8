/**
 * `npm run db:restore -- BACKUP [--force]`: restores a backup folder written by `npm run db:backup` (or its
 * manifest.json) into DATABASE_URL and its images into the configured storage. Refuses a database that
 * holds data unless --force. Stop the server first (a SQLite restore replaces the file).
 */
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "../server/config.ts";
import { BackupError, restore } from "../server/db/backup.ts";
import { openImageStorage } from "../server/images/open-storage.ts";

const { values, positionals } = parseArgs({
  options: { force: { type: "boolean", default: false } },
  allowPositionals: true,
});

try {
  const [from] = positionals;
  if (!from || positionals.length > 1) throw new BackupError("Usage: npm run db:restore -- BACKUP_FOLDER [--force]");
  const config = loadConfig();
  const storage = await openImageStorage(config);
  const { manifest, uploads } = await restore(config, storage, from, { force: values.force });
  console.log(`Restored the ${manifest.database.dialect} backup of ${manifest.createdAt}.`);
  if (uploads) console.log(`  images: ${uploads.copied} copied, ${uploads.skipped} already there, of ${uploads.total}`);
  else console.log("  images: not in the backup (they stay in the S3 bucket)");
} catch (error) {
  if (error instanceof ConfigError || error instanceof BackupError) console.error(error.message);
  else console.error("Restore failed:", error instanceof Error ? error.message : error);
  process.exit(1);
}
