import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

// Mirrors the route table of spec §2.
export default [
  layout("routes/site/layout.tsx", [
    index("routes/site/home.tsx"),
    route("login", "routes/login.tsx"),
    route("categories", "routes/site/categories.tsx"),
    route("categories/:id", "routes/site/category.tsx"),
    route("product/:id", "routes/site/product.tsx"),
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
    route("thankYou", "routes/site/thank-you.tsx"),
    route("sign_up", "routes/site/sign-up.tsx"),
  ]),
  // Unknown paths redirect to the home page (spec §2).
  route("*", "routes/site/catch-all.tsx"),
] satisfies RouteConfig;
