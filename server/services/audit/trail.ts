/**
 * What one request changed, gathered while it runs. The app opens a trail around every write request
 * (`withTrail`, server/http/invalidation.ts); the audited admin services (server/services/admin/audited.ts)
 * add a note per record they wrote, with the fields that changed (`diffFields`). The admin API's audit
 * middleware records the notes in the audit log, and the app turns them into the page-cache tags the write
 * touched. Outside a trail — scripts, the seed — nothing is noted and no extra read is made.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { AuditChange } from "../../../domain/contracts/admin.ts";
import type { AuditAction, AuditEntityType } from "../../../domain/schemas/admin/audit.ts";

export interface AuditNote {
  action: AuditAction;
  entityType: AuditEntityType | null;
  entityId: number | null;
  /** The catalogue item's name; never set for personal data. */
  label?: string | null;
  changes: AuditChange[];
}

const storage = new AsyncLocalStorage<AuditNote[]>();

/** Runs `fn` with a fresh trail; returns the notes made meanwhile. */
export async function withTrail(fn: () => Promise<void>): Promise<AuditNote[]> {
  const notes: AuditNote[] = [];
  await storage.run(notes, fn);
  return notes;
}

/** The notes of the trail the caller runs in (the same array `withTrail` returns), or null outside one. */
export function currentTrail(): AuditNote[] | null {
  return storage.getStore() ?? null;
}

/** True inside a trail: only then is it worth reading a record's state before writing it. */
export function auditing(): boolean {
  return storage.getStore() !== undefined;
}

export function noteChange(note: AuditNote): void {
  storage.getStore()?.push(note);
}

/**
 * Bookkeeping fields that change with every write (the optimistic-concurrency `version` too), and pictures
 * (their own entries record image changes).
 */
const IGNORED_FIELDS = new Set(["id", "created_at", "updated_at", "version", "mainImage", "images", "picture", "path"]);
const MAX_TEXT = 300;
const MAX_JSON = 2000;

/** A value as the log keeps it: long text cut, large structures replaced by a marker. */
function clip(value: unknown): unknown {
  if (typeof value === "string") return value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}…` : value;
  if (value !== null && typeof value === "object" && JSON.stringify(value).length > MAX_JSON) return "…";
  return value === undefined ? null : value;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The fields whose value differs between two states of a record. Personal data keeps only the field's
 * name: the log must hold nothing personal beyond what the write itself carried.
 */
export function diffFields(before: object, after: object, personal: boolean): AuditChange[] {
  const b = before as Record<string, unknown>;
  const a = after as Record<string, unknown>;
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((f) => !IGNORED_FIELDS.has(f));
  return fields
    .filter((field) => !same(b[field], a[field]))
    .map((field) => (personal ? { field, personal: true } : { field, from: clip(b[field]), to: clip(a[field]) }));
}

/** The fields a create carried (with their values for catalogue data). */
export function carriedFields(input: unknown, personal: boolean): AuditChange[] {
  if (input === null || typeof input !== "object") return [];
  return Object.entries(input as Record<string, unknown>)
    .filter(([field]) => !IGNORED_FIELDS.has(field))
    .map(([field, value]) => (personal ? { field, personal: true } : { field, to: clip(value) }));
}
