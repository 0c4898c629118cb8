/**
 * Image uploads and deletes in the back office (issue 6), on every test database: files are judged by
 * their bytes (a PNG named .gif is accepted, HTML named .png is refused, an SVG with a script is
 * rasterised), limits (pixel bomb, oversized file, oversized request, too many files), all-or-nothing
 * batches, ordering and the main image, and deletes that remove the stored files.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { AdminImage, AdminProduct } from "../../domain/contracts/admin.ts";
import { MAX_FILES_PER_UPLOAD, MAX_UPLOAD_BYTES } from "../../server/images/pipeline.ts";
import { createProductThroughApi, loginAs } from "../support/auth.ts";
import { TestClient } from "../support/client.ts";
import { testDatabases } from "../support/database.ts";
import { brokenHeic, formWith, HTML_PAGE, heicPhoto, pngBomb, pngImage, SVG_WITH_SCRIPT } from "../support/images.ts";
import { suiteApp } from "../support/suite-app.ts";

const HEBREW = /[\u0590-\u05FF]/;

interface UploadBody {
  message: string;
  data: AdminImage[];
  errors?: Record<string, string[]>;
}

for (const factory of testDatabases()) {
  describe(`admin images on ${factory.name}`, () => {
    const env = suiteApp(factory, { clients: { admin: "admin" } });
    let productId: number;
    let png: Buffer;

    beforeAll(async () => {
      await env.database.handle.db.deleteFrom("rate_limits").execute();
      productId = await createProductThroughApi(env.admin, {
        name: "עוגת שוקולד",
        title: "עוגה עשירה",
        serial_id: 123_456,
      });
      png = await pngImage(320, 200);
    });

    const upload = async (
      files: { bytes: Buffer; name: string; type: string }[],
      fields: Record<string, string> = { id: String(productId), type: "App\\Models\\Product", directory: "products" },
    ) => {
      const res = await env.admin.fetch("/api/admin/images", {
        method: "POST",
        body: formWith(
          fields,
          files.map((f) => ({ field: "files[]", ...f })),
        ),
      });
      return { res, json: (await res.json()) as UploadBody };
    };
    const imagesOf = async (id = productId) =>
      ((await (await env.admin.fetch(`/api/admin/images?type=product&id=${id}`)).json()) as { data: AdminImage[] })
        .data;
    const fetchFile = (url: string) => env.t.request(url);

    it("stores several images at once (201, 'תמונות נשמרו בהצלחה'), judged by bytes: a PNG named .gif is fine", async () => {
      const { res, json } = await upload([
        { bytes: png, name: "cake.gif", type: "image/gif" },
        { bytes: await pngImage(200, 200), name: "cake-2.png", type: "image/png" },
      ]);
      expect(res.status).toBe(201);
      expect(json.message).toBe("תמונות נשמרו בהצלחה");
      expect(json.data).toHaveLength(2);
      expect(json.data.map((i) => i.position)).toEqual([0, 1]);
      expect(json.data[0]!.alt).toBe("עוגת שוקולד – תמונה 1");
      const served = await fetchFile(json.data[0]!.path);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe("image/webp");
      // Issue 14 finding 7: the site-wide policy does not overwrite the image's own, stricter one.
      expect(served.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
      expect(json.data[0]!.picture.url).toMatch(/\.jpg$/);
    });

    it("refuses an HTML file named .png with a Hebrew message under the field (422) and stores nothing", async () => {
      const before = (await imagesOf()).length;
      const { res, json } = await upload([
        { bytes: png, name: "ok.png", type: "image/png" },
        { bytes: HTML_PAGE, name: "evil.png", type: "image/png" },
      ]);
      expect(res.status).toBe(422);
      expect(json.errors!["files.1"]![0]).toBe(
        "הקובץ אינו תמונה נתמכת. סוגים נתמכים: PNG, JPG, GIF, WebP, HEIC או SVG",
      );
      expect(json.errors!.files![0]).toMatch(HEBREW);
      // All or nothing: the valid first file was removed again.
      expect((await imagesOf()).length).toBe(before);
    });

    it("rasterises an SVG with a script: only WebP/JPEG are stored and served, never the SVG", async () => {
      const { res, json } = await upload([{ bytes: SVG_WITH_SCRIPT, name: "logo.svg", type: "image/svg+xml" }]);
      expect(res.status).toBe(201);
      const image = json.data[0]!;
      const urls = [
        image.picture.url,
        ...image.picture.sources.flatMap((s) => s.srcSet.split(", ").map((p) => p.split(" ")[0]!)),
      ];
      expect(urls.length).toBeGreaterThan(1);
      for (const url of urls) {
        expect(url).toMatch(/\.(webp|jpg)$/);
        const served = await fetchFile(url);
        expect(served.headers.get("content-type")).toMatch(/^image\/(webp|jpeg)$/);
        const bytes = Buffer.from(await served.arrayBuffer());
        expect(bytes.includes("<script")).toBe(false);
        expect(bytes.includes("<svg")).toBe(false);
      }
    });

    it("accepts an iPhone HEIC photo (decoded server-side) and refuses a broken one with the Hebrew 422", async () => {
      const ok = await upload([{ bytes: heicPhoto(), name: "IMG_0001.HEIC", type: "image/heic" }]);
      expect(ok.res.status).toBe(201);
      const image = ok.json.data[0]!;
      expect([image.width, image.height]).toEqual([320, 240]);
      const served = await fetchFile(image.picture.url);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toMatch(/^image\/(webp|jpeg)$/);

      const before = (await imagesOf()).length;
      const broken = await upload([{ bytes: brokenHeic(), name: "IMG_0002.HEIC", type: "image/heic" }]);
      expect(broken.res.status).toBe(422);
      expect(broken.json.errors!["files.0"]![0]).toBe("הקובץ פגום ולא ניתן לקרוא אותו כתמונה");
      expect((await imagesOf()).length).toBe(before);
    });

    it("refuses a pixel bomb from its header (422) and an oversized file (422 with the size limit)", async () => {
      const bomb = await upload([{ bytes: pngBomb(), name: "bomb.png", type: "image/png" }]);
      expect(bomb.res.status).toBe(422);
      expect(bomb.json.errors!["files.0"]![0]).toBe("התמונה גדולה מדי (מספר פיקסלים)");

      const big = Buffer.concat([png, Buffer.alloc(MAX_UPLOAD_BYTES + 1 - png.length)]);
      const oversized = await upload([{ bytes: big, name: "huge.png", type: "image/png" }]);
      expect(oversized.res.status).toBe(422);
      expect(oversized.json.errors!["files.0"]![0]).toBe("הקובץ גדול מדי (עד 10MB)");
    });

    it("refuses a request body over the upload limit with 413 before reading it", async () => {
      const res = await env.admin.fetch("/api/admin/images", {
        method: "POST",
        body: formWith({ id: String(productId), type: "product" }, [
          { field: "files[]", bytes: png, name: "a.png", type: "image/png" },
        ]),
        headers: { "Content-Length": String(MAX_FILES_PER_UPLOAD * MAX_UPLOAD_BYTES + 2 * 1024 * 1024) },
      });
      expect(res.status).toBe(413);
      expect(((await res.json()) as { message: string }).message).toMatch(HEBREW);
    });

    it("refuses too many files, no files, an unknown owner type or owner (422)", async () => {
      const many = Array.from({ length: MAX_FILES_PER_UPLOAD + 1 }, (_, i) => ({
        bytes: png,
        name: `${i}.png`,
        type: "image/png",
      }));
      const tooMany = await upload(many);
      expect(tooMany.res.status).toBe(422);
      expect(tooMany.json.errors!.files![0]).toBe(`ניתן להעלות עד ${MAX_FILES_PER_UPLOAD} קבצים בכל פעם`);
      const none = await upload([]);
      expect(none.res.status).toBe(422);
      expect(none.json.errors!.files).toBeDefined();
      const wrongType = await upload([{ bytes: png, name: "a.png", type: "image/png" }], {
        id: String(productId),
        type: "App\\Models\\User",
      });
      expect(wrongType.res.status).toBe(422);
      expect(wrongType.json.errors!.type).toBeDefined();
      const missing = await upload([{ bytes: png, name: "a.png", type: "image/png" }], {
        id: "999999",
        type: "category",
      });
      expect(missing.res.status).toBe(422);
      expect(missing.json.errors!.id).toBeDefined();
      const notMultipart = await env.admin.fetch("/api/admin/images", { method: "POST", json: { id: productId } });
      expect(notMultipart.status).toBe(415);
    });

    it("stores the product upload (POST /api/upload/image: product_id, image)", async () => {
      const res = await env.admin.fetch("/api/upload/image", {
        method: "POST",
        body: formWith({ product_id: String(productId) }, [
          { field: "image", bytes: png, name: "photo.jpg", type: "image/jpeg" },
        ]),
      });
      expect(res.status).toBe(201);
      const json = (await res.json()) as { message: string; data: AdminImage };
      expect(json.message).toBe("התמונה נשמרה בהצלחה");
      expect(json.data.id).toBeGreaterThan(0);
      const missing = await env.admin.fetch("/api/upload/image", {
        method: "POST",
        body: formWith({ product_id: "999999" }, [{ field: "image", bytes: png, name: "p.png", type: "image/png" }]),
      });
      expect(missing.status).toBe(422);
      expect(((await missing.json()) as UploadBody).errors!.product_id).toBeDefined();
      const html = await env.admin.fetch("/api/upload/image", {
        method: "POST",
        body: formWith({ product_id: String(productId) }, [
          { field: "image", bytes: HTML_PAGE, name: "x.png", type: "image/png" },
        ]),
      });
      expect(html.status).toBe(422);
      expect(((await html.json()) as UploadBody).errors!.image![0]).toMatch(HEBREW);
    });

    it("reorders images (the first becomes the main image) and refuses a foreign order (422)", async () => {
      const images = await imagesOf();
      expect(images.length).toBeGreaterThanOrEqual(3);
      const reversed = images.map((i) => i.id).reverse();
      const res = await env.admin.fetch("/api/admin/images/order", {
        method: "PUT",
        json: { type: "product", id: productId, order: reversed },
      });
      expect(res.status).toBe(200);
      expect((await imagesOf()).map((i) => i.id)).toEqual(reversed);
      const product = (
        (await (await env.admin.fetch(`/api/admin/products/${productId}`)).json()) as { data: AdminProduct }
      ).data;
      expect(product.mainImage?.id).toBe(reversed[0]);
      const list = (await (await env.admin.fetch(`/api/admin/products?search_id=${productId}`)).json()) as {
        data: { mainImage: { id: number } }[];
      };
      expect(list.data[0]!.mainImage.id).toBe(reversed[0]);
      const bad = await env.admin.fetch("/api/admin/images/order", {
        method: "PUT",
        json: { type: "product", id: productId, order: reversed.slice(1) },
      });
      expect(bad.status).toBe(422);
    });

    it("changes an image's alt text", async () => {
      const [first] = await imagesOf();
      const res = await env.admin.fetch(`/api/admin/images/${first!.id}`, {
        method: "PUT",
        json: { alt: "עוגה פרוסה" },
      });
      expect(res.status).toBe(200);
      expect((await imagesOf())[0]!.alt).toBe("עוגה פרוסה");
    });

    it("deletes an image and its files through both paths ('תמונה נמחקה בהצלחה')", async () => {
      const images = await imagesOf();
      for (const [index, image] of images.slice(0, 2).entries()) {
        const urls = [
          image.picture.url,
          ...image.picture.sources.flatMap((s) => s.srcSet.split(", ").map((p) => p.split(" ")[0]!)),
        ];
        for (const url of urls) expect((await fetchFile(url)).status).toBe(200);
        const res =
          index === 0
            ? await env.admin.fetch(`/api/admin/images/${image.id}`, { method: "DELETE" })
            : await env.admin.fetch(`/api/delete_image/${image.id}`, { method: "POST" });
        expect(res.status).toBe(200);
        const json = (await res.json()) as { message: string; data: { owner_type: string; owner_id: number } };
        expect(json.message).toBe("תמונה נמחקה בהצלחה");
        expect(json.data).toEqual({ owner_type: "product", owner_id: productId });
        for (const url of urls) expect((await fetchFile(url)).status, url).toBe(404);
      }
      expect((await env.admin.fetch(`/api/admin/images/${images[0]!.id}`, { method: "DELETE" })).status).toBe(404);
    });

    it("removes every image of a deleted product, category, branch, sale and publication, and their files once purged from the trash", async () => {
      const owners: [string, string, Record<string, unknown>][] = [
        ["product", "/api/admin/products", { name: "למחיקה", title: "כותרת", serial_id: 654_321 }],
        ["category", "/api/admin/categories", { name: "קטגוריה למחיקה" }],
        ["branch", "/api/admin/branches", { name: "סניף למחיקה" }],
        ["sale", "/api/admin/sales", { name: "מבצע למחיקה" }],
        ["publication", "/api/admin/publications", { name: "פרסום למחיקה" }],
      ];
      for (const [type, base, json] of owners) {
        const created = await env.admin.fetch(base, { method: "POST", json });
        const id = ((await created.json()) as { data: { id: number } }).data.id;
        const { res, json: uploaded } = await upload([{ bytes: png, name: "a.png", type: "image/png" }], {
          id: String(id),
          type,
        });
        expect(res.status, type).toBe(201);
        const url = uploaded.data[0]!.path;
        expect((await fetchFile(url)).status).toBe(200);
        const deleted = await env.admin.fetch(`${base}/${id}`, { method: "DELETE" });
        expect(deleted.status, type).toBe(200);
        // In the trash the files wait for a restore; deleting it for good takes them.
        const { trash } = (await deleted.json()) as { trash: { id: number } };
        expect((await fetchFile(url)).status, type).toBe(200);
        expect((await env.admin.fetch(`/api/admin/trash/${trash.id}`, { method: "DELETE" })).status, type).toBe(200);
        expect((await fetchFile(url)).status, type).toBe(404);
        const rows = await env.database.handle.db
          .selectFrom("images")
          .select("id")
          .where("owner_type", "=", type as "product")
          .where("owner_id", "=", id)
          .execute();
        expect(rows, type).toEqual([]);
      }
    });

    it("lets an editor upload and delete images, but not a visitor (401)", async () => {
      const editor = new TestClient(env.t);
      await loginAs(editor, env.t.services, "editor");
      const res = await editor.fetch("/api/admin/images", {
        method: "POST",
        body: formWith({ id: String(productId), type: "product" }, [
          { field: "files[]", bytes: png, name: "e.png", type: "image/png" },
        ]),
      });
      expect(res.status).toBe(201);
      const [image] = ((await res.json()) as UploadBody).data;
      expect((await editor.fetch(`/api/admin/images/${image!.id}`, { method: "DELETE" })).status).toBe(200);
      const visitor = new TestClient(env.t);
      const refused = await visitor.fetch("/api/admin/images", {
        method: "POST",
        body: formWith({ id: String(productId), type: "product" }, [
          { field: "files[]", bytes: png, name: "v.png", type: "image/png" },
        ]),
      });
      expect(refused.status).toBe(401);
    });
  });
}
