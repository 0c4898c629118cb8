/** Image files for upload tests: real ones, impostors and hostile ones. */
import { readFileSync } from "node:fs";
import { crc32, deflateSync } from "node:zlib";
import sharp, { type Sharp } from "sharp";

/**
 * An RGB image as a sharp pipeline: red grows to the right, green downwards, blue as `blue` says (so
 * encoders have something to do).
 */
export function gradientImage(
  width: number,
  height: number,
  blue: (x: number, y: number) => number = () => 140,
): Sharp {
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      data[i] = (x * 255) / width;
      data[i + 1] = (y * 255) / height;
      data[i + 2] = blue(x, y);
    }
  }
  return sharp(data, { raw: { width, height, channels: 3 } });
}

/** A real PNG with a gradient. */
export async function pngImage(width = 200, height = 120): Promise<Buffer> {
  return gradientImage(width, height).png().toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/**
 * A valid 1-bit greyscale PNG of width×height, all black, that would be 900 Mpx decoded (30000²) yet is
 * ~110 KB on disk. Built by hand because sharp itself would have to allocate the full pixel buffer to write it.
 */
export function pngBomb(width = 30_000, height = 30_000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  const rows = Buffer.alloc((Math.ceil(width / 8) + 1) * height); // filter byte 0 + zero bits
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", ihdr),
    pngChunk("IDAT", deflateSync(rows, { level: 9 })),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

export const HTML_PAGE = Buffer.from(
  '<!doctype html><html><body><script>fetch("/api/clients").then(r=>r.text()).then(alert)</script></body></html>',
);

export const SVG_WITH_SCRIPT = Buffer.from(
  `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200" viewBox="0 0 400 200" onload="alert(1)">
  <script>alert(document.cookie)</script>
  <rect width="400" height="200" fill="#c8702a"/>
  <circle cx="200" cy="100" r="60" fill="#fdf7ee"/>
</svg>`,
);

/** A multipart form with files under `field` (each with a name and declared type). */
export function formWith(
  fields: Record<string, string>,
  files: { field: string; bytes: Buffer; name: string; type: string }[],
): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const file of files)
    form.append(file.field, new File([new Uint8Array(file.bytes)], file.name, { type: file.type }));
  return form;
}

/**
 * A real HEIC as an iPhone saves it (ISO-BMFF brand `heic`, HEVC-coded pixels), 320×240, 2.8 KB: a
 * gradient (red grows to the right, green downwards, blue 140/200 in 16 px checks), encoded from such a
 * PNG by libheif 1.15 `heif-enc -q 50` (x265). sharp cannot decode its pixels; heic-decode can.
 */
export function heicPhoto(): Buffer {
  return readFileSync(new URL("./fixtures/photo.heic", import.meta.url));
}

/** The same HEIC cut short: its header is fine, its pixel data is missing. */
export function brokenHeic(): Buffer {
  return heicPhoto().subarray(0, 1500);
}
