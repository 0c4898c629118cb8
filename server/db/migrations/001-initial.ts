/**
 * The whole data model of spec §3, plus accounts, sessions, settings and rate-limit counters.
 * Column types are chosen to behave the same on SQLite and PostgreSQL (see schema.ts).
 */
import { type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely, sql } from "kysely";
import type { Dialect } from "../database.ts";

type Table = CreateTableBuilder<string, never>;

export default function initialMigration(dialect: Dialect) {
  /** Auto-increment integer primary key in each dialect's own idiom. */
  const withId = (table: Table): Table =>
    dialect === "postgres"
      ? table.addColumn("id", "serial", (c) => c.primaryKey())
      : table.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());
  const timestamps = (table: Table, updated = true): Table => {
    const t = table.addColumn("created_at", "text", (c) => c.notNull());
    return updated ? t.addColumn("updated_at", "text", (c) => c.notNull()) : t;
  };
  const text = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo("");

  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await timestamps(
        withId(db.schema.createTable("users"))
          .addColumn("name", "text", (c) => c.notNull())
          .addColumn("email", "text", (c) => c.notNull().unique())
          .addColumn("password_hash", "text", (c) => c.notNull())
          .addColumn("role", "text", (c) => c.notNull().defaultTo("admin")),
      ).execute();

      await db.schema
        .createTable("sessions")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("cascade"))
        .addColumn("csrf_token", "text", (c) => c.notNull())
        .addColumn("remember", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("last_seen_at", "text", (c) => c.notNull())
        .addColumn("expires_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("sessions_expires_at").on("sessions").column("expires_at").execute();
      await db.schema.createIndex("sessions_user_id").on("sessions").column("user_id").execute();

      await db.schema
        .createTable("site_settings")
        .addColumn("id", "integer", (c) => c.primaryKey())
        .addColumn("brand_name", "text", text)
        .addColumn("tagline", "text", text)
        .addColumn("phone", "text", text)
        .addColumn("whatsapp_number", "text", text)
        .addColumn("order_url", "text", text)
        .addColumn("club_url", "text", text)
        .addColumn("facebook_url", "text", text)
        .addColumn("instagram_url", "text", text)
        .addColumn("address", "text", text)
        .addColumn("email", "text", text)
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();

      await timestamps(
        withId(db.schema.createTable("categories"))
          .addColumn("name", "text", (c) => c.notNull())
          .addColumn("information", "text", text)
          .addColumn("parent_id", "integer", (c) => c.references("categories.id").onDelete("set null"))
          .addColumn("is_main", "integer", (c) => c.notNull().defaultTo(1))
          .addColumn("status", "integer", (c) => c.notNull().defaultTo(1))
          .addColumn("visibility_home_page", "integer", (c) => c.notNull().defaultTo(0))
          .addColumn("position", "integer", (c) => c.notNull().defaultTo(0)),
      ).execute();
      await db.schema.createIndex("categories_parent").on("categories").columns(["parent_id", "position"]).execute();
      await db.schema
        .createIndex("categories_home")
        .on("categories")
        .columns(["visibility_home_page", "status", "position"])
        .execute();

      await timestamps(
        withId(db.schema.createTable("products"))
          .addColumn("name", "text", (c) => c.notNull())
          .addColumn("title", "text", text)
          .addColumn("content", "text", text)
          .addColumn("serial_id", "bigint", (c) => c.notNull())
          .addColumn("status", "integer", (c) => c.notNull().defaultTo(1))
          .addColumn("visibility_home_page", "integer", (c) => c.notNull().defaultTo(0))
          .addColumn("search_name", "text", text)
          .addColumn("search_text", "text", text),
      ).execute();
      await db.schema.createIndex("products_status_created").on("products").columns(["status", "created_at"]).execute();
      await db.schema.createIndex("products_home").on("products").columns(["visibility_home_page", "status"]).execute();
      await db.schema.createIndex("products_serial_id").on("products").column("serial_id").execute();

      await db.schema
        .createTable("category_product")
        .addColumn("category_id", "integer", (c) => c.notNull().references("categories.id").onDelete("cascade"))
        .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
        .addPrimaryKeyConstraint("category_product_pk", ["category_id", "product_id"])
        .execute();
      await db.schema.createIndex("category_product_product").on("category_product").column("product_id").execute();

      await timestamps(
        withId(db.schema.createTable("sizes"))
          .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
          .addColumn("name", "text", (c) => c.notNull())
          .addColumn("price", "integer", (c) => c.notNull()),
        false,
      ).execute();
      await db.schema.createIndex("sizes_product").on("sizes").column("product_id").execute();

      await timestamps(
        withId(db.schema.createTable("tags"))
          .addColumn("name", "text", (c) => c.notNull())
          .addColumn("color", "text", (c) => c.notNull())
          .addColumn("tagable_id", "integer", (c) => c.notNull())
          .addColumn("tagable_type", "text", (c) => c.notNull().defaultTo("product")),
        false,
      ).execute();
      await db.schema.createIndex("tags_tagable").on("tags").columns(["tagable_type", "tagable_id"]).execute();

      await timestamps(
        withId(db.schema.createTable("images"))
          .addColumn("owner_type", "text", (c) => c.notNull())
          .addColumn("owner_id", "integer", (c) => c.notNull())
          .addColumn("path", "text", (c) => c.notNull().unique())
          .addColumn("width", "integer", (c) => c.notNull())
          .addColumn("height", "integer", (c) => c.notNull())
          .addColumn("variants", "text", (c) => c.notNull().defaultTo("[]"))
          .addColumn("alt", "text", text)
          .addColumn("position", "integer", (c) => c.notNull().defaultTo(0)),
        false,
      ).execute();
      await db.schema
        .createIndex("images_owner")
        .on("images")
        .columns(["owner_type", "owner_id", "position"])
        .execute();

      await timestamps(
        withId(db.schema.createTable("branches"))
          .addColumn("name", "text", (c) => c.notNull())
          .addColumn("location", "text", text)
          .addColumn("address", "text", text)
          .addColumn("content", "text", text)
          .addColumn("email", "text", text)
          .addColumn("phone", "text", text)
          .addColumn("opening_hours", "text", (c) => c.notNull().defaultTo("[]"))
          .addColumn("accessibility", "text", text)
          .addColumn("latitude", "double precision")
          .addColumn("longitude", "double precision")
          .addColumn("position", "integer", (c) => c.notNull().defaultTo(0)),
      ).execute();

      for (const name of ["sales", "publications"]) {
        await timestamps(
          withId(db.schema.createTable(name))
            .addColumn("name", "text", (c) => c.notNull())
            .addColumn("content", "text", text)
            .addColumn("status", "integer", (c) => c.notNull().defaultTo(1))
            .addColumn("visibility_home_page", "integer", (c) => c.notNull().defaultTo(0)),
        ).execute();
        await db.schema.createIndex(`${name}_status_created`).on(name).columns(["status", "created_at"]).execute();
      }

      await timestamps(
        withId(db.schema.createTable("clients"))
          .addColumn("email", "text", (c) => c.notNull().unique())
          .addColumn("source", "text", (c) => c.notNull().defaultTo("site"))
          .addColumn("consent_at", "text"),
      ).execute();

      await timestamps(
        withId(db.schema.createTable("contact_requests"))
          .addColumn("name", "text", (c) => c.notNull())
          .addColumn("email", "text", (c) => c.notNull())
          .addColumn("phone", "text", (c) => c.notNull())
          .addColumn("message", "text", (c) => c.notNull())
          .addColumn("handled_at", "text"),
        false,
      ).execute();
      await db.schema.createIndex("contact_requests_created").on("contact_requests").column("created_at").execute();

      await db.schema
        .createTable("rate_limits")
        .addColumn("key", "text", (c) => c.primaryKey())
        .addColumn("window_start", "bigint", (c) => c.notNull())
        .addColumn("hits", "integer", (c) => c.notNull())
        .execute();

      // Case-insensitive uniqueness of e-mails is enforced by storing them lower-cased (services do it).
      void sql;
    },
  };
}
