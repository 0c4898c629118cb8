/**
 * Who may do what, as data (CASL-style `{ action, subject }` rules per role; GET /api/abilities returns
 * them). One table serves the JSON API's guard (server/auth/require-ability.ts), the admin pages' guard
 * and the admin screens' buttons, so a rule changes in one place.
 *
 * `admin` may do everything; `editor` manages catalogue content (products, images, tags, sizes,
 * categories, branches, sales, publications, customer reviews) but not club members, contact requests, accounts, settings or
 * the audit log.
 *
 * The trash (issue 12): `read` opens the section and `update` restores; each entry is shown and restored only
 * to a role that may `delete` its own subject (`TRASH_SUBJECTS`, the entities declared `trash`), so an editor never sees a deleted club
 * member. `delete` on `Trash` — deleting for good before the 30 days are up — is the admin's alone.
 */

import { ENTITIES, ENTITY_TYPES, type SubjectEntity, type TrashEntity } from "./entities.ts";

export const ROLES = ["admin", "editor"] as const;
export type Role = (typeof ROLES)[number];

/** The signed-in staff member as the server knows them. */
export interface SessionUser {
  id: number;
  name: string;
  email: string;
  role: Role;
}

export type Action = "manage" | "read" | "create" | "update" | "delete";

/** Screens that are no record of their own: the dashboard, the audit log, the trash. */
const SCREEN_SUBJECTS = ["Dashboard", "AuditLog", "Trash"] as const;
type ScreenSubject = (typeof SCREEN_SUBJECTS)[number];

/** What the admin screens guard: the screens above and every entity declared a subject (domain/entities.ts). */
export type AdminSubject = ScreenSubject | SubjectEntity;
export const ADMIN_SUBJECTS: readonly AdminSubject[] = [
  "Dashboard",
  ...ENTITY_TYPES.filter((type): type is SubjectEntity => ENTITIES[type].subject),
  "AuditLog",
  "Trash",
];
export type Subject = "all" | "User" | AdminSubject;

/** The subjects whose deletes go to the trash (the rest — images, sizes, tags — are deleted at once). */
export type TrashSubject = TrashEntity;
export const TRASH_SUBJECTS: readonly TrashSubject[] = ENTITY_TYPES.filter(
  (type): type is TrashSubject => ENTITIES[type].trash,
);

export function isTrashSubject(value: unknown): value is TrashSubject {
  return (TRASH_SUBJECTS as readonly unknown[]).includes(value);
}

export interface Ability {
  action: Action;
  subject: Subject;
}

/** Editors manage the catalogue, and moderate customer reviews of it (issue 12): the entities declared `editors`. */
const CATALOGUE: Subject[] = ENTITY_TYPES.filter((type): type is SubjectEntity => ENTITIES[type].editors);

export const ROLE_ABILITIES: Record<Role, Ability[]> = {
  admin: [{ action: "manage", subject: "all" }],
  editor: [
    { action: "read", subject: "Dashboard" },
    ...CATALOGUE.map((subject) => ({ action: "manage" as const, subject })),
    { action: "read", subject: "Trash" },
    { action: "update", subject: "Trash" },
  ],
};

export function abilitiesFor(user: Pick<SessionUser, "role"> | null): Ability[] {
  return user ? ROLE_ABILITIES[user.role] : [];
}

/** True when one of the rules covers the action on the subject ("manage" covers every action, "all" every subject). */
export function can(abilities: Ability[], action: Action, subject: Subject): boolean {
  return abilities.some(
    (rule) =>
      (rule.action === "manage" || rule.action === action) && (rule.subject === "all" || rule.subject === subject),
  );
}

/** `can` bound to the user's role, for code that shapes its answer by role (the panel). */
export function canFor(user: Pick<SessionUser, "role">): (action: Action, subject: Subject) => boolean {
  const abilities = abilitiesFor(user);
  return (action, subject) => can(abilities, action, subject);
}

/** Per admin subject, what the role may do: what the browser gets to show only the buttons that work. */
export type AdminPermissions = Record<
  AdminSubject,
  { read: boolean; create: boolean; update: boolean; delete: boolean }
>;

export function permissionsOf(user: Pick<SessionUser, "role">): AdminPermissions {
  const may = canFor(user);
  const result = {} as AdminPermissions;
  for (const subject of ADMIN_SUBJECTS) {
    result[subject] = {
      read: may("read", subject),
      create: may("create", subject),
      update: may("update", subject),
      delete: may("delete", subject),
    };
  }
  return result;
}
