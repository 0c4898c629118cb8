/** Image upload and ordering payloads (spec §3 "Image upload"; files themselves are judged on the server). */
import { z } from "zod";
import { heAdmin } from "../../i18n/admin.ts";
import { idField } from "./fields.ts";

const v = heAdmin.validation;

/** `branch_certificate`: the scan of a branch's kashrut certificate (the branch's id; its position 0 is shown). */
export const OWNER_TYPES = ["product", "category", "branch", "branch_certificate", "sale", "publication"] as const;
export type ImageOwnerType = (typeof OWNER_TYPES)[number];

/** Accepts our names and Laravel model class names ("App\\Models\\Product"), any case. */
export const ownerTypeField = z.preprocess(
  (value) => (typeof value === "string" ? (value.split("\\").pop() ?? "").trim().toLowerCase() : value),
  z.enum(OWNER_TYPES, { error: v.ownerType }),
);

/** Folder names a client may name; the server always stores in the owner's own folder. */
export const IMAGE_DIRECTORIES = ["products", "categories", "branches", "sales", "publications"] as const;

export const imageUploadFieldsSchema = z.object({
  id: idField(heAdmin.id),
  type: ownerTypeField,
  directory: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.enum(IMAGE_DIRECTORIES, { error: v.directory }).optional(),
  ),
});

/** PUT /api/admin/images/order: the owner's image ids in their new order (first = main image). */
export const imageOrderSchema = z.object({
  type: ownerTypeField,
  id: idField(heAdmin.id),
  order: z.array(idField(heAdmin.id)).min(1, v.imageOrder).max(200, v.imageOrder),
});
