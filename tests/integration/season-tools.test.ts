/**
 * Season tools for staff (issue 30), over each database. Duplicate: a copy of a product with its sizes, tags,
 * categories and images (files of its own), as a hidden draft named "… (עותק)" with no serial number, audited;
 * the copy cannot be saved until it gets a serial number of its own. Sold out today, with an injected clock and
 * fake timers: marked on Friday afternoon, the product page, its tile and its JSON-LD say so through Shabbat,
 * and the schedule timer clears it (a new content version, so no cached page keeps it) at the opening after
 * havdalah — computed from the demo branches' hours.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { AdminProduct } from "../../domain/contracts/admin.ts";
import { heAdmin } from "../../domain/i18n/admin.ts";
import { NO_SERIAL, PRODUCT_NAME_MAX } from "../../domain/schemas/admin/product.ts";
import type { Timers } from "../../server/schedule-timer.ts";
import { createProductThroughApi } from "../support/auth.ts";
import { TestClient } from "../support/client.ts";
import { testDatabases } from "../support/database.ts";
import { suiteApp } from "../support/suite-app.ts";

const HEBREW = /[\u0590-\u05FF]/;

for (const factory of testDatabases()) {
  describe(`duplicating a product on ${factory.name}`, () => {
    const env = suiteApp(factory, { seeded: true, pages: true, clients: { admin: "admin" } });
    const db = () => env.database.handle.db;

    const duplicate = async (id: number) => {
      const res = await env.admin.fetch(`/api/admin/products/${id}/duplicate`, { method: "POST" });
      return { status: res.status, body: (await res.json()) as { message: string; data: AdminProduct } };
    };
    const getProduct = async (id: number) =>
      ((await (await env.admin.fetch(`/api/admin/products/${id}`)).json()) as { data: AdminProduct }).data;

    /** A demo product that has images, sizes, tags and categories. */
    async function richProduct(): Promise<number> {
      const row = await db()
        .selectFrom("products")
        .select("products.id")
        .where((eb) =>
          eb.and([
            eb.exists(eb.selectFrom("sizes").select("sizes.id").whereRef("sizes.product_id", "=", "products.id")),
            eb.exists(
              eb
                .selectFrom("images")
                .select("images.id")
                .where("images.owner_type", "=", "product")
                .whereRef("images.owner_id", "=", "products.id"),
            ),
            eb.exists(
              eb
                .selectFrom("category_product")
                .select("category_product.product_id")
                .whereRef("category_product.product_id", "=", "products.id"),
            ),
          ]),
        )
        .orderBy("products.id")
        .executeTakeFirstOrThrow();
      // Make sure it has a tag too (the demo content may have none on it).
      await env.admin.fetch("/api/admin/tags", {
        method: "POST",
        json: { name: "חדש", color: "כחול", tagable_id: row.id, tagable_type: "product" },
      });
      return row.id;
    }

    it("copies the fields, sizes, tags, categories and images as a hidden draft named '… (עותק)' without a serial number", async () => {
      const sourceId = await richProduct();
      const before = await getProduct(sourceId);

      const { status, body } = await duplicate(sourceId);
      expect(status).toBe(201);
      expect(body.message).toBe(heAdmin.products.duplicated);
      const copy = body.data;
      expect(copy.id).not.toBe(sourceId);
      expect(copy.name).toBe(`${before.name} (עותק)`);
      expect(copy.status).toBe(0);
      expect(copy.serial_id).toBe(NO_SERIAL);
      expect(copy.title).toBe(before.title);
      expect(copy.content).toBe(before.content);
      expect(copy.dietary).toBe(before.dietary);
      expect(copy.allergens).toEqual(before.allergens);
      expect(copy.size.map((s) => [s.name, s.price])).toEqual(before.size.map((s) => [s.name, s.price]));
      expect(copy.tag.map((t) => [t.name, t.color])).toEqual(before.tag.map((t) => [t.name, t.color]));
      expect(copy.category).toEqual(before.category);
      expect(copy.images.map((i) => [i.alt, i.position])).toEqual(before.images.map((i) => [i.alt, i.position]));

      // The copy's images are files of its own: same variants, other keys, present in storage.
      const rows = await db()
        .selectFrom("images")
        .select(["path", "variants", "owner_id"])
        .where("owner_type", "=", "product")
        .where("owner_id", "in", [sourceId, copy.id])
        .orderBy("position")
        .orderBy("id")
        .execute();
      const ofSource = rows.filter((r) => r.owner_id === sourceId);
      const ofCopy = rows.filter((r) => r.owner_id === copy.id);
      expect(ofCopy).toHaveLength(ofSource.length);
      for (const [i, image] of ofCopy.entries()) {
        const original = ofSource[i]!;
        expect(image.path).not.toBe(original.path);
        expect(JSON.parse(image.variants).length).toBe(JSON.parse(original.variants).length);
        expect(existsSync(path.join(env.t.uploadsDir, image.path, "original.webp"))).toBe(true);
        for (const variant of JSON.parse(image.variants) as { key: string }[]) {
          expect(variant.key.startsWith(`${image.path}/`)).toBe(true);
          expect(existsSync(path.join(env.t.uploadsDir, variant.key))).toBe(true);
        }
      }
      const served = await new TestClient(env.t).fetch(copy.images[0]!.picture.url);
      expect(served.status).toBe(200);

      // The source is as it was; the draft is not on the public site.
      expect(await getProduct(sourceId)).toEqual(before);
      expect((await new TestClient(env.t).fetch(`/product/${copy.id}`)).status).toBe(404);

      // The audit log names the copy and where it came from.
      const entry = await db()
        .selectFrom("audit_log")
        .selectAll()
        .where("entity_type", "=", "Product")
        .where("entity_id", "=", copy.id)
        .executeTakeFirstOrThrow();
      expect(entry.action).toBe("create");
      expect(entry.entity_label).toBe(copy.name);
      expect(JSON.parse(entry.changes)).toContainEqual({ field: "duplicate_of", to: sourceId });
    });

    it("the copy is saved only with a serial number of its own, which then publishes it", async () => {
      const sourceId = await createProductThroughApi(env.admin, {
        name: "בורקס גבינה",
        title: "בצק עלים",
        serial_id: 770_001,
      });
      const copy = (await duplicate(sourceId)).body.data;
      const save = (serial: unknown) =>
        env.admin.fetch(`/api/admin/products/${copy.id}`, {
          method: "PUT",
          json: { name: copy.name, title: copy.title, serial_id: serial, status: 1, version: copy.version },
        });
      const missing = await save("");
      expect(missing.status).toBe(422);
      const errors = ((await missing.json()) as { errors: Record<string, string[]> }).errors;
      expect(errors.serial_id?.[0]).toMatch(HEBREW);
      const taken = await save(770_001);
      expect(taken.status).toBe(422);
      expect((await save(770_002)).status).toBe(200);
      expect((await new TestClient(env.t).fetch(`/product/${copy.id}`)).status).toBe(200);
    });

    it("a long name is shortened to fit with the suffix; a missing product is a Hebrew 404", async () => {
      const long = "א".repeat(PRODUCT_NAME_MAX);
      const sourceId = await createProductThroughApi(env.admin, { name: long, title: "כותרת", serial_id: 770_010 });
      const copy = (await duplicate(sourceId)).body.data;
      expect(copy.name.length).toBeLessThanOrEqual(PRODUCT_NAME_MAX);
      expect(copy.name.endsWith(" (עותק)")).toBe(true);

      const gone = await env.admin.fetch("/api/admin/products/99999999/duplicate", { method: "POST" });
      expect(gone.status).toBe(404);
      expect(((await gone.json()) as { message: string }).message).toMatch(HEBREW);
      const visitor = await new TestClient(env.t).fetch(`/api/admin/products/${sourceId}/duplicate`, {
        method: "POST",
      });
      expect(visitor.status).toBe(401);
    });
  });
}

for (const factory of testDatabases()) {
  describe(`sold out today on ${factory.name}`, () => {
    // Friday 18 December 2026, 14:00 in Jerusalem (UTC+2): after Hanukkah's collection closed, before Tu BiShvat's.
    const friday = new Date("2026-12-18T12:00:00Z");
    let now = friday;
    const pending = new Map<number, () => void>();
    let nextId = 0;
    const timers: Timers = {
      set: (callback) => {
        pending.set(++nextId, callback);
        return nextId;
      },
      clear: (handle) => pending.delete(handle as number),
    };
    const env = suiteApp(factory, {
      seeded: true,
      pages: true,
      app: { clock: () => now, timers },
      clients: { admin: "admin" },
    });
    const visitor = async (path: string) => {
      const res = await new TestClient(env.t).fetch(path);
      return { status: res.status, text: await res.text(), cache: res.headers.get("x-cache") };
    };
    let id = 0;

    beforeAll(async () => {
      await env.t.scheduleTimer!.settled();
      id = await createProductThroughApi(env.admin, { name: "עוגת שמרים שוקולד", title: "לשבת", serial_id: 771_001 });
      await env.admin.fetch("/api/admin/sizes", { method: "POST", json: { name: "שלמה", price: 48, product_id: id } });
    }, 120_000);

    /** The bakery's first opening after Friday, read from the branches' published day tables. */
    async function openingAfterFriday(): Promise<string> {
      const branches = await env.database.handle.db.selectFrom("branches").select("id").execute();
      const starts: number[] = [];
      for (const branch of branches) {
        const days = (await env.t.services.branches.hours(branch.id, "2026-12-19", 7)) ?? [];
        const first = days.find((d) => d.intervals.length > 0);
        if (first) starts.push(Date.parse(first.intervals[0]!.opens_at));
      }
      return new Date(Math.min(...starts)).toISOString();
    }

    it("marked on Friday afternoon, it is sold out on the page, the tile and in JSON-LD through Shabbat, and clears at the opening after havdalah", async () => {
      // Warm the cache: the page must not keep its copy past the mark.
      expect((await visitor(`/product/${id}`)).status).toBe(200);
      expect((await visitor(`/product/${id}`)).cache).toBe("hit");

      const res = await env.admin.fetch(`/api/admin/products/${id}/sold-out`, {
        method: "PUT",
        json: { sold_out: true },
      });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { message: string; data: AdminProduct };
      expect(body.message).toBe(heAdmin.products.soldOutMarked);
      const until = body.data.sold_out_until!;
      expect(until).toBe(await openingAfterFriday());
      // A demo branch opens on Saturday night, after havdalah: Shabbat is skipped, Sunday is not waited for.
      expect(new Date(until).toISOString().slice(0, 10)).toBe("2026-12-19");
      expect(Date.parse(until)).toBeGreaterThan(Date.parse("2026-12-19T15:00:00Z"));

      const soldOut = async () => {
        const page = await visitor(`/product/${id}`);
        expect(page.text).toContain("אזל להיום");
        expect(page.text).toContain('"availability":"https://schema.org/OutOfStock"');
        expect(page.text).not.toContain("https://schema.org/InStock");
        const grid = await visitor("/products");
        const tile = grid.text.slice(grid.text.indexOf(`href="/product/${id}"`));
        expect(tile.slice(0, tile.indexOf("</li>"))).toContain("אזל להיום");
        const api = JSON.parse((await visitor(`/api/product/${id}`)).text) as { data: { sold_out_until: string } };
        expect(api.data.sold_out_until).toBe(until);
      };
      await soldOut();
      await env.t.scheduleTimer!.settled();
      expect(env.t.scheduleTimer!.next()?.toISOString()).toBe(until);

      // Shabbat noon: still sold out (nothing fired in between).
      now = new Date("2026-12-19T10:00:00Z");
      await soldOut();

      // The opening after havdalah: the timer fires, the version moves on, the page is rendered anew without it.
      const version = env.t.contentVersion.current();
      now = new Date(until);
      expect(pending.size).toBe(1);
      const [[handle, fire]] = [...pending.entries()] as [[number, () => void]];
      pending.delete(handle);
      fire();
      await env.t.scheduleTimer!.settled();
      expect(env.t.contentVersion.current()).toBeGreaterThan(version);
      const page = await visitor(`/product/${id}`);
      expect(page.cache).toBe("miss");
      expect(page.text).not.toContain("אזל להיום");
      expect(page.text).toContain('"availability":"https://schema.org/InStock"');
      const grid = await visitor("/products");
      const tile = grid.text.slice(grid.text.indexOf(`href="/product/${id}"`));
      expect(tile.slice(0, tile.indexOf("</li>"))).not.toContain("אזל להיום");
      const admin = (await (await env.admin.fetch(`/api/admin/products/${id}`)).json()) as { data: AdminProduct };
      expect(admin.data.sold_out_until).toBeNull();
    });

    it("staff clear it by hand; the change is audited; bad input is a Hebrew 422 and a missing product a 404", async () => {
      now = new Date("2026-12-21T08:00:00Z");
      const mark = (json: unknown, target = id) =>
        env.admin.fetch(`/api/admin/products/${target}/sold-out`, { method: "PUT", json });
      expect((await mark({ sold_out: true })).status).toBe(200);
      const cleared = await mark({ sold_out: false });
      expect(cleared.status).toBe(200);
      const body = (await cleared.json()) as { message: string; data: AdminProduct };
      expect(body.message).toBe(heAdmin.products.soldOutCleared);
      expect(body.data.sold_out_until).toBeNull();
      expect((await visitor(`/product/${id}`)).text).not.toContain("אזל להיום");

      const entries = await env.database.handle.db
        .selectFrom("audit_log")
        .select(["action", "changes"])
        .where("entity_type", "=", "Product")
        .where("entity_id", "=", id)
        .orderBy("id", "desc")
        .limit(2)
        .execute();
      const [clearing, marking] = entries.map(
        (e) => JSON.parse(e.changes) as { field: string; from: unknown; to: unknown }[],
      );
      expect(marking![0]).toMatchObject({ field: "sold_out_until", from: null });
      expect(typeof marking![0]!.to).toBe("string");
      expect(clearing![0]).toMatchObject({ field: "sold_out_until", to: null });

      const bad = await mark({ sold_out: "maybe" });
      expect(bad.status).toBe(422);
      expect(((await bad.json()) as { errors: Record<string, string[]> }).errors.sold_out?.[0]).toMatch(HEBREW);
      expect((await mark({ sold_out: true }, 99_999_999)).status).toBe(404);
    });
  });
}
