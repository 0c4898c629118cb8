/** Parsing request bodies into zod schemas, with the API's error shapes (400 bad JSON, 422 field errors). */
import type { Context } from "hono";
import type { z } from "zod";
import { toFieldErrors } from "../../domain/field-errors.ts";
import { heApi } from "../../domain/i18n/api.ts";
import { sanitizeRecord } from "../../domain/text.ts";
import { HttpError, ValidationError } from "../errors.ts";

/** Parses with a shared schema; failures become a 422 with Hebrew messages per field. The one "parse or 422". */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new ValidationError(toFieldErrors(result.error), heApi.validation);
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
