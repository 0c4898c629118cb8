/**
 * The trash (issue 12 §3) over each database: a delete in the back office hides the record from every public
 * page, the public API, search, the sitemap and the admin lists exactly as a hard delete did (same status
 * and message); a restore brings it back with its own id and everything that went with it, and the page
 * cache shows it again; a restore that would break a rule of the live data is a Hebrew 409 that leaves the
 * entry in the trash; the background job deletes an entry for good 30 days on (the clock injected), with its
 * image files; editors see and restore only what they may delete, and only admins delete for good; bad ids
 * and filters are Hebrew 4xx; the audit log records delete, restore and purge.
 */
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { AdminTrashItem, Paginated } from "../../domain/contracts/admin.ts";
import { heAdmin } from "../../domain/i18n/admin.ts";
import { heApi } from "../../domain/i18n/api.ts";
import { createJobQueue } from "../../server/db/jobs.ts";
import { createBackgroundWorker } from "../../server/jobs/background.ts";
import { createLogger } from "../../server/log.ts";
import { TRASH_PURGE_JOB } from "../../server/services/admin/trash.ts";
import { createProductThroughApi, createThroughApi } from "../support/auth.ts";
import { TestClient } from "../support/client.ts";
import { testDatabases } from "../support/database.ts";
import { pngImage } from "../support/images.ts";
import { suiteApp } from "../support/suite-app.ts";

const m = heAdmin.messages;
const T = heAdmin.trash;
const DAY = 86_400_000;
const HEBREW = /[\u0590-\u05FF]/;

/** Files under an image's folder (its variants); 0 when the folder is gone. */
function filesOf(folder: string): number {
  if (!existsSync(folder)) return 0;
  return readdirSync(folder, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
}

interface Answer<D = unknown> {
  status: number;
  body: { message?: string; data?: D; errors?: Record<string, string[]>; trash?: { id: number; purge_at: string } };
}

async function call<D = unknown>(client: TestClient, url: string, init: RequestInit & { json?: unknown } = {}) {
  const res = await client.fetch(url, init);
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : {} } as Answer<D>;
}

for (const factory of testDatabases()) {
  describe(`trash on ${factory.name}`, () => {
    /** The injected clock: the tests move it past the 30 days. */
    let now = Date.now();
    const clock = () => new Date(now);
    const env = suiteApp(factory, {
      seeded: true,
      pages: true,
      app: { clock },
      clients: { admin: "admin", editor: "editor", visitor: null },
    });
    let serial = 880_000;
    const db = () => env.database.handle.db;

    const page = async (url: string) => {
      const res = await new TestClient(env.t).fetch(url);
      return { status: res.status, html: await res.text() };
    };
    const trashList = (client: TestClient, query = "") =>
      call<AdminTrashItem[]>(client, `/api/admin/trash?per_page=100${query}`) as Promise<
        Answer<AdminTrashItem[]> & { body: Paginated<AdminTrashItem> }
      >;
    const restore = (client: TestClient, trashId: number) =>
      call(client, `/api/admin/trash/${trashId}/restore`, { method: "POST" });
    const newProduct = async (name: string) =>
      createProductThroughApi(env.admin, { name, title: `${name} כותרת`, serial_id: ++serial });

    it("a deleted product disappears from its page, the public API, search, the sitemap, its category and the admin list; a restore brings it all back", async () => {
      const name = "עוגת פיסטוק מלכותית";
      const id = await newProduct(name);
      const category = await db()
        .selectFrom("categories")
        .select("id")
        .where("status", "=", 1)
        .orderBy("id")
        .executeTakeFirstOrThrow();
      expect(
        (
          await call(env.admin, `/api/admin/product/${id}/category`, {
            method: "POST",
            json: { categories: [category.id] },
          })
        ).status,
      ).toBe(200);
      expect(
        (
          await call(env.admin, "/api/admin/sizes", {
            method: "POST",
            json: { product_id: id, name: "גדול", price: 80 },
          })
        ).status,
      ).toBe(201);
      expect(
        (
          await call(env.admin, "/api/admin/tags", {
            method: "POST",
            json: { name: "חדש", color: "אדום", tagable_id: id, tagable_type: "product" },
          })
        ).status,
      ).toBe(201);
      const image = await env.t.services.images.add({ type: "product", id }, await pngImage(320, 200), { alt: name });
      await db()
        .insertInto("reviews")
        .values({
          product_id: id,
          rating: 4,
          name: "דנה",
          text: "טעים מאוד",
          status: "approved",
          created_at: clock().toISOString(),
        })
        .execute();
      const rowsOf = async () => ({
        product: await db().selectFrom("products").selectAll().where("id", "=", id).execute(),
        sizes: await db().selectFrom("sizes").selectAll().where("product_id", "=", id).execute(),
        tags: await db()
          .selectFrom("tags")
          .selectAll()
          .where("tagable_id", "=", id)
          .where("tagable_type", "=", "product")
          .execute(),
        links: await db().selectFrom("category_product").selectAll().where("product_id", "=", id).execute(),
        reviews: await db().selectFrom("reviews").selectAll().where("product_id", "=", id).execute(),
        images: await db()
          .selectFrom("images")
          .selectAll()
          .where("owner_type", "=", "product")
          .where("owner_id", "=", id)
          .execute(),
      });
      const before = await rowsOf();
      expect(before.images).toHaveLength(1);

      const visible = async () => {
        const productPage = await page(`/product/${id}`);
        const api = await call(env.visitor, `/api/product/${id}`);
        const search = await call<{ id: number }[]>(env.visitor, `/api/products?search=${encodeURIComponent(name)}`);
        const suggest = await call<{ id: number }[]>(
          env.visitor,
          `/api/products/suggest?q=${encodeURIComponent("פיסטוק מלכ")}`,
        );
        const sitemap = (await page("/sitemap.xml")).html;
        const categoryPage = (await page(`/categories/${category.id}`)).html;
        const adminList = await call<{ id: number }[]>(env.admin, `/api/admin/products?search_id=${id}`);
        return {
          page: productPage.status,
          pageHasName: productPage.html.includes(name),
          api: api.status,
          search: (search.body.data ?? []).some((p) => p.id === id),
          suggest: (suggest.body.data ?? []).some((p) => p.id === id),
          sitemap: sitemap.includes(`/product/${id}<`),
          category: categoryPage.includes(name),
          admin: (adminList.body.data ?? []).length,
        };
      };
      const shown = {
        page: 200,
        pageHasName: true,
        api: 200,
        search: true,
        suggest: true,
        sitemap: true,
        category: true,
        admin: 1,
      };
      // The first read also fills the page cache: what follows proves the delete and the restore empty it.
      expect(await visible()).toEqual(shown);

      const deleted = await call(env.admin, `/api/admin/products/${id}`, { method: "DELETE" });
      expect(deleted.status).toBe(200);
      expect(deleted.body.message).toBe(m.productDeleted);
      expect(deleted.body.trash?.id).toEqual(expect.any(Number));
      expect(Date.parse(deleted.body.trash!.purge_at) - now).toBe(30 * DAY);
      expect(await visible()).toEqual({
        page: 404,
        pageHasName: false,
        api: 404,
        search: false,
        suggest: false,
        sitemap: false,
        category: false,
        admin: 0,
      });
      // Nothing of it is left in the live tables; the image files wait in storage for a restore.
      expect(await rowsOf()).toEqual({ product: [], sizes: [], tags: [], links: [], reviews: [], images: [] });
      expect(filesOf(path.join(env.t.uploadsDir, image.path))).toBeGreaterThan(0);
      // The same DELETE again: the spec's 404.
      expect((await call(env.admin, `/api/admin/products/${id}`, { method: "DELETE" })).status).toBe(404);

      const listed = await trashList(env.admin, "&type=Product");
      const entry = listed.body.data.find((e) => e.id === deleted.body.trash!.id);
      expect(entry).toMatchObject({
        entity_type: "Product",
        entity_id: id,
        label: name,
        deleted_by_name: "מנהלת",
        images_count: 1,
      });
      expect(entry!.mainImage?.url).toMatch(/^\/uploads\//);

      const restored = await restore(env.admin, deleted.body.trash!.id);
      expect(restored.status).toBe(200);
      expect(restored.body.message).toBe(m.trashRestored);
      // Back with its own id, sizes, tags, category, reviews and images, row for row.
      expect(await rowsOf()).toEqual(before);
      expect(await visible()).toEqual(shown);
      expect((await trashList(env.admin)).body.data.some((e) => e.id === deleted.body.trash!.id)).toBe(false);
      // The entry is gone: a second restore is a Hebrew 404, and its purge job is no longer queued.
      const again = await restore(env.admin, deleted.body.trash!.id);
      expect(again.status).toBe(404);
      expect(again.body.message).toBe(T.notInTrash);
      const jobs = await db()
        .selectFrom("jobs")
        .select("id")
        .where("kind", "=", TRASH_PURGE_JOB)
        .where("key", "=", String(deleted.body.trash!.id))
        .execute();
      expect(jobs).toEqual([]);
    });

    it("every kind the back office deletes goes to the trash with the spec's answer and comes back as it was", async () => {
      const at = clock().toISOString();
      const productId = await newProduct("מוצר לביקורת");
      const records: [string, string, string, () => Promise<number>, string][] = [
        [
          "categories",
          "/api/admin/categories",
          m.categoryDeleted,
          () => createThroughApi(env.admin, "/api/admin/categories", { name: "קטגוריה לסל" }),
          "Category",
        ],
        [
          "branches",
          "/api/admin/branches",
          m.branchDeleted,
          () => createThroughApi(env.admin, "/api/admin/branches", { name: "סניף לסל" }),
          "Branch",
        ],
        [
          "sales",
          "/api/admin/sales",
          m.saleDeleted,
          () => createThroughApi(env.admin, "/api/admin/sales", { name: "מבצע לסל" }),
          "Sale",
        ],
        [
          "publications",
          "/api/admin/publications",
          m.publicationDeleted,
          () => createThroughApi(env.admin, "/api/admin/publications", { name: "ידיעה לסל" }),
          "Publication",
        ],
        [
          "clients",
          "/api/clients",
          m.clientDeleted,
          () => createThroughApi(env.admin, "/api/clients", { email: "trash-member@example.org" }),
          "Client",
        ],
        [
          "contact_requests",
          "/api/admin/contact-requests",
          m.contactDeleted,
          async () =>
            (
              await db()
                .insertInto("contact_requests")
                .values({ name: "פונה", email: "p@example.org", phone: "0501234567", message: "שלום", created_at: at })
                .returning("id")
                .executeTakeFirstOrThrow()
            ).id,
          "ContactRequest",
        ],
        [
          "reviews",
          "/api/admin/reviews",
          m.reviewDeleted,
          async () =>
            (
              await db()
                .insertInto("reviews")
                .values({
                  product_id: productId,
                  rating: 5,
                  name: "רון",
                  text: "מצוין",
                  status: "pending",
                  created_at: at,
                })
                .returning("id")
                .executeTakeFirstOrThrow()
            ).id,
          "Review",
        ],
      ];
      for (const [table, base, message, create, type] of records) {
        const id = await create();
        const row = () =>
          db()
            .selectFrom(table as "sales")
            .selectAll()
            .where("id", "=", id)
            .execute();
        const before = await row();
        expect(before, table).toHaveLength(1);
        const deleted = await call(env.admin, `${base}/${id}`, { method: "DELETE" });
        expect([deleted.status, deleted.body.message], table).toEqual([200, message]);
        expect(await row(), table).toEqual([]);
        expect((await call(env.admin, `${base}?search_id=${id}`)).body.data, table).toEqual([]);
        const entry = (await trashList(env.admin, `&type=${type}`)).body.data.find((e) => e.entity_id === id);
        expect(entry?.id, table).toBe(deleted.body.trash!.id);
        expect((await restore(env.admin, entry!.id)).status, table).toBe(200);
        expect(await row(), table).toEqual(before);
      }
    });

    it("a restore that would clash with the live data is a Hebrew 409 and leaves the entry in the trash", async () => {
      // A product whose serial number was given to a new product meanwhile.
      const oldId = await newProduct("לחם ישן");
      const { serial_id } = await db()
        .selectFrom("products")
        .select("serial_id")
        .where("id", "=", oldId)
        .executeTakeFirstOrThrow();
      const gone = await call(env.admin, `/api/admin/products/${oldId}`, { method: "DELETE" });
      const newer = await createProductThroughApi(env.admin, {
        name: "לחם חדש",
        title: "כותרת",
        serial_id: Number(serial_id),
      });
      const clash = await restore(env.admin, gone.body.trash!.id);
      expect(clash.status).toBe(409);
      expect(clash.body.message).toBe(T.conflicts.serialTaken(String(serial_id), "לחם חדש"));
      expect((await trashList(env.admin)).body.data.some((e) => e.id === gone.body.trash!.id)).toBe(true);
      expect(await db().selectFrom("products").select("id").where("id", "=", oldId).execute()).toEqual([]);
      await call(env.admin, `/api/admin/products/${newer}`, { method: "DELETE" });
      expect((await restore(env.admin, gone.body.trash!.id)).status).toBe(200);

      // A club member whose address signed up again after the delete.
      const email = "again@example.org";
      const member = (await call<{ id: number }>(env.admin, "/api/clients", { method: "POST", json: { email } })).body
        .data!.id;
      const removed = await call(env.admin, `/api/clients/${member}`, { method: "DELETE" });
      expect((await call(env.visitor, "/api/client/create", { method: "POST", json: { email } })).status).toBeLessThan(
        300,
      );
      const taken = await restore(env.admin, removed.body.trash!.id);
      expect(taken.status).toBe(409);
      expect(taken.body.message).toBe(T.conflicts.emailTaken(email));

      // A review whose product is in the trash too; a subcategory whose main category is.
      const productId = await newProduct("מוצר שנמחק");
      const review = await db()
        .insertInto("reviews")
        .values({
          product_id: productId,
          rating: 3,
          name: "גיל",
          text: "בסדר",
          status: "approved",
          created_at: clock().toISOString(),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const reviewGone = await call(env.admin, `/api/admin/reviews/${review.id}`, { method: "DELETE" });
      const productGone = await call(env.admin, `/api/admin/products/${productId}`, { method: "DELETE" });
      const orphan = await restore(env.admin, reviewGone.body.trash!.id);
      expect([orphan.status, orphan.body.message]).toEqual([409, T.conflicts.productMissing]);
      expect((await restore(env.admin, productGone.body.trash!.id)).status).toBe(200);
      expect((await restore(env.admin, reviewGone.body.trash!.id)).status).toBe(200);

      const main = (
        await call<{ id: number }>(env.admin, "/api/admin/categories", { method: "POST", json: { name: "ראשית לסל" } })
      ).body.data!.id;
      const sub = (
        await call<{ id: number }>(env.admin, "/api/admin/categories", {
          method: "POST",
          json: { name: "משנה לסל", is_main: false, parent_id: main },
        })
      ).body.data!.id;
      // The spec's rule stays: a main category with subcategories is not deleted.
      expect((await call(env.admin, `/api/admin/categories/${main}`, { method: "DELETE" })).status).toBe(409);
      const subGone = await call(env.admin, `/api/admin/categories/${sub}`, { method: "DELETE" });
      const mainGone = await call(env.admin, `/api/admin/categories/${main}`, { method: "DELETE" });
      expect(mainGone.status).toBe(200);
      const parentless = await restore(env.admin, subGone.body.trash!.id);
      expect([parentless.status, parentless.body.message]).toEqual([409, T.conflicts.parentMissing]);
      expect((await restore(env.admin, mainGone.body.trash!.id)).status).toBe(200);
      expect((await restore(env.admin, subGone.body.trash!.id)).status).toBe(200);
      expect(await db().selectFrom("categories").select("parent_id").where("id", "=", sub).executeTakeFirst()).toEqual({
        parent_id: main,
      });
    });

    it("editors list and restore only what they may delete; deleting for good is the admin's; visitors get 401", async () => {
      const productId = await newProduct("מוצר של עורך");
      const member = (
        await call<{ id: number }>(env.admin, "/api/clients", {
          method: "POST",
          json: { email: "private@example.org" },
        })
      ).body.data!.id;
      const productGone = await call(env.editor, `/api/admin/products/${productId}`, { method: "DELETE" });
      expect(productGone.status).toBe(200);
      // Editors may not delete club members (the permission table), so they never see one in the trash either.
      expect((await call(env.editor, `/api/clients/${member}`, { method: "DELETE" })).status).toBe(403);
      const memberGone = await call(env.admin, `/api/clients/${member}`, { method: "DELETE" });

      const asEditor = await trashList(env.editor);
      expect(asEditor.status).toBe(200);
      expect(asEditor.body.data.some((e) => e.id === productGone.body.trash!.id)).toBe(true);
      expect(asEditor.body.data.some((e) => e.entity_type === "Client")).toBe(false);
      expect((await trashList(env.editor, "&type=Client")).body.data).toEqual([]);
      expect((await trashList(env.editor, `&search_id=${memberGone.body.trash!.id}`)).body.data).toEqual([]);
      expect(asEditor.body.data.find((e) => e.id === productGone.body.trash!.id)?.deleted_by_name).toBe("עורך");

      const refused = await restore(env.editor, memberGone.body.trash!.id);
      expect([refused.status, refused.body.message]).toEqual([403, heApi.forbidden]);
      const purgeRefused = await call(env.editor, `/api/admin/trash/${productGone.body.trash!.id}`, {
        method: "DELETE",
      });
      expect(purgeRefused.status).toBe(403);
      expect((await restore(env.editor, productGone.body.trash!.id)).status).toBe(200);

      expect((await trashList(env.visitor)).status).toBe(401);
      expect((await restore(env.visitor, memberGone.body.trash!.id)).status).toBe(401);

      const purged = await call(env.admin, `/api/admin/trash/${memberGone.body.trash!.id}`, { method: "DELETE" });
      expect([purged.status, purged.body.message]).toEqual([200, m.trashPurged]);
      expect(
        (await trashList(env.admin, "&type=Client")).body.data.some((e) => e.id === memberGone.body.trash!.id),
      ).toBe(false);
    });

    it("bad ids and filters are Hebrew 4xx, never 500", async () => {
      for (const url of [
        "/api/admin/trash/abc/restore",
        "/api/admin/trash/0/restore",
        "/api/admin/trash/99999999/restore",
      ]) {
        const res = await call(env.admin, url, { method: "POST" });
        expect(res.status, url).toBe(404);
        expect(res.body.message, url).toMatch(HEBREW);
      }
      expect((await restore(env.admin, 99_999_999)).body.message).toBe(T.notInTrash);
      for (const url of ["/api/admin/trash/-1", "/api/admin/trash/1e3", "/api/admin/trash/99999999"]) {
        const res = await call(env.admin, url, { method: "DELETE" });
        expect(res.status, url).toBe(404);
        expect(res.body.message, url).toMatch(HEBREW);
      }
      const badType = await trashList(env.admin, "&type=Bogus");
      expect(badType.status).toBe(422);
      expect(badType.body.errors?.type).toEqual([heAdmin.validation.trashType]);
      const badSort = await trashList(env.admin, "&order_column=data");
      expect(badSort.status).toBe(422);
      expect(badSort.body.message).toMatch(HEBREW);
    });

    it("the background job deletes an entry for good 30 days after the delete, with its image files, and the audit log records it all", async () => {
      const id = await newProduct("עוגה לשכחה");
      const image = await env.t.services.images.add({ type: "product", id }, await pngImage(320, 200), { alt: "x" });
      const file = path.join(env.t.uploadsDir, image.path);
      const deleted = await call(env.admin, `/api/admin/products/${id}`, { method: "DELETE" });
      const trashId = deleted.body.trash!.id;
      const deletedAt = now;
      try {
        // 29 days on, the job is not due: nothing claims it.
        const queue = createJobQueue(env.database.handle, () => deletedAt + 29 * DAY);
        expect(await queue.claim([TRASH_PURGE_JOB], "probe", 1000)).toBeNull();
        now = deletedAt + 29 * DAY;
        await expect(env.t.services.admin.trash.purgeDue(trashId)).rejects.toThrow(/not due/);
        expect(filesOf(file)).toBeGreaterThan(0);

        // 30 days and a minute on, the worker purges it.
        now = deletedAt + 30 * DAY + 60_000;
        const worker = createBackgroundWorker(env.database.handle, env.t.services, createLogger("silent"), {
          kinds: ["trash"],
          clock: () => now,
          pollMs: 20,
        });
        worker.start();
        try {
          // Done when its job has left the queue (completed: entry, files and audit entry all done).
          await expect
            .poll(
              async () =>
                (
                  await db()
                    .selectFrom("jobs")
                    .select("id")
                    .where("kind", "=", TRASH_PURGE_JOB)
                    .where("key", "=", String(trashId))
                    .execute()
                ).length,
            )
            .toBe(0);
        } finally {
          await worker.stop();
        }
        expect(filesOf(file)).toBe(0);
        expect(await db().selectFrom("trash").select("id").where("id", "=", trashId).execute()).toEqual([]);
        expect((await restore(env.admin, trashId)).status).toBe(404);
        expect(await db().selectFrom("images").select("id").where("id", "=", image.id).execute()).toEqual([]);
      } finally {
        now = Date.now();
      }

      const entries = await db()
        .selectFrom("audit_log")
        .select(["action", "user_id", "entity_type", "entity_label"])
        .where("entity_type", "=", "Product")
        .where("entity_id", "=", id)
        .orderBy("id")
        .execute();
      expect(entries.map((e) => [e.action, e.user_id === null])).toEqual([
        ["create", false],
        ["delete", false],
        ["purge", true],
      ]);
      expect(entries.at(-1)?.entity_label).toBe("עוגה לשכחה");
    });

    it("the audit log records a restore and a delete for good by hand, without the name of a club member", async () => {
      const id = await newProduct("מאפה ליומן");
      const deleted = await call(env.admin, `/api/admin/products/${id}`, { method: "DELETE" });
      await restore(env.admin, deleted.body.trash!.id);
      const member = (
        await call<{ id: number }>(env.admin, "/api/clients", {
          method: "POST",
          json: { email: "audit-me@example.org" },
        })
      ).body.data!.id;
      const memberGone = await call(env.admin, `/api/clients/${member}`, { method: "DELETE" });
      await call(env.admin, `/api/admin/trash/${memberGone.body.trash!.id}`, { method: "DELETE" });
      const entries = await db()
        .selectFrom("audit_log")
        .select(["action", "entity_type", "entity_id", "entity_label", "user_id", "changes"])
        .where("action", "in", ["restore", "purge"])
        .where((eb) =>
          eb.or([
            eb.and([eb("entity_type", "=", "Product"), eb("entity_id", "=", id)]),
            eb.and([eb("entity_type", "=", "Client"), eb("entity_id", "=", member)]),
          ]),
        )
        .orderBy("id")
        .execute();
      expect(entries.map((e) => [e.action, e.entity_type, e.entity_id, e.entity_label])).toEqual([
        ["restore", "Product", id, "מאפה ליומן"],
        ["purge", "Client", member, null],
      ]);
      expect(entries.every((e) => e.user_id !== null)).toBe(true);
      expect(entries.some((e) => e.changes.includes("audit-me"))).toBe(false);
    });
  });
}
