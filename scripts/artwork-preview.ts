// Renders one image per ArtKind and every product's images into contact
// sheets under data/preview/ so a person can review the generated artwork.
// Usage: ./node_modules/.bin/node scripts/artwork-preview.ts [kind...]

import { mkdir, writeFile } from "node:fs/promises";
import sharp, { type OverlayOptions } from "sharp";
import { renderArtwork } from "../server/db/seed/artwork.ts";
import type { ArtKind, ArtSpec } from "../server/db/seed/content.ts";
import { artKinds, branches, categories, products, publications, sales } from "../server/db/seed/content.ts";

const OUT = new URL("../data/preview/", import.meta.url);

async function sheet(
  name: string,
  specs: ArtSpec[],
  size: { width: number; height: number },
  cols: number,
  thumbW: number,
) {
  const thumbH = Math.round((thumbW * size.height) / size.width);
  const gap = 8;
  const rows = Math.ceil(specs.length / cols);
  const tiles: OverlayOptions[] = [];
  const times: number[] = [];
  for (const [i, spec] of specs.entries()) {
    const t0 = performance.now();
    const png = await renderArtwork(spec, size);
    times.push(performance.now() - t0);
    const thumb = await sharp(png).resize(thumbW, thumbH).png().toBuffer();
    tiles.push({
      input: thumb,
      left: gap + (i % cols) * (thumbW + gap),
      top: gap + Math.floor(i / cols) * (thumbH + gap),
    });
  }
  const out = await sharp({
    create: {
      width: gap + cols * (thumbW + gap),
      height: gap + rows * (thumbH + gap),
      channels: 3,
      background: "#222222",
    },
  })
    .composite(tiles)
    .png()
    .toBuffer();
  await writeFile(new URL(`${name}.png`, OUT), out);
  const avg = times.reduce((a, b) => a + b, 0) / times.length;
  console.log(`${name}.png: ${specs.length} images, avg ${avg.toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms`);
}

const PRODUCT = { width: 1200, height: 900 };
const WIDE = { width: 1600, height: 900 };

await mkdir(OUT, { recursive: true });
const only = process.argv.slice(2) as ArtKind[];
if (only.length > 0) {
  for (const kind of only) {
    const specs = [0, 1, 2, 3, 10, 11, 12, 13].map((variant) => ({ kind, variant }));
    await sheet(`kind-${kind}`, specs, kind === "shopFront" ? WIDE : PRODUCT, 4, 400);
  }
} else {
  await sheet(
    "kinds",
    artKinds.map((kind) => ({ kind, variant: 0 })),
    PRODUCT,
    5,
    360,
  );
  await sheet(
    "products",
    products.map((p) => p.art[0] as ArtSpec),
    PRODUCT,
    8,
    240,
  );
  await sheet(
    "products-extra",
    products.flatMap((p) => p.art.slice(1)),
    PRODUCT,
    8,
    240,
  );
  await sheet(
    "categories",
    categories.flatMap((c) => [c.art, ...c.children.map((s) => s.art)]),
    PRODUCT,
    6,
    300,
  );
  await sheet(
    "wide",
    [...branches, ...sales, ...publications].map((x) => x.art),
    WIDE,
    4,
    400,
  );
  // one full-size sample per kind for close inspection
  for (const kind of artKinds) {
    await writeFile(
      new URL(`full-${kind}.png`, OUT),
      await renderArtwork({ kind, variant: 0 }, kind === "shopFront" ? WIDE : PRODUCT),
    );
  }
}
