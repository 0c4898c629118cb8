import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

// Mirrors the route table of spec §2.
export default [
  layout("routes/site/layout.tsx", [index("routes/site/home.tsx"), route("login", "routes/login.tsx")]),
  // Unknown paths redirect to the home page (spec §2).
  route("*", "routes/site/catch-all.tsx"),
] satisfies RouteConfig;
