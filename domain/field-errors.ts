/**
 * The one shape of validation errors everywhere — the API's 422 `errors`, the public forms' results and the
 * admin forms' state: field name → its Hebrew messages. Nested fields are dotted (`opening_hours.0.opens`);
 * an error about the whole input goes under FORM_ERROR_KEY.
 */
export type FieldErrors = Record<string, string[]>;

export const FORM_ERROR_KEY = "_form";

/** A zod error (or anything with zod's `issues`) as FieldErrors, each message once per field. */
export function toFieldErrors(error: {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join(".") : FORM_ERROR_KEY;
    const list = errors[key] ?? [];
    if (!list.includes(issue.message)) list.push(issue.message);
    errors[key] = list;
  }
  return errors;
}

/** The first message of each field, for screens that show one line under a field. */
export function firstMessages(errors: FieldErrors): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).flatMap(([field, list]) => (list[0] ? [[field, list[0]]] : [])));
}
