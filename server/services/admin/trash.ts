/**
 * The trash (issue 12 §3): a delete in the back office moves the record out of its table into `trash`
 * (migration 016) as a JSON snapshot of its row and of every row that went with it, for 30 days.
 *
 * Why a separate table and not a `deleted_at` column: the record is really gone from its table, so every
 * public page, the public API, the search index, the sitemap, the menu, the per-version caches and the
 * admin lists stop showing it exactly as after a hard delete, with no condition to forget in one of the
 * dozens of queries that read these tables; and unique rules (a product's serial number, a member's
 * e-mail) are free at once for a new record. The price is paid at restore: the record comes back with its
 * own id (ids are never reused: AUTOINCREMENT / serial) only if it breaks no rule of the live data — else a
 * Hebrew 409 that says what to do.
 *
 * Image files stay in storage while their rows are in the trash (a restore needs them); the purge — by the
 * background job 30 days after the delete (server/jobs/background.ts), or "מחק לצמיתות" — removes the entry
 * and then the files. Images, sizes and tags deleted on their own are not trashed (docs/admin.md "Trash").
 */
import { type SqlBool, sql, type Transaction } from "kysely";
import type { AdminTrashItem, Paginated, TrashReceipt } from "../../../domain/contracts/admin.ts";
import { heAdmin } from "../../../domain/i18n/admin.ts";
import { heApi } from "../../../domain/i18n/api.ts";
import { isTrashSubject, TRASH_SUBJECTS, type TrashSubject } from "../../../domain/permissions.ts";
import type { ListQuery } from "../../../domain/schemas/admin/list.ts";
import { TRASH_DAYS } from "../../../domain/schemas/admin/trash.ts";
import type { DB } from "../../db/database.ts";
import { enqueueJob } from "../../db/jobs.ts";
import { type LockableTable, lockRow } from "../../db/locks.ts";
import type { Database, ImageRow, OwnerType } from "../../db/schema.ts";
import { HttpError, NotFoundError } from "../../errors.ts";
import { type Clock, systemClock } from "../clock.ts";
import type { ImagesService } from "../images.ts";
import type { MediaService } from "../media.ts";
import { type ListConfig, listConditions, listPage } from "./listing.ts";

export { TRASH_DAYS };
/** The background job that deletes an entry for good once its 30 days are over (key: the entry's id). */
export const TRASH_PURGE_JOB = "trash_purge";
const DAY_MS = 86_400_000;

const t = heAdmin.trash;

type Row = Record<string, unknown>;
type Trx = Transaction<Database>;

/** Who deleted it, as they were (the entry outlives the account, like the audit log's). */
export interface TrashActor {
  id: number;
  name: string;
}

/** A table of rows that belong to the record and leave (and come back) with it. */
interface Dependent {
  table: "sizes" | "category_product" | "tags" | "reviews" | "images" | "client_confirmations";
  /** The column that holds the record's id. */
  column: string;
  /** Polymorphic rows (images, tags): the owner-type column and this record's values of it. */
  kind?: { column: string; values: readonly string[] };
  /** A link row's other end: links to a row deleted meanwhile are not restored. */
  link?: { column: string; table: "products" | "categories" };
}

interface TrashKind {
  table: LockableTable;
  dependents: Dependent[];
  /** What staff know the record by in the trash. */
  label(row: Row): string;
  /** Throws the 409 that says why the record cannot come back now. */
  checkRestore?(trx: Trx, row: Row): Promise<void>;
}

const imagesOf = (...types: OwnerType[]): Dependent => ({
  table: "images",
  column: "owner_id",
  kind: { column: "owner_type", values: types },
});
const nameOf = (row: Row) => String(row.name ?? "");

/** Per kind: its table, what goes with it, and what a restore must check. */
const KINDS: Record<TrashSubject, TrashKind> = {
  Product: {
    table: "products",
    dependents: [
      { table: "sizes", column: "product_id" },
      { table: "tags", column: "tagable_id", kind: { column: "tagable_type", values: ["product"] } },
      { table: "category_product", column: "product_id", link: { column: "category_id", table: "categories" } },
      { table: "reviews", column: "product_id" },
      imagesOf("product"),
    ],
    label: nameOf,
    // The serial number is unique among products (services/admin/products.ts): a product created meanwhile
    // may have taken it.
    async checkRestore(trx, row) {
      const other = await trx
        .selectFrom("products")
        .select(["id", "name"])
        .where("serial_id", "=", Number(row.serial_id))
        .executeTakeFirst();
      if (other) throw new HttpError(409, t.conflicts.serialTaken(String(row.serial_id), other.name));
    },
  },
  Category: {
    table: "categories",
    dependents: [
      { table: "category_product", column: "category_id", link: { column: "product_id", table: "products" } },
      imagesOf("category"),
    ],
    label: nameOf,
    async checkRestore(trx, row) {
      if (row.parent_id === null || row.parent_id === undefined) return;
      const parent = await trx
        .selectFrom("categories")
        .select(["id", "is_main"])
        .where("id", "=", Number(row.parent_id))
        .executeTakeFirst();
      if (!parent) throw new HttpError(409, t.conflicts.parentMissing);
      if (parent.is_main !== 1) throw new HttpError(409, t.conflicts.parentNotMain);
    },
  },
  Branch: { table: "branches", dependents: [imagesOf("branch", "branch_certificate")], label: nameOf },
  Sale: { table: "sales", dependents: [imagesOf("sale")], label: nameOf },
  Publication: { table: "publications", dependents: [imagesOf("publication")], label: nameOf },
  Client: {
    table: "clients",
    dependents: [{ table: "client_confirmations", column: "client_id" }],
    label: (row) => String(row.email ?? ""),
    // The address signed up again after the delete (e-mails are unique, stored lower-cased).
    async checkRestore(trx, row) {
      const email = String(row.email);
      const other = await trx.selectFrom("clients").select("id").where("email", "=", email).executeTakeFirst();
      if (other) throw new HttpError(409, t.conflicts.emailTaken(email));
    },
  },
  ContactRequest: { table: "contact_requests", dependents: [], label: nameOf },
  Review: {
    table: "reviews",
    dependents: [],
    label: nameOf,
    async checkRestore(trx, row) {
      const product = await trx
        .selectFrom("products")
        .select("id")
        .where("id", "=", Number(row.product_id))
        .executeTakeFirst();
      if (!product) throw new HttpError(409, t.conflicts.productMissing);
    },
  },
};

interface Snapshot {
  row: Row;
  children: Partial<Record<Dependent["table"], Row[]>>;
}

/** The entry's scheduled purge, no longer due once it left the trash (a running one is left to finish). */
function dropPurgeJob(db: DB, trashId: number) {
  return db
    .deleteFrom("jobs")
    .where("kind", "=", TRASH_PURGE_JOB)
    .where("key", "=", String(trashId))
    .where("state", "!=", "running")
    .execute();
}

function parseSnapshot(data: string): Snapshot {
  const value = JSON.parse(data) as Partial<Snapshot>;
  return { row: value.row ?? {}, children: value.children ?? {} };
}

function imageRowsOf(snapshot: Snapshot): ImageRow[] {
  return (snapshot.children.images ?? []) as unknown as ImageRow[];
}

/** The storage folders of every image held in the trash (their files stay until the purge). */
export async function trashedImagePaths(db: DB): Promise<string[]> {
  const entries = await db.selectFrom("trash").select("data").execute();
  return entries.flatMap((entry) => imageRowsOf(parseSnapshot(entry.data)).map((image) => image.path));
}

/** The rows of `dep` that belong to record `id`. */
function belongsTo(dep: Dependent, id: number) {
  const own = sql<SqlBool>`${sql.ref(dep.column)} = ${id}`;
  return dep.kind ? sql<SqlBool>`(${own} and ${sql.ref(dep.kind.column)} in (${sql.join(dep.kind.values)}))` : own;
}

export const TRASH_LIST: ListConfig = {
  id: "trash.id",
  title: ["trash.label"],
  content: ["trash.label"],
  extraGlobal: ["trash.deleted_by_name"],
  orderColumns: {
    id: "trash.id",
    // Every list's default sort (spec §7): here, when it went into the trash.
    created_at: "trash.deleted_at",
    deleted_at: "trash.deleted_at",
    entity_type: "trash.entity_type",
    label: "trash.label",
    deleted_by_name: "trash.deleted_by_name",
  },
};

/** An entry taken out of the trash (restored or purged): what the audit log records. */
export interface TrashEntryRef {
  id: number;
  type: TrashSubject;
  entityId: number;
  label: string;
}

export function createAdminTrashService(db: DB, deps: { images: ImagesService; media: MediaService; clock?: Clock }) {
  const clock = deps.clock ?? systemClock;
  const purgeAtOf = (deletedAt: string) => new Date(Date.parse(deletedAt) + TRASH_DAYS * DAY_MS);

  /** Deletes the entry (one caller wins a race), then the files of its images. */
  async function takeOut(trashId: number, due?: Date): Promise<TrashEntryRef | null> {
    let query = db.deleteFrom("trash").where("id", "=", trashId);
    if (due) query = query.where("deleted_at", "<=", new Date(due.getTime() - TRASH_DAYS * DAY_MS).toISOString());
    const entry = await query.returningAll().executeTakeFirst();
    if (!entry) return null;
    await dropPurgeJob(db, trashId);
    await deps.images.removeFilesOf(imageRowsOf(parseSnapshot(entry.data)));
    return refOf(entry);
  }

  function refOf(entry: { id: number; entity_type: string; entity_id: number; label: string }): TrashEntryRef {
    return { id: entry.id, type: entry.entity_type as TrashSubject, entityId: entry.entity_id, label: entry.label };
  }

  /**
   * Puts one entry's record back inside `trx`: the checks first (its id, the kind's rules: Hebrew 409), then the
   * entry taken (a restore or purge at the same moment finds it gone: 404), then every row inserted. Answers the
   * images restored.
   */
  async function restoreIn(
    trx: Trx,
    entry: { id: number; entity_type: string; entity_id: number; data: string },
  ): Promise<ImageRow[]> {
    const kind = KINDS[entry.entity_type as TrashSubject];
    const snapshot = parseSnapshot(entry.data);
    const clash = await trx
      .selectFrom(kind.table as "products")
      .select("id")
      .where("id", "=", entry.entity_id)
      .executeTakeFirst();
    if (clash) throw new HttpError(409, t.conflicts.idTaken);
    await kind.checkRestore?.(trx, snapshot.row);
    const taken = await trx.deleteFrom("trash").where("id", "=", entry.id).returning("id").executeTakeFirst();
    if (!taken) throw new NotFoundError(t.notInTrash);
    await trx
      .insertInto(kind.table as "products")
      .values(snapshot.row as never)
      .execute();
    const restoredImages: Row[] = [];
    for (const dep of kind.dependents) {
      let rows = snapshot.children[dep.table] ?? [];
      const link = dep.link;
      if (link && rows.length) {
        const ids = [...new Set(rows.map((r) => Number(r[link.column])))];
        const found = await trx.selectFrom(link.table).select("id").where("id", "in", ids).execute();
        const present = new Set(found.map((r) => r.id));
        rows = rows.filter((r) => present.has(Number(r[link.column])));
      }
      if (rows.length === 0) continue;
      await trx
        .insertInto(dep.table as "sizes")
        .values(rows as never)
        .execute();
      if (dep.table === "images") restoredImages.push(...rows);
    }
    await dropPurgeJob(trx, entry.id);
    return restoredImages as unknown as ImageRow[];
  }

  const service = {
    /**
     * Moves record `id` of `type` with everything that belongs to it into the trash, in one transaction that
     * locks it first (a child written at the same moment either committed before and goes with it, or finds
     * the owner gone: services/images.ts `add`), and queues its purge in 30 days. No such record: the Hebrew
     * 404 of every delete. The image files stay until the purge.
     */
    async moveToTrash(type: TrashSubject, id: number, actor: TrashActor | null = null): Promise<TrashReceipt> {
      return db.transaction().execute(async (trx) => {
        const receipt = await service.moveToTrashIn(trx, type, id, actor);
        if (!receipt) throw new NotFoundError();
        return receipt;
      });
    },

    /**
     * `moveToTrash` inside the caller's transaction (a bulk action moves a batch in one): null when the record is
     * not there. The caller's transaction must be a write transaction (SQLite: BEGIN IMMEDIATE).
     */
    async moveToTrashIn(
      trx: Trx,
      type: TrashSubject,
      id: number,
      actor: TrashActor | null = null,
    ): Promise<TrashReceipt | null> {
      const kind = KINDS[type];
      const deletedAt = clock();
      const purgeAt = new Date(deletedAt.getTime() + TRASH_DAYS * DAY_MS);
      if (!(await lockRow(trx, kind.table, id, "update"))) return null;
      const row = (await trx
        .selectFrom(kind.table as "products")
        .selectAll()
        .where("id", "=", id)
        .executeTakeFirstOrThrow()) as unknown as Row;
      const children: Snapshot["children"] = {};
      for (const dep of kind.dependents) {
        children[dep.table] = (await trx
          .selectFrom(dep.table as "sizes")
          .selectAll()
          .where(belongsTo(dep, id))
          .execute()) as unknown as Row[];
      }
      const entry = await trx
        .insertInto("trash")
        .values({
          entity_type: type,
          entity_id: id,
          label: kind.label(row).slice(0, 300),
          data: JSON.stringify({ row, children } satisfies Snapshot),
          deleted_at: deletedAt.toISOString(),
          deleted_by: actor?.id ?? null,
          deleted_by_name: actor?.name ?? null,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      for (const dep of kind.dependents) {
        await trx
          .deleteFrom(dep.table as "sizes")
          .where(belongsTo(dep, id))
          .execute();
      }
      await trx
        .deleteFrom(kind.table as "products")
        .where("id", "=", id)
        .execute();
      await enqueueJob(trx, TRASH_PURGE_JOB, String(entry.id), {}, purgeAt);
      return { id: entry.id, purge_at: purgeAt.toISOString() };
    },

    /** The trash, newest first by default; only the kinds in `types` (what the role may delete), optionally one. */
    async list(
      query: ListQuery,
      types: readonly TrashSubject[],
      only: TrashSubject | undefined,
      path: string,
      params?: URLSearchParams,
    ): Promise<Paginated<AdminTrashItem>> {
      const shown = only ? types.filter((type) => type === only) : types;
      const conditions = [
        ...listConditions(TRASH_LIST, query),
        shown.length ? sql<SqlBool>`trash.entity_type in (${sql.join(shown)})` : sql<SqlBool>`1 = 0`,
      ];
      return listPage(db, {
        table: "trash",
        config: TRASH_LIST,
        query,
        conditions,
        path,
        params,
        map: (rows) =>
          rows.map((r) => {
            const images = imageRowsOf(parseSnapshot(r.data)).sort((a, b) => a.position - b.position || a.id - b.id);
            const main = images.find((image) => image.owner_type !== "branch_certificate");
            return {
              id: r.id,
              entity_type: r.entity_type as TrashSubject,
              entity_id: r.entity_id,
              label: r.label,
              deleted_at: r.deleted_at,
              deleted_by: r.deleted_by,
              deleted_by_name: r.deleted_by_name,
              purge_at: purgeAtOf(r.deleted_at).toISOString(),
              mainImage: main ? deps.media.toPicture(main) : null,
              images_count: images.length,
            };
          }),
      });
    },

    /**
     * Puts the record back as it was, with its own id and everything that went with it (links to rows
     * deleted meanwhile excepted), and removes the entry. 404 when the entry is gone (restored or purged
     * already), 403 when `may` refuses its kind, 409 (Hebrew, says what to do) when it would break a rule of
     * the live data. The answer's content-version bump brings it back to the public pages.
     */
    async restore(trashId: number, may: (type: TrashSubject) => boolean): Promise<TrashEntryRef> {
      const entry = await db.selectFrom("trash").selectAll().where("id", "=", trashId).executeTakeFirst();
      if (!entry || !isTrashSubject(entry.entity_type)) throw new NotFoundError(t.notInTrash);
      if (!may(entry.entity_type)) throw new HttpError(403, heApi.forbidden);
      const images = await db.transaction().execute((trx) => restoreIn(trx, entry));
      // Its AVIF job may have run (and found nothing) while it was away.
      await deps.images.queueMissingAvif(images);
      return refOf(entry);
    },

    /**
     * `restore` of several entries in the caller's transaction (a bulk action's undo): each entry that comes back
     * is answered as restored; one that would break a rule of the live data (the 409s of `restore`) or is no
     * longer in the trash is answered with the reason and left as it is — nothing of it was written. The caller
     * queues AVIF for the images afterwards (`queueMissingAvif`).
     */
    async restoreManyIn(
      trx: Trx,
      trashIds: number[],
    ): Promise<{ restored: TrashEntryRef[]; refused: { id: number; reason: string }[]; images: ImageRow[] }> {
      const result = {
        restored: [] as TrashEntryRef[],
        refused: [] as { id: number; reason: string }[],
        images: [] as ImageRow[],
      };
      if (trashIds.length === 0) return result;
      const entries = await trx.selectFrom("trash").selectAll().where("id", "in", trashIds).execute();
      const byId = new Map(entries.map((e) => [e.id, e]));
      for (const trashId of trashIds) {
        const entry = byId.get(trashId);
        if (!entry || !isTrashSubject(entry.entity_type)) {
          result.refused.push({ id: trashId, reason: t.notInTrash });
          continue;
        }
        try {
          result.images.push(...(await restoreIn(trx, entry)));
          result.restored.push(refOf(entry));
        } catch (error) {
          // Thrown by the checks, before anything of this entry was written.
          if (!(error instanceof HttpError)) throw error;
          result.refused.push({ id: trashId, reason: error.message });
        }
      }
      return result;
    },

    queueMissingAvif: (images: ImageRow[]) => deps.images.queueMissingAvif(images),

    /** "מחק לצמיתות": the entry and its image files, at once. 404 when it is not (any more) in the trash. */
    async purge(trashId: number, may: (type: TrashSubject) => boolean): Promise<TrashEntryRef> {
      const entry = await db.selectFrom("trash").select("entity_type").where("id", "=", trashId).executeTakeFirst();
      if (!entry || !isTrashSubject(entry.entity_type)) throw new NotFoundError(t.notInTrash);
      if (!may(entry.entity_type)) throw new HttpError(403, heApi.forbidden);
      const ref = await takeOut(trashId);
      if (!ref) throw new NotFoundError(t.notInTrash);
      return ref;
    },

    /**
     * The purge job of one entry: deletes it for good if its 30 days are over at `now`; null when it is
     * gone (restored, or purged by hand). An entry not due yet (a server whose clock runs behind) throws,
     * so the job is retried later.
     */
    async purgeDue(trashId: number, now: Date = clock()): Promise<TrashEntryRef | null> {
      const ref = await takeOut(trashId, now);
      if (ref) return ref;
      const still = await db.selectFrom("trash").select("deleted_at").where("id", "=", trashId).executeTakeFirst();
      if (still)
        throw new Error(`trash entry ${trashId} is not due before ${purgeAtOf(still.deleted_at).toISOString()}`);
      return null;
    },

    /** Every entry whose 30 days are over at `now`, deleted for good (a sweep; the jobs do it one by one). */
    async purgeExpired(now: Date = clock()): Promise<TrashEntryRef[]> {
      const cutoff = new Date(now.getTime() - TRASH_DAYS * DAY_MS).toISOString();
      const due = await db.selectFrom("trash").select("id").where("deleted_at", "<=", cutoff).orderBy("id").execute();
      const purged: TrashEntryRef[] = [];
      for (const { id } of due) {
        const ref = await takeOut(id, now);
        if (ref) purged.push(ref);
      }
      return purged;
    },

    /** Start-up: a purge job for every entry without one (a database restored from a backup, a lost job). */
    async enqueueMissingPurges(): Promise<void> {
      const entries = await db.selectFrom("trash").select(["id", "deleted_at"]).execute();
      for (const entry of entries) {
        await enqueueJob(db, TRASH_PURGE_JOB, String(entry.id), {}, purgeAtOf(entry.deleted_at));
      }
    },

    /** The kinds the trash holds, for a role: those it may delete. */
    kindsFor(may: (type: TrashSubject) => boolean): TrashSubject[] {
      return TRASH_SUBJECTS.filter(may);
    },
  };
  return service;
}

export type AdminTrashService = ReturnType<typeof createAdminTrashService>;
