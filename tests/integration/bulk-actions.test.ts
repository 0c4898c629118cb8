/**
 * Bulk actions on the products list (issue 30 part 1), on each database: a batch is one transaction (a price
 * out of range refuses all of it), records edited meanwhile are reported and not overwritten, every changed
 * record has its own audit entry with the batch's number, one undo puts the whole batch back (and reports, not
 * overwrites, a record edited since), prices are rounded to whole shekels or to .90, "all N matching" resolves
 * the list's own filter, the public pages follow at once (hidden → 404 even from a warm cache), and a role
 * without the ability gets a 403; bad input is a Hebrew 422.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { AdminProduct } from "../../domain/contracts/admin.ts";
import { heBulk } from "../../domain/i18n/bulk.ts";
import { ROLE_ABILITIES } from "../../domain/permissions.ts";
import { RATE_RULES } from "../../server/http/rate-limit.ts";
import { runHousekeeping } from "../../server/jobs/housekeeping.ts";
import { createLogger } from "../../server/log.ts";
import { createProductThroughApi, createThroughApi } from "../support/auth.ts";
import type { TestClient } from "../support/client.ts";
import { testDatabases } from "../support/database.ts";
import { suiteApp } from "../support/suite-app.ts";

const HEBREW = /[\u0590-\u05FF]/;

interface Outcome {
  batch: number | null;
  changed: number;
  changed_ids: number[];
  unchanged: number;
  conflicts: { id: number; name: string }[];
  missing: number[];
  refused: { id: number; name: string; reason: string }[];
}

let serial = 881_000;

for (const factory of testDatabases()) {
  describe(`bulk actions on ${factory.name}`, () => {
    const env = suiteApp(factory, {
      seeded: true,
      pages: true,
      clients: { admin: "admin", editor: "editor", visitor: null },
    });
    const db = () => env.database.handle.db;

    async function call<T>(client: TestClient, path: string, json?: unknown) {
      const res = await client.fetch(path, json === undefined ? {} : { method: "POST", json });
      return {
        status: res.status,
        body: (await res.json()) as { message: string; data: T; errors?: Record<string, string[]> },
      };
    }
    const product = async (id: number) =>
      ((await (await env.admin.fetch(`/api/admin/products/${id}`)).json()) as { data: AdminProduct }).data;
    const bulk = (items: { id: number; version: number }[], action: object, client = env.admin) =>
      call<Outcome>(client, "/api/admin/products/bulk", { action, items });
    const undo = (batch: number, client = env.admin) =>
      call<Outcome>(client, `/api/admin/products/bulk/${batch}/undo`, {});

    /** Published products named with `word`, each with sizes at these prices (shekels). */
    async function make(word: string, prices: number[][]): Promise<number[]> {
      const ids: number[] = [];
      for (const [i, sizes] of prices.entries()) {
        const id = await createProductThroughApi(env.admin, {
          name: `${word} ${i + 1}`,
          title: "מוצר לבדיקת פעולות מרובות",
          serial_id: serial++,
        });
        for (const [j, price] of sizes.entries()) {
          await createThroughApi(env.admin, "/api/admin/sizes", { name: `גודל ${j + 1}`, price, product_id: id });
        }
        ids.push(id);
      }
      return ids;
    }
    const selected = async (ids: number[]) =>
      Promise.all(ids.map(async (id) => ({ id, version: (await product(id)).version })));
    /** Someone else saves the product from its form (a new version). */
    async function editMeanwhile(id: number, title: string) {
      const current = await product(id);
      const res = await env.admin.fetch(`/api/admin/products/${id}`, {
        method: "PUT",
        json: {
          name: current.name,
          title,
          serial_id: current.serial_id,
          status: current.status,
          version: current.version,
        },
      });
      expect(res.status).toBe(200);
    }
    const prices = async (id: number) => (await product(id)).size.map((s) => s.price);
    const auditOf = (batch: number) =>
      db()
        .selectFrom("audit_log")
        .select(["entity_type", "entity_id", "action", "changes", "user_name"])
        .where("changes", "like", `%"field":"bulk","to":${batch}}%`)
        .orderBy("id")
        .execute();

    afterEach(() => {
      // The 403 test narrows the editor's abilities; put them back whatever happened.
      ROLE_ABILITIES.editor.splice(0, ROLE_ABILITIES.editor.length, ...editorAbilities);
    });
    const editorAbilities = [...ROLE_ABILITIES.editor];

    it("hides the selected products in one batch, reports the one edited meanwhile without overwriting it, audits each, and one undo brings them back", async () => {
      const ids = await make("מאפה מוסתר", [[10], [12], [14]]);
      const items = await selected(ids);
      // The public page is warm in the cache before the batch.
      expect((await env.t.request(`/product/${ids[0]}`)).status).toBe(200);
      expect((await env.t.request(`/product/${ids[0]}`)).headers.get("x-cache")).toBe("hit");
      await editMeanwhile(ids[2]!, "נערך בינתיים");

      const { status, body } = await bulk(items, { type: "hide" });
      expect(status).toBe(200);
      expect(body.message).toBe(heBulk.done(2));
      expect(body.data.changed).toBe(2);
      expect(body.data.conflicts).toEqual([{ id: ids[2], name: "מאפה מוסתר 3" }]);
      expect(body.data.missing).toEqual([]);
      const after = await Promise.all(ids.map(product));
      expect(after.map((p) => p.status)).toEqual([0, 0, 1]);
      expect(after[2]!.title).toBe("נערך בינתיים");
      // Each changed record has a new version: a form opened before the batch cannot write its old status back.
      expect(after[0]!.version).toBe(items[0]!.version + 1);
      // Hidden: gone from the public site at once, cache or not.
      expect((await env.t.request(`/product/${ids[0]}`)).status).toBe(404);

      const batch = body.data.batch!;
      const entries = await auditOf(batch);
      expect(entries.map((e) => [e.entity_type, e.entity_id, e.action])).toEqual([
        ["Product", ids[0], "update"],
        ["Product", ids[1], "update"],
      ]);
      expect(JSON.parse(entries[0]!.changes)).toContainEqual({ field: "status", from: 1, to: 0 });

      // Edited after the batch: the undo leaves it as it is and says so.
      await editMeanwhile(ids[1]!, "נערך אחרי הפעולה");
      const back = await undo(batch);
      expect(back.status).toBe(200);
      expect(back.body.message).toBe(heBulk.undone(1));
      expect(back.body.data.conflicts).toEqual([{ id: ids[1], name: "מאפה מוסתר 2" }]);
      expect((await Promise.all(ids.map(product))).map((p) => p.status)).toEqual([1, 0, 1]);
      expect((await env.t.request(`/product/${ids[0]}`)).status).toBe(200);
      expect((await auditOf(batch)).length).toBe(3);
      // Once only.
      const again = await undo(batch);
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(heBulk.validation.alreadyUndone);
    });

    it("'all N matching' resolves the list's filter; a 5% rise rounded to .90 skips the record edited meanwhile; undo restores the prices", async () => {
      const ids = await make("עוגת סולת", [[42, 20], [18.5], [9.1]]);
      const selection = await call<{ total: number; items: { id: number; version: number }[] }>(
        env.admin,
        "/api/admin/products/selection?search_global=%D7%A2%D7%95%D7%92%D7%AA%20%D7%A1%D7%95%D7%9C%D7%AA",
      );
      expect(selection.status).toBe(200);
      expect(selection.body.data.total).toBe(3);
      expect(selection.body.data.items.map((i) => i.id).sort((a, b) => a - b)).toEqual(ids);
      await editMeanwhile(ids[1]!, "מחיר שנערך בינתיים");

      const invalidations: { tags: readonly string[]; hard: boolean }[] = [];
      const contentVersion = env.t.contentVersion;
      const invalidate = contentVersion.invalidate;
      contentVersion.invalidate = (tags, hard) => {
        invalidations.push({ tags, hard });
        return invalidate.call(contentVersion, tags, hard);
      };
      const { body } = await bulk(selection.body.data.items, {
        type: "price",
        mode: "percent",
        value: 5,
        rounding: "90",
      });
      contentVersion.invalidate = invalidate;
      // A price is an edit (soft) of the changed products' own pages and tiles: no list, no other product.
      expect(invalidations).toEqual([{ tags: [`product:${ids[0]}`, `product:${ids[2]}`], hard: false }]);
      expect(body.data.changed).toBe(2);
      expect(body.data.conflicts.map((c) => c.id)).toEqual([ids[1]]);
      // 42 × 1.05 = 44.10 → 43.90; 20 × 1.05 = 21 → 20.90 (nearest .90); 9.10 × 1.05 = 9.555 → 9.90.
      expect(await prices(ids[0]!)).toEqual([43.9, 20.9]);
      expect(await prices(ids[1]!)).toEqual([18.5]);
      expect(await prices(ids[2]!)).toEqual([9.9]);
      const entry = (await auditOf(body.data.batch!)).find((e) => e.entity_id === ids[0])!;
      expect(JSON.parse(entry.changes)).toContainEqual({
        field: "size",
        from: ["גודל 1: 42", "גודל 2: 20"],
        to: ["גודל 1: 43.9", "גודל 2: 20.9"],
      });
      // The public page shows the new price at once.
      expect(await (await env.t.request(`/product/${ids[0]}`)).text()).toContain("43.90");

      const back = await undo(body.data.batch!);
      expect(back.body.data.changed).toBe(2);
      expect(await prices(ids[0]!)).toEqual([42, 20]);
      expect(await prices(ids[2]!)).toEqual([9.1]);
    });

    it("rounds to whole shekels, by an amount or a percentage", async () => {
      const ids = await make("לחמניה עגולה", [[7.4, 12.5], [3]]);
      const first = await bulk(await selected(ids), { type: "price", mode: "amount", value: 1.2, rounding: "whole" });
      expect(first.body.data.changed).toBe(2);
      // 8.60 → 9; 13.70 → 14; 4.20 → 4.
      expect(await prices(ids[0]!)).toEqual([9, 14]);
      expect(await prices(ids[1]!)).toEqual([4]);
      await bulk(await selected(ids), { type: "price", mode: "percent", value: -10, rounding: "whole" });
      // 8.10 → 8; 12.60 → 13; 3.60 → 4.
      expect(await prices(ids[0]!)).toEqual([8, 13]);
      expect(await prices(ids[1]!)).toEqual([4]);
    });

    it("is one transaction: a price out of range refuses the whole batch and changes nothing", async () => {
      const ids = await make("מגש אירוח", [[50], [99_990]]);
      const items = await selected(ids);
      const { status, body } = await bulk(items, { type: "price", mode: "amount", value: 20, rounding: "none" });
      expect(status).toBe(422);
      expect(body.message).toBe(heBulk.validation.priceOut("מגש אירוח 2"));
      expect(await prices(ids[0]!)).toEqual([50]);
      expect((await product(ids[0]!)).version).toBe(items[0]!.version);
      expect(
        await db()
          .selectFrom("bulk_batches")
          .select("id")
          .where("action", "=", "price")
          .where("data", "like", `%${ids[0]}%`)
          .execute(),
      ).toHaveLength(0);
    });

    it("adds to and removes from a category, adds and removes a tag, each undone", async () => {
      const ids = await make("קרואסון", [[8], [9]]);
      const category = await db()
        .selectFrom("categories")
        .select(["id", "name"])
        .orderBy("id")
        .executeTakeFirstOrThrow();
      const names = async (id: number) => (await product(id)).category.map((c) => c.name);

      const added = await bulk(await selected(ids), { type: "add_category", category_id: category.id });
      expect(added.body.data.changed).toBe(2);
      expect(await names(ids[0]!)).toContain(category.name);
      const again = await bulk(await selected(ids), { type: "add_category", category_id: category.id });
      expect([again.body.data.changed, again.body.data.unchanged, again.body.data.batch]).toEqual([0, 2, null]);
      await undo(added.body.data.batch!);
      expect(await names(ids[0]!)).not.toContain(category.name);

      await bulk(await selected(ids), { type: "add_category", category_id: category.id });
      const removed = await bulk(await selected(ids), { type: "remove_category", category_id: category.id });
      expect(removed.body.data.changed).toBe(2);
      expect(await names(ids[1]!)).not.toContain(category.name);
      await undo(removed.body.data.batch!);
      expect(await names(ids[1]!)).toContain(category.name);

      const tagged = await bulk(await selected(ids), { type: "add_tag", name: "חג", color: "כחול" });
      expect(tagged.body.data.changed).toBe(2);
      expect((await product(ids[0]!)).tag.map((t) => [t.name, t.color])).toEqual([["חג", "כחול"]]);
      await undo(tagged.body.data.batch!);
      expect((await product(ids[1]!)).tag).toEqual([]);

      await bulk(await selected(ids), { type: "add_tag", name: "חג", color: "כחול" });
      const untagged = await bulk(await selected(ids), { type: "remove_tag", name: "חג" });
      expect(untagged.body.data.changed).toBe(2);
      expect((await product(ids[0]!)).tag).toEqual([]);
      await undo(untagged.body.data.batch!);
      expect((await product(ids[1]!)).tag.map((t) => [t.name, t.color])).toEqual([["חג", "כחול"]]);
    });

    it("sets kashrut and allergen fields on each product (the others kept), a withdrawal the cached page never shows again; undone", async () => {
      const ids = await make("גבינה מתוקה", [[15], [16]]);
      // The second is parve and says it has no allergens; the first has not been stated at all.
      const second = await product(ids[1]!);
      await env.admin.fetch(`/api/admin/products/${ids[1]}`, {
        method: "PUT",
        json: {
          name: second.name,
          title: second.title,
          serial_id: second.serial_id,
          status: 1,
          dietary: "parve",
          pas_yisrael: true,
          allergen_status: "none",
          version: second.version,
        },
      });
      expect((await env.t.request(`/product/${ids[1]}`)).status).toBe(200);
      expect((await env.t.request(`/product/${ids[1]}`)).headers.get("x-cache")).toBe("hit");

      // What the batch makes stale, and how (the change trail's one invalidation for the request).
      const invalidations: { tags: readonly string[]; hard: boolean }[] = [];
      const contentVersion = env.t.contentVersion;
      const invalidate = contentVersion.invalidate;
      contentVersion.invalidate = (tags, hard) => {
        invalidations.push({ tags, hard });
        return invalidate.call(contentVersion, tags, hard);
      };
      const { body } = await bulk(await selected(ids), {
        type: "kashrut",
        fields: { dietary: "dairy", allergen_status: "listed", allergens: ["milk"] },
      });
      contentVersion.invalidate = invalidate;
      expect(body.data.changed).toBe(2);
      expect(invalidations).toHaveLength(1);
      expect(invalidations[0]!.hard).toBe(true);
      expect(invalidations[0]!.tags).toEqual(
        expect.arrayContaining([`product:${ids[0]}`, `product:${ids[1]}`, "filters"]),
      );
      const after = await Promise.all(ids.map(product));
      expect(after.map((p) => [p.dietary, p.allergen_status, p.allergens, p.pas_yisrael])).toEqual([
        ["dairy", "listed", ["milk"], false],
        ["dairy", "listed", ["milk"], true],
      ]);
      const entry = (await auditOf(body.data.batch!)).find((e) => e.entity_id === ids[1])!;
      expect(JSON.parse(entry.changes)).toEqual(
        expect.arrayContaining([
          { field: "dietary", from: "parve", to: "dairy" },
          { field: "allergen_status", from: "none", to: "listed" },
        ]),
      );
      // A kashrut claim withdrawn: the page that said "parve" is rendered anew at once (never a stale copy).
      const page = await env.t.request(`/product/${ids[1]}`);
      expect(page.headers.get("x-cache")).not.toBe("stale");
      expect(await page.text()).toContain("חלבי");

      const back = await undo(body.data.batch!);
      expect(back.body.data.changed).toBe(2);
      const restored = await Promise.all(ids.map(product));
      expect(restored.map((p) => [p.dietary, p.allergen_status, p.allergens, p.pas_yisrael])).toEqual([
        [null, "not_stated", null, false],
        ["parve", "none", [], true],
      ]);

      const items = await selected(ids);
      for (const fields of [{}, { allergen_status: "listed", allergens: [] }, { dietary: "חלבי" }]) {
        const refused = await bulk(items, { type: "kashrut", fields });
        expect(refused.status, JSON.stringify(fields)).toBe(422);
        expect(Object.values(refused.body.errors ?? {}).flat()[0]).toMatch(HEBREW);
      }
    });

    it("moves the selection to the trash in one batch (an entry each) and one undo restores them", async () => {
      const ids = await make("פשטידה", [[30], [32]]);
      const { body } = await bulk(await selected(ids), { type: "trash" });
      expect(body.message).toBe(heBulk.trashed(2));
      expect((await env.admin.fetch(`/api/admin/products/${ids[0]}`)).status).toBe(404);
      const entries = await db().selectFrom("trash").select("entity_id").where("entity_id", "in", ids).execute();
      expect(entries).toHaveLength(2);
      expect((await auditOf(body.data.batch!)).map((e) => e.action)).toEqual(["delete", "delete"]);

      const back = await undo(body.data.batch!);
      expect(back.body.data.changed).toBe(2);
      expect(await prices(ids[1]!)).toEqual([32]);
      expect(await db().selectFrom("trash").select("id").where("entity_id", "in", ids).execute()).toHaveLength(0);
      expect((await auditOf(body.data.batch!)).map((e) => e.action)).toEqual([
        "delete",
        "delete",
        "restore",
        "restore",
      ]);
    });

    it("refuses without the ability (403), without a session (401), and bad input with Hebrew 422s", async () => {
      const ids = await make("בורקס", [[6]]);
      const items = await selected(ids);
      expect((await bulk(items, { type: "hide" }, env.visitor)).status).toBe(401);
      // An editor may (catalogue content)…
      expect((await bulk(items, { type: "publish" }, env.editor)).status).toBe(200);
      // …a role without the products' abilities may not: the editor's table narrowed to the trash.
      ROLE_ABILITIES.editor.splice(0, ROLE_ABILITIES.editor.length, { action: "read", subject: "Dashboard" });
      const refused = await bulk(items, { type: "hide" }, env.editor);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toMatch(HEBREW);
      expect((await call(env.editor, "/api/admin/products/selection")).status).toBe(403);
      expect((await product(ids[0]!)).status).toBe(1);
      ROLE_ABILITIES.editor.splice(0, ROLE_ABILITIES.editor.length, ...editorAbilities);

      const cases: [object, string][] = [
        [{ action: { type: "explode" }, items }, "action.type"],
        [{ action: { type: "hide" }, items: [] }, "items"],
        [{ action: { type: "hide" }, items: [{ id: ids[0] }] }, "items.0.version"],
        [{ action: { type: "price", mode: "percent", value: 0 }, items }, "action.value"],
        [{ action: { type: "price", mode: "percent", value: 900 }, items }, "action.value"],
        [{ action: { type: "price", mode: "amount", value: "abc" }, items }, "action.value"],
        [{ action: { type: "price", mode: "amount", value: 3, rounding: "95" }, items }, "action.rounding"],
        [{ action: { type: "add_category", category_id: 99_999_999 }, items }, "action.category_id"],
        [{ action: { type: "add_tag", name: "", color: "ירוק" }, items }, "action.name"],
        [{ action: { type: "hide" }, items: [items[0], items[0]] }, "items"],
      ];
      for (const [json, field] of cases) {
        const res = await call<unknown>(env.admin, "/api/admin/products/bulk", json);
        expect(res.status, JSON.stringify(json)).toBe(422);
        expect(Object.keys(res.body.errors ?? {}), JSON.stringify(json)).toContain(field);
        expect(Object.values(res.body.errors ?? {}).flat()[0]).toMatch(HEBREW);
      }
      expect((await undo(99_999_999)).status).toBe(404);
      // None of the refused requests changed anything.
      expect((await product(ids[0]!)).status).toBe(1);

      // A batch is undoable for 30 days; housekeeping forgets older ones (their undo: the Hebrew 404).
      const hidden = await bulk(await selected(ids), { type: "hide" });
      const batch = hidden.body.data.batch!;
      await db()
        .updateTable("bulk_batches")
        .set({ created_at: new Date(Date.now() - 31 * 86_400_000).toISOString() })
        .where("id", "=", batch)
        .execute();
      await runHousekeeping({
        database: env.database.handle,
        services: env.t.services,
        rules: RATE_RULES,
        logger: createLogger("silent"),
      });
      const gone = await undo(batch);
      expect([gone.status, gone.body.message]).toEqual([404, heBulk.validation.batch]);
      expect((await product(ids[0]!)).status).toBe(0);
    });
  });
}
