/**
 * The admin services with an audit trail: every write notes what it did to which record and which fields
 * changed (server/services/audit/trail.ts), for the admin API's audit middleware to record. The services
 * themselves stay unaware of it; a wrapped update reads the record before and compares it with the
 * result. Outside a trail (scripts, the seed) the wrappers only pass the call on.
 *
 * Club members, contact requests and reviews are personal data (`personal` in domain/entities.ts): their entries
 * name the changed fields and never hold a value or a label.
 */
import { isPersonalEntity } from "../../../domain/entities.ts";
import type { AuditEntityType } from "../../../domain/schemas/admin/audit.ts";
import type { DB } from "../../db/database.ts";
import { type AuditNote, auditing, carriedFields, diffFields, noteChange } from "../audit/trail.ts";
import type { AdminBranchesService } from "./branches.ts";
import type { AdminBulkService, BulkOutcome } from "./bulk.ts";
import type { AdminCategoriesService } from "./categories.ts";
import type { AdminClientsService } from "./clients.ts";
import type { AdminContactRequestsService } from "./contact-requests.ts";
import type { createDashboardService } from "./dashboard.ts";
import type { GoingLiveService } from "./going-live.ts";
import type { AdminImagesService } from "./images.ts";
import type { AdminOrdersService } from "./orders.ts";
import type { AdminPostsService } from "./posts.ts";
import type { ImportRecordChange, ProductCsvService } from "./product-csv.ts";
import type { AdminProductsService } from "./products.ts";
import type { AdminReviewsService } from "./reviews.ts";
import type { createAdminSettingsService } from "./settings.ts";
import type { AdminTrashService, TrashEntryRef } from "./trash.ts";

/** The back office's services (server/services/admin/index.ts). */
export interface AdminServiceSet {
  images: AdminImagesService;
  products: AdminProductsService;
  categories: AdminCategoriesService;
  clients: AdminClientsService;
  branches: AdminBranchesService;
  sales: AdminPostsService;
  publications: AdminPostsService;
  contactRequests: AdminContactRequestsService;
  reviews: AdminReviewsService;
  orders: AdminOrdersService;
  settings: ReturnType<typeof createAdminSettingsService>;
  dashboard: ReturnType<typeof createDashboardService>;
  goingLive: GoingLiveService;
  trash: AdminTrashService;
  bulk: AdminBulkService;
  productCsv: ProductCsvService;
}

interface Crud {
  get(id: number): Promise<{ id: number }>;
  create(input: never): Promise<{ id: number }>;
  update(id: number, ...rest: never[]): Promise<{ id: number }>;
  remove(id: number, ...rest: never[]): Promise<unknown>;
}

/** The name staff know a catalogue record by. */
function labelOf(item: unknown, personal: boolean): string | null {
  if (personal || item === null || typeof item !== "object") return null;
  const record = item as Record<string, unknown>;
  const name = record.name ?? record.title;
  return typeof name === "string" ? name : null;
}

/** create/update/delete of one entity, noted with the fields that changed (only their names for personal data). */
function auditedCrud<S extends Crud>(service: S, entityType: AuditEntityType): S {
  const personal = isPersonalEntity(entityType);
  const note = (action: AuditNote["action"], item: { id: number } | null, id: number, changes: AuditNote["changes"]) =>
    noteChange({ action, entityType, entityId: id, label: labelOf(item, personal), changes });
  return {
    ...service,
    async create(input: never) {
      const item = await service.create(input);
      note("create", item, item.id, carriedFields(input, personal));
      return item;
    },
    async update(id: number, ...rest: never[]) {
      if (!auditing()) return service.update(id, ...rest);
      const before = await service.get(id);
      const after = await service.update(id, ...rest);
      note("update", after, id, diffFields(before, after, personal));
      return after;
    },
    async remove(id: number, ...rest: never[]) {
      if (!auditing()) return service.remove(id, ...rest);
      const before = await service.get(id);
      const result = await service.remove(id, ...rest);
      note("delete", before, id, []);
      return result;
    },
  };
}

// biome-ignore lint/suspicious/noExplicitAny: any method's arguments
type Method = (...args: any[]) => Promise<unknown>;

/** `service[method]`, noting after each call what its result and arguments say was done. */
function noted<S extends Record<K, Method>, K extends keyof S>(
  service: S,
  method: K,
  note: (result: Awaited<ReturnType<S[K]>>, ...args: Parameters<S[K]>) => AuditNote,
): S[K] {
  return (async (...args: Parameters<S[K]>) => {
    const result = (await service[method](...args)) as Awaited<ReturnType<S[K]>>;
    noteChange(note(result, ...args));
    return result;
  }) as S[K];
}

/** A record deleted (a delete's entry names no fields). */
const deleted = (entityType: AuditEntityType, entityId: number): AuditNote => ({
  action: "delete",
  entityType,
  entityId,
  changes: [],
});

/** A branch's pickup settings as their audit entry compares them (not the row's bookkeeping). */
const pickupFields = (s: Awaited<ReturnType<AdminOrdersService["branchSetting"]>>) => ({
  enabled: s.enabled,
  slot_minutes: s.slot_minutes,
  orders_per_slot: s.orders_per_slot,
  lead_days: s.lead_days,
  order_by: s.order_by,
  horizon_days: s.horizon_days,
});

export function withAuditTrail(db: DB, admin: AdminServiceSet): AdminServiceSet {
  const { products, images, settings, contactRequests, reviews, orders, trash, bulk, productCsv } = admin;
  /** A product import (or its undo): one entry per record it wrote, each with the batch's number. */
  const noteImport = (records: ImportRecordChange[]) => {
    for (const record of records) {
      noteChange({
        action: record.action,
        entityType: "Product",
        entityId: record.id,
        label: record.name,
        changes: record.changes,
      });
    }
  };
  /** A bulk action (or its undo): one entry per record it changed, each with the batch's number. */
  const noteBatch = (outcome: BulkOutcome) => {
    for (const record of outcome.changed) {
      noteChange({
        action: record.action,
        entityType: "Product",
        entityId: record.id,
        label: record.name,
        changes: record.changes,
      });
    }
    return outcome;
  };
  /** A restore or purge, under the record's own type; only catalogue records keep their name (as a delete's). */
  const trashNote = (action: "restore" | "purge", ref: TrashEntryRef): AuditNote => ({
    action,
    entityType: ref.type,
    entityId: ref.entityId,
    label: isPersonalEntity(ref.type) ? null : ref.label,
    changes: [{ field: "trash", to: ref.id }],
  });
  return {
    ...admin,
    products: {
      ...auditedCrud(products, "Product"),
      async setCategories(id: number, categoryIds: number[]) {
        const before = auditing() ? (await products.get(id)).category.map((c) => c.name) : [];
        const after = await products.setCategories(id, categoryIds);
        const changes = diffFields({ category: before }, { category: after.map((c) => c.name) }, false);
        noteChange({ action: "update", entityType: "Product", entityId: id, changes });
        return after;
      },
      duplicate: noted(products, "duplicate", (copy, sourceId) => ({
        action: "create",
        entityType: "Product",
        entityId: copy.id,
        label: copy.name,
        changes: [
          { field: "duplicate_of", to: sourceId },
          ...carriedFields({ name: copy.name, status: copy.status }, false),
        ],
      })),
      async setSoldOut(id: number, soldOut: boolean) {
        const before = auditing() ? (await products.get(id)).sold_out_until : null;
        const after = await products.setSoldOut(id, soldOut);
        noteChange({
          action: "update",
          entityType: "Product",
          entityId: id,
          label: after.name,
          changes: [{ field: "sold_out_until", from: before, to: after.sold_out_until }],
        });
        return after;
      },
      addSize: noted(products, "addSize", (size, input) => ({
        action: "create",
        entityType: "Size",
        entityId: size.id,
        label: size.name,
        changes: carriedFields(input, false),
      })),
      removeSize: noted(products, "removeSize", (_, id) => deleted("Size", id)),
      addTag: noted(products, "addTag", (tag, input) => ({
        action: "create",
        entityType: "Tag",
        entityId: tag.id,
        label: tag.name,
        changes: carriedFields(input, false),
      })),
      removeTag: noted(products, "removeTag", (_, id) => deleted("Tag", id)),
    },
    bulk: {
      ...bulk,
      apply: async (request, actor) => noteBatch(await bulk.apply(request, actor)),
      undo: async (batchId, mayRestore) => noteBatch(await bulk.undo(batchId, mayRestore)),
    },
    productCsv: {
      ...productCsv,
      async apply(text, expected, actor) {
        const outcome = await productCsv.apply(text, expected, actor);
        noteImport(outcome.records);
        return outcome;
      },
      async undo(batchId, actor) {
        const outcome = await productCsv.undo(batchId, actor);
        noteImport(outcome.records);
        return outcome;
      },
    },
    categories: auditedCrud(admin.categories, "Category"),
    branches: auditedCrud(admin.branches, "Branch"),
    sales: auditedCrud(admin.sales, "Sale"),
    publications: auditedCrud(admin.publications, "Publication"),
    clients: auditedCrud(admin.clients, "Client"),
    contactRequests: {
      ...contactRequests,
      setHandled: noted(contactRequests, "setHandled", (_, id) => ({
        action: "update",
        entityType: "ContactRequest",
        entityId: id,
        changes: [{ field: "handled_at", personal: true }],
      })),
      remove: noted(contactRequests, "remove", (_, id) => deleted("ContactRequest", id)),
    },
    reviews: {
      ...reviews,
      setStatus: noted(reviews, "setStatus", (_, id) => ({
        action: "update",
        entityType: "Review",
        entityId: id,
        changes: [{ field: "status" }],
      })),
      remove: noted(reviews, "remove", (_, id) => deleted("Review", id)),
    },
    // Pre-orders (issue 28): an order is personal (its status change names the field only); the pickup settings
    // and the policy are the bakery's rules, with their values.
    orders: {
      ...orders,
      async setStatus(id, status, expected) {
        const result = await orders.setStatus(id, status, expected);
        // A press on the status it already has changed nothing: no entry.
        if (result.changed) {
          noteChange({
            action: "update",
            entityType: "Order",
            entityId: id,
            changes: [{ field: "status", personal: true }],
          });
        }
        return result;
      },
      async moveOrder(id, to, expected) {
        const before = auditing() ? await orders.get(id) : null;
        const result = await orders.moveOrder(id, to, expected);
        // Field names only (an order is personal); the same slot as now changed nothing: no entry.
        if (before && result.changed) {
          const fields = (["pickup_date", "slot"] as const).filter((f) => before[f] !== result.order[f]);
          noteChange({
            action: "update",
            entityType: "Order",
            entityId: id,
            changes: fields.map((field) => ({ field, personal: true })),
          });
        }
        return result;
      },
      async saveBranchSettings(branchId, input, expected) {
        const before = auditing() ? await orders.branchSetting(branchId) : null;
        const after = await orders.saveBranchSettings(branchId, input, expected);
        if (before)
          noteChange({
            action: before.stored ? "update" : "create",
            entityType: "PickupSettings",
            entityId: branchId,
            label: after.branch_name,
            changes: diffFields(pickupFields(before), pickupFields(after), false),
          });
        return after;
      },
      async savePolicy(input, expected) {
        const before = auditing() ? await orders.policy() : null;
        const after = await orders.savePolicy(input, expected);
        if (before)
          noteChange({
            action: "update",
            entityType: "PickupSettings",
            entityId: null,
            changes: diffFields(
              { email_required: before.email_required, retention_months: before.retention_months },
              { email_required: after.email_required, retention_months: after.retention_months },
              false,
            ),
          });
        return after;
      },
    },
    trash: {
      ...trash,
      restore: noted(trash, "restore", (ref) => trashNote("restore", ref)),
      purge: noted(trash, "purge", (ref) => trashNote("purge", ref)),
    },
    settings: {
      ...settings,
      async save(input, expectedVersion) {
        const before = auditing() ? await settings.get() : null;
        const after = await settings.save(input, expectedVersion);
        if (before)
          noteChange({
            action: "update",
            entityType: "Settings",
            entityId: null,
            changes: diffFields(before, after, false),
          });
        return after;
      },
    },
    images: {
      ...images,
      async upload(owner, files) {
        const stored = await images.upload(owner, files);
        for (const image of stored) {
          noteChange({
            action: "upload",
            entityType: "Image",
            entityId: image.id,
            changes: [{ field: "owner", to: `${owner.type} ${owner.id}` }],
          });
        }
        return stored;
      },
      async reorder(type, id, order) {
        const before = auditing() ? (await images.list(type, id)).map((i) => i.id) : [];
        const after = await images.reorder(type, id, order);
        noteChange({
          action: "update",
          entityType: "Image",
          entityId: null,
          changes: [
            { field: "order", from: before, to: after.map((i) => i.id) },
            { field: "owner", to: `${type} ${id}` },
          ],
        });
        return after;
      },
      async setAlt(imageId, alt) {
        const before = auditing()
          ? await db.selectFrom("images").select("alt").where("id", "=", imageId).executeTakeFirst()
          : undefined;
        const image = await images.setAlt(imageId, alt);
        noteChange({
          action: "update",
          entityType: "Image",
          entityId: imageId,
          changes: diffFields({ alt: before?.alt ?? null }, { alt: image.alt }, false),
        });
        return image;
      },
      remove: noted(images, "remove", (owner, imageId) => ({
        action: "delete",
        entityType: "Image",
        entityId: imageId,
        changes: [{ field: "owner", from: `${owner.owner_type} ${owner.owner_id}` }],
      })),
    },
  };
}
