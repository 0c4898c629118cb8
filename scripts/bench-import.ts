/**
 * Product CSV import and export timed on a 5,000-row file (issue 30 targets: preview ≤ 5 s, apply ≤ 20 s, memory
 * flat), on SQLite and — with TEST_DATABASE_URL or DATABASE_URL naming PostgreSQL — on a throwaway schema:
 *   node scripts/bench-import.ts
 * Per database: preview and apply of 5,000 new products (each with two sizes and a category), the export of them,
 * then preview and apply of the same file with every price changed (5,000 updates), and the process's RSS growth.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { PRODUCT_CSV_HEADERS as H } from "../domain/i18n/product-csv.ts";
import { listQuerySchema } from "../domain/schemas/admin/list.ts";
import { type DatabaseHandle, openDatabase } from "../server/db/database.ts";
import { migrateToLatest } from "../server/db/migrate.ts";
import { createLocalStorage } from "../server/images/storage.ts";
import { createLogger } from "../server/log.ts";
import { createServices } from "../server/services/index.ts";

const ROWS = 5000;
const MB = (n: number) => (n / 1024 / 1024).toFixed(0);

async function timed<T>(run: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const result = await run();
  return [result, performance.now() - start];
}

async function benchOne(label: string, handle: DatabaseHandle, uploads: string) {
  await migrateToLatest(handle);
  const services = createServices(handle.db, {
    storage: createLocalStorage(uploads),
    logger: createLogger("silent"),
    publicUrl: "http://localhost:3000",
  });
  const at = new Date().toISOString();
  for (const name of ["עוגות", "לחמים", "עוגיות"]) {
    await handle.db
      .insertInto("categories")
      .values({ name, information: "", parent_id: null, is_main: 1, created_at: at, updated_at: at } as never)
      .execute();
  }
  const csv = services.admin.productCsv;
  const header = [H.serial_id, H.name, H.title, H.content, H.categories, H.sizes, H.dietary, H.allergens].join(",");
  const file = (price: number) =>
    [
      header,
      ...Array.from(
        { length: ROWS },
        (_, i) =>
          `${900_000 + i},"מוצר ${i + 1}, בדיקה",כותרת ${i + 1},"תיאור ארוך, עם פסיקים",${["עוגות", "לחמים", "עוגיות"][i % 3]},"קטן: ${price}.90 | גדול: ${price + 20}",פרווה,"גלוטן, ביצים"`,
      ),
    ].join("\r\n");
  const expected = (plan: Awaited<ReturnType<typeof csv.plan>>) =>
    Object.fromEntries(plan.rows.filter((r) => r.token).map((r) => [String(r.line), r.token!]));
  const rss0 = process.memoryUsage().rss;

  const created = file(30);
  const [plan1, preview1] = await timed(() => csv.plan(created));
  const [out1, apply1] = await timed(() => csv.apply(created, expected(plan1), null));
  const [exported, exportMs] = await timed(async () => {
    let bytes = 0;
    for await (const chunk of csv.exportCsv(listQuerySchema.parse({}), new URLSearchParams())) bytes += chunk.length;
    return bytes;
  });
  const changed = file(35);
  const [plan2, preview2] = await timed(() => csv.plan(changed));
  const [out2, apply2] = await timed(() => csv.apply(changed, expected(plan2), null));
  const rss1 = process.memoryUsage().rss;
  return [
    `| ${label} | create ${ROWS} | ${(preview1 / 1000).toFixed(2)} | ${(apply1 / 1000).toFixed(2)} | ${out1.created} created |`,
    `| ${label} | change ${ROWS} prices | ${(preview2 / 1000).toFixed(2)} | ${(apply2 / 1000).toFixed(2)} | ${out2.changed} changed |`,
    `| ${label} | export ${ROWS} | — | ${(exportMs / 1000).toFixed(2)} | ${MB(exported * 2)} MB of text |`,
    `| ${label} | RSS growth | | | ${MB(rss1 - rss0)} MB |`,
  ];
}

const folder = mkdtempSync(path.join(tmpdir(), "bakery-bench-import-"));
const lines: string[] = [];
try {
  const sqlite = openDatabase(path.join(folder, "bench.sqlite"));
  try {
    lines.push(...(await benchOne("SQLite", sqlite, path.join(folder, "uploads-sqlite"))));
  } finally {
    await sqlite.close();
  }
  const url = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  if (url && /^postgres(ql)?:\/\//i.test(url)) {
    const schema = `bench_import_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    const handle = openDatabase(url, { schema });
    try {
      lines.push(...(await benchOne("PostgreSQL", handle, path.join(folder, "uploads-pg"))));
    } finally {
      await handle.close();
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    }
  } else {
    lines.push("(no TEST_DATABASE_URL/DATABASE_URL for PostgreSQL: SQLite only)");
  }
} finally {
  rmSync(folder, { recursive: true, force: true });
}
console.log(
  [
    `Product CSV import benchmark — ${new Date().toISOString()}`,
    "| database | file | preview s | apply s | |",
    "|---|---|---:|---:|---|",
    ...lines,
  ].join("\n"),
);
