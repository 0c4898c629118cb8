import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Plugin } from "vite";

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/**
 * Writes `.br` and `.gz` copies of the client build's scripts, styles and SVGs, which the server
 * sends as they are (serveStatic `precompressed`): the smallest transfer with no CPU per request.
 */
export function precompress(): Plugin {
  return {
    name: "bakery:precompress",
    apply: "build",
    async writeBundle(options, bundle) {
      if (this.environment.name !== "client" || !options.dir) return;
      // The build's manifests (.vite/) are read by the build and the server, never sent.
      const files = Object.keys(bundle).filter(
        (name) => /\.(js|css|svg|json|txt)$/.test(name) && !name.startsWith(".vite/"),
      );
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
