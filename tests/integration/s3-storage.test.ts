/**
 * Images in S3-compatible storage (issue 15), against s3rver on 127.0.0.1: uploads land in the bucket and
 * are streamed back under /uploads/ with the immutable caching and ETag/304 of local files; deletes remove
 * the objects; the demo seed writes into the bucket; a store that stops answering makes uploads and deletes
 * a Hebrew 503 with nothing half-written while pages keep rendering; bad storage settings stop the server
 * at start with one line naming the variable (an unreachable store is waited for: tests/e2e/storage-start.test.ts); `npm run storage:migrate` copies a local folder, idempotently.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminImage } from "../../domain/contracts/admin.ts";
import { heApi } from "../../domain/i18n/api.ts";
import { seedDemoContent } from "../../server/db/seed/index.ts";
import { createLocalStorage } from "../../server/images/storage.ts";
import { createLogger } from "../../server/log.ts";
import { createServices } from "../../server/services/index.ts";
import { createTestApp } from "../support/app.ts";
import { createProductThroughApi, loginAs } from "../support/auth.ts";
import { TestClient } from "../support/client.ts";
import { testDatabases } from "../support/database.ts";
import { formWith, pngImage } from "../support/images.ts";
import { rowCount } from "../support/rows.ts";
import { runScript } from "../support/run-script.ts";
import { startS3, type TestS3 } from "../support/s3.ts";
import { freePort } from "../support/server-process.ts";
import { suiteApp } from "../support/suite-app.ts";
import { tempDir } from "../support/temp.ts";

const FIELDS = (id: number) => ({ id: String(id), type: "App\\Models\\Product", directory: "products" });

/** Every URL of an admin image: the fallback and each `srcset` entry. */
function urlsOf(image: AdminImage): string[] {
  return [
    image.picture.url,
    ...image.picture.sources.flatMap((s) => s.srcSet.split(", ").map((entry) => entry.split(" ")[0]!)),
  ];
}

const keyOf = (url: string) => url.replace(/^\/uploads\//, "");

for (const factory of testDatabases()) {
  describe(`images in S3 storage on ${factory.name}`, () => {
    let s3: TestS3;
    const env = suiteApp(factory, {
      pages: true,
      app: async () => {
        s3 = await startS3();
        return { storage: s3.storage() };
      },
      clients: { admin: "admin" },
    });
    let productId: number;
    let png: Buffer;

    beforeAll(async () => {
      productId = await createProductThroughApi(env.admin, {
        name: "חלה מתוקה",
        title: "חלה לשבת",
        serial_id: 424_242,
      });
      png = await pngImage(400, 260);
    });
    afterAll(async () => {
      await s3?.dispose();
    });

    const upload = async () => {
      const res = await env.admin.fetch("/api/admin/images", {
        method: "POST",
        body: formWith(FIELDS(productId), [{ field: "files[]", bytes: png, name: "challah.png", type: "image/png" }]),
      });
      return { res, json: (await res.json()) as { message: string; data: AdminImage[] } };
    };
    const imageRows = () => rowCount(env.database.handle.db, "images");

    it("stores an upload in the bucket and serves it from there with immutable caching and ETag/304", async () => {
      const { res, json } = await upload();
      expect(res.status).toBe(201);
      const [image] = json.data;
      const urls = urlsOf(image!);
      const keys = await s3.keys();
      // Every variant, and the master the AVIF step reads back, is an object in the bucket.
      const folder = keyOf(image!.picture.url).split("/").slice(0, 2).join("/");
      expect(keys).toContain(`${folder}/original.webp`);
      for (const url of urls) expect(keys).toContain(keyOf(url));

      const served = await env.t.request(image!.path);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe("image/webp");
      expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      const body = Buffer.from(await served.arrayBuffer());
      expect(body.equals((await s3.storage().read(keyOf(image!.path)))!)).toBe(true);
      expect(Number(served.headers.get("content-length"))).toBe(body.length);
      const etag = served.headers.get("etag");
      expect(etag).toMatch(/^"[\w-]+"$/);

      const again = await env.t.request(image!.path, { headers: { "If-None-Match": etag! } });
      expect(again.status).toBe(304);
      expect(again.headers.get("etag")).toBe(etag);
      const head = await env.t.request(image!.path, { method: "HEAD" });
      expect(head.status).toBe(200);
      expect(Number(head.headers.get("content-length"))).toBe(body.length);
      expect((await env.t.request(`/uploads/${folder}/w9999.webp`)).status).toBe(404);
    });

    it("removes the objects of a deleted image from the bucket", async () => {
      const { json } = await upload();
      const image = json.data[0]!;
      const folder = keyOf(image.picture.url).split("/").slice(0, 2).join("/");
      expect((await s3.keys()).filter((k) => k.startsWith(`${folder}/`)).length).toBeGreaterThan(2);
      const res = await env.admin.fetch(`/api/admin/images/${image.id}`, { method: "DELETE" });
      expect(res.status).toBe(200);
      expect((await s3.keys()).filter((k) => k.startsWith(`${folder}/`))).toEqual([]);
      for (const url of urlsOf(image)) expect((await env.t.request(url)).status).toBe(404);
    });

    it("answers a Hebrew 503 with nothing half-written while the store is down, and pages keep rendering", async () => {
      const { json } = await upload();
      const kept = json.data[0]!;
      const rowsBefore = await imageRows();
      const keysBefore = await s3.keys();
      const keptEtag = (await env.t.request(kept.path, { method: "HEAD" })).headers.get("etag")!;
      await s3.stop();
      try {
        const refused = await upload();
        expect(refused.res.status).toBe(503);
        expect(refused.json.message).toBe(heApi.storageUnavailable);
        expect(await imageRows()).toBe(rowsBefore);

        // A delete changes nothing either: the row stays, so it can be deleted once storage is back.
        const del = await env.admin.fetch(`/api/admin/images/${kept.id}`, { method: "DELETE" });
        expect(del.status).toBe(503);
        expect(((await del.json()) as { message: string }).message).toBe(heApi.storageUnavailable);
        expect(await imageRows()).toBe(rowsBefore);

        // The image itself cannot be read: a 503 for it alone, never cached…
        const image = await env.t.request(kept.path);
        expect(image.status).toBe(503);
        expect(image.headers.get("cache-control")).toBe("no-store");
        // …though a cache revalidating it is answered without the store (a key's bytes never change).
        const revalidated = await env.t.request(kept.path, { headers: { "If-None-Match": keptEtag } });
        expect(revalidated.status).toBe(304);
        // …while the product's page, which points at it, renders.
        const page = await env.t.request(`/product/${productId}`);
        expect(page.status).toBe(200);
        expect(await page.text()).toContain(kept.picture.url);
      } finally {
        await s3.start();
      }
      // No object of the refused upload was left behind.
      expect(await s3.keys()).toEqual(keysBefore);
      expect((await env.t.request(kept.path)).status).toBe(200);
      expect((await env.admin.fetch(`/api/admin/images/${kept.id}`, { method: "DELETE" })).status).toBe(200);
      expect(await imageRows()).toBe(rowsBefore - 1);
    });

    it("answers a Hebrew 503 when a local uploads folder refuses writes (as a read-only mount), with no row", async () => {
      // The folder's place is taken by a file, so nothing can be written under it (tests run as root, for
      // whom a read-only permission would not refuse anything).
      const blocked = path.join(tempDir("bakery-blocked-"), "uploads");
      writeFileSync(blocked, "not a folder");
      const local = createTestApp(env.database, { storage: createLocalStorage(blocked) });
      try {
        const staff = new TestClient(local);
        await loginAs(staff, local.services, "editor");
        const rowsBefore = await imageRows();
        const res = await staff.fetch("/api/admin/images", {
          method: "POST",
          body: formWith(FIELDS(productId), [{ field: "files[]", bytes: png, name: "a.png", type: "image/png" }]),
        });
        expect(res.status).toBe(503);
        expect(res.headers.get("retry-after")).toBe("30");
        expect(((await res.json()) as { message: string }).message).toBe(heApi.storageUnavailable);
        expect(await imageRows()).toBe(rowsBefore);
      } finally {
        local.dispose();
      }
    });

    it("seeds the demo content into the bucket, and IMAGES_PUBLIC_URL points pages at a CDN", async () => {
      const seeded = await factory.create();
      const bucket = s3.storage();
      try {
        const services = createServices(seeded.handle.db, {
          storage: bucket,
          logger: createLogger("silent"),
          imagesBaseUrl: "https://cdn.bakery.example/img/",
        });
        const result = await seedDemoContent(seeded.handle, services, { imageScale: 0.1 });
        await result.remaining;
        const rows = await seeded.handle.db.selectFrom("images").select(["path", "variants", "owner_id"]).execute();
        expect(rows.length).toBe(result.images);
        const keys = new Set(await s3.keys());
        for (const row of rows) {
          expect(keys.has(`${row.path}/original.webp`), row.path).toBe(true);
          for (const variant of JSON.parse(row.variants) as { key: string }[]) expect(keys.has(variant.key)).toBe(true);
        }
        const product = await seeded.handle.db.selectFrom("products").select("id").executeTakeFirstOrThrow();
        const [picture] = await services.media.imagesOf("product", product.id);
        expect(picture!.url).toMatch(/^https:\/\/cdn\.bakery\.example\/img\/products\/[\w-]+\/w\d+\.jpg$/);
        expect(picture!.sources[0]!.srcSet).toContain("https://cdn.bakery.example/img/products/");
      } finally {
        await seeded.dispose();
      }
    }, 120_000);
  });
}

/** Runs a script or the server on SQLite (DATABASE_URL unset) with extra environment. */
const run = (script: string, args: string[], env: Record<string, string>, timeoutMs = 60_000) =>
  runScript(script, args, { DATABASE_URL: "", ...env }, timeoutMs);

describe("S3 storage configuration and migration", () => {
  let s3: TestS3;
  beforeAll(async () => {
    s3 = await startS3("start-checks");
  });
  afterAll(async () => {
    await s3?.dispose();
  });

  it("stops the server at start with one line naming the variable: missing bucket, refused credentials, bad endpoint", async () => {
    const cases: [Record<string, string>, RegExp][] = [
      [
        { S3_BUCKET: "no-such-bucket" },
        /^Invalid configuration:\n {2}- S3_BUCKET: the bucket "no-such-bucket" does not exist/,
      ],
      [
        { AWS_ACCESS_KEY_ID: "WRONG", AWS_SECRET_ACCESS_KEY: "wrong-secret" },
        /^Invalid configuration:\n {2}- AWS_ACCESS_KEY_ID \/ AWS_SECRET_ACCESS_KEY: .* refused the credentials/,
      ],
      [{ S3_ENDPOINT: "not a url" }, /^Invalid configuration:\n {2}- S3_ENDPOINT: S3_ENDPOINT must be an absolute URL/],
    ];
    for (const [overrides, expected] of cases) {
      const dataDir = tempDir("bakery-s3-start-");
      const { code, stderr } = await run("server/main.ts", [], {
        ...s3.env,
        PORT: String(await freePort()),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        ...overrides,
      });
      expect(code, stderr).toBe(1);
      expect(stderr.trim(), JSON.stringify(overrides)).toMatch(expected);
      // One problem, one line under the heading: no stack trace.
      expect(stderr.trim().split("\n")).toHaveLength(2);
    }
    // A script does not wait for a store that does not answer: it says so and stops.
    const closedPort = await freePort();
    const seed = await run("scripts/db-seed.ts", [], {
      ...s3.env,
      DATA_DIR: tempDir("bakery-s3-start-"),
      S3_ENDPOINT: `http://127.0.0.1:${closedPort}`,
    });
    expect(seed.code, seed.stderr).not.toBe(0);
    expect(seed.stderr).toContain("S3_ENDPOINT: cannot reach");
  }, 120_000);

  it("storage:migrate copies a local uploads folder into the bucket, and a second run copies nothing", async () => {
    const folder = tempDir("bakery-s3-migrate-");
    const local = createLocalStorage(folder);
    const { ingestImage } = await import("../../server/images/pipeline.ts");
    for (const width of [200, 240, 280])
      await ingestImage(local, await pngImage(width, 150), { directory: "products" });
    const localKeys: string[] = [];
    for await (const key of local.list()) localKeys.push(key);
    localKeys.sort();

    const env = { ...s3.env, DATA_DIR: tempDir("bakery-s3-migrate-data-"), UPLOADS_DIR: folder };
    const first = await run("scripts/storage-migrate.ts", [], env);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain(
      `Done: ${localKeys.length} files, ${localKeys.length} copied, 0 already in the bucket.`,
    );
    expect(await s3.keys()).toEqual(localKeys);
    for (const key of localKeys) expect((await s3.storage().read(key))!.equals((await local.read(key))!)).toBe(true);

    const second = await run("scripts/storage-migrate.ts", ["--from", folder], env);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toContain(
      `Done: ${localKeys.length} files, 0 copied, ${localKeys.length} already in the bucket.`,
    );

    const noBucket = await run("scripts/storage-migrate.ts", [], { DATA_DIR: env.DATA_DIR, S3_BUCKET: "" });
    expect(noBucket.code).toBe(1);
    expect(noBucket.stderr).toContain("storage:migrate needs S3_BUCKET");
  }, 120_000);
});
