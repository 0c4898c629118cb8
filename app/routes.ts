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
  ]),
  // Unknown paths redirect to the home page (spec §2).
  route("*", "routes/site/catch-all.tsx"),
] satisfies RouteConfig;
