/**
 * Product CSV export and import (issue 30 part 2; services/admin/product-csv.ts):
 *
 * - `GET /api/admin/products/export?<the list's parameters>` — the products the list's search and filters find,
 *   as CSV (UTF-8 with BOM, Hebrew headers), streamed. Needs `read` on products.
 * - `POST /api/admin/products/import/preview` (multipart: `file`) — per row: create, change (old → new), unchanged
 *   or refused with the reasons (`{ data: { rows, counts, columns } }`). Needs `create` and `update` on products.
 * - `POST /api/admin/products/import/apply` (multipart: `file`, `expected`: JSON `{ line: token }` from the
 *   preview) — applies it in batches, each one transaction; rows edited since the preview come back as
 *   `conflicts`, not written; a file with a refused row: 422, nothing written. Answers the batch to undo.
 * - `POST /api/admin/products/import/{batch}/undo` — the import back, products edited since reported.
 *
 * A file over `IMPORT_MAX_BYTES`: Hebrew 413; not UTF-8: Hebrew 422.
 */
import type { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { heApi } from "../../../domain/i18n/api.ts";
import { heProductCsv } from "../../../domain/i18n/product-csv.ts";
import type { AppEnv } from "../../app.ts";
import { requireAbility } from "../../auth/require-ability.ts";
import { HttpError, ValidationError } from "../../errors.ts";
import { streamBody } from "../../http/stream-body.ts";
import { decodeUtf8 } from "../../services/admin/csv-read.ts";
import { IMPORT_MAX_BYTES } from "../../services/admin/product-csv.ts";
import type { Services } from "../../services/index.ts";
import { type AdminContext, actorOf, listParams, ok, pathId } from "./http.ts";

const e = heProductCsv.errors;
const MB = IMPORT_MAX_BYTES / 1024 / 1024;

/** The uploaded file's text and the form's other fields; too big: 413; not UTF-8: 422. */
async function readUpload(c: AdminContext): Promise<{ text: string; form: FormData }> {
  const type = c.req.header("content-type") ?? "";
  if (!type.startsWith("multipart/form-data")) throw new HttpError(415, heApi.unsupportedMediaType);
  let form: FormData;
  try {
    form = await c.req.formData();
  } catch {
    throw new ValidationError({ file: [e.noFile] }, e.noFile);
  }
  const file = form.get("file");
  if (!file || typeof file === "string") throw new ValidationError({ file: [e.noFile] }, e.noFile);
  if (file.size > IMPORT_MAX_BYTES) throw new HttpError(413, e.tooBig(MB));
  const text = decodeUtf8(new Uint8Array(await file.arrayBuffer()));
  if (text === null) throw new ValidationError({ file: [e.notUtf8] }, e.notUtf8);
  return { text, form };
}

/** The preview's tokens, by line: `{ "2": "15:3", "3": "new" }`. */
function expectedOf(form: FormData): Record<string, string> {
  const raw = form.get("expected");
  let value: unknown;
  try {
    value = typeof raw === "string" ? JSON.parse(raw) : null;
  } catch {
    value = null;
  }
  if (
    value === null ||
    typeof value !== "object" ||
    Array.isArray(value) ||
    !Object.values(value).every((token) => typeof token === "string" && /^(new|\d{1,12}:\d{1,12})$/.test(token))
  ) {
    throw new ValidationError({ expected: [e.badExpected] }, e.badExpected);
  }
  return value as Record<string, string>;
}

/** Registered before the products' `/:id` routes, whose id rule would take `export` for a missing record. */
export function productCsvRoutes(router: Hono<AppEnv>, services: Services) {
  const csv = services.admin.productCsv;
  // The file plus the preview's tokens (some tens of bytes a row) fit well under this.
  const limit = bodyLimit({
    maxSize: IMPORT_MAX_BYTES + 1024 * 1024,
    onError: (c) => c.json({ message: e.tooBig(MB) }, 413),
  });

  router.get("/admin/products/export", requireAbility("read", "Product"), async (c) => {
    const { query, params } = listParams(c);
    const body = await streamBody(csv.exportCsv(query, params));
    const date = new Date().toISOString().slice(0, 10);
    return c.body(body, 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="products-${date}.csv"`,
      "Cache-Control": "no-store",
    });
  });
  const mayImport = [requireAbility("create", "Product"), requireAbility("update", "Product")] as const;
  router.post("/admin/products/import/preview", ...mayImport, limit, async (c) => {
    const { text } = await readUpload(c);
    return ok(c, await csv.plan(text));
  });
  router.post("/admin/products/import/apply", ...mayImport, limit, async (c) => {
    const { text, form } = await readUpload(c);
    const outcome = await csv.apply(text, expectedOf(form), actorOf(c));
    const { records: _records, ...answer } = outcome;
    return ok(c, answer, heProductCsv.applied(outcome.created, outcome.changed));
  });
  router.post("/admin/products/import/:batch/undo", ...mayImport, async (c) => {
    const outcome = await csv.undo(pathId(c, "batch"), actorOf(c));
    return ok(
      c,
      { changed: outcome.records.length, conflicts: outcome.conflicts },
      heProductCsv.undone(outcome.records.length),
    );
  });
}
