/**
 * The RFC 8058 one-click unsubscribe: a mail provider's `POST /club/unsubscribe?token=…` with the body
 * `List-Unsubscribe=One-Click` (urlencoded or multipart), sent from the provider's servers when the member
 * presses its "unsubscribe" button. It carries no cookie and no XSRF token — the signed token in the address
 * is the authority, as it is for the page's own buttons — so it is answered here, before sessions and the
 * XSRF check, with a short text and no page. Any other POST to the address goes on to the page's action.
 *
 * The same answer whatever the token names (services/clients.ts `unsubscribe`); a missing or cut token 400.
 */
import type { Context, Next } from "hono";
import { heForms } from "../../domain/i18n/forms.ts";
import type { ClientsService } from "../services/clients.ts";

export const UNSUBSCRIBE_PATH = "/club/unsubscribe";

const t = heForms.club.unsubscribe;

async function isOneClick(request: Request): Promise<boolean> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.startsWith("application/x-www-form-urlencoded") && !type.startsWith("multipart/form-data")) return false;
  try {
    // Read a clone: a POST that is not the one-click one still goes to the page with its body.
    const form = await request.clone().formData();
    return form.get("List-Unsubscribe") === "One-Click";
  } catch {
    return false;
  }
}

export function oneClickUnsubscribe(clients: ClientsService) {
  return async (c: Context, next: Next) => {
    if (!(await isOneClick(c.req.raw))) return next();
    c.header("Cache-Control", "no-store");
    const token = c.req.query("token") ?? null;
    if (!clients.isUnsubscribeToken(token)) return c.text(t.oneClickInvalid, 400);
    await clients.unsubscribe(token, "leave");
    return c.text(t.oneClickDone, 200);
  };
}
