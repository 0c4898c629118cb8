/**
 * The islands' build (ADR 013): the loader of public pages (app/islands/loader.ts) and, as chunks it imports
 * when an island is needed, each island's module and React. Runs after `react-router build` (npm run build) and
 * writes beside the client build, into build/client/assets, with a manifest of its own the server reads to name
 * the loader in each page (app/lib/islands.server.ts).
 */
import { defineConfig } from "vite";
import { precompress } from "./vite.precompress.ts";

export default defineConfig({
  plugins: [precompress()],
  publicDir: false,
  build: {
    outDir: "build/client",
    emptyOutDir: false,
    manifest: ".vite/islands-manifest.json",
    assetsInlineLimit: 0,
    rolldownOptions: { input: "app/islands/loader.ts" },
  },
});
