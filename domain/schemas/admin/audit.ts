/**
 * The audit log's vocabulary (what was done, to what) and the filters of its list
 * (`GET /api/admin/audit?user_id=&entity_type=&action=&from=&to=`, besides the list parameters of every
 * admin list). Dates are calendar days, `to` included.
 */
import { z } from "zod";
import { ENTITY_TYPES, type EntityType } from "../../entities.ts";
import { isCalendarDate } from "../../hours/time.ts";
import { heAdmin } from "../../i18n/admin.ts";
import { idField } from "./fields.ts";

const v = heAdmin.validation;

/** `delete` moves a record to the trash (or deletes an image, size or tag); `restore` and `purge` are the trash's. */
export const AUDIT_ACTIONS = [
  "create",
  "update",
  "delete",
  "restore",
  "purge",
  "upload",
  "sign_in",
  "sign_in_failed",
  "sign_out",
  // A locked account's unlock link (issue 31): e-mailed, then used in a browser.
  "unlock_sent",
  "unlock_used",
  // A club member's own removal by the e-mail's unsubscribe link (issue 29): no user, the member's id only.
  "unsubscribe",
  "erase",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * What an entry is about: a declared entity (domain/entities.ts) — a catalogue record, a member, the settings, a
 * staff account (sign-ins). A trash entry is recorded under its record's own type (restore/purge of a Product…).
 */
export type AuditEntityType = EntityType;
export const AUDIT_ENTITY_TYPES: readonly AuditEntityType[] = ENTITY_TYPES;

const blankToUndefined = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : typeof value === "string" ? value.trim() : value;

const day = z.preprocess(blankToUndefined, z.string({ error: v.date }).refine(isCalendarDate, v.date).optional());

export const auditFilterSchema = z
  .object({
    user_id: z.preprocess(blankToUndefined, idField(heAdmin.audit.user).optional()),
    entity_type: z.preprocess(
      blankToUndefined,
      z.enum(ENTITY_TYPES as [EntityType, ...EntityType[]], { error: v.auditEntity }).optional(),
    ),
    action: z.preprocess(blankToUndefined, z.enum(AUDIT_ACTIONS, { error: v.auditAction }).optional()),
    from: day,
    to: day,
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, { path: ["to"], error: v.dateRange });

export type AuditFilter = z.output<typeof auditFilterSchema>;
