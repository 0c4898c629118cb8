/**
 * The sweep of image files nothing points at: an upload's folder whose process was killed between storing the
 * files and inserting the `images` row (or whose insert failed and whose clean-up could not reach the store),
 * AVIF files an encoder wrote for an image deleted meanwhile, and the temporary files of writes cut short. Run
 * by housekeeping at start-up and every hour (server/jobs/housekeeping.ts), on every server (each delete is
 * idempotent).
 *
 * A folder is an orphan when its name is an image folder (`<directory>/<uuid>`, as the pipeline names them), no
 * row of `images` and no image of a trash entry (kept for a restore) has it as its path, and its newest file is
 * older than the grace period — an upload under way stores its files before its row, seconds apart, so a
 * folder younger than that is left alone. The store is listed first and the rows read after, in one snapshot
 * (images move between `images` and `trash` in one transaction, so a folder is never "between" the two).
 */
import type { DatabaseHandle } from "../db/database.ts";
import type { ImageStorage } from "../images/storage.ts";
import type { Logger } from "../log.ts";
import { trashedImagePaths } from "../services/admin/trash.ts";

/** Files of a folder without a row are left this long: far longer than any upload takes. */
export const ORPHAN_GRACE_MS = 60 * 60_000;

/** `<directory>/<uuid>`: the folders the image pipeline creates, and only those. */
const IMAGE_FOLDER = /^[a-z0-9][a-z0-9_/-]*\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface SweepResult {
  /** Orphan folders removed, and their files. */
  folders: number;
  files: number;
  /** Temporary files of unfinished writes removed. */
  temporary: number;
}

/** Every image folder a row points at, `images` and the trash read in one snapshot. */
async function knownFolders(database: Pick<DatabaseHandle, "db" | "dialect">): Promise<Set<string>> {
  let transaction = database.db.transaction();
  if (database.dialect === "postgres") transaction = transaction.setIsolationLevel("repeatable read");
  return transaction.execute(async (trx) => {
    const rows = await trx.selectFrom("images").select("path").execute();
    return new Set([...rows.map((row) => row.path), ...(await trashedImagePaths(trx))]);
  });
}

export async function sweepOrphanImages(deps: {
  database: Pick<DatabaseHandle, "db" | "dialect">;
  storage: ImageStorage;
  logger: Logger;
  graceMs?: number;
  now?: number;
}): Promise<SweepResult> {
  const { storage, logger } = deps;
  const before = (deps.now ?? Date.now()) - (deps.graceMs ?? ORPHAN_GRACE_MS);
  const temporary = await storage.removeTemporary(before);

  const folders = new Map<string, { keys: string[]; newest: number }>();
  for await (const { key, modifiedAt } of storage.entries()) {
    const folder = key.slice(0, key.lastIndexOf("/"));
    if (!IMAGE_FOLDER.test(folder)) continue;
    const entry = folders.get(folder) ?? { keys: [], newest: 0 };
    entry.keys.push(key);
    entry.newest = Math.max(entry.newest, modifiedAt);
    folders.set(folder, entry);
  }
  const known = await knownFolders(deps.database);
  const result: SweepResult = { folders: 0, files: 0, temporary };
  for (const [folder, { keys, newest }] of folders) {
    if (known.has(folder) || newest >= before) continue;
    // One key after another (see removeKeys in server/images/pipeline.ts).
    for (const key of keys) await storage.remove(key);
    logger.info("orphan image folder removed", { folder, files: keys.length });
    result.folders++;
    result.files += keys.length;
  }
  return result;
}
