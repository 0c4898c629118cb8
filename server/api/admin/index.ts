/**
 * The back office's JSON API (spec §7 paths): everything under /api/admin, the club members under
 * /api/clients, and the two legacy image paths. Every route needs a signed-in session (401) and the
 * role's ability for its subject and action (403); see domain/permissions.ts.
 */
import { Hono } from "hono";
import { heAdmin } from "../../../domain/i18n/admin.ts";
import { abilitiesFor, can } from "../../../domain/permissions.ts";
import { branchSchema } from "../../../domain/schemas/admin/branch.ts";
import { categorySchema } from "../../../domain/schemas/admin/category.ts";
import { clientSchema } from "../../../domain/schemas/admin/client.ts";
import { contactFilterSchema, contactRequestUpdateSchema } from "../../../domain/schemas/admin/contact.ts";
import { postSchema } from "../../../domain/schemas/admin/post.ts";
import {
  productCategoriesSchema,
  productSchema,
  sizeSchema,
  soldOutSchema,
  tagSchema,
} from "../../../domain/schemas/admin/product.ts";
import { reviewFilterSchema, reviewModerationSchema } from "../../../domain/schemas/admin/review.ts";
import { settingsSchema } from "../../../domain/schemas/admin/settings.ts";
import type { AppEnv } from "../../app.ts";
import { requireAbility } from "../../auth/require-ability.ts";
import { streamBody } from "../../http/stream-body.ts";
import { parseWith, readBody } from "../../http/validation.ts";
import type { Logger } from "../../log.ts";
import type { Services } from "../../services/index.ts";
import { auditRoutes, auditTrail } from "./audit.ts";
import { bulkRoutes } from "./bulk.ts";
import { crudRoutes, statusListRoute } from "./crud.ts";
import { goingLiveRoutes } from "./going-live.ts";
import { actorOf, created, done, ok, okVersioned, pathId, saveVersioned, signedIn, trashed } from "./http.ts";
import { imageRoutes } from "./images.ts";
import { orderRoutes } from "./orders.ts";
import { productCsvRoutes } from "./product-csv.ts";
import { trashRoutes } from "./trash.ts";

const m = heAdmin.messages;

/**
 * Every path of the back office's API: all of them need a session, and every write there is audited.
 * (`/clients/*` matches `/clients` too: listing both would run the audit twice.)
 */
const ADMIN_PATHS = ["/admin/*", "/clients/*", "/upload/*", "/delete_image/*"];

export function createAdminApi(services: Services, options: { trustProxy: boolean; logger?: Logger }) {
  const admin = services.admin;
  const api = new Hono<AppEnv>();
  const audit = auditTrail({ audit: services.audit, trustProxy: options.trustProxy, logger: options.logger });
  for (const path of ADMIN_PATHS) {
    api.use(path, signedIn);
    api.use(path, audit);
  }

  api.get("/admin/dashboard", requireAbility("read", "Dashboard"), async (c) => {
    const abilities = abilitiesFor(c.get("auth").user);
    return ok(c, await admin.dashboard.get((action, subject) => can(abilities, action, subject)));
  });

  goingLiveRoutes(api, services);

  // Products, their categories, sizes and tags.
  api.get("/admin/categories/options", requireAbility("read", "Category"), async (c) =>
    ok(c, await admin.categories.options()),
  );
  // Bulk actions first: `/admin/products/selection` is no product id.
  bulkRoutes(api, services);
  productCsvRoutes(api, services);
  crudRoutes(api, "/admin/products", "Product", admin.products, productSchema, "product");
  api.post("/admin/products/:id/duplicate", requireAbility("create", "Product"), async (c) =>
    created(c, await admin.products.duplicate(pathId(c)), heAdmin.products.duplicated),
  );
  api.put("/admin/products/:id/sold-out", requireAbility("update", "Product"), async (c) => {
    const id = pathId(c);
    const { sold_out } = parseWith(soldOutSchema, await readBody(c));
    const product = await admin.products.setSoldOut(id, sold_out);
    return ok(c, product, sold_out ? heAdmin.products.soldOutMarked : heAdmin.products.soldOutCleared);
  });
  api.post("/admin/product/:id/category", requireAbility("update", "Product"), async (c) => {
    const id = pathId(c);
    const { categories } = parseWith(productCategoriesSchema, await readBody(c));
    return ok(c, await admin.products.setCategories(id, categories), m.productUpdated);
  });
  api.post("/admin/sizes", requireAbility("create", "Size"), async (c) =>
    created(c, await admin.products.addSize(parseWith(sizeSchema, await readBody(c))), m.sizeSaved),
  );
  api.delete("/admin/sizes/:id", requireAbility("delete", "Size"), async (c) => {
    await admin.products.removeSize(pathId(c));
    return done(c, m.sizeDeleted);
  });
  api.post("/admin/tags", requireAbility("create", "Tag"), async (c) =>
    created(c, await admin.products.addTag(parseWith(tagSchema, await readBody(c))), m.tagSaved),
  );
  api.delete("/admin/tags/:id", requireAbility("delete", "Tag"), async (c) => {
    await admin.products.removeTag(pathId(c));
    return done(c, m.tagDeleted);
  });

  imageRoutes(api, services);

  crudRoutes(api, "/admin/categories", "Category", admin.categories, categorySchema, "category");
  crudRoutes(api, "/admin/branches", "Branch", admin.branches, branchSchema, "branch");
  crudRoutes(api, "/admin/sales", "Sale", admin.sales, postSchema, "sale");
  crudRoutes(api, "/admin/publications", "Publication", admin.publications, postSchema, "publication");

  // Club members (spec §7 paths, §8 messages) and their CSV export.
  api.get("/clients/export", requireAbility("read", "Client"), async (c) => {
    const csv = await streamBody(admin.clients.exportCsv());
    const date = new Date().toISOString().slice(0, 10);
    return c.body(csv, 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="club-members-${date}.csv"`,
      "Cache-Control": "no-store",
    });
  });
  crudRoutes(api, "/clients", "Client", admin.clients, clientSchema, "client");

  // The contact-request inbox.
  statusListRoute(api, "/admin/contact-requests", "ContactRequest", contactFilterSchema, admin.contactRequests);
  api.put("/admin/contact-requests/:id", requireAbility("update", "ContactRequest"), async (c) => {
    const id = pathId(c);
    const { handled } = parseWith(contactRequestUpdateSchema, await readBody(c));
    return ok(c, await admin.contactRequests.setHandled(id, handled), handled ? m.contactHandled : m.contactReopened);
  });
  api.delete("/admin/contact-requests/:id", requireAbility("delete", "ContactRequest"), async (c) => {
    return trashed(c, await admin.contactRequests.remove(pathId(c), actorOf(c)), m.contactDeleted);
  });

  // Customer reviews (issue 12): moderation. Approving or rejecting changes the product page, so (as every
  // admin write) it bumps the content version.
  statusListRoute(api, "/admin/reviews", "Review", reviewFilterSchema, admin.reviews);
  api.put("/admin/reviews/:id", requireAbility("update", "Review"), async (c) => {
    const id = pathId(c);
    const { status } = parseWith(reviewModerationSchema, await readBody(c));
    const message = { approved: m.reviewApproved, rejected: m.reviewRejected, pending: m.reviewPending }[status];
    return ok(c, await admin.reviews.setStatus(id, status), message);
  });
  api.delete("/admin/reviews/:id", requireAbility("delete", "Review"), async (c) => {
    return trashed(c, await admin.reviews.remove(pathId(c), actorOf(c)), m.reviewDeleted);
  });

  // Pre-orders for pickup (issue 28): the day's orders, status changes, the sheet, the CSV, the settings.
  orderRoutes(api, services);

  // The audit log (admin only; read-only).
  auditRoutes(api, services);

  // The trash: deleted records for 30 days, restore and delete for good (issue 12).
  trashRoutes(api, services);

  // Site settings.
  api.get("/admin/settings", requireAbility("read", "Settings"), async (c) =>
    okVersioned(c, await admin.settings.get()),
  );
  api.put("/admin/settings", requireAbility("update", "Settings"), async (c) => {
    const body = await readBody(c);
    const saved = await saveVersioned(
      c,
      body,
      () => admin.settings.get(),
      (expected) => admin.settings.save(parseWith(settingsSchema, body), expected),
    );
    return okVersioned(c, saved, m.settingsSaved);
  });

  return api;
}
