// Draws the bakery's default share image, public/share.jpg (1200×630, the Open Graph size), from the seed
// artwork's assortment of breads and pastries. Pages without an image of their own (a product with no photo
// yet) are shared on WhatsApp and Facebook with this picture (app/lib/seo.ts).
// Usage: ./node_modules/.bin/node scripts/share-image.ts   (deterministic; re-run when the artwork changes)

import sharp from "sharp";
import { SHARE_IMAGE } from "../domain/share-image.ts";
import { renderArtwork } from "../server/db/seed/artwork.ts";

const OUT = new URL(`../public${SHARE_IMAGE.path}`, import.meta.url);

const png = await renderArtwork({ kind: "assortment", variant: 4 }, SHARE_IMAGE);
await sharp(png).jpeg({ quality: 82, mozjpeg: true }).toFile(OUT.pathname);
console.log(`wrote ${OUT.pathname}`);
