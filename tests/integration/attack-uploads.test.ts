/**
 * The attack run's upload cases (issue 14), on every test database, through both upload paths
 * (`POST /api/admin/images` and the spec's `POST /api/upload/image`): files that are not what they claim
 * (HTML, PDF, ZIP, a Windows executable, text, an empty file, each declared image/png) are refused with a
 * Hebrew 422 and nothing stored; polyglots (a real PNG carrying HTML and script after its end; a "GIF"
 * that is really JavaScript) are either re-encoded to clean raster variants or refused; an SVG with an
 * external entity or a file:// image reference is rasterised without reading the file; an oversized file
 * is a 422 and an oversized body a 413; a hostile file name never reaches the stored path. Every stored
 * variant is served as a raster type with `nosniff` and its own `default-src 'none'; sandbox` policy.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { AdminImage } from "../../domain/contracts/admin.ts";
import { MAX_FILES_PER_UPLOAD, MAX_UPLOAD_BYTES } from "../../server/images/pipeline.ts";
import { createProductThroughApi } from "../support/auth.ts";
import { testDatabases } from "../support/database.ts";
import { formWith, HTML_PAGE, pngImage } from "../support/images.ts";
import { rowCount } from "../support/rows.ts";
import { suiteApp } from "../support/suite-app.ts";

const HEBREW = /[\u0590-\u05FF]/;
const PAYLOAD = "<script>alert(document.cookie)</script>";

const WRONG_TYPES: [string, Buffer][] = [
  ["an HTML page", HTML_PAGE],
  ["a PDF", Buffer.from("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF")],
  ["a ZIP archive", Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(60, 1)])],
  ["a Windows executable", Buffer.concat([Buffer.from("MZ"), Buffer.alloc(126, 0x90)])],
  ["plain text", Buffer.from("just some text, not an image at all")],
  ["an empty file", Buffer.alloc(0)],
];

/** An SVG that asks the renderer for a local file, as an XML entity and as an image. */
const SVG_EXTERNAL = Buffer.from(`<?xml version="1.0"?>
<!DOCTYPE svg [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="200" height="100">
  <text x="10" y="50">&secret;</text>
  <image href="file:///etc/passwd" width="100" height="100"/>
  <image xlink:href="http://169.254.169.254/latest/meta-data/" width="10" height="10"/>
</svg>`);

for (const factory of testDatabases()) {
  describe(`attack suite: uploads on ${factory.name}`, () => {
    const env = suiteApp(factory, { clients: { admin: "admin" } });
    let productId: number;
    let png: Buffer;

    beforeAll(async () => {
      productId = await createProductThroughApi(env.admin, { name: "עוגת גבינה", title: "עוגה", serial_id: 654_321 });
      png = await pngImage(160, 100);
    });

    /** Through both upload paths: the back office's multi-file one and the spec's product upload. */
    const uploadBoth = async (bytes: Buffer, name: string, type = "image/png") => {
      const many = await env.admin.fetch("/api/admin/images", {
        method: "POST",
        body: formWith({ id: String(productId), type: "product" }, [{ field: "files[]", bytes, name, type }]),
      });
      const one = await env.admin.fetch("/api/upload/image", {
        method: "POST",
        body: formWith({ product_id: String(productId) }, [{ field: "image", bytes, name, type }]),
      });
      return [many, one];
    };
    const imageCount = () => rowCount(env.database.handle.db, "images");
    /** Every stored variant of an image, fetched as a browser would. */
    const variantsOf = async (image: AdminImage) => {
      const urls = [
        image.picture.url,
        ...image.picture.sources.flatMap((s) => s.srcSet.split(", ").map((p) => p.split(" ")[0]!)),
      ];
      return Promise.all(urls.map(async (url) => ({ url, response: await env.t.request(url) })));
    };
    const expectCleanRaster = async (image: AdminImage, forbidden: string[]) => {
      for (const { url, response } of await variantsOf(image)) {
        expect(url).toMatch(/^\/uploads\/[A-Za-z0-9/_-]+\.(webp|jpg)$/);
        expect(response.status).toBe(200);
        expect(response.headers.get("content-type")).toMatch(/^image\/(webp|jpeg)$/);
        expect(response.headers.get("x-content-type-options")).toBe("nosniff");
        expect(response.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
        const bytes = Buffer.from(await response.arrayBuffer());
        for (const text of forbidden) expect(bytes.includes(text), `${url} holds ${text}`).toBe(false);
      }
    };

    it("refuses files of the wrong type declared as image/png (Hebrew 422, nothing stored)", async () => {
      const before = await imageCount();
      for (const [what, bytes] of WRONG_TYPES) {
        for (const response of await uploadBoth(bytes, "photo.png")) {
          expect(response.status, what).toBe(422);
          const body = (await response.json()) as { errors: Record<string, string[]> };
          expect(Object.values(body.errors).flat().join(" "), what).toMatch(HEBREW);
        }
      }
      expect(await imageCount()).toBe(before);
    });

    it("re-encodes a PNG/HTML polyglot: the stored variants carry none of the payload", async () => {
      const polyglot = Buffer.concat([png, Buffer.from(`<html><body>${PAYLOAD}</body></html>`)]);
      for (const response of await uploadBoth(polyglot, "polyglot.png.html", "text/html")) {
        expect(response.status).toBe(201);
        const body = (await response.json()) as { data: AdminImage | AdminImage[] };
        for (const image of [body.data].flat()) await expectCleanRaster(image, ["<script", "<html"]);
      }
    });

    it("refuses a GIF/JavaScript polyglot that is no real image (422)", async () => {
      const gifar = Buffer.from(`GIF89a/*\x00\x00\x00\x00*/=1;${PAYLOAD.replace(/<\/?script>/g, "")}//`);
      for (const response of await uploadBoth(gifar, "x.gif", "image/gif")) expect(response.status).toBe(422);
    });

    it("rasterises an SVG with an external entity and file:// or metadata image references without reading them", async () => {
      for (const response of await uploadBoth(SVG_EXTERNAL, "xxe.svg", "image/svg+xml")) {
        // Refused or rasterised — never a 500, never the SVG itself, never the file's text.
        expect([201, 422]).toContain(response.status);
        if (response.status === 201) {
          const body = (await response.json()) as { data: AdminImage | AdminImage[] };
          for (const image of [body.data].flat()) await expectCleanRaster(image, ["root:", "<svg", "<!ENTITY"]);
        }
      }
    });

    it("refuses an oversized file (422 naming the limit) and an oversized body (413)", async () => {
      const big = Buffer.concat([png, Buffer.alloc(MAX_UPLOAD_BYTES + 1 - png.length, 0)]);
      for (const response of await uploadBoth(big, "big.png")) {
        expect(response.status).toBe(422);
        expect(JSON.stringify(await response.json())).toContain("10MB");
      }
      const files = Array.from({ length: MAX_FILES_PER_UPLOAD + 1 }, (_, i) => ({
        field: "files[]",
        bytes: big,
        name: `big-${i}.png`,
        type: "image/png",
      }));
      const response = await env.admin.fetch("/api/admin/images", {
        method: "POST",
        body: formWith({ id: String(productId), type: "product" }, files),
      });
      expect(response.status).toBe(413);
    });

    it("never lets a hostile file name into the stored path", async () => {
      for (const name of [
        "../../../../etc/cron.d/x.png",
        "..\\..\\boot.png",
        "a\u0000.png",
        "<img src=x onerror=alert(1)>.png",
      ]) {
        for (const response of await uploadBoth(png, name)) {
          expect(response.status, name).toBe(201);
          const body = (await response.json()) as { data: AdminImage | AdminImage[] };
          for (const image of [body.data].flat()) {
            expect(image.path).not.toMatch(/\.\.|\\|<|%00/);
            expect(image.path.includes(String.fromCharCode(0))).toBe(false);
            await expectCleanRaster(image, []);
          }
        }
      }
    });
  });
}
