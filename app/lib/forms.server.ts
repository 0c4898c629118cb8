/**
 * The public forms' server actions: read the post, call the service (the same one the JSON API
 * calls), then redirect on success, return field errors with 422, or a failure the page shows.
 */
import { data, redirect } from "react-router";
import { formValues } from "../../domain/schemas/fields.ts";
import { type FormResult, pickValues } from "./forms.ts";

interface HttpErrorLike {
  status: number;
  errors?: Record<string, string[]>;
  headers?: Record<string, string>;
}

/**
 * Services throw server/errors.ts's HttpError. The page bundle carries its own copy of that module,
 * so `instanceof` cannot be trusted across the two: recognise the shape instead.
 */
function asHttpError(error: unknown): HttpErrorLike | null {
  if (typeof error !== "object" || error === null) return null;
  const status = (error as { status?: unknown }).status;
  return typeof status === "number" && status >= 400 && status < 600 ? (error as HttpErrorLike) : null;
}

export async function handlePublicForm(
  request: Request,
  fields: readonly string[],
  submit: (values: Record<string, string>) => Promise<unknown>,
  successPath: string,
) {
  // A form posts urlencoded or multipart; JSON or text/plain is a client error, never a 500.
  const type = request.headers.get("content-type") ?? "";
  if (!type.startsWith("application/x-www-form-urlencoded") && !type.startsWith("multipart/form-data")) {
    return data({ failure: "unsupported" } satisfies FormResult, { status: 415 });
  }
  let values: Record<string, string> = {};
  try {
    values = formValues(await request.formData());
    await submit(values);
  } catch (error) {
    const http = asHttpError(error);
    if (http?.status === 422 && http.errors) {
      return data({ errors: http.errors, values: pickValues(values, fields) } satisfies FormResult, { status: 422 });
    }
    if (http?.status === 429) {
      return data({ failure: "rateLimited", values: pickValues(values, fields) } satisfies FormResult, {
        status: 429,
        headers: http.headers,
      });
    }
    console.error("public form failed", error);
    return data({ failure: "server", values: pickValues(values, fields) } satisfies FormResult, { status: 500 });
  }
  return redirect(successPath);
}
