/**
 * `npm run db:copy -- --to postgres://… [--force] [--uploads-from DIR]`: moves the SQLite site of this
 * environment (DATABASE_URL, or DATA_DIR/bakery.sqlite) into an empty PostgreSQL database, and its images from
 * the uploads folder (UPLOADS_DIR, or DIR) into the configured storage (the S3 bucket when S3_BUCKET is set,
 * else they stay in UPLOADS_DIR). Every table's rows are checked against the SQLite copy (count and checksum)
 * and every image file's bytes against the original. Stop the site first. See server/db/copy.ts and
 * docs/operations.md "Growing to several servers".
 */
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "../server/config.ts";
import { BackupError } from "../server/db/backup.ts";
import { copySite } from "../server/db/copy.ts";

const USAGE =
  "Usage: npm run db:copy -- --to postgres://user:password@host:5432/database [--force] [--uploads-from DIR]";

try {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse();
  } catch (error) {
    throw new BackupError(`${(error as Error).message}\n${USAGE}`);
  }
  const { values } = parsed;
  if (!values.to) throw new BackupError(`--to is missing: the PostgreSQL database to copy into.\n${USAGE}`);
  const config = loadConfig();
  const started = performance.now();
  const { tables, images } = await copySite(config, {
    to: values.to,
    force: values.force,
    uploadsFrom: values["uploads-from"],
    log: (line) => console.log(line),
  });
  const rows = tables.reduce((sum, table) => sum + table.rows, 0);
  console.log(
    `Copied ${rows} rows in ${tables.length} tables into PostgreSQL in ${Math.round(performance.now() - started)} ms; ` +
      "every table's row count and checksum match the SQLite database:",
  );
  for (const table of tables) console.log(`  ${table.table}: ${table.rows}`);
  if (images.copy) {
    console.log(
      `Images into ${images.target}: ${images.copy.copied} copied, ${images.copy.skipped} already there, of ` +
        `${images.copy.total}; ${images.verified} compared byte for byte.`,
    );
  } else {
    console.log(`Images stay in ${images.target} (S3_BUCKET is not set).`);
  }
  if (images.missing.length > 0) {
    console.warn(
      `Warning: ${images.missing.length} image files the database refers to were not in the uploads folder before ` +
        `the copy either (e.g. ${images.missing.slice(0, 3).join(", ")}); those images show as missing.`,
    );
  }
  console.log(
    "Next: on every server set DATABASE_URL to this database (and the same S3_* settings and SESSION_SECRET), then " +
      'start them (docs/operations.md, "Growing to several servers").',
  );
} catch (error) {
  if (error instanceof ConfigError || error instanceof BackupError) console.error(error.message);
  else console.error("Copy failed:", error instanceof Error ? error.message : error);
  process.exit(1);
}

function parse() {
  return parseArgs({
    options: {
      to: { type: "string" },
      force: { type: "boolean", default: false },
      "uploads-from": { type: "string" },
    },
    strict: true,
  });
}
