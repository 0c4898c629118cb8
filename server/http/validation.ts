/** Parsing request bodies into zod schemas, with the API's error shapes (400 bad JSON, 422 field errors). */
import type { Context } from "hono";
import type { z } from "zod";
import { heApi } from "../../domain/i18n/api.ts";
import { sanitizeRecord } from "../../domain/text.ts";
import { type FieldErrors, HttpError, ValidationError } from "../errors.ts";

/** zod issues → `{ field: [messages] }` (first path segment as the field name). */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "_");
    const list = errors[field] ?? [];
    list.push(issue.message);
    errors[field] = list;
  }
  return errors;
}

export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new ValidationError(fieldErrors(result.error));
  return result.data;
}

/** The request body as JSON or form fields (urlencoded/multipart: string fields only). Malformed JSON → 400. */
export async function readBody(c: Context): Promise<Record<string, unknown>> {
  const type = c.req.header("content-type") ?? "";
  if (type.startsWith("application/json")) {
    let value: unknown;
    try {
      value = await c.req.json();
    } catch {
      throw new HttpError(400, heApi.badJson);
    }
    if (value === null || typeof value !== "object" || Array.isArray(value)) throw new HttpError(400, heApi.badJson);
    return sanitizeRecord(value as Record<string, unknown>);
  }
  if (type.startsWith("application/x-www-form-urlencoded") || type.startsWith("multipart/form-data")) {
    const form = await c.req.parseBody();
    return sanitizeRecord(Object.fromEntries(Object.entries(form).filter(([, v]) => typeof v === "string")));
  }
  if (!type && (c.req.header("content-length") ?? "0") === "0") return {};
  throw new HttpError(415, heApi.unsupportedMediaType);
}

/** Reads and validates the body in one step. */
export async function parseBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  return parseOrThrow(schema, await readBody(c));
}
