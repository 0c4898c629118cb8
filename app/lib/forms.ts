/**
 * The public forms' flow in the browser: check with the shared schema first (no round trip for
 * a typo), then post to the route's server action; a failed post (5xx, 429, no network) becomes
 * `failure`, which the page shows in an error dialog instead of losing what was typed.
 * The schema (and zod with it) is loaded on demand, so it never delays the page itself.
 */
import type { z } from "zod";
import { type FieldErrors, toFieldErrors } from "../../domain/field-errors.ts";
import { formValues, HONEYPOT_FIELD } from "../../domain/schemas/fields.ts";

export type FormFailure = "server" | "rateLimited" | "unsupported";

/** What a form's action returns when it does not redirect. */
export interface FormResult {
  errors?: FieldErrors;
  /** What was typed, to fill the form again when the page is rendered without JavaScript. */
  values?: Record<string, string>;
  failure?: FormFailure;
}

/**
 * A form page's view of its action's answer: the result, its field errors and typed values (empty before a
 * post), and `field(name)`: a field's props bound by its name — its id on the page (`<formId>-<name>`), the
 * value typed before (to fill the form again), its messages.
 */
export function formResultOf(actionData: unknown, formId: string) {
  const result = actionData as FormResult | undefined;
  const errors: FieldErrors = result?.errors ?? {};
  const values: Record<string, string> = result?.values ?? {};
  const field = (name: string) => ({
    id: `${formId}-${name}`,
    name,
    defaultValue: values[name],
    errors: errors[name],
  });
  return { result, errors, values, field };
}

/** Only the form's own fields go back to the page (never the token or the honeypot). */
export function pickValues(values: Record<string, string>, fields: readonly string[]): Record<string, string> {
  return Object.fromEntries(fields.filter((f) => f in values).map((f) => [f, values[f] ?? ""]));
}

function statusOf(error: unknown): number | undefined {
  if (typeof error === "object" && error !== null && "status" in error) {
    const status = (error as { status: unknown }).status;
    return typeof status === "number" ? status : undefined;
  }
  return undefined;
}

export async function submitPublicForm(
  request: Request,
  loadSchema: () => Promise<z.ZodType>,
  fields: readonly string[],
  serverAction: () => Promise<unknown>,
): Promise<unknown> {
  const values = formValues(await request.clone().formData());
  try {
    // A filled honeypot goes to the server untouched, which pretends success.
    if (!values[HONEYPOT_FIELD]) {
      const parsed = (await loadSchema()).safeParse(values);
      if (!parsed.success) {
        return { errors: toFieldErrors(parsed.error), values: pickValues(values, fields) } satisfies FormResult;
      }
    }
    return await serverAction();
  } catch (error) {
    // Redirects travel as thrown responses: let the router follow them.
    if (error instanceof Response && error.status >= 300 && error.status < 400) throw error;
    return { failure: statusOf(error) === 429 ? "rateLimited" : "server" } satisfies FormResult;
  }
}
