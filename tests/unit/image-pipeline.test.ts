import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Hono } from "hono";
import type { Sharp } from "sharp";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  encodeAvifVariants,
  ImageRejectedError,
  ingestImage,
  MAX_UPLOAD_BYTES,
  MissingOriginalError,
  pickFallback,
  removeImageFiles,
  type StoredImage,
  SVG_FILTER_MESSAGE,
  sniffImageType,
  srcSetFor,
} from "../../server/images/pipeline.ts";
import { serveUploads } from "../../server/images/serve.ts";
import { contentTypeForKey, createLocalStorage, type ImageStorage } from "../../server/images/storage.ts";
import { brokenHeic, gradientImage, heicPhoto, pngBomb } from "../support/images.ts";

let root: string;
let storage: ImageStorage;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "image-pipeline-"));
  storage = createLocalStorage(root);
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** A photo-ish RGB image: gradient + noise, so encoders have real work to do. */
async function photo(width: number, height: number): Promise<Sharp> {
  return gradientImage(width, height, (x, y) => (x + y) % 256);
}

async function rejection(promise: Promise<unknown>): Promise<ImageRejectedError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ImageRejectedError);
    return error as ImageRejectedError;
  }
  throw new Error("expected an ImageRejectedError");
}

async function filesOf(image: Pick<StoredImage, "key">): Promise<string[]> {
  return readdir(path.join(root, ...image.key.split("/"))).catch(() => []);
}

const SHARP_FORMAT = { webp: "webp", jpeg: "jpeg", avif: "heif" } as const;

async function expectVariantsReadable(image: StoredImage): Promise<void> {
  for (const variant of image.variants) {
    const bytes = await storage.read(variant.key);
    expect(bytes, variant.key).not.toBeNull();
    const meta = await sharp(bytes!).metadata();
    expect(meta.format).toBe(SHARP_FORMAT[variant.format]);
    expect([meta.width, meta.height]).toEqual([variant.width, variant.height]);
  }
}

describe("sniffImageType", () => {
  it("judges by magic bytes and SVG root element", async () => {
    const img = await photo(8, 8);
    expect(await sniffImageType(await img.clone().png().toBuffer())).toBe("png");
    expect(await sniffImageType(await img.clone().jpeg().toBuffer())).toBe("jpeg");
    expect(await sniffImageType(await img.clone().gif().toBuffer())).toBe("gif");
    expect(await sniffImageType(await img.clone().webp().toBuffer())).toBe("webp");
    expect(
      await sniffImageType(
        Buffer.from(
          '\uFEFF<?xml version="1.0"?>\n<!-- by hand -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x.dtd" [<!ENTITY a "b">]>\n<svg xmlns="http://www.w3.org/2000/svg"/>',
        ),
      ),
    ).toBe("svg");
    expect(await sniffImageType(Buffer.from("<svgx/>"))).toBeNull();
    expect(await sniffImageType(Buffer.from("<!doctype html><html><svg></svg></html>"))).toBeNull();
    expect(await sniffImageType(heicPhoto())).toBe("heif");
    expect(await sniffImageType(await img.clone().heif({ compression: "av1" }).toBuffer())).toBe("heif");
    // An MP4 video is ISO-BMFF too, but not a HEIF brand.
    const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from("ftypisom\0\0\0\0isomavc1", "latin1")]);
    expect(await sniffImageType(mp4)).toBeNull();
    expect(await sniffImageType(Buffer.from("GIF8"))).toBeNull();
    expect(await sniffImageType(Buffer.alloc(0))).toBeNull();
  });
});

// Encoding a 1000×750 photo as GIF and back into five variants took over 30 s with the machine's load average at
// 25–30 (28 Nov): the limit is for a hang, not for a busy CPU.
describe("ingestImage", { timeout: 120_000 }, () => {
  it.each([
    ["png", (s: Sharp) => s.png()],
    ["jpeg", (s: Sharp) => s.jpeg()],
    ["gif", (s: Sharp) => s.gif()],
    ["webp", (s: Sharp) => s.webp()],
  ] as const)("accepts a real %s and writes WebP variants, a JPEG fallback and the master", async (_name, encode) => {
    const input = await encode(await photo(1000, 750)).toBuffer();
    const image = await ingestImage(storage, input, { directory: "products" });

    expect(image.key).toMatch(/^products\/[0-9a-f-]{36}$/);
    expect([image.width, image.height]).toEqual([1000, 750]);
    expect(image.variants.map((v) => `${v.format}:${v.width}x${v.height}`)).toEqual([
      "webp:320x240",
      "webp:640x480",
      "webp:960x720",
      "jpeg:960x720",
    ]);
    for (const v of image.variants) expect(v.key.startsWith(`${image.key}/`)).toBe(true);
    await expectVariantsReadable(image);
    expect(await storage.read(`${image.key}/original.webp`)).not.toBeNull();
  });

  it("never uses the file name: a PNG saved as .gif is a PNG", async () => {
    const file = path.join(root, "cake.gif");
    await writeFile(file, await (await photo(400, 300)).png().toBuffer());
    expect(await sniffImageType(await readFile(file))).toBe("png");
    const image = await ingestImage(storage, await readFile(file), { directory: "products" });
    expect(image.variants.map((v) => `${v.format}:${v.width}`)).toEqual(["webp:320", "jpeg:400"]);
  });

  it("caps the master at 2400 px and keeps a single variant for tiny images", async () => {
    const big = await ingestImage(storage, await (await photo(3000, 1000)).jpeg().toBuffer(), {
      directory: "products",
    });
    expect([big.width, big.height]).toEqual([2400, 800]);
    expect(srcSetFor(big.variants, "webp")).toBe(
      ["320w", "640w", "960w", "1440w"].map((w) => `/uploads/${big.key}/w${w.slice(0, -1)}.webp ${w}`).join(", "),
    );
    expect(pickFallback(big.variants)?.key).toBe(`${big.key}/w960.jpg`);

    const tiny = await ingestImage(storage, await (await photo(100, 50)).png().toBuffer(), { directory: "products" });
    expect(tiny.variants.map((v) => `${v.format}:${v.width}x${v.height}`)).toEqual(["webp:100x50", "jpeg:100x50"]);
    await expectVariantsReadable(tiny);
  });

  it.each([
    ["HTML", Buffer.from("<!DOCTYPE html><html><body><script>alert(1)</script></body></html>")],
    ["text", Buffer.from("just some text, named photo.png")],
    ["zero bytes", Buffer.alloc(0)],
  ])("refuses %s as type", async (_name, input) => {
    const error = await rejection(ingestImage(storage, input, { directory: "products" }));
    expect(error.code).toBe("type");
    expect(error.message).toBe("הקובץ אינו תמונה נתמכת. סוגים נתמכים: PNG, JPG, GIF, WebP, HEIC או SVG");
  });

  it.each([
    [
      "a filter element",
      '<filter id="f"><feMorphology radius="999"/><feGaussianBlur stdDeviation="999"/></filter><rect width="100%" height="100%" filter="url(#f)"/>',
    ],
    [
      "a prefixed filter element",
      '<svg:filter id="f"><svg:feTurbulence baseFrequency="9" numOctaves="99"/></svg:filter>',
    ],
    ["a CSS filter", '<rect width="9" height="9" style="fill:red; filter: blur(900px)"/>'],
    ["a CSS escape in a style sheet", "<style>rect { fil\\74 er: blur(900px) }</style><rect width='9' height='9'/>"],
  ])("refuses an SVG with %s at once, before any rendering (issue 14)", async (_name, body) => {
    const svg = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" xmlns:svg="http://www.w3.org/2000/svg" width="4000" height="4000">${body}</svg>`,
    );
    const error = await rejection(ingestImage(storage, svg, { directory: "logos" }));
    expect(error.message).toBe(SVG_FILTER_MESSAGE);
  });

  it("rasterises SVG: scripts and handlers never reach storage", async () => {
    const svg = Buffer.from(
      `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="64" height="32" onload="alert('x')">
  <script>alert(document.cookie)</script>
  <rect width="64" height="32" fill="#c00" onclick="alert(2)"/>
</svg>`,
    );
    const image = await ingestImage(storage, svg, { directory: "logos" });
    // Small vector art is rendered at a higher density rather than upscaled.
    expect([image.width, image.height]).toEqual([960, 480]);
    await expectVariantsReadable(image);
    const files = await filesOf(image);
    expect(files.length).toBeGreaterThan(0);
    for (const name of files) {
      expect(name).toMatch(/\.(webp|jpg)$/);
      const bytes = await readFile(path.join(root, ...image.key.split("/"), name));
      expect(bytes.includes("<script")).toBe(false);
      expect(bytes.includes("<svg")).toBe(false);
      expect(["webp", "jpeg"]).toContain((await sharp(bytes).metadata()).format);
    }
  });

  it("refuses an oversized file before looking at it", async () => {
    const input = Buffer.concat([await (await photo(10, 10)).png().toBuffer(), Buffer.alloc(MAX_UPLOAD_BYTES)]);
    const error = await rejection(ingestImage(storage, input, { directory: "products" }));
    expect(error.code).toBe("size");
    expect(error.message).toBe("הקובץ גדול מדי (עד 10MB)");
  });

  it("refuses a decompression bomb from its header, without decoding it", async () => {
    const bomb = pngBomb(30000, 30000);
    expect(bomb.length).toBeLessThan(MAX_UPLOAD_BYTES);
    // CPU time of the process (every thread, libvips' too), not wall time: a busy machine does not move it,
    // while decoding 900 Mpx would take seconds of it.
    const started = process.cpuUsage();
    const error = await rejection(ingestImage(storage, bomb, { directory: "products" }));
    const used = process.cpuUsage(started);
    expect((used.user + used.system) / 1000).toBeLessThan(500);
    expect(error.code).toBe("pixels");
    expect(error.message).toBe("התמונה גדולה מדי (מספר פיקסלים)");

    // Also just over the 40 Mpx limit (below sharp's own default limit).
    expect((await rejection(ingestImage(storage, pngBomb(8000, 5001), { directory: "products" }))).code).toBe("pixels");
    // And an SVG declaring an enormous canvas.
    const svgBomb = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="100000" height="100000"/>');
    expect((await rejection(ingestImage(storage, svgBomb, { directory: "products" }))).code).toBe("pixels");
  });

  it("accepts an iPhone HEIC (HEVC pixels, decoded by heic-decode) with its colours", async () => {
    const image = await ingestImage(storage, heicPhoto(), { directory: "products" });
    expect([image.width, image.height]).toEqual([320, 240]);
    expect(image.variants.map((v) => `${v.format}:${v.width}x${v.height}`)).toEqual(["webp:320x240", "jpeg:320x240"]);
    await expectVariantsReadable(image);
    // The fixture's gradient: red grows to the right, green downwards, blue 140 or 200.
    const jpeg = await storage.read(image.variants.find((v) => v.format === "jpeg")!.key);
    const { data, info } = await sharp(jpeg!).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)];
    const [r0, g0] = at(8, 8);
    const [r1, g1] = at(311, 231);
    expect(r0).toBeLessThan(40);
    expect(g0).toBeLessThan(40);
    expect(r1).toBeGreaterThan(215);
    expect(g1).toBeGreaterThan(215);
  });

  it("accepts an AV1-coded HEIF (AVIF), which sharp decodes itself", async () => {
    const heif = await (await photo(400, 300)).heif({ compression: "av1" }).toBuffer();
    const image = await ingestImage(storage, heif, { directory: "products" });
    expect([image.width, image.height]).toEqual([400, 300]);
    await expectVariantsReadable(image);
  });

  it("refuses a HEIC that fails to decode as corrupt, with the Hebrew message", async () => {
    const error = await rejection(ingestImage(storage, brokenHeic(), { directory: "products" }));
    expect(error.code).toBe("corrupt");
    expect(error.message).toBe("הקובץ פגום ולא ניתן לקרוא אותו כתמונה");
  });

  it("refuses a truncated or corrupt JPEG", async () => {
    const jpeg = await (await photo(600, 400)).jpeg().toBuffer();
    const truncated = jpeg.subarray(0, Math.floor(jpeg.length / 2));
    expect((await rejection(ingestImage(storage, truncated, { directory: "products" }))).code).toBe("corrupt");
    const garbled = Buffer.concat([jpeg.subarray(0, 300), Buffer.alloc(4000, 0x5a)]);
    expect((await rejection(ingestImage(storage, garbled, { directory: "products" }))).code).toBe("corrupt");
    expect((await rejection(ingestImage(storage, jpeg.subarray(0, 3), { directory: "products" }))).code).toBe(
      "corrupt",
    );
  });

  it("applies EXIF orientation and strips metadata", async () => {
    // Stored landscape 400×200, red left half / blue right half, orientation 6 (90° clockwise):
    // shown upright it is 200×400 portrait with red on top.
    const halves = await sharp({ create: { width: 400, height: 200, channels: 3, background: "#00f" } })
      .composite([{ input: { create: { width: 200, height: 200, channels: 3, background: "#f00" } }, left: 0, top: 0 }])
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: "secret-gps-here" } } })
      .toBuffer();
    expect((await sharp(halves).metadata()).orientation).toBe(6);

    const image = await ingestImage(storage, halves, { directory: "products" });
    expect([image.width, image.height]).toEqual([200, 400]);
    for (const variant of image.variants) {
      const bytes = (await storage.read(variant.key))!;
      const meta = await sharp(bytes).metadata();
      expect(meta.orientation).toBeUndefined();
      expect(meta.exif).toBeUndefined();
      const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
      const at = (x: number, y: number) =>
        Array.from(data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3));
      const [tr, , tb] = at(100, 50);
      const [br, , bb] = at(100, 350);
      expect(tr).toBeGreaterThan(200);
      expect(tb).toBeLessThan(60);
      expect(br).toBeLessThan(60);
      expect(bb).toBeGreaterThan(200);
    }
  });

  it("flattens transparency onto white for the JPEG fallback only", async () => {
    const clear = await sharp({
      create: { width: 400, height: 300, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const image = await ingestImage(storage, clear, { directory: "products" });
    const fallback = pickFallback(image.variants)!;
    expect(fallback.format).toBe("jpeg");
    const { data } = await sharp((await storage.read(fallback.key))!)
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(250);
    const webp = image.variants.find((v) => v.format === "webp")!;
    expect((await sharp((await storage.read(webp.key))!).metadata()).hasAlpha).toBe(true);
  });
});

describe("encodeAvifVariants and removeImageFiles", { timeout: 60_000 }, () => {
  it("writes AVIF at the WebP widths later, then removes every file", { timeout: 60_000 }, async () => {
    const image = await ingestImage(storage, await (await photo(1200, 900)).jpeg().toBuffer(), {
      directory: "products",
    });
    const avif = await encodeAvifVariants(storage, image);
    expect(avif.map((v) => `${v.format}:${v.width}x${v.height}`)).toEqual([
      "avif:320x240",
      "avif:640x480",
      "avif:960x720",
    ]);
    const merged: StoredImage = { ...image, variants: [...image.variants, ...avif] };
    await expectVariantsReadable(merged);
    for (const v of avif) {
      const meta = await sharp((await storage.read(v.key))!).metadata();
      expect(meta.compression).toBe("av1");
    }
    expect(srcSetFor(merged.variants, "avif")).toContain(`/uploads/${image.key}/w320.avif 320w`);
    expect((await filesOf(image)).length).toBe(1 + 3 + 1 + 3);

    await removeImageFiles(storage, merged);
    expect(await filesOf(image)).toEqual([]);
    for (const v of merged.variants) expect(await storage.read(v.key)).toBeNull();
    expect(await storage.read(`${image.key}/original.webp`)).toBeNull();
  });

  it("removeImageFiles also clears AVIF files that were written but never recorded", async () => {
    const image = await ingestImage(storage, await (await photo(400, 300)).png().toBuffer(), { directory: "products" });
    await encodeAvifVariants(storage, image); // result deliberately not merged
    await removeImageFiles(storage, image);
    expect(await filesOf(image)).toEqual([]);
    // A background job that runs after the removal writes nothing, and says why.
    await expect(encodeAvifVariants(storage, image)).rejects.toThrow(MissingOriginalError);
    expect(await filesOf(image)).toEqual([]);
  });
});

describe("createLocalStorage", () => {
  it("stores, reads and removes nested keys", async () => {
    await storage.put("misc/a1/w320.webp", Buffer.from("x"));
    expect((await storage.read("misc/a1/w320.webp"))?.toString()).toBe("x");
    await storage.put("misc/a1/w320.webp", Buffer.from("y"));
    expect((await storage.read("misc/a1/w320.webp"))?.toString()).toBe("y");
    expect(await readdir(path.join(root, "misc", "a1"))).toEqual(["w320.webp"]); // no temp files left
    await storage.remove("misc/a1/w320.webp");
    await storage.remove("misc/a1/w320.webp"); // missing is fine
    expect(await storage.read("misc/a1/w320.webp")).toBeNull();
    expect(await storage.read("misc/nope.webp")).toBeNull();
  });

  it.each([
    "../escape.webp",
    "products/../../escape.webp",
    "/etc/passwd",
    "products\\x.webp",
    "products//x.webp",
    "./x.webp",
    "products/.hidden",
    "",
  ])("rejects the key %j", async (key) => {
    await expect(storage.put(key, Buffer.from("x"))).rejects.toThrow(/Invalid storage key/);
    expect(await storage.read(key)).toBeNull();
    await expect(storage.remove(key)).rejects.toThrow(/Invalid storage key/);
  });

  it("maps extensions to content types", () => {
    expect(contentTypeForKey("a/b/w320.avif")).toBe("image/avif");
    expect(contentTypeForKey("a/b/w320.webp")).toBe("image/webp");
    expect(contentTypeForKey("a/b/w960.jpg")).toBe("image/jpeg");
    expect(contentTypeForKey("a/b/x.svg")).toBe("application/octet-stream");
  });
});

describe("serveUploads", { timeout: 30_000 }, () => {
  async function appWithImage() {
    const image = await ingestImage(storage, await (await photo(700, 500)).png().toBuffer(), { directory: "products" });
    const app = new Hono();
    app.use("/uploads/*", serveUploads(storage));
    return { app, image };
  }

  it("serves variants with immutable caching, nosniff and a strong ETag", async () => {
    const { app, image } = await appWithImage();
    const webp = image.variants.find((v) => v.format === "webp")!;
    const res = await app.request(`/uploads/${webp.key}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("content-type")).toBe("image/webp");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    const etag = res.headers.get("etag")!;
    expect(etag).toMatch(/^"[^"]+"$/);
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.equals((await storage.read(webp.key))!)).toBe(true);
    expect(res.headers.get("content-length")).toBe(String(body.length));

    const jpeg = await app.request(`/uploads/${pickFallback(image.variants)!.key}`);
    expect(jpeg.headers.get("content-type")).toBe("image/jpeg");
    expect(jpeg.headers.get("etag")).not.toBe(etag);

    const again = await app.request(`/uploads/${webp.key}`, { headers: { "If-None-Match": `"other", ${etag}` } });
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(etag);
    expect(again.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect((await again.arrayBuffer()).byteLength).toBe(0);

    const head = await app.request(`/uploads/${webp.key}`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String(body.length));
    expect((await head.arrayBuffer()).byteLength).toBe(0);
  });

  it("answers 404 in Hebrew for missing or invalid keys, and refuses other methods", async () => {
    const { app, image } = await appWithImage();
    for (const url of [
      `/uploads/${image.key}/w320.avif`, // not encoded yet
      "/uploads/products/nope/w320.webp",
      "/uploads/..%2F..%2Fetc%2Fpasswd",
      "/uploads/products%5Cx.webp",
      "/uploads/",
    ]) {
      const res = await app.request(url);
      expect(res.status, url).toBe(404);
      expect(await res.json()).toEqual({ message: "לא נמצא" });
      expect(res.headers.get("cache-control")).toBe("no-store");
    }
    const post = await app.request(`/uploads/${image.variants[0]!.key}`, { method: "POST" });
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET, HEAD");
  });
});
