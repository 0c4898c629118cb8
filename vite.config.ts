import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  build: {
    // Hebrew-only site: keep the font subsets we never use out of the bundle's preload list.
    assetsInlineLimit: 0,
  },
});
