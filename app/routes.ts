import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";
import { type ImagesSectionKey, imagesRouteId } from "./lib/admin-sections.ts";

/** The images screen of a section's rows (`<section>/:id/images`), a modal over its list. */
function imagesOf(section: ImagesSectionKey) {
  return route(":id/images", "routes/admin/images.tsx", { id: imagesRouteId(section) });
}

// Mirrors the route table of spec §2.
export default [
  layout("routes/site/layout.tsx", [
    index("routes/site/home.tsx"),
    route("login", "routes/login.tsx"),
    route("categories", "routes/site/categories.tsx"),
    route("categories/:id", "routes/site/category.tsx"),
    route("product/:id", "routes/site/product.tsx"),
    // The review form of a product (issue 12): a page with the session, so the cached product page stays cacheable.
    route("product/:id/review", "routes/site/product-review.tsx"),
    route("products", "routes/site/products.tsx"),
    route("about", "routes/site/about.tsx"),
    route("accessibility", "routes/site/accessibility.tsx"),
    route("branches", "routes/site/branches.tsx"),
    route("branches/:id", "routes/site/branch.tsx"),
    route("sales", "routes/site/sales.tsx"),
    route("sale/:id", "routes/site/sale.tsx"),
    route("news", "routes/site/news.tsx"),
    route("contactUs", "routes/site/contact.tsx"),
    // Our own customer-club sign-up, used while site settings name no external club site.
    route("club", "routes/site/club.tsx"),
    // The link of the club's confirmation e-mail (double opt-in).
    route("club/confirm", "routes/site/club-confirm.tsx"),
    // The unsubscribe link of every club e-mail, and its RFC 8058 one-click POST (issue 29).
    route("club/unsubscribe", "routes/site/club-unsubscribe.tsx"),
    route("thankYou", "routes/site/thank-you.tsx"),
    // Pre-orders for pickup (issue 28): the basket and the order, then the order's private page.
    route("order", "routes/site/order.tsx"),
    route("order/:id", "routes/site/order-view.tsx"),
    route("sign_up", "routes/site/sign-up.tsx"),
  ]),
  // The back office (spec §2 admin routes, plus the sections the shop needs to edit its content). The
  // sections, their permissions and titles: lib/admin-sections.ts; the layout's middleware guards them all.
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/index.tsx"),
    route("panel", "routes/admin/panel.tsx"),
    // Pre-orders for pickup (issue 28): the day's orders, the printable production sheet, the settings (admins).
    route("orders", "routes/admin/orders/layout.tsx", [
      index("routes/admin/orders/list.tsx"),
      route("sheet", "routes/admin/orders/sheet.tsx"),
      route("settings", "routes/admin/orders/settings.tsx"),
    ]),
    route("products", "routes/admin/products/route.tsx", [imagesOf("products")]),
    // Product CSV import (issue 30 part 2): upload, preview per row, apply.
    route("products/import", "routes/admin/products/import.tsx"),
    route("categories", "routes/admin/categories.tsx", [imagesOf("categories")]),
    route("branches", "routes/admin/branches/route.tsx", [imagesOf("branches")]),
    route("sales", "routes/admin/sales.tsx", [imagesOf("sales")]),
    route("publications", "routes/admin/publications.tsx", [imagesOf("publications")]),
    route("clients", "routes/admin/clients.tsx"),
    route("contact-requests", "routes/admin/contact-requests.tsx"),
    route("reviews", "routes/admin/reviews.tsx"),
    route("settings", "routes/admin/settings.tsx"),
    route("audit", "routes/admin/audit.tsx"),
    route("trash", "routes/admin/trash.tsx"),
  ]),
  // Unknown paths redirect to the home page (spec §2).
  route("*", "routes/site/catch-all.tsx"),
] satisfies RouteConfig;
