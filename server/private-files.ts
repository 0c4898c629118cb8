/**
 * The files under DATA_DIR hold password hashes, members' data and the key that signs sessions (the SQLite
 * database and its journal, `session-secret`), and the uploads and backups hold the rest: they are for the
 * account the site runs as, no one else. Every process that loads the configuration (the server, every
 * `npm run` script) creates its files 0600 and folders 0700 (`process.umask(0o077)`: SQLite, pg_dump and the
 * image writes included), and narrows what an older version left readable to others (`protectDataDir`).
 */
import { chmodSync, existsSync, statSync } from "node:fs";
import path from "node:path";

export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIR_MODE = 0o700;

/** From now on this process creates files and folders for its owner only. */
export function createPrivately(): void {
  process.umask(0o077);
}

/** Narrows a file or folder to its owner when it exists and others may read it; the SQLite file's companions too. */
function narrow(file: string): void {
  if (!existsSync(file)) return;
  const stat = statSync(file);
  const mode = stat.isDirectory() ? PRIVATE_DIR_MODE : PRIVATE_FILE_MODE;
  if ((stat.mode & 0o777 & ~mode) !== 0) chmodSync(file, stat.mode & 0o777 & mode);
}

/**
 * What an earlier start may have left readable to others: DATA_DIR itself (which keeps everyone else out of
 * what is inside), the session secret, the SQLite file with its WAL and shared-memory files, the uploads folder.
 */
export function protectDataDir(paths: { dataDir: string; uploadsDir: string; sqliteFile?: string }): void {
  const files = [paths.dataDir, path.join(paths.dataDir, "session-secret"), paths.uploadsDir];
  if (paths.sqliteFile) files.push(paths.sqliteFile, `${paths.sqliteFile}-wal`, `${paths.sqliteFile}-shm`);
  for (const file of files) narrow(file);
}
