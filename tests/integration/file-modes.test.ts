/**
 * Files that hold password hashes, members' data and the session key are the site account's alone (issue 31):
 * the SQLite database, the session secret, uploads and backups are created 0600 in 0700 folders by the
 * processes that make them (the npm scripts here; the server loads its configuration the same way), and what an
 * older version left readable to others is narrowed at the next start.
 */
import { chmodSync, mkdirSync, readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ingestImage } from "../../server/images/pipeline.ts";
import { createLocalStorage } from "../../server/images/storage.ts";
import { pngImage } from "../support/images.ts";
import { runScript } from "../support/run-script.ts";
import { tempDir } from "../support/temp.ts";

const modeOf = (file: string) => statSync(file).mode & 0o777;

/** Every file and folder under `root` (itself included) whose mode is not owner-only. */
function readableByOthers(root: string): string[] {
  const open: string[] = [];
  const visit = (entry: string) => {
    const stat = statSync(entry);
    if ((stat.mode & 0o077) !== 0) open.push(`${path.relative(root, entry) || "."} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const child of readdirSync(entry)) visit(path.join(entry, child));
  };
  visit(root);
  return open;
}

const run = (script: string, args: string[], env: Record<string, string>) =>
  runScript(script, args, { DATABASE_URL: "", ...env });

describe("private files", () => {
  it("creates the database, the secret, uploads and backups for the owner only, and narrows an older install", async () => {
    // An older install: everything world-readable (the default umask), as the fault run found it.
    const dataDir = path.join(tempDir("bakery-modes-"), "data");
    mkdirSync(dataDir, { mode: 0o755 });
    chmodSync(dataDir, 0o755);
    writeFileSync(path.join(dataDir, "session-secret"), "an-old-secret-an-old-secret-an-old-secret\n");
    chmodSync(path.join(dataDir, "session-secret"), 0o644);
    const uploads = path.join(dataDir, "uploads");
    mkdirSync(uploads);
    chmodSync(uploads, 0o755);
    const local = createLocalStorage(uploads);
    const image = await ingestImage(local, await pngImage(240, 160), { directory: "products" });
    for (const entry of readdirSync(uploads, { recursive: true })) chmodSync(path.join(uploads, String(entry)), 0o755);

    const env = { DATA_DIR: dataDir };
    const migrated = await run("scripts/db-migrate.ts", [], env);
    expect(migrated.code, migrated.stderr).toBe(0);
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(path.join(dataDir, "session-secret"))).toBe(0o600);
    expect(modeOf(path.join(dataDir, "bakery.sqlite"))).toBe(0o600);
    expect(modeOf(uploads)).toBe(0o700);

    // A backup: its folder, database copy, manifest and uploads, owner-only.
    const backups = path.join(tempDir("bakery-modes-backups-"), "backups");
    const backedUp = await run("scripts/db-backup.ts", ["--to", backups], env);
    expect(backedUp.code, backedUp.stderr).toBe(0);
    const folder = backedUp.stdout.match(/Backup written to (\S+)/)![1]!;
    expect(readdirSync(folder).sort()).toEqual(["database.sqlite", "manifest.json", "uploads"]);
    expect(readableByOthers(backups)).toEqual([]);

    // A fresh install restored from it: the new DATA_DIR, database, secret and uploads, owner-only.
    const fresh = path.join(tempDir("bakery-modes-fresh-"), "data");
    const restored = await run("scripts/db-restore.ts", [folder], { DATA_DIR: fresh });
    expect(restored.code, restored.stderr).toBe(0);
    expect(statSync(path.join(fresh, "uploads", image.key, "original.webp")).isFile()).toBe(true);
    expect(readableByOthers(fresh)).toEqual([]);
    // Three scripts, each a Node process that loads the server's modules: seconds each on a busy machine.
  }, 180_000);
});
