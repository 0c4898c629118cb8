/**
 * Server-side guards of the admin pages (loaders only). A visitor without a session goes to `/`
 * (spec §6); a staff member whose role may not open a section goes to the panel. The rules are the
 * shared permission table (domain/permissions.ts), the same the JSON API enforces.
 */
import { type RouterContextProvider, redirect } from "react-router";
import { type Action, canFor, type SessionUser, type Subject } from "../../domain/permissions.ts";
import { requestContext } from "./context.ts";

type Context = Readonly<RouterContextProvider>;

export function adminUser(context: Context): SessionUser {
  const { user } = context.get(requestContext);
  if (!user) throw redirect("/");
  return user;
}

export function requireSection(context: Context, subject: Subject, action: Action = "read"): SessionUser {
  const user = adminUser(context);
  if (!canFor(user)(action, subject)) throw redirect("/admin/panel");
  return user;
}
