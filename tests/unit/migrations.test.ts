/**
 * Migrations are discovered from their folder: every `NNN-name.ts` of server/db/migrations runs, in file-name
 * order, with no list to keep beside them; a file added later is applied even when numbered below ones a
 * database already has (branches merged out of order).
 */
import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../server/db/database.ts";
import { MIGRATIONS_FOLDER, migrateToLatest, migrationNames, migrationsFor } from "../../server/db/migrate.ts";
import { removeTempDir, tempDir } from "../support/temp.ts";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) removeTempDir(dir);
});

/** A migration file that creates table `name` (plain TypeScript, no imports). */
function writeMigration(folder: string, file: string, table: string): void {
  writeFileSync(
    path.join(folder, file),
    `export default function migration(dialect) {
  return {
    async up(db) {
      await db.schema.createTable("${table}").addColumn("dialect", "text").execute();
      await db.insertInto("${table}").values({ dialect }).execute();
    },
  };
}
`,
  );
}

describe("migrations", () => {
  it("are every .ts file of server/db/migrations, in file-name order, each a function of the dialect", async () => {
    const files = readdirSync(MIGRATIONS_FOLDER).filter((file) => file.endsWith(".ts"));
    const names = await migrationNames();
    expect(names).toEqual(files.map((file) => file.slice(0, -".ts".length)).sort());
    expect(names[0]).toBe("001-initial");
    const migrations = await migrationsFor("sqlite");
    expect(Object.keys(migrations)).toEqual(names);
    for (const migration of Object.values(migrations)) expect(typeof migration.up).toBe("function");
  });

  it("picks up a file added to the folder, also one numbered below those a database already has", async () => {
    const dir = tempDir("bakery-migrations-");
    dirs.push(dir);
    const folder = path.join(dir, "migrations");
    const databaseDir = path.join(dir, "db");
    for (const sub of [folder, databaseDir]) mkdirSync(sub);
    writeMigration(folder, "001-first.ts", "first");
    writeMigration(folder, "003-third.ts", "third");
    writeFileSync(path.join(folder, "notes.md"), "not a migration");
    const url = pathToFileURL(`${folder}/`);
    const handle = openDatabase(path.join(databaseDir, "test.sqlite"));
    try {
      expect(await migrateToLatest(handle, url)).toEqual(["001-first", "003-third"]);
      writeMigration(folder, "002-second.ts", "second");
      expect(await migrationNames(url)).toEqual(["001-first", "002-second", "003-third"]);
      expect(await migrateToLatest(handle, url)).toEqual(["002-second"]);
      const { rows } = await sql<{ dialect: string }>`select dialect from second`.execute(handle.db);
      expect(rows).toEqual([{ dialect: "sqlite" }]);
      expect(await migrateToLatest(handle, url)).toEqual([]);
    } finally {
      await handle.close();
    }
  });
});
