/**
 * Login, logout, a locked account's unlock link and the current user (spec §3, §4, §7). `POST /login` takes JSON from the admin app
 * or an ordinary form post (no JavaScript): JSON gets JSON back, a form gets redirected.
 */
import { type Context, Hono } from "hono";
import { toFieldErrors } from "../../domain/field-errors.ts";
import { heForms } from "../../domain/i18n/forms.ts";
import { type LoginInput, loginMessages, loginSchema } from "../../domain/schemas/login.ts";
import type { AppEnv } from "../app.ts";
import type { LoginGuard } from "../auth/login-guard.ts";
import type { SessionManager } from "../auth/sessions.ts";
import { HttpError, ValidationError } from "../errors.ts";
import { clientAddress } from "../http/rate-limit.ts";
import { readBody } from "../http/validation.ts";
import { errorFields, type Logger } from "../log.ts";
import type { AuditEntryInput } from "../services/audit/index.ts";
import type { Services } from "../services/index.ts";
import { normalizeEmail } from "../services/users.ts";

export const ADMIN_HOME = "/admin/panel";

/** Only same-site admin paths are followed after login; anything else (//evil, https://…, /\\evil) is ignored. */
export function safeNextPath(value: unknown): string {
  if (typeof value !== "string") return ADMIN_HOME;
  if (!/^\/admin(\/[A-Za-z0-9_\-/]*)?(\?[A-Za-z0-9_=&%-]*)?$/.test(value)) return ADMIN_HOME;
  return value;
}

/** The admin app posts JSON; a browser without JavaScript posts a form and expects a page back. */
function wantsJson(c: { req: { header(name: string): string | undefined } }): boolean {
  const type = c.req.header("content-type") ?? "";
  const accept = c.req.header("accept") ?? "";
  const isForm = type.startsWith("application/x-www-form-urlencoded") || type.startsWith("multipart/form-data");
  if (type.startsWith("application/json")) return true;
  if (isForm) return false;
  return (
    c.req.header("x-requested-with") === "XMLHttpRequest" ||
    (accept.includes("application/json") && !accept.includes("text/html"))
  );
}

export function createAuthRouter(deps: {
  services: Services;
  sessions: SessionManager;
  guard: LoginGuard;
  trustProxy: boolean;
  logger: Logger;
}) {
  const { services, sessions, guard } = deps;
  const router = new Hono<AppEnv>();
  // Sign-ins, failed sign-ins (the e-mail tried, never the password) and sign-outs go to the audit log.
  // Attempts refused by the login limits (429) are not checked, so not recorded: a flood cannot fill it.
  // A failed audit write is logged, never the answer: by then the sign-in or sign-out has happened (as in the
  // admin API's audit middleware).
  const audit = (c: Context, entry: Pick<AuditEntryInput, "user" | "attemptedEmail" | "action">) =>
    services.audit
      .record({
        ...entry,
        entityType: "User",
        entityId: entry.user?.id ?? null,
        address: clientAddress(c, deps.trustProxy),
      })
      .catch((error: unknown) =>
        deps.logger.error("audit entry not recorded", { action: entry.action, ...errorFields(error) }),
      );

  router.post("/login", async (c) => {
    const json = wantsJson(c);
    const body = await readBody(c);
    const parsed = loginSchema.safeParse(body);
    if (!parsed.success) {
      if (json) throw new ValidationError(toFieldErrors(parsed.error));
      return c.redirect("/login?error=invalid", 303);
    }
    const input: LoginInput = parsed.data;
    const email = normalizeEmail(input.email);
    // Within the login limits and a free check slot only; else 429 (server/auth/login-guard.ts).
    const user = await guard.attempt(c, email, loginMessages, () => services.auth.authenticate(email, input.password));
    if (!user) {
      await audit(c, { user: null, attemptedEmail: email, action: "sign_in_failed" });
      if (json) throw new ValidationError({ email: [loginMessages.failed] }, loginMessages.failed);
      return c.redirect("/login?error=credentials", 303);
    }
    sessions.rememberDevice(c, user.email);
    await sessions.signIn(c, user, input.remember);
    await audit(c, { user, action: "sign_in" });
    if (json) return c.json({ data: { name: user.name, email: user.email } });
    return c.redirect(safeNextPath(body.next), 303);
  });

  // The button of an unlock link's page (/login?unlock=…, services/login-unlocks.ts): this browser becomes a known
  // device of the account, so the per-account login ceiling no longer refuses it; the password is still asked.
  router.post("/login/unlock", async (c) => {
    const json = wantsJson(c);
    const body = await readBody(c);
    const result = await services.loginUnlocks.redeem(typeof body.token === "string" ? body.token : null);
    if (result.status !== "unlocked") {
      if (json) throw new HttpError(result.status === "expired" ? 410 : 400, heForms.login.unlock[result.status]);
      return c.redirect(`/login?unlock_error=${result.status}`, 303);
    }
    sessions.rememberDevice(c, result.user.email);
    await guard.forgive(c, result.user.email);
    await audit(c, { user: result.user, action: "unlock_used" });
    if (json) return c.json({ message: heForms.login.unlock.done });
    return c.redirect("/login?unlocked=1", 303);
  });

  router.post("/logout", async (c) => {
    const user = c.get("auth").user;
    await sessions.signOut(c);
    if (user) await audit(c, { user, action: "sign_out" });
    if (wantsJson(c)) return c.json({ data: null });
    return c.redirect("/login", 303);
  });

  return router;
}
