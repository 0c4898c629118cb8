/**
 * The admin pages' server-side guard: one React Router middleware on the admin layout. A visitor
 * without a session goes to `/` (spec §6); a staff member whose role may not read the section (and, on
 * an images screen, the images) goes to the panel. The sections come from admin-sections.ts, the rules
 * from the shared permission table (domain/permissions.ts) that the JSON API enforces too.
 *
 * The layout's loader revalidates on every path change, so client-side navigations reach this
 * middleware as well (server middleware runs only when a request goes to the server).
 */
import { createContext, type MiddlewareFunction, type RouterContextProvider, redirect } from "react-router";
import { canFor, type SessionUser } from "../../domain/permissions.ts";
import { subjectsOfPattern } from "./admin-sections.ts";
import { requestContext } from "./context.ts";

/** The signed-in staff member, set by `adminGuard` for every admin loader. */
export const adminUserContext = createContext<SessionUser>();

export const adminGuard: MiddlewareFunction<Response> = ({ context, pattern }) => {
  const { user } = context.get(requestContext);
  if (!user) throw redirect("/");
  const may = canFor(user);
  if (!(subjectsOfPattern(pattern) ?? []).every((subject) => may("read", subject))) throw redirect("/admin/panel");
  context.set(adminUserContext, user);
};

export function adminUser(context: Readonly<RouterContextProvider>): SessionUser {
  return context.get(adminUserContext);
}
