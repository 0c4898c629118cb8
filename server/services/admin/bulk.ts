/**
 * Bulk actions on the products list (issue 30 part 1): publish, hide, add to or remove from a category, change
 * prices, add or remove a tag, move to the trash — over the records staff selected, each named with the version
 * they selected it at.
 *
 * - **One transaction per batch.** The records are locked (PostgreSQL `FOR UPDATE`, in id order; SQLite's
 *   `BEGIN IMMEDIATE` holds the one write lock) and their versions compared first. A record at another version
 *   (edited meanwhile) is reported back as a conflict and left as it is; a record gone is reported as missing;
 *   a record the action would not change (already published, already in the category, no price to change) is
 *   counted as unchanged. Every changed record gets a new version, so an edit form opened before the batch
 *   answers 409 instead of writing the old values back. A price that would leave 0–100,000 ₪ refuses the
 *   whole batch (Hebrew 422), and nothing is written.
 * - **One undo for the batch.** The batch is kept (`bulk_batches`, migration 024) with, per changed record, the
 *   version the batch left it at and what it was before. `undo` puts back, in one transaction, every record
 *   still at that version; one edited since is reported and not overwritten. A trash batch's undo restores its
 *   trash entries (trash.ts `restoreManyIn`), each one that may not come back (its serial number taken
 *   meanwhile) reported with the reason.
 * - **Audited per record.** The service answers, per record, the fields it changed; the audited wrapper
 *   (audited.ts) notes each one, so the audit log has an entry per record and the change trail invalidates
 *   each product's pages and the lists the changed fields decide (domain/entities.ts).
 */
import { PostgresAdapter, sql, type Transaction } from "kysely";
import type { AuditChange, NamedRef } from "../../../domain/contracts/admin.ts";
import { heApi } from "../../../domain/i18n/api.ts";
import { heBulk } from "../../../domain/i18n/bulk.ts";
import { agorotToShekels } from "../../../domain/money.ts";
import {
  adjustPrice,
  BULK_MAX,
  type BulkAction,
  type BulkActionType,
  type BulkRequest,
  PRICE_MAX_AGOROT,
} from "../../../domain/schemas/admin/bulk.ts";
import type { ListQuery } from "../../../domain/schemas/admin/list.ts";
import type { DB } from "../../db/database.ts";
import type { Database } from "../../db/schema.ts";
import { HttpError, NotFoundError, ValidationError } from "../../errors.ts";
import { diffFields } from "../audit/trail.ts";
import { type KashrutColumns, kashrutColumns, kashrutFromRow } from "../kashrut.ts";
import { chunks, setSizePrices } from "./batch-writes.ts";
import { now } from "./listing.ts";
import { productFilterConditions } from "./products.ts";
import { type AdminTrashService, TRASH_DAYS, type TrashActor } from "./trash.ts";

type Trx = Transaction<Database>;

const v = heBulk.validation;

/** What a batch did to one record: the audit entry's action and changed fields (values are catalogue data). */
export interface BulkRecordChange {
  id: number;
  name: string;
  action: "update" | "delete" | "restore";
  changes: AuditChange[];
}

/** A batch's answer (or an undo's): what changed, and what was left as it is and why. */
export interface BulkOutcome {
  /** The batch to undo (null when nothing changed, or for an undo). */
  batch: number | null;
  action: BulkActionType;
  changed: BulkRecordChange[];
  /** Selected records the action would not change (already so). */
  unchanged: number;
  /** Records at another version than the one selected (or than the batch left them at): not overwritten. */
  conflicts: NamedRef[];
  /** Records no longer there. */
  missing: number[];
  /** An undo's trash entries that may not come back now, with the reason (Hebrew). */
  refused: { id: number; name: string; reason: string }[];
}

/** Per changed record, what the undo needs: the version the batch left it at and what it was before. */
interface BatchRecord {
  id: number;
  name: string;
  version?: number;
  status?: number;
  /** Sizes' prices before (agorot). */
  sizes?: { id: number; price: number }[];
  /** Tags the batch added (their ids) or removed (their rows). */
  addedTags?: number[];
  removedTags?: { id: number; name: string; color: string; created_at: string }[];
  /** The trash entry the record went to. */
  trash?: number;
  /** The kashrut columns the batch wrote, as they were. */
  kashrut?: Partial<KashrutColumns>;
}

interface BatchData {
  action: BulkAction;
  /** The category's name when the batch was made (the audit entries of its undo). */
  categoryName?: string;
  records: BatchRecord[];
}

interface LockedProduct {
  id: number;
  name: string;
  status: number;
  version: number;
}

const bulkMark = (batch: number): AuditChange => ({ field: "bulk", to: batch });

const KASHRUT_KEYS = [
  "dietary",
  "chalav_yisrael",
  "pas_yisrael",
  "kosher_for_passover",
  "allergen_status",
  "allergens",
  "may_contain",
] as const satisfies readonly (keyof KashrutColumns)[];

/** How long a batch can be undone: as long as a trash batch's entries stay in the trash. */
export const BULK_UNDO_DAYS = TRASH_DAYS;

/** Housekeeping: batches past `BULK_UNDO_DAYS` are forgotten (their undo is then a Hebrew 404). */
export async function purgeOldBatches(db: DB, now: Date = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - BULK_UNDO_DAYS * 86_400_000).toISOString();
  const result = await db.deleteFrom("bulk_batches").where("created_at", "<", cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export function createAdminBulkService(db: DB, deps: { trash: AdminTrashService }) {
  /** The products `ids`, locked until the transaction ends (PostgreSQL; SQLite's write lock is held already). */
  async function lockProducts(trx: Trx, ids: number[]): Promise<Map<number, LockedProduct>> {
    const found = new Map<number, LockedProduct>();
    for (const part of chunks(ids, 5000)) {
      let query = trx
        .selectFrom("products")
        .select(["id", "name", "status", "version"])
        .where("id", "in", part)
        .orderBy("id");
      if (trx.getExecutor().adapter instanceof PostgresAdapter) query = query.forUpdate();
      for (const row of await query.execute()) {
        found.set(row.id, { id: row.id, name: row.name, status: Number(row.status), version: Number(row.version) });
      }
    }
    return found;
  }

  /** A new version and updated_at for the records the batch (or its undo) changed, with `set` if given. */
  async function bump(trx: Trx, ids: number[], set: Record<string, unknown> = {}) {
    for (const part of chunks(ids, 5000)) {
      await trx
        .updateTable("products")
        .set({ ...(set as { status?: number }), updated_at: now(), version: sql<number>`version + 1` })
        .where("id", "in", part)
        .execute();
    }
  }

  /** The products' category names, by product (the audit entries' before and after). */
  async function categoryNames(trx: Trx, ids: number[]): Promise<Map<number, string[]>> {
    const result = new Map<number, string[]>();
    for (const part of chunks(ids, 5000)) {
      const rows = await trx
        .selectFrom("category_product")
        .innerJoin("categories", "categories.id", "category_product.category_id")
        .select(["category_product.product_id", "categories.name"])
        .where("category_product.product_id", "in", part)
        .orderBy("categories.position")
        .orderBy("categories.id")
        .execute();
      for (const row of rows) result.set(row.product_id, [...(result.get(row.product_id) ?? []), row.name]);
    }
    return result;
  }

  async function category(trx: Trx, id: number): Promise<NamedRef> {
    const row = await trx.selectFrom("categories").select(["id", "name"]).where("id", "=", id).executeTakeFirst();
    if (!row) throw new ValidationError({ "action.category_id": [v.category] });
    return row;
  }

  /** The products' kashrut columns as stored. */
  async function kashrutOf(trx: Trx, ids: number[]): Promise<Map<number, KashrutColumns>> {
    const result = new Map<number, KashrutColumns>();
    for (const part of chunks(ids, 5000)) {
      const rows = await trx
        .selectFrom("products")
        .select(["id", ...KASHRUT_KEYS])
        .where("id", "in", part)
        .execute();
      for (const row of rows) {
        result.set(row.id, {
          dietary: row.dietary,
          chalav_yisrael: Number(row.chalav_yisrael),
          pas_yisrael: Number(row.pas_yisrael),
          kosher_for_passover: Number(row.kosher_for_passover),
          allergen_status: row.allergen_status,
          allergens: row.allergens,
          may_contain: row.may_contain,
        });
      }
    }
    return result;
  }

  /** The kashrut fields that differ between two states of a product's columns, as the audit log names them. */
  const kashrutChanges = (before: KashrutColumns, after: KashrutColumns) =>
    diffFields(kashrutFromRow(before), kashrutFromRow(after), false);

  async function sizesOf(trx: Trx, ids: number[]) {
    const result = new Map<number, { id: number; name: string; price: number }[]>();
    for (const part of chunks(ids, 5000)) {
      const rows = await trx
        .selectFrom("sizes")
        .select(["id", "product_id", "name", "price"])
        .where("product_id", "in", part)
        .orderBy("id")
        .execute();
      for (const row of rows) {
        result.set(row.product_id, [
          ...(result.get(row.product_id) ?? []),
          { id: row.id, name: row.name, price: Number(row.price) },
        ]);
      }
    }
    return result;
  }

  const priceList = (sizes: { name: string; price: number }[]) =>
    sizes.map((s) => `${s.name}: ${agorotToShekels(s.price)}`);

  const service = {
    /**
     * "All N matching": the products the list's search and filters find (the same conditions as its pages), each
     * with its version now — what the confirmation counts and the batch then checks. More than `BULK_MAX`: 422.
     */
    async select(
      query: ListQuery,
      params: URLSearchParams,
    ): Promise<{ total: number; items: { id: number; version: number }[] }> {
      const conditions = productFilterConditions(db, query, params);
      const rows = await db
        .selectFrom("products")
        .select(["id", "version"])
        .$if(conditions.length > 0, (q) => q.where((eb) => eb.and(conditions)))
        .orderBy("id")
        .limit(BULK_MAX + 1)
        .execute();
      if (rows.length > BULK_MAX) throw new ValidationError({ items: [v.tooMany(BULK_MAX)] }, v.tooMany(BULK_MAX));
      return { total: rows.length, items: rows.map((r) => ({ id: r.id, version: Number(r.version) })) };
    },

    /** Applies `request.action` to its records in one transaction (see the file's comment). */
    async apply(request: BulkRequest, actor: TrashActor | null): Promise<BulkOutcome> {
      const { action, items } = request;
      return db.transaction().execute(async (trx) => {
        const locked = await lockProducts(
          trx,
          items.map((i) => i.id),
        );
        const outcome: BulkOutcome = {
          batch: null,
          action: action.type,
          changed: [],
          unchanged: 0,
          conflicts: [],
          missing: [],
          refused: [],
        };
        const ready: LockedProduct[] = [];
        for (const item of items) {
          const row = locked.get(item.id);
          if (!row) outcome.missing.push(item.id);
          else if (row.version !== item.version) outcome.conflicts.push({ id: row.id, name: row.name });
          else ready.push(row);
        }
        const records: BatchRecord[] = [];
        const data: BatchData = { action, records };
        const ids = ready.map((r) => r.id);
        /** The changes of each record, without the batch's mark (added once the batch has its id). */
        const changes = new Map<number, { action: BulkRecordChange["action"]; changes: AuditChange[] }>();

        switch (action.type) {
          case "publish":
          case "hide": {
            const to = action.type === "publish" ? 1 : 0;
            const moving = ready.filter((r) => r.status !== to);
            await bump(
              trx,
              moving.map((r) => r.id),
              { status: to },
            );
            for (const r of moving) {
              records.push({ id: r.id, name: r.name, version: r.version + 1, status: r.status });
              changes.set(r.id, { action: "update", changes: [{ field: "status", from: r.status, to }] });
            }
            break;
          }
          case "add_category":
          case "remove_category": {
            const target = await category(trx, action.category_id);
            data.categoryName = target.name;
            const linked = new Set<number>();
            for (const part of chunks(ids, 5000)) {
              const rows = await trx
                .selectFrom("category_product")
                .select("product_id")
                .where("category_id", "=", target.id)
                .where("product_id", "in", part)
                .execute();
              for (const row of rows) linked.add(row.product_id);
            }
            const adding = action.type === "add_category";
            const moving = ready.filter((r) => linked.has(r.id) !== adding);
            const movingIds = moving.map((r) => r.id);
            const before = await categoryNames(trx, movingIds);
            for (const part of chunks(movingIds, 5000)) {
              if (adding) {
                await trx
                  .insertInto("category_product")
                  .values(part.map((product_id) => ({ category_id: target.id, product_id })))
                  .execute();
              } else {
                await trx
                  .deleteFrom("category_product")
                  .where("category_id", "=", target.id)
                  .where("product_id", "in", part)
                  .execute();
              }
            }
            await bump(trx, movingIds);
            for (const r of moving) {
              const from = before.get(r.id) ?? [];
              const to = adding ? [...from, target.name] : from.filter((name) => name !== target.name);
              records.push({ id: r.id, name: r.name, version: r.version + 1 });
              changes.set(r.id, { action: "update", changes: [{ field: "category", from, to }] });
            }
            break;
          }
          case "price": {
            const sizes = await sizesOf(trx, ids);
            const updates: { id: number; price: number }[] = [];
            const moving: LockedProduct[] = [];
            for (const r of ready) {
              const own = sizes.get(r.id) ?? [];
              // A size at 0 (a price on request) keeps it: no percentage or rounding makes it a price.
              const after = own.map((s) => ({ ...s, price: s.price === 0 ? 0 : adjustPrice(s.price, action) }));
              if (after.some((s) => s.price < 0 || s.price > PRICE_MAX_AGOROT)) {
                throw new ValidationError({ "action.value": [v.priceOut(r.name)] }, v.priceOut(r.name));
              }
              const differing = after.filter((s, i) => s.price !== own[i]!.price);
              if (differing.length === 0) continue;
              updates.push(...differing.map((s) => ({ id: s.id, price: s.price })));
              moving.push(r);
              records.push({
                id: r.id,
                name: r.name,
                version: r.version + 1,
                sizes: own.map((s) => ({ id: s.id, price: s.price })),
              });
              changes.set(r.id, {
                action: "update",
                changes: [{ field: "size", from: priceList(own), to: priceList(after) }],
              });
            }
            await setSizePrices(trx, updates);
            await bump(
              trx,
              moving.map((r) => r.id),
            );
            break;
          }
          case "add_tag":
          case "remove_tag": {
            const existing = new Map<number, { id: number; name: string; color: string; created_at: string }[]>();
            for (const part of chunks(ids, 5000)) {
              const rows = await trx
                .selectFrom("tags")
                .select(["id", "tagable_id", "name", "color", "created_at"])
                .where("tagable_type", "=", "product")
                .where("tagable_id", "in", part)
                .where("name", "=", action.name)
                .orderBy("id")
                .execute();
              for (const row of rows) existing.set(row.tagable_id, [...(existing.get(row.tagable_id) ?? []), row]);
            }
            const adding = action.type === "add_tag";
            const moving = ready.filter((r) => existing.has(r.id) !== adding);
            const added = new Map<number, number>();
            if (adding && moving.length) {
              const at = now();
              for (const part of chunks(moving)) {
                const inserted = await trx
                  .insertInto("tags")
                  .values(
                    part.map((r) => ({
                      name: action.name,
                      color: action.color,
                      tagable_id: r.id,
                      tagable_type: "product" as const,
                      created_at: at,
                    })),
                  )
                  .returning(["id", "tagable_id"])
                  .execute();
                for (const row of inserted) added.set(row.tagable_id, row.id);
              }
            } else if (moving.length) {
              const tagIds = moving.flatMap((r) => (existing.get(r.id) ?? []).map((t) => t.id));
              for (const part of chunks(tagIds, 5000)) await trx.deleteFrom("tags").where("id", "in", part).execute();
            }
            await bump(
              trx,
              moving.map((r) => r.id),
            );
            for (const r of moving) {
              records.push({
                id: r.id,
                name: r.name,
                version: r.version + 1,
                ...(adding ? { addedTags: [added.get(r.id)!] } : { removedTags: existing.get(r.id) ?? [] }),
              });
              changes.set(r.id, {
                action: "update",
                changes: [adding ? { field: "tag", to: action.name } : { field: "tag", from: action.name }],
              });
            }
            break;
          }
          case "kashrut": {
            const columns = kashrutColumns(action.fields) as Partial<KashrutColumns>;
            const keys = Object.keys(columns) as (keyof KashrutColumns)[];
            const stored = await kashrutOf(trx, ids);
            const moving: LockedProduct[] = [];
            for (const r of ready) {
              const before = stored.get(r.id)!;
              const after = { ...before, ...columns };
              const fields = kashrutChanges(before, after);
              if (fields.length === 0) continue;
              moving.push(r);
              records.push({
                id: r.id,
                name: r.name,
                version: r.version + 1,
                kashrut: Object.fromEntries(keys.map((key) => [key, before[key]])),
              });
              changes.set(r.id, { action: "update", changes: fields });
            }
            await bump(
              trx,
              moving.map((r) => r.id),
              columns,
            );
            break;
          }
          case "trash": {
            for (const r of ready) {
              const receipt = await deps.trash.moveToTrashIn(trx, "Product", r.id, actor);
              if (!receipt) {
                outcome.missing.push(r.id);
                continue;
              }
              records.push({ id: r.id, name: r.name, trash: receipt.id });
              changes.set(r.id, { action: "delete", changes: [{ field: "trash", to: receipt.id }] });
            }
            break;
          }
        }

        outcome.unchanged = ready.filter((r) => !changes.has(r.id) && !outcome.missing.includes(r.id)).length;
        if (records.length === 0) return outcome;
        const batch = await trx
          .insertInto("bulk_batches")
          .values({
            entity_type: "Product",
            action: action.type,
            data: JSON.stringify(data),
            created_at: now(),
            created_by: actor?.id ?? null,
            created_by_name: actor?.name ?? null,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        outcome.batch = batch.id;
        outcome.changed = records.map((r) => {
          const change = changes.get(r.id)!;
          return { id: r.id, name: r.name, action: change.action, changes: [...change.changes, bulkMark(batch.id)] };
        });
        return outcome;
      });
    },

    /**
     * Undoes batch `batchId` once (a second undo: 409): every record still at the version the batch left it at
     * goes back to what it was; one edited since is a conflict, left as it is. `mayRestore` says whether the
     * role may take records out of the trash (a trash batch's undo; else 403).
     */
    async undo(batchId: number, mayRestore: boolean): Promise<BulkOutcome> {
      const stored = await db.selectFrom("bulk_batches").selectAll().where("id", "=", batchId).executeTakeFirst();
      // An import batch (product-csv.ts) has its own undo.
      if (stored?.entity_type !== "Product" || stored.action === "import") throw new NotFoundError(v.batch);
      if (stored.undone_at) throw new HttpError(409, v.alreadyUndone);
      const data = JSON.parse(stored.data) as BatchData;
      const action = data.action;
      if (action.type === "trash" && !mayRestore) throw new HttpError(403, heApi.forbidden);
      const outcome: BulkOutcome = {
        batch: null,
        action: action.type,
        changed: [],
        unchanged: 0,
        conflicts: [],
        missing: [],
        refused: [],
      };
      const result = await db.transaction().execute(async (trx) => {
        const taken = await trx
          .updateTable("bulk_batches")
          .set({ undone_at: now() })
          .where("id", "=", batchId)
          .where("undone_at", "is", null)
          .executeTakeFirst();
        if (Number(taken.numUpdatedRows) === 0) throw new HttpError(409, v.alreadyUndone);
        const mark = bulkMark(batchId);

        if (action.type === "trash") {
          const byTrash = new Map(data.records.map((r) => [r.trash!, r]));
          const back = await deps.trash.restoreManyIn(
            trx,
            data.records.map((r) => r.trash!),
          );
          for (const ref of back.restored) {
            outcome.changed.push({
              id: ref.entityId,
              name: ref.label,
              action: "restore",
              changes: [{ field: "trash", to: ref.id }, mark],
            });
          }
          for (const refusal of back.refused) {
            const record = byTrash.get(refusal.id);
            outcome.refused.push({ id: record?.id ?? refusal.id, name: record?.name ?? "", reason: refusal.reason });
          }
          return back.images;
        }

        const locked = await lockProducts(
          trx,
          data.records.map((r) => r.id),
        );
        const ready: (BatchRecord & { current: LockedProduct })[] = [];
        for (const record of data.records) {
          const row = locked.get(record.id);
          if (!row) outcome.missing.push(record.id);
          else if (row.version !== record.version) outcome.conflicts.push({ id: row.id, name: row.name });
          else ready.push({ ...record, current: row });
        }
        const ids = ready.map((r) => r.id);
        const update = (r: BatchRecord, changes: AuditChange[]) =>
          outcome.changed.push({ id: r.id, name: r.name, action: "update", changes: [...changes, mark] });

        switch (action.type) {
          case "publish":
          case "hide": {
            for (const to of [0, 1]) {
              const back = ready.filter((r) => r.status === to);
              await bump(
                trx,
                back.map((r) => r.id),
                { status: to },
              );
              for (const r of back) update(r, [{ field: "status", from: r.current.status, to }]);
            }
            break;
          }
          case "add_category":
          case "remove_category": {
            const before = await categoryNames(trx, ids);
            const present = await trx
              .selectFrom("categories")
              .select("id")
              .where("id", "=", action.category_id)
              .executeTakeFirst();
            const name = data.categoryName ?? "";
            if (action.type === "add_category") {
              for (const part of chunks(ids, 5000)) {
                await trx
                  .deleteFrom("category_product")
                  .where("category_id", "=", action.category_id)
                  .where("product_id", "in", part)
                  .execute();
              }
            } else if (present) {
              for (const part of chunks(ids, 5000)) {
                await trx
                  .insertInto("category_product")
                  .values(part.map((product_id) => ({ category_id: action.category_id, product_id })))
                  .execute();
              }
            }
            // A category deleted since the removal has nothing to come back to: its products are unchanged.
            const changing = action.type === "add_category" || present ? ready : [];
            await bump(
              trx,
              changing.map((r) => r.id),
            );
            for (const r of changing) {
              const from = before.get(r.id) ?? [];
              const to = action.type === "add_category" ? from.filter((n) => n !== name) : [...from, name];
              update(r, [{ field: "category", from, to }]);
            }
            outcome.unchanged = ready.length - changing.length;
            break;
          }
          case "price": {
            const sizes = await sizesOf(trx, ids);
            const updates: { id: number; price: number }[] = [];
            for (const r of ready) {
              const own = sizes.get(r.id) ?? [];
              const was = new Map((r.sizes ?? []).map((s) => [s.id, s.price]));
              // Sizes deleted since are not brought back; sizes added since keep their price.
              const after = own.map((s) => ({ ...s, price: was.get(s.id) ?? s.price }));
              updates.push(
                ...after.filter((s, i) => s.price !== own[i]!.price).map((s) => ({ id: s.id, price: s.price })),
              );
              update(r, [{ field: "size", from: priceList(own), to: priceList(after) }]);
            }
            await setSizePrices(trx, updates);
            await bump(trx, ids);
            break;
          }
          case "add_tag": {
            const tagIds = ready.flatMap((r) => r.addedTags ?? []);
            for (const part of chunks(tagIds, 5000)) await trx.deleteFrom("tags").where("id", "in", part).execute();
            await bump(trx, ids);
            for (const r of ready) update(r, [{ field: "tag", from: action.name }]);
            break;
          }
          case "kashrut": {
            const stored = await kashrutOf(trx, ids);
            // Records that were alike go back in one statement.
            const groups = new Map<string, (BatchRecord & { current: LockedProduct })[]>();
            for (const r of ready) {
              const key = JSON.stringify(r.kashrut ?? {});
              groups.set(key, [...(groups.get(key) ?? []), r]);
            }
            for (const [key, group] of groups) {
              const columns = JSON.parse(key) as Partial<KashrutColumns>;
              await bump(
                trx,
                group.map((r) => r.id),
                columns,
              );
              for (const r of group) {
                const now = stored.get(r.id)!;
                update(r, kashrutChanges(now, { ...now, ...columns }));
              }
            }
            break;
          }
          case "remove_tag": {
            const rows = ready.flatMap((r) =>
              (r.removedTags ?? []).map((t) => ({ ...t, tagable_id: r.id, tagable_type: "product" as const })),
            );
            for (const part of chunks(rows)) await trx.insertInto("tags").values(part).execute();
            await bump(trx, ids);
            for (const r of ready) update(r, [{ field: "tag", to: action.name }]);
            break;
          }
        }
        return [];
      });
      await deps.trash.queueMissingAvif(result);
      return outcome;
    },
  };
  return service;
}

export type AdminBulkService = ReturnType<typeof createAdminBulkService>;
