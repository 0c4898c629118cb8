/**
 * The foundation on each database: migrations create the data model with its constraints,
 * the demo content loads, and the HTTP shell answers (health, uploads, unknown API paths).
 */
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { PLAIN_PRODUCT_FIELDS } from "../../domain/schemas/admin/product.ts";
import { isDerivedTable } from "../../server/db/migrations/017-data-growth.ts";
import type { Database } from "../../server/db/schema.ts";
import { seedDemoContent } from "../../server/db/seed/index.ts";
import { createBackgroundWorker } from "../../server/jobs/background.ts";
import { createLogger } from "../../server/log.ts";
import { createTestApp, type TestApp } from "../support/app.ts";
import { type TestDatabase, tablesOf, testDatabases } from "../support/database.ts";
import { rowCount } from "../support/rows.ts";

const POST_COLUMNS = [
  "id",
  "name",
  "content",
  "status",
  "visibility_home_page",
  "starts_at",
  "ends_at",
  "created_at",
  "updated_at",
  "version",
] as const;

/**
 * Every table and column of the data model (server/db/schema.ts). The type below makes this list
 * complete: a table or column added to schema.ts and missing here fails the typecheck, and the test
 * fails when the migrations create anything else (or leave out a column of this list, e.g. a plain
 * product field declared without its migration).
 */
const SCHEMA = {
  users: ["id", "name", "email", "password_hash", "role", "created_at", "updated_at"],
  sessions: ["id", "user_id", "csrf_token", "remember", "created_at", "last_seen_at", "expires_at"],
  site_settings: [
    "id",
    "brand_name",
    "tagline",
    "phone",
    "whatsapp_number",
    "order_url",
    "club_url",
    "facebook_url",
    "instagram_url",
    "address",
    "email",
    "accessibility_contact_name",
    "accessibility_contact_email",
    "updated_at",
    "version",
  ],
  categories: [
    "id",
    "name",
    "information",
    "parent_id",
    "is_main",
    "status",
    "visibility_home_page",
    "position",
    "holiday",
    "holiday_lead_days",
    "preorder_cutoff_days",
    "starts_at",
    "ends_at",
    "created_at",
    "updated_at",
    "version",
  ],
  products: [
    "id",
    // The product form's plain fields (name, title, content, serial_id, status, visibility_home_page, …): schema.ts
    // makes a column of each entry of PRODUCT_FIELDS, so this list takes them from there too.
    ...PLAIN_PRODUCT_FIELDS.map((field) => field.key),
    "search_name",
    "search_text",
    "dietary",
    "chalav_yisrael",
    "pas_yisrael",
    "kosher_for_passover",
    "allergen_status",
    "allergens",
    "may_contain",
    "sold_out_until",
    "created_at",
    "updated_at",
    "version",
  ],
  category_product: ["category_id", "product_id"],
  sizes: ["id", "product_id", "name", "price", "created_at"],
  tags: ["id", "name", "color", "tagable_id", "tagable_type", "created_at"],
  images: ["id", "owner_type", "owner_id", "path", "width", "height", "variants", "alt", "position", "created_at"],
  branches: [
    "id",
    "name",
    "location",
    "address",
    "content",
    "email",
    "phone",
    "opening_hours",
    "accessibility",
    "latitude",
    "longitude",
    "position",
    "kashrut_authority",
    "kashrut_certificate_number",
    "kashrut_valid_until",
    "created_at",
    "updated_at",
    "version",
  ],
  // Sales and publications are both posts (server/services/posts.ts): one shape of table.
  sales: POST_COLUMNS,
  publications: POST_COLUMNS,
  clients: [
    "id",
    "email",
    "source",
    "consent_at",
    "consent_source",
    "consent_address",
    "consent_version",
    "confirmation_sent_at",
    "confirmed_at",
    "created_at",
    "updated_at",
    "version",
  ],
  client_confirmations: ["token_hash", "client_id", "created_at", "expires_at"],
  contact_requests: ["id", "name", "email", "phone", "message", "handled_at", "created_at"],
  reviews: ["id", "product_id", "rating", "name", "text", "status", "created_at", "moderated_at"],
  rate_limits: ["key", "window_start", "hits", "previous_hits"],
  content_version: ["id", "version"],
  row_counts: ["name", "n"],
  known_logins: ["user_id", "address", "last_login_at"],
  login_unlocks: ["token_hash", "user_id", "created_at", "expires_at", "used_at"],
  audit_log: [
    "id",
    "created_at",
    "user_id",
    "user_email",
    "user_name",
    "action",
    "entity_type",
    "entity_id",
    "entity_label",
    "changes",
    "address",
  ],
  jobs: [
    "id",
    "kind",
    "key",
    "payload",
    "state",
    "attempts",
    "last_error",
    "claimed_by",
    "lease_until",
    "run_after",
    "created_at",
    "updated_at",
  ],
  trash: ["id", "entity_type", "entity_id", "label", "data", "deleted_at", "deleted_by", "deleted_by_name"],
  pickup_settings: [
    "branch_id",
    "enabled",
    "slot_minutes",
    "orders_per_slot",
    "lead_days",
    "order_by",
    "horizon_days",
    "updated_at",
    "version",
  ],
  preorder_policy: ["id", "email_required", "retention_months", "updated_at", "version"],
  orders: [
    "id",
    "branch_id",
    "pickup_date",
    "slot",
    "status",
    "name",
    "phone",
    "email",
    "note",
    "total",
    "token_hash",
    "idempotency_key",
    "created_at",
    "updated_at",
    "erased_at",
    "version",
  ],
  order_items: ["id", "order_id", "product_id", "size_id", "product_name", "size_name", "unit_price", "quantity"],
  slot_counts: ["branch_id", "pickup_date", "slot", "orders"],
  product_day_counts: ["product_id", "pickup_date", "quantity"],
  bulk_batches: ["id", "entity_type", "action", "data", "created_at", "created_by", "created_by_name", "undone_at"],
} as const satisfies { [T in keyof Database]: readonly (keyof Database[T] & string)[] };

type Unlisted = { [T in keyof Database]: Exclude<keyof Database[T], (typeof SCHEMA)[T][number]> }[keyof Database];
// Compile-time completeness: `true` is assignable only when no column of schema.ts is missing above.
const schemaListComplete: [Unlisted] extends [never] ? true : never = true;

type TableName = keyof typeof SCHEMA;

for (const factory of testDatabases()) {
  describe(`foundation on ${factory.name}`, () => {
    let database: TestDatabase;
    let t: TestApp;

    beforeAll(async () => {
      if (factory.name === "sqlite") {
        // The run's seed template is seedDemoContent's output on SQLite (tests/integration/global-setup.ts).
        database = await factory.create({ template: inject("seedTemplate") });
        t = createTestApp(database);
      } else {
        // PostgreSQL runs the seed itself, so its own code path is checked too.
        database = await factory.create();
        t = createTestApp(database);
        await seedDemoContent(database.handle, t.services, { imageScale: 0.25 });
      }
    });
    afterAll(async () => {
      t?.dispose();
      await database?.dispose();
    });

    it("creates every table of the data model", async () => {
      expect(schemaListComplete).toBe(true);
      const tables = (await tablesOf(database.handle)).filter(
        // SQLite's full-text index of products (migration 017) is an index, not a table of the data model.
        (table) => !isDerivedTable(table.name),
      );
      expect(tables.map((table) => table.name).sort()).toEqual(Object.keys(SCHEMA).sort());
      for (const table of tables) {
        expect([...table.columns].sort(), table.name).toEqual([...SCHEMA[table.name as TableName]].sort());
      }
    });

    it("loads the demo content: categories, products, branches, sales, publications", async () => {
      const { db } = database.handle;
      const count = (table: TableName) => rowCount(db, table);
      const mains = await db.selectFrom("categories").select("id").where("is_main", "=", 1).execute();
      expect(mains.length).toBeGreaterThanOrEqual(6);
      for (const main of mains) {
        const subs = await db.selectFrom("categories").select("id").where("parent_id", "=", main.id).execute();
        expect(subs.length).toBeGreaterThanOrEqual(2);
        expect(subs.length).toBeLessThanOrEqual(4);
      }
      expect(await count("products")).toBeGreaterThanOrEqual(40);
      expect(await count("branches")).toBeGreaterThanOrEqual(3);
      expect(await count("sales")).toBeGreaterThanOrEqual(4);
      expect(await count("publications")).toBeGreaterThanOrEqual(6);
      const home = await db.selectFrom("products").select("id").where("visibility_home_page", "=", 1).execute();
      expect(home.length).toBeGreaterThanOrEqual(6);
      const colours = await db.selectFrom("tags").select("color").distinct().execute();
      expect(colours.map((c) => c.color).sort()).toEqual(["אדום", "כחול", "כתום"].sort());
      // Every product has at least one size with a positive price in agorot, and an image.
      const withoutSize = await db
        .selectFrom("products")
        .select("id")
        .where((eb) =>
          eb.not(eb.exists(eb.selectFrom("sizes").select("sizes.id").whereRef("sizes.product_id", "=", "products.id"))),
        )
        .execute();
      expect(withoutSize).toEqual([]);
      const images = await db.selectFrom("images").select(["owner_type", "variants", "width", "height"]).execute();
      expect(images.filter((i) => i.owner_type === "product").length).toBeGreaterThanOrEqual(40);
      for (const image of images) {
        const variants = JSON.parse(image.variants) as { format: string }[];
        expect(variants.some((v) => v.format === "webp")).toBe(true);
        expect(variants.some((v) => v.format === "jpeg")).toBe(true);
        expect(image.width).toBeGreaterThan(0);
      }
    });

    it("keeps referential integrity and unique e-mails", async () => {
      const { db } = database.handle;
      await expect(
        db.insertInto("category_product").values({ category_id: 999_999, product_id: 999_999 }).execute(),
      ).rejects.toThrow();
      const now = new Date().toISOString();
      await db
        .insertInto("clients")
        .values({ email: "dup@example.co.il", source: "site", created_at: now, updated_at: now })
        .execute();
      await expect(
        db
          .insertInto("clients")
          .values({ email: "dup@example.co.il", source: "site", created_at: now, updated_at: now })
          .execute(),
      ).rejects.toThrow();
    });

    it("deletes a product's sizes and category links with it", async () => {
      const { db } = database.handle;
      const product = await db.selectFrom("products").select("id").orderBy("id").executeTakeFirstOrThrow();
      await db.deleteFrom("products").where("id", "=", product.id).execute();
      expect(await db.selectFrom("sizes").select("id").where("product_id", "=", product.id).execute()).toEqual([]);
      expect(
        await db.selectFrom("category_product").select("category_id").where("product_id", "=", product.id).execute(),
      ).toEqual([]);
    });

    it("reports database health", async () => {
      const res = await t.request("/healthz");
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: "ok", database: factory.name, storage: "ok" });
    });

    it("serves stored image variants with immutable caching", async () => {
      const image = await database.handle.db.selectFrom("images").select("variants").executeTakeFirstOrThrow();
      const [variant] = JSON.parse(image.variants) as { key: string }[];
      const res = await t.request(`/uploads/${variant!.key}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(res.headers.get("content-type")).toMatch(/^image\//);
      expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(500);
      expect((await t.request("/uploads/products/nope/w320.webp")).status).toBe(404);
    });

    it("adds AVIF variants in the background step", async () => {
      const { db } = database.handle;
      const before = await db.selectFrom("images").select("id").where("variants", "like", '%"avif"%').execute();
      expect(before).toEqual([]);
      await t.services.images.enqueueMissingAvif();
      const worker = createBackgroundWorker(database.handle, t.services, createLogger("silent"), { pollMs: 50 });
      worker.start();
      // Encode until the first image has its AVIF variants, then stop: the step is resumable.
      await expect
        .poll(
          async () =>
            (await db.selectFrom("images").select("id").where("variants", "like", '%"avif"%').execute()).length,
          { timeout: 60_000, interval: 100 },
        )
        .toBeGreaterThan(0);
      await worker.stop();
      const after = await db.selectFrom("images").select("id").where("variants", "like", '%"avif"%').execute();
      const queued = await db.selectFrom("jobs").select(["key", "state"]).execute();
      // Done items leave the queue, the rest wait (none held by a stopped worker).
      expect(queued.filter((job) => after.some((image) => String(image.id) === job.key))).toEqual([]);
      expect(queued.every((job) => job.state === "pending")).toBe(true);
      expect(after.length + queued.length).toBe(await rowCount(db, "images"));
    });

    it("answers unknown API paths with a JSON 404 in Hebrew", async () => {
      const res = await t.request("/api/no-such-thing");
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: "לא נמצא" });
    });
  });
}
