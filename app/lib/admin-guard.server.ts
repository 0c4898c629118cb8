/**
 * Server-side guards of the admin pages (loaders only). A visitor without a session goes to `/`
 * (spec §6); a staff member whose role may not open a section goes to the panel. The browser gets
 * the role's permissions per subject so the top bar and buttons show only what the role may do.
 */
import { type RouterContextProvider, redirect } from "react-router";
import { type Action, abilitiesFor, can, type Subject } from "../../server/auth/abilities.ts";
import type { AdminPermissions } from "./admin-permissions.ts";
import { requestContext, type SessionUser } from "./context.ts";

type Context = Readonly<RouterContextProvider>;

export function adminUser(context: Context): SessionUser {
  const { user } = context.get(requestContext);
  if (!user) throw redirect("/");
  return user;
}

export function requireSection(context: Context, subject: Subject, action: Action = "read"): SessionUser {
  const user = adminUser(context);
  if (!can(abilitiesFor(user), action, subject)) throw redirect("/admin/panel");
  return user;
}

/** `can` bound to the user's role, for services that shape their answer by role (the panel). */
export function canFor(user: SessionUser): (action: Action, subject: Subject) => boolean {
  const abilities = abilitiesFor(user);
  return (action, subject) => can(abilities, action, subject);
}

const SUBJECTS: Subject[] = [
  "Dashboard",
  "Product",
  "Image",
  "Tag",
  "Size",
  "Category",
  "Branch",
  "Sale",
  "Publication",
  "Client",
  "ContactRequest",
  "Settings",
];

export function permissionsOf(user: SessionUser): AdminPermissions {
  const abilities = abilitiesFor(user);
  const result = {} as AdminPermissions;
  for (const subject of SUBJECTS) {
    result[subject as keyof AdminPermissions] = {
      read: can(abilities, "read", subject),
      create: can(abilities, "create", subject),
      update: can(abilities, "update", subject),
      delete: can(abilities, "delete", subject),
    };
  }
  return result;
}
