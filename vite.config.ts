import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/**
 * Writes `.br` and `.gz` copies of the client build's scripts, styles and SVGs, which the server
 * sends as they are (serveStatic `precompressed`): the smallest transfer with no CPU per request.
 */
function precompress(): Plugin {
  return {
    name: "bakery:precompress",
    apply: "build",
    async writeBundle(options, bundle) {
      if (this.environment.name !== "client" || !options.dir) return;
      const files = Object.keys(bundle).filter((name) => /\.(js|css|svg|json|txt)$/.test(name));
      await Promise.all(
        files.map(async (name) => {
          const file = path.join(options.dir!, name);
          const data = await readFile(file);
          if (data.byteLength < 1024) return;
          await writeFile(
            `${file}.br`,
            await brotli(data, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
          );
          await writeFile(`${file}.gz`, await gz(data, { level: 9 }));
        }),
      );
    },
  };
}

/**
 * The small modules every public page shares (layout, tiles, links, strings…) go into one chunk
 * instead of a dozen 1–4 KB files: fewer requests before the page is interactive. An explicit list,
 * so that heavier code of other screens (admin widgets, validation) never joins it by accident.
 */
const SITE_SHARED = [
  /\/app\/components\/(site|catalogue)\//,
  /\/app\/components\/ui\/(picture|pagination|modal-dialog|icon|external-link)\.tsx$/,
  /\/app\/lib\/(links|format|meta|params|context)\.ts$/,
  /\/domain\/i18n\/(site|kashrut)\.ts$/,
  /\/domain\/(ids|pagination|kashrut)\.ts$/,
];

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), precompress()],
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
                {
                  name: "site",
                  test: (id: string) => SITE_SHARED.some((re) => re.test(id)),
                },
              ],
            },
          },
        },
      },
    },
  },
});
