/**
 * `npm run db:backup [-- --to DIR]`: a consistent copy of the database, taken while the site runs, with the
 * local uploads when images are stored locally, in a new folder `DIR/bakery-backup-<UTC time>/` (DIR
 * defaults to DATA_DIR/backups). See server/db/backup.ts and docs/operations.md.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "../server/config.ts";
import { BackupError, backup } from "../server/db/backup.ts";
import { createImageStorage } from "../server/images/open-storage.ts";

const { values } = parseArgs({ options: { to: { type: "string" } } });

try {
  const config = loadConfig();
  const storage = createImageStorage(config);
  const started = performance.now();
  const { folder, manifest } = await backup(
    config,
    storage,
    config.uploadsDir,
    values.to ?? path.join(config.dataDir, "backups"),
  );
  const rows = Object.entries(manifest.rows)
    .filter(([, n]) => n > 0)
    .map(([table, n]) => `${table} ${n}`)
    .join(", ");
  console.log(`Backup written to ${folder} in ${Math.round(performance.now() - started)} ms`);
  console.log(`  database (${manifest.database.dialect}): ${rows || "no rows"}`);
  console.log(
    manifest.uploads.included
      ? `  uploads: ${manifest.uploads.files} files`
      : "  uploads: not included (images are in the S3 bucket: keep it versioned or replicated)",
  );
} catch (error) {
  if (error instanceof ConfigError || error instanceof BackupError) console.error(error.message);
  else console.error("Backup failed:", error instanceof Error ? error.message : error);
  process.exit(1);
}
