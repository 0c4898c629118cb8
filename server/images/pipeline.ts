/**
 * The one image pipeline: uploads and the demo seed both go through `ingestImage`.
 *
 * Ingest (synchronous, fast): validate bytes → decode once (EXIF-oriented, sRGB, metadata
 * stripped, capped at 2400 px wide) → write a master `original.webp`, WebP variants at the
 * fixed widths and one flattened JPEG fallback.
 * AVIF (slow on this machine) is a separate step, `encodeAvifVariants`, which the caller
 * schedules in the background and whose result it merges into the stored record.
 *
 * Key layout, with `key` = `<directory>/<uuid>`:
 *   <key>/original.webp   master (quality 90), read back by the AVIF step
 *   <key>/w320.webp …     WebP variants
 *   <key>/w320.avif …     AVIF variants (later)
 *   <key>/w960.jpg        fallback JPEG (or w<width>.jpg when the image is narrower)
 *
 * SVG safety: an uploaded SVG is never stored or served; it is rasterised by librsvg (via
 * sharp) and only the raster outputs are kept, so scripts/event handlers are inert. librsvg
 * as used by sharp (buffer input, no base URL) loads no external resources: verified with
 * librsvg 2.63 / libvips 8.18 (sharp 0.35.5) — `<image href>` to http://, file:// and
 * relative paths, XInclude, CSS `@import`/`url()` and external `<use>` render nothing and
 * make no request; external XML entities (XXE) fail as "Entity not defined"; entity
 * expansion bombs are refused by libxml2's amplification limit. Only `data:` URLs (which
 * are self-contained) are rendered.
 */
import { randomUUID } from "node:crypto";
import type { Metadata, Sharp, SharpOptions } from "sharp";
import { decodeHeic } from "./heic.ts";
import { loadSharp } from "./sharp.ts";
import type { ImageStorage } from "./storage.ts";

export const VARIANT_WIDTHS = [320, 640, 960, 1440] as const;
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const MAX_INPUT_PIXELS = 40_000_000;
export const MAX_FILES_PER_UPLOAD = 10;

/** The stored master is at most this wide (and never taller than WebP's 16383 px limit). */
export const MASTER_MAX_WIDTH = 2400;
const WEBP_MAX_DIMENSION = 16383;
const FALLBACK_WIDTH = 960;
/** An SVG narrower than this is rendered at a higher density so the raster isn't tiny. */
const SVG_TARGET_WIDTH = 960;
/** Stops pathological inputs from occupying a worker forever (SVG filters, which it cannot stop, are refused). */
const DECODE_TIMEOUT_SECONDS = 30;

export const UPLOAD_URL_PREFIX = "/uploads/";

const WEBP_OPTIONS = { quality: 78, effort: 4 } as const;
// The master is internal (only the AVIF step reads it), so it favours speed over size:
// effort 1 instead of 4 takes ~80 ms instead of ~180 ms at 1200×900 on this machine.
const MASTER_WEBP_OPTIONS = { quality: 90, effort: 1 } as const;
const JPEG_OPTIONS = { quality: 80, progressive: true, mozjpeg: true } as const;
// AVIF effort, measured by scripts/bench-images.ts (1200×900 photo-like, widths 320/640/960,
// 2 cores, aom 3.15, sequential): effort 0 ≈ 150 ms, 1 ≈ 165, 2 ≈ 290, 3 ≈ 430, 4 ≈ 2140,
// 5 ≈ 3140 ms per image. Efforts 0–3 give the same size and PSNR (±0.05 dB); effort 4 is ~40%
// smaller but ~1 dB lower PSNR at the same quality, for 7× the time (≈ 4–5 min of background
// CPU for a 120-image seed). Effort 2 at quality 50 is smaller than the q78 WebP with a higher
// PSNR. 0–1 would be faster still at the same size; 2 is kept as the conservative choice.
export const AVIF_OPTIONS = { quality: 50, effort: 2 } as const;

export type ImageFormat = "avif" | "webp" | "jpeg";

export interface ImageVariant {
  format: ImageFormat;
  width: number;
  height: number;
  key: string;
}

export interface StoredImage {
  /** Folder key: `<directory>/<randomId>`. */
  key: string;
  /** Dimensions of the stored master (EXIF-oriented, capped at 2400 px wide). */
  width: number;
  height: number;
  variants: ImageVariant[];
}

export type ImageRejectionCode = "type" | "size" | "pixels" | "corrupt";

export const REJECTION_MESSAGES: Record<ImageRejectionCode, string> = {
  type: "הקובץ אינו תמונה נתמכת. סוגים נתמכים: PNG, JPG, GIF, WebP, HEIC או SVG",
  size: "הקובץ גדול מדי (עד 10MB)",
  pixels: "התמונה גדולה מדי (מספר פיקסלים)",
  corrupt: "הקובץ פגום ולא ניתן לקרוא אותו כתמונה",
};

export const TOO_MANY_FILES_MESSAGE = `ניתן להעלות עד ${MAX_FILES_PER_UPLOAD} קבצים בכל פעם`;

/** A refused upload; `message` is Hebrew and meant for the user. */
export class ImageRejectedError extends Error {
  code: ImageRejectionCode;

  constructor(code: ImageRejectionCode, message: string = REJECTION_MESSAGES[code], options?: ErrorOptions) {
    super(message, options);
    this.name = "ImageRejectedError";
    this.code = code;
  }
}

/** For upload routes: refuses more than MAX_FILES_PER_UPLOAD files (code "size"). */
export function assertUploadFileCount(count: number): void {
  if (count > MAX_FILES_PER_UPLOAD) throw new ImageRejectedError("size", TOO_MANY_FILES_MESSAGE);
}

export type SniffedType = "png" | "jpeg" | "gif" | "webp" | "heif" | "svg";

function startsWith(bytes: Buffer, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((b, i) => bytes[offset + i] === b);
}

const ascii = (s: string): number[] => [...s].map((c) => c.charCodeAt(0));
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff];
const GIF87 = ascii("GIF87a");
const GIF89 = ascii("GIF89a");
const RIFF = ascii("RIFF");
const WEBP = ascii("WEBP");
const FTYP = ascii("ftyp");

/**
 * ISO-BMFF brands of HEIF still images: HEVC-coded (`heic`, `heix`, `heim`, `heis`, from iPhones and
 * most Android phones), their sequences (`hevc`, `hevx`, `msf1`: the first image is used), the generic
 * `mif1`/`mif2` and AVIF (`avif`, `avis`), which is HEIF with AV1-coded pixels.
 */
const HEIF_BRANDS = new Set(["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "mif2", "msf1", "avif", "avis"]);

/** True for an ISO-BMFF file whose major or a compatible brand is a HEIF image brand. */
function looksLikeHeif(bytes: Buffer): boolean {
  if (bytes.length < 16 || !startsWith(bytes, FTYP, 4)) return false;
  const boxEnd = Math.min(bytes.readUInt32BE(0), bytes.length, 256);
  // Major brand at 8, minor version at 12, then the compatible brands.
  const brands = [bytes.toString("latin1", 8, 12)];
  for (let offset = 16; offset + 4 <= boxEnd; offset += 4) brands.push(bytes.toString("latin1", offset, offset + 4));
  return brands.some((brand) => HEIF_BRANDS.has(brand));
}

/** How much of a file is inspected to find the `<svg` root element. */
const SVG_SNIFF_BYTES = 64 * 1024;

/**
 * True when the text begins (after an optional BOM, whitespace, XML declaration,
 * processing instructions, comments and a DOCTYPE) with an `<svg` root element.
 */
function looksLikeSvg(bytes: Buffer): boolean {
  let text = bytes.subarray(0, SVG_SNIFF_BYTES).toString("utf8");
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  let i = 0;
  for (;;) {
    while (i < text.length && /\s/.test(text[i] ?? "")) i++;
    if (text.startsWith("<?", i)) {
      const end = text.indexOf("?>", i + 2);
      if (end < 0) return false;
      i = end + 2;
    } else if (text.startsWith("<!--", i)) {
      const end = text.indexOf("-->", i + 4);
      if (end < 0) return false;
      i = end + 3;
    } else if (text.slice(i, i + 9).toUpperCase() === "<!DOCTYPE") {
      // Skip to the closing ">", stepping over an internal subset in [ … ].
      let j = i + 9;
      let inSubset = false;
      let quote: string | null = null;
      for (; j < text.length; j++) {
        const c = text[j];
        if (quote) {
          if (c === quote) quote = null;
        } else if (c === '"' || c === "'") quote = c;
        else if (c === "[") inSubset = true;
        else if (c === "]") inSubset = false;
        else if (c === ">" && !inSubset) break;
      }
      if (j >= text.length) return false;
      i = j + 1;
    } else {
      return /^<svg[\s>/]/.test(text.slice(i, i + 5));
    }
  }
}

/** The image type judged by the bytes alone (magic numbers; SVG by its root element). */
export async function sniffImageType(bytes: Buffer): Promise<SniffedType | null> {
  if (startsWith(bytes, PNG_SIGNATURE)) return "png";
  if (startsWith(bytes, JPEG_SIGNATURE)) return "jpeg";
  if (startsWith(bytes, GIF87) || startsWith(bytes, GIF89)) return "gif";
  if (startsWith(bytes, RIFF) && startsWith(bytes, WEBP, 8)) return "webp";
  if (looksLikeHeif(bytes)) return "heif";
  if (bytes.length > 0 && looksLikeSvg(bytes)) return "svg";
  return null;
}

const BASE_INPUT_OPTIONS = {
  limitInputPixels: MAX_INPUT_PIXELS,
  failOn: "error",
  animated: false,
} as const satisfies SharpOptions;

function toRejection(error: unknown): ImageRejectedError {
  if (error instanceof ImageRejectedError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) return new ImageRejectedError("pixels", undefined, { cause: error });
  if (/timeout/i.test(message)) {
    return new ImageRejectedError("pixels", "התמונה מורכבת מדי לעיבוד", { cause: error });
  }
  return new ImageRejectedError("corrupt", undefined, { cause: error });
}

export const SVG_FILTER_MESSAGE = "תמונות SVG עם מסננים (filter) אינן נתמכות. שמרו את התמונה כ-PNG ונסו שוב.";

/**
 * SVG filters are refused outright (issue 14): librsvg renders a filter primitive as one operation
 * that libvips' timeout cannot interrupt, so a 263-byte filter chain kept a worker busy 38.7 s past
 * the 30 s timeout. Any filter element (`<filter>`, `<feGaussianBlur>`…, with or without a namespace
 * prefix), `filter` attribute or CSS `filter` property — or a CSS escape that could spell one — is refused.
 */
function usesSvgFilters(input: Buffer): boolean {
  const text = input.toString("utf8");
  return (
    /<\s*(?:[\w.-]+:)?(?:filter|fe[a-z]+)[\s/>]/i.test(text) ||
    /[\s"';{]filter\s*[:=]/i.test(text) ||
    /<style[\s>][\s\S]*\\[0-9a-f]/i.test(text)
  );
}

interface DecodedMaster {
  data: Buffer;
  width: number;
  height: number;
  channels: 3 | 4;
}

/**
 * Validates and decodes the input once into raw sRGB pixels of the master size. Every
 * failure here is an ImageRejectedError (the input is the user's fault, not ours).
 */
async function decodeMaster(input: Buffer, type: SniffedType): Promise<DecodedMaster> {
  if (type === "svg" && usesSvgFilters(input)) throw new ImageRejectedError("pixels", SVG_FILTER_MESSAGE);
  const sharp = await loadSharp();
  // Header only: cheap even for a decompression bomb, which is refused before decoding.
  let meta: Metadata;
  try {
    meta = await sharp(input, BASE_INPUT_OPTIONS).metadata();
  } catch (error) {
    throw toRejection(error);
  }
  // libvips sniffs too; both must agree (e.g. a "PNG" that libvips reads as something else).
  if (meta.format !== type) throw new ImageRejectedError("type");
  const width = meta.autoOrient?.width ?? meta.width;
  const height = meta.autoOrient?.height ?? meta.height;
  if (!width || !height) throw new ImageRejectedError("corrupt");
  if (width * height > MAX_INPUT_PIXELS) throw new ImageRejectedError("pixels");

  let options: SharpOptions = BASE_INPUT_OPTIONS;
  let source: Buffer = input;
  if (type === "heif" && meta.compression !== "av1") {
    // HEVC (phone photos): sharp reads the header only, heic-decode the pixels (already oriented).
    try {
      const decoded = await decodeHeic(input, DECODE_TIMEOUT_SECONDS);
      if (decoded.width * decoded.height > MAX_INPUT_PIXELS) throw new ImageRejectedError("pixels");
      source = decoded.data;
      options = { ...BASE_INPUT_OPTIONS, raw: { width: decoded.width, height: decoded.height, channels: 4 } };
    } catch (error) {
      throw toRejection(error);
    }
  }
  if (type === "svg" && width < SVG_TARGET_WIDTH) {
    // Render small vector art (logos, icons) at a higher density instead of upscaling
    // a tiny raster, staying inside the pixel limit.
    const scale = Math.min(
      SVG_TARGET_WIDTH / width,
      Math.sqrt(MAX_INPUT_PIXELS / (width * height)),
      WEBP_MAX_DIMENSION / height,
    );
    if (scale > 1) options = { ...BASE_INPUT_OPTIONS, density: Math.min(100_000, 72 * scale) };
  }

  try {
    const { data, info } = await sharp(source, options)
      .timeout({ seconds: DECODE_TIMEOUT_SECONDS })
      .rotate() // EXIF orientation; output carries no metadata (sharp strips it by default)
      .resize({
        width: MASTER_MAX_WIDTH,
        height: WEBP_MAX_DIMENSION,
        fit: "inside",
        withoutEnlargement: true,
      })
      .toColourspace("srgb") // ICC/CMYK/greyscale → sRGB (alpha kept)
      .raw({ depth: "uchar" })
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 3 && info.channels !== 4) throw new Error(`unexpected channels ${info.channels}`);
    return { data, width: info.width, height: info.height, channels: info.channels };
  } catch (error) {
    throw toRejection(error);
  }
}

/** Widths ≤ the master width; at least the smallest one (then at the master's own width). */
export function variantWidthsFor(masterWidth: number): number[] {
  const widths = VARIANT_WIDTHS.filter((w) => w <= masterWidth);
  return widths.length > 0 ? widths : [masterWidth];
}

const DIRECTORY_PATTERN = /^[a-z0-9][a-z0-9_-]*(?:\/[a-z0-9][a-z0-9_-]*)*$/;

function assertDirectory(directory: string): void {
  if (!DIRECTORY_PATTERN.test(directory)) throw new TypeError(`Invalid image directory: ${directory}`);
}

interface Output {
  key: string;
  /** null for the master, which is not a servable variant. */
  format: ImageFormat | null;
  pipeline: () => Sharp;
}

/**
 * Encodes and stores the outputs concurrently (encodes run on libuv's thread pool, so
 * several in flight use both cores), all or nothing. Variant sizes come from the encoder.
 */
async function writeOutputs(storage: ImageStorage, outputs: Output[]): Promise<ImageVariant[]> {
  const results = await Promise.allSettled(
    outputs.map(async ({ key, format, pipeline }) => {
      const { data, info } = await pipeline().toBuffer({ resolveWithObject: true });
      await storage.put(key, data);
      return format ? [{ format, width: info.width, height: info.height, key }] : [];
    }),
  );
  const failure = results.find((r) => r.status === "rejected");
  if (failure) {
    // All settled, so nothing is still being written: remove what was.
    await removeKeys(
      storage,
      outputs.map((o) => o.key),
    ).catch(() => {});
    throw failure.reason;
  }
  return results.flatMap((r) => (r.status === "fulfilled" ? r.value : []));
}

/**
 * Validates an untrusted image (by its bytes only), then stores the master, WebP variants
 * and the JPEG fallback under `<directory>/<uuid>/`. AVIF comes later: see
 * `encodeAvifVariants`. Throws ImageRejectedError (Hebrew message) for bad input.
 */
export async function ingestImage(
  storage: ImageStorage,
  input: Buffer,
  options: { directory: string },
): Promise<StoredImage> {
  assertDirectory(options.directory);
  if (input.length === 0) throw new ImageRejectedError("type");
  if (input.length > MAX_UPLOAD_BYTES) throw new ImageRejectedError("size");
  const type = await sniffImageType(input);
  if (type === null) throw new ImageRejectedError("type");

  const master = await decodeMaster(input, type);
  const sharp = await loadSharp();
  const raw = () =>
    sharp(master.data, { raw: { width: master.width, height: master.height, channels: master.channels } });

  const key = `${options.directory}/${randomUUID()}`;
  const fallbackWidth = Math.min(FALLBACK_WIDTH, master.width);
  const outputs: Output[] = [
    { key: `${key}/original.webp`, format: null, pipeline: () => raw().webp(MASTER_WEBP_OPTIONS) },
    ...variantWidthsFor(master.width).map(
      (width): Output => ({
        key: `${key}/w${width}.webp`,
        format: "webp",
        pipeline: () => raw().resize({ width }).webp(WEBP_OPTIONS),
      }),
    ),
    {
      key: `${key}/w${fallbackWidth}.jpg`,
      format: "jpeg",
      pipeline: () => raw().resize({ width: fallbackWidth }).flatten({ background: "#ffffff" }).jpeg(JPEG_OPTIONS),
    },
  ];

  const variants = await writeOutputs(storage, outputs);
  return { key, width: master.width, height: master.height, variants };
}

/** The master of an image is not in storage (removed, or a database restored without its uploads). */
export class MissingOriginalError extends Error {
  constructor(key: string) {
    super(`original missing: ${key}`);
    this.name = "MissingOriginalError";
  }
}

/**
 * The background step: reads the master back and writes AVIF variants at the same widths
 * as the WebP ones. Returns only the new variants; the caller merges them into its record.
 * Idempotent (same keys are overwritten atomically). Throws MissingOriginalError when there is
 * no master to encode from; returns [] if the image is removed during encoding.
 */
export async function encodeAvifVariants(storage: ImageStorage, image: StoredImage): Promise<ImageVariant[]> {
  const masterKey = `${image.key}/original.webp`;
  const masterBytes = await storage.read(masterKey);
  if (masterBytes === null) throw new MissingOriginalError(masterKey);
  const sharp = await loadSharp();
  const webpWidths = image.variants.filter((v) => v.format === "webp").map((v) => v.width);
  const widths = webpWidths.length > 0 ? webpWidths : variantWidthsFor(image.width);

  const outputs = widths.map(
    (width): Output => ({
      key: `${image.key}/w${width}.avif`,
      format: "avif",
      pipeline: () =>
        sharp(masterBytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" })
          .resize({ width, withoutEnlargement: true })
          .avif(AVIF_OPTIONS),
    }),
  );
  // One at a time, so the slow AVIF encodes leave a core free for serving requests
  // (sharp's libvips concurrency is 1 per operation here).
  const variants: ImageVariant[] = [];
  for (const output of outputs) variants.push(...(await writeOutputs(storage, [output])));
  if ((await storage.read(masterKey)) === null) {
    // Removed while we were encoding: don't leave orphaned AVIF files behind.
    await removeKeys(
      storage,
      outputs.map((o) => o.key),
    );
    return [];
  }
  return variants;
}

/** Removes every stored file of an image: all variants and the master. */
export async function removeImageFiles(
  storage: ImageStorage,
  image: Pick<StoredImage, "key" | "variants">,
): Promise<void> {
  const keys = new Set([`${image.key}/original.webp`, ...image.variants.map((v) => v.key)]);
  // Also AVIF files an unfinished background step may have written but not recorded.
  for (const v of image.variants) {
    if (v.format === "webp") keys.add(`${image.key}/w${v.width}.avif`);
  }
  await removeKeys(storage, [...keys]);
}

/**
 * One key after another: an image's folder is emptied by its own deletes, and stores that prune empty
 * folders (the local one; s3rver, the tests' S3 server) race when several deletes of one folder run at once.
 * Multi-object delete is not offered by every S3-compatible store (nor done safely by s3rver).
 */
async function removeKeys(storage: ImageStorage, keys: readonly string[]): Promise<void> {
  for (const key of keys) await storage.remove(key);
}

/** Public URL of a stored key. */
export function urlForKey(key: string): string {
  return UPLOAD_URL_PREFIX + key;
}

/** The `<img src>` variant: the JPEG fallback if present, else the widest WebP. */
export function pickFallback(variants: readonly ImageVariant[]): ImageVariant | undefined {
  const jpeg = variants.filter((v) => v.format === "jpeg").sort((a, b) => b.width - a.width)[0];
  if (jpeg) return jpeg;
  return variants.filter((v) => v.format === "webp").sort((a, b) => b.width - a.width)[0];
}

/** `srcset` for one format, e.g. "/uploads/p/x/w320.webp 320w, /uploads/p/x/w640.webp 640w" ("" if none). */
export function srcSetFor(variants: readonly ImageVariant[], format: ImageFormat): string {
  return variants
    .filter((v) => v.format === format)
    .sort((a, b) => a.width - b.width)
    .map((v) => `${urlForKey(v.key)} ${v.width}w`)
    .join(", ");
}
