/**
 * `POST /api/admin/going-live/demo-catalogue` (issue 29): moving the demo catalogue to the trash is one
 * confirmed action, so the request must say it was confirmed — a bare POST (a stray script, a replayed
 * request with an empty body) moves nothing.
 */
import { z } from "zod";
import { heAdmin } from "../../i18n/admin.ts";

export const demoCatalogueRemovalSchema = z.object({
  confirm: z.literal(true, { error: heAdmin.validation.demoCatalogueConfirm }),
});
