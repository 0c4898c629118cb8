import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { precompress } from "./vite.precompress.ts";

/**
 * React Router's client build serves the pages that hydrate the whole document: the session pages (the form
 * pages, the order pages, login) and the back office. Public and cached pages load none of it — they are HTML
 * with islands, built by vite.islands.config.ts (ADR 013).
 *
 * The small modules of the public frame (layout, header, footer, tiles, links, strings…), which the form pages
 * hydrate, go into one chunk instead of a dozen 1–4 KB files: fewer requests before the page is
 * interactive. An explicit list, so that the code of other screens never joins a form page's initial
 * JavaScript by accident: admin widgets and validation, and the catalogue pages' own components, which
 * have a chunk of their own (CATALOGUE). Each group also takes the modules its members import (React,
 * React Router), unless a group of higher priority took them first.
 *
 * React DOM with its scheduler, and the React Router modules that only the client entry imports (the hydrated
 * router), are in this chunk too rather than in the entry's own file: every page loads both files anyway, and
 * one compresses better than two (docs/performance.md, "Home page JavaScript: fewer files, fewer icons").
 * So are the root route and the public layout: their route module files keep only an `export … from` line.
 * The root is loaded by every page, the layout by every public page; the back office loads this chunk for
 * React anyway, and the layout adds ~0.5 KB to it.
 */
const SITE_SHARED = [
  /\/app\/components\/site\//,
  /\/app\/components\/catalogue\/(tiles|post-card|seasonal-band)\.tsx$/,
  /\/app\/components\/ui\/(picture|icon|external-link|modal-dialog)\.tsx$/,
  /\/app\/lib\/(links|meta|seo|context)\.ts$/,
  /\/domain\/i18n\/site\.ts$/,
  /[\\/]node_modules[\\/](react-dom|react-router|scheduler)[\\/]/,
  /\/app\/root\.tsx/,
  /\/app\/routes\/site\/layout\.tsx/,
];
/** The catalogue pages' components (kashrut, gallery, reviews, pagination…): one chunk for those pages. */
const CATALOGUE = [
  /\/app\/components\/catalogue\//,
  /\/app\/components\/ui\/pagination\.tsx$/,
  /\/app\/lib\/(format|params)\.ts$/,
  /\/domain\/i18n\/(kashrut|catalogue)\.ts$/,
  /\/domain\/(ids|pagination|kashrut)\.ts$/,
];
/**
 * The icons of the other screens (content, catalogue and form pages, back office): a small chunk of their own.
 * Without a group of their own, the catalogue group would take them along with the kashrut line and the
 * gallery, and the content and form pages would then load the catalogue chunk for an icon.
 */
const OTHER_ICONS = [/\/app\/components\/ui\/other-icons\.tsx$/];

const group = (name: string, patterns: RegExp[], priority: number) => ({
  name,
  priority,
  test: (id: string) => patterns.some((re) => re.test(id)),
});

/**
 * The server build takes React Aria in (tree-shaken) instead of importing it from node_modules at start-up: loaded
 * from there, its ~1,500 modules cost ~1–2 s of every cold start (issue 31, docs/operations.md "Cold start").
 */
const SERVER_BUNDLED = [
  /^react-aria/,
  /^react-stately/,
  /^@react-aria\//,
  /^@react-stately\//,
  /^@internationalized\//,
  /^@react-types\//,
  /^@swc\/helpers/,
  /^client-only$/,
];

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), precompress()],
  ssr: { noExternal: SERVER_BUNDLED },
  build: {
    // Hebrew-only site: keep the font subsets we never use out of the bundle's preload list.
    assetsInlineLimit: 0,
  },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                group("site", SITE_SHARED, 3),
                group("other-icons", OTHER_ICONS, 2),
                group("catalogue", CATALOGUE, 1),
              ],
            },
          },
        },
      },
    },
  },
});
