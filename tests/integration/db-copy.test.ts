/**
 * Growing from SQLite to PostgreSQL (issue 31 part 6): `npm run db:copy -- --to postgres://…` moves a SQLite site —
 * the seeded demo content with its images, plus an admin account signed in, a club sign-up and a product created
 * and deleted — into a database of its own on the test PostgreSQL and the images into an S3 bucket (s3rver).
 * Afterwards every table holds the same rows (counted and compared here, independently of the command's own
 * checks), every image file is in the bucket with the same bytes, the admin's session still signs them in on the
 * PostgreSQL site, a new product gets a fresh id (past the deleted one's), and a second copy into the now
 * non-empty database is refused without --force and replaces it with --force (images then into a local folder).
 * Needs TEST_DATABASE_URL (required under CI=true).
 */
import { copyFileSync, cpSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { AdminProduct } from "../../domain/contracts/admin.ts";
import { BOOKKEEPING_TABLES } from "../../server/db/backup.ts";
import { copySqliteTables } from "../../server/db/copy.ts";
import { type DatabaseHandle, openDatabase } from "../../server/db/database.ts";
import { migrateToLatest } from "../../server/db/migrate.ts";
import { isDerivedTable } from "../../server/db/migrations/017-data-growth.ts";
import { createLocalStorage } from "../../server/images/storage.ts";
import { createTestApp, type TestApp } from "../support/app.ts";
import { loginAs } from "../support/auth.ts";
import { TestClient } from "../support/client.ts";
import { runScript } from "../support/run-script.ts";
import { startS3, type TestS3 } from "../support/s3.ts";
import { createScratchPostgres, type ScratchPostgres } from "../support/scratch-postgres.ts";
import { TEMPLATE_DATABASE, TEMPLATE_UPLOADS } from "../support/seed-template.ts";
import { tempDir } from "../support/temp.ts";

const baseUrl = process.env.TEST_DATABASE_URL;
if (!baseUrl && process.env.CI === "true") {
  throw new Error("TEST_DATABASE_URL must be set under CI=true: the SQLite → PostgreSQL copy needs PostgreSQL");
}

/** A value as both drivers agree on it (numbers may come back as text from PostgreSQL's bigint). */
const same = (value: unknown) => (typeof value === "number" || typeof value === "bigint" ? String(value) : value);
const normalized = (rows: Record<string, unknown>[]) =>
  rows.map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, same(v)])));

describe.skipIf(!baseUrl)("db:copy from SQLite into PostgreSQL", () => {
  let sqliteFile: string;
  let sqlite: DatabaseHandle;
  let site: TestApp;
  let admin: TestClient;
  let uploads: string;
  let target: ScratchPostgres;
  let s3: TestS3;
  /** The id of the product created and deleted on the SQLite site (the largest id it handed out). */
  let deletedId: number;

  /** The SQLite site's environment, with the bucket's settings unless `uploadsDir` is the images' target. */
  const env = (uploadsDir?: string) => ({
    ...(uploadsDir ? {} : s3.env),
    DATABASE_URL: sqliteFile,
    UPLOADS_DIR: uploadsDir ?? uploads,
    DATA_DIR: tempDir("bakery-copy-data-"),
  });
  const sourceTables = () => {
    const db = new DatabaseSync(sqliteFile, { readOnly: true });
    try {
      return db
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
        .all()
        .map((row) => String(row.name))
        .filter((name) => !BOOKKEEPING_TABLES.has(name) && !isDerivedTable(name));
    } finally {
      db.close();
    }
  };
  const sourceRows = (statement: string) => {
    const db = new DatabaseSync(sqliteFile, { readOnly: true });
    try {
      return db.prepare(statement).all() as Record<string, unknown>[];
    } finally {
      db.close();
    }
  };

  beforeAll(async () => {
    const template = inject("seedTemplate");
    sqliteFile = path.join(tempDir("bakery-copy-src-"), "bakery.sqlite");
    copyFileSync(path.join(template, TEMPLATE_DATABASE), sqliteFile);
    sqlite = openDatabase(sqliteFile);
    await migrateToLatest(sqlite);
    uploads = tempDir("bakery-copy-uploads-");
    cpSync(path.join(template, TEMPLATE_UPLOADS), uploads, { recursive: true });
    site = createTestApp(
      { name: "sqlite", handle: sqlite, dispose: async () => {} },
      { storage: createLocalStorage(uploads) },
    );
    // What a running site has beyond the demo content: a signed-in admin, a club member, a deleted product.
    admin = new TestClient(site);
    await loginAs(admin, site.services, "admin");
    const signUp = await new TestClient(site).fetch("/api/client/create", {
      method: "POST",
      json: { email: "member-before-copy@example.co.il", consent: true },
    });
    expect(signUp.ok).toBe(true);
    const created = await admin.fetch("/api/admin/products", {
      method: "POST",
      json: { name: "עוגת גבינה", title: "נמחקת לפני ההעתקה", serial_id: 990_001, status: 1 },
    });
    deletedId = ((await created.json()) as { data: AdminProduct }).data.id;
    expect((await admin.fetch(`/api/admin/products/${deletedId}`, { method: "DELETE" })).status).toBe(200);
    // Closed: the copy reads the file as a stopped site leaves it.
    site.dispose();
    await sqlite.close();

    target = await createScratchPostgres(baseUrl!, "bakery_copy");
    s3 = await startS3("copied-images");
  });

  afterAll(async () => {
    await target?.dispose();
    await s3?.dispose();
  });

  it("copies every table and image, keeps the admin signed in, and gives a new row a fresh id", async () => {
    const copied = await runScript("scripts/db-copy.ts", ["--to", target.url], env());
    expect(copied.code, copied.stderr).toBe(0);
    expect(copied.stdout).toMatch(/every table's row count and checksum match the SQLite database/);

    // Every table: the same number of rows.
    const tables = sourceTables();
    expect(tables).toEqual(expect.arrayContaining(["products", "images", "users", "sessions", "site_settings"]));
    for (const table of tables) {
      const [copiedCount] = await target.query<{ n: string }>(`SELECT count(*) AS n FROM "${table}"`);
      const [sourceCount] = sourceRows(`SELECT count(*) AS n FROM "${table}"`);
      expect(Number(copiedCount!.n), table).toBe(Number(sourceCount!.n));
    }
    // A sample of rows, whole: accounts, sessions, settings, the catalogue, images, club members.
    for (const [table, order] of [
      ["users", "id"],
      ["sessions", "id"],
      ["site_settings", "id"],
      ["products", "id"],
      ["categories", "id"],
      ["images", "id"],
      ["clients", "id"],
    ] as const) {
      const statement = `SELECT * FROM ${table} ORDER BY ${order} LIMIT 40`;
      expect(normalized(await target.query(statement)), table).toEqual(normalized(sourceRows(statement)));
    }
    // The admin lists' totals count what was copied.
    const counts = await target.query<{ name: string; n: string }>(
      "SELECT name, n FROM row_counts WHERE name = 'products'",
    );
    expect(Number(counts[0]!.n)).toBe(Number(sourceRows("SELECT count(*) AS n FROM products")[0]!.n));

    // Every image file is in the bucket with the same bytes.
    const local = createLocalStorage(uploads);
    const localKeys: string[] = [];
    for await (const key of local.list()) localKeys.push(key);
    expect(localKeys.length).toBeGreaterThan(10);
    expect(await s3.keys()).toEqual(localKeys.sort());
    const bucket = s3.storage();
    for (const key of localKeys.filter((_, n) => n % 10 === 0)) {
      expect((await bucket.read(key))!.equals((await local.read(key))!), key).toBe(true);
    }

    // The site on PostgreSQL and the bucket: the admin's session signs them in, and a new product gets a fresh id.
    const postgres = openDatabase(target.url);
    const moved = createTestApp({ name: "postgres", handle: postgres, dispose: async () => {} }, { storage: bucket });
    try {
      const sameAdmin = new TestClient(moved);
      for (const [name, value] of admin.cookies) sameAdmin.cookies.set(name, value);
      const user = await sameAdmin.fetch("/api/user");
      expect(user.status).toBe(200);
      expect(JSON.stringify(await user.json())).toContain("@example.co.il");
      const created = await sameAdmin.fetch("/api/admin/products", {
        method: "POST",
        json: { name: "חלה", title: "אחרי ההעתקה", serial_id: 990_002, status: 1 },
      });
      expect(created.status).toBe(201);
      const newId = ((await created.json()) as { data: AdminProduct }).data.id;
      // Past the largest id SQLite handed out, the deleted product's included.
      expect(newId).toBeGreaterThan(deletedId);
      const image = sourceRows("SELECT path FROM images ORDER BY id LIMIT 1")[0]!;
      const served = await moved.request(`/uploads/${String(image.path)}/original.webp`);
      expect(served.status).toBe(200);
      expect(
        Buffer.from(await served.arrayBuffer()).equals((await local.read(`${String(image.path)}/original.webp`))!),
      ).toBe(true);
    } finally {
      moved.dispose();
      await postgres.close();
    }
  }, 180_000);

  it("refuses a database that is not empty without --force, and replaces it with --force", async () => {
    const productsBefore = await target.query<{ id: number }>("SELECT id FROM products ORDER BY id");
    const refused = await runScript("scripts/db-copy.ts", ["--to", target.url], env());
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim()).toMatch(
      /^The PostgreSQL database 127\.0\.0\.1:5432\/bakery_copy_\w+ is not empty \(.*\d+ in products.*\)\. .*--force/,
    );
    expect(await target.query("SELECT id FROM products ORDER BY id")).toEqual(productsBefore);

    // --force, this time with the images into a local folder (no S3_BUCKET): the copy replaces the rows.
    const folder = tempDir("bakery-copy-target-uploads-");
    const forced = await runScript(
      "scripts/db-copy.ts",
      ["--to", target.url, "--force", "--uploads-from", uploads],
      env(folder),
    );
    expect(forced.code, forced.stderr).toBe(0);
    const ids = (await target.query<{ id: number }>("SELECT id FROM products ORDER BY id")).map((r) => Number(r.id));
    expect(ids).toEqual(sourceRows("SELECT id FROM products ORDER BY id").map((r) => Number(r.id)));
    expect(ids.length).toBe(productsBefore.length - 1);
    const copiedKeys: string[] = [];
    for await (const key of createLocalStorage(folder).list()) copiedKeys.push(key);
    expect(copiedKeys.sort()).toEqual(await s3.keys());
    expect(forced.stdout).toMatch(
      new RegExp(`Images into the folder .*: ${copiedKeys.length} copied, 0 already there`),
    );
  }, 180_000);
});

describe.skipIf(!baseUrl)("copySqliteTables on hand-made tables", () => {
  /** Rows of the self-referencing table: more than one INSERT statement's worth (10,000 rows of 3 columns). */
  const NODES = 12_000;
  let scratch: ScratchPostgres;
  let source: DatabaseSync;
  let client: pg.Client;

  beforeAll(async () => {
    scratch = await createScratchPostgres(baseUrl!, "bakery_copy_rows");
    await scratch.query(
      "CREATE TABLE nodes (id serial PRIMARY KEY, parent_id integer REFERENCES nodes (id), label text NOT NULL)",
    );
    await scratch.query(
      "CREATE TABLE counts (id serial PRIMARY KEY, node_id integer NOT NULL REFERENCES nodes (id), n integer)",
    );
    source = new DatabaseSync(":memory:");
    source.exec(`
      CREATE TABLE counts (id integer PRIMARY KEY AUTOINCREMENT, node_id integer NOT NULL, n);
      CREATE TABLE nodes (id integer PRIMARY KEY AUTOINCREMENT, parent_id integer, label text NOT NULL);
      -- A chain of ${NODES} rows, each the child of the next: more than one INSERT statement holds, so unless the
      -- rows go in parents first a child arrives before its parent.
      WITH RECURSIVE n(id) AS (SELECT 1 UNION ALL SELECT id + 1 FROM n WHERE id < ${NODES})
      INSERT INTO nodes (id, parent_id, label) SELECT id, CASE WHEN id < ${NODES} THEN id + 1 END, 'קטגוריה ' || id FROM n;
      INSERT INTO nodes (id, parent_id, label) VALUES (${NODES + 5}, NULL, 'נמחקה');
      DELETE FROM nodes WHERE id = ${NODES + 5};
      INSERT INTO counts (node_id, n) VALUES (1, 5), (3, 7);
    `);
    client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
  });
  afterAll(async () => {
    await client?.end();
    source?.close();
    await scratch?.dispose();
  });

  it("inserts parents first and moves each sequence past the largest id SQLite handed out", async () => {
    const copied = await copySqliteTables(source, client);
    expect(copied.map((t) => [t.table, t.rows])).toEqual([
      ["counts", 2],
      ["nodes", NODES],
    ]);
    expect(
      await scratch.query("SELECT id, parent_id, label FROM nodes WHERE id IN (1, $1) ORDER BY id", [NODES]),
    ).toEqual([
      { id: 1, parent_id: 2, label: "קטגוריה 1" },
      { id: NODES, parent_id: null, label: `קטגוריה ${NODES}` },
    ]);
    // NODES + 5 was handed out (and deleted) in SQLite: the next id is past it, not NODES + 1.
    expect(await scratch.query("INSERT INTO nodes (label) VALUES ('חדשה') RETURNING id")).toEqual([{ id: NODES + 6 }]);
    expect(await scratch.query("INSERT INTO counts (node_id) VALUES (2) RETURNING id")).toEqual([{ id: 3 }]);
  });

  it("commits nothing when a value does not arrive as it was", async () => {
    // SQLite keeps the text '007' in a column without a type; PostgreSQL's integer column stores 7: the checksums differ.
    source.exec("INSERT INTO counts (node_id, n) VALUES (2, '007')");
    await expect(copySqliteTables(source, client, { replace: true })).rejects.toThrow(
      /nothing was committed:\n {2}counts: the rows' values differ/,
    );
    // The rows of the first copy and the row added since are still there: the TRUNCATE was rolled back too.
    expect(await scratch.query("SELECT count(*)::int AS n FROM nodes")).toEqual([{ n: NODES + 1 }]);
    expect(await scratch.query("SELECT count(*)::int AS n FROM counts")).toEqual([{ n: 3 }]);
  });
});
