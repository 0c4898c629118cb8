/**
 * Image endpoints (spec §7): multi-file upload, the product upload, both deletes, plus the owner's
 * image list, ordering and alt text for the images screen. The request body is limited before it is read
 * (server/app.ts: 413 over the file count × size limit); each file is then judged by the pipeline.
 */
import type { Hono } from "hono";
import { z } from "zod";
import { heAdmin } from "../../../domain/i18n/admin.ts";
import { heApi } from "../../../domain/i18n/api.ts";
import { idField } from "../../../domain/schemas/admin/fields.ts";
import { imageOrderSchema, imageUploadFieldsSchema, ownerTypeField } from "../../../domain/schemas/admin/images.ts";
import type { AppEnv } from "../../app.ts";
import { requireAbility } from "../../auth/require-ability.ts";
import { HttpError, ValidationError } from "../../errors.ts";
import { parseWith, readBody } from "../../http/validation.ts";
import { REJECTION_MESSAGES } from "../../images/pipeline.ts";
import type { UploadFile } from "../../services/admin/images.ts";
import type { Services } from "../../services/index.ts";
import { type AdminContext, created, ok, pathId } from "./http.ts";

async function readForm(c: AdminContext): Promise<FormData> {
  const type = c.req.header("content-type") ?? "";
  if (!type.startsWith("multipart/form-data")) throw new HttpError(415, heApi.unsupportedMediaType);
  try {
    return await c.req.formData();
  } catch {
    throw new HttpError(400, heAdmin.validation.badUpload);
  }
}

async function filesOf(entries: FormDataEntryValue[], field: (index: number) => string): Promise<UploadFile[]> {
  const files: UploadFile[] = [];
  for (const [index, entry] of entries.entries()) {
    // A text field where a file belongs is not an image either.
    if (typeof entry === "string") throw new ValidationError({ [field(index)]: [REJECTION_MESSAGES.type] });
    files.push({ field: field(index), bytes: Buffer.from(await entry.arrayBuffer()) });
  }
  return files;
}

const productUploadSchema = z.object({ product_id: idField(heAdmin.fields.products) });
const ownerQuerySchema = z.object({ type: ownerTypeField, id: idField(heAdmin.id) });
const altSchema = z.object({
  alt: z
    .string({ error: heAdmin.validation.required("טקסט חלופי") })
    .trim()
    .max(300),
});

export function imageRoutes(router: Hono<AppEnv>, services: Services) {
  const images = () => services.admin.images;

  router.get("/admin/images", requireAbility("read", "Image"), async (c) => {
    const { type, id } = parseWith(ownerQuerySchema, c.req.query());
    const name = await images().ownerName(type, id);
    if (name === null) throw new HttpError(404, heApi.notFound);
    return c.json({ data: await images().list(type, id), owner: { type, id, name } });
  });

  // Multi-file upload: files[], id, type (owner), directory (spec §3).
  router.post("/admin/images", requireAbility("create", "Image"), async (c) => {
    // The image queue full: refused before the body is read (server/images/gate.ts).
    services.images.assertAcceptingUploads();
    const form = await readForm(c);
    const fields = parseWith(imageUploadFieldsSchema, {
      id: form.get("id") ?? undefined,
      type: form.get("type") ?? undefined,
      directory: form.get("directory") ?? undefined,
    });
    const entries = [...form.getAll("files[]"), ...form.getAll("files")];
    const files = await filesOf(entries, (i) => `files.${i}`);
    const stored = await images().upload({ type: fields.type, id: fields.id }, files);
    return created(c, stored, heAdmin.messages.imagesSaved);
  });

  // The product upload: product_id, image.
  router.post("/upload/image", requireAbility("create", "Image"), async (c) => {
    services.images.assertAcceptingUploads();
    const form = await readForm(c);
    const { product_id } = parseWith(productUploadSchema, { product_id: form.get("product_id") ?? undefined });
    const entries = form.getAll("image");
    if (entries.length !== 1) throw new ValidationError({ image: [heAdmin.validation.noFiles] });
    const files = await filesOf(entries, () => "image");
    try {
      const [image] = await images().upload({ type: "product", id: product_id }, files);
      return created(c, image, heAdmin.messages.imageSaved);
    } catch (error) {
      // The owner of this form's upload is named product_id, not id.
      if (error instanceof ValidationError && error.errors?.id) {
        throw new ValidationError({ product_id: [heAdmin.validation.productMissing] });
      }
      throw error;
    }
  });

  router.put("/admin/images/order", requireAbility("update", "Image"), async (c) => {
    const { type, id, order } = parseWith(imageOrderSchema, await readBody(c));
    return ok(c, await images().reorder(type, id, order), heAdmin.messages.imageOrderSaved);
  });

  router.put("/admin/images/:id", requireAbility("update", "Image"), async (c) => {
    const id = pathId(c);
    const { alt } = parseWith(altSchema, await readBody(c));
    return ok(c, await images().setAlt(id, alt), heAdmin.messages.imageSaved);
  });

  const remove = async (c: AdminContext) => {
    const owner = await images().remove(pathId(c));
    return ok(c, owner, heAdmin.messages.imageDeleted);
  };
  router.delete("/admin/images/:id", requireAbility("delete", "Image"), remove);
  router.post("/delete_image/:id", requireAbility("delete", "Image"), remove);
}
