/**
 * Concurrent admin writes (issue 14), on every test database:
 * - optimistic concurrency: two saves from the same version → exactly one 200 and one 409 (Hebrew message,
 *   the current record), for every entity the back office edits with PUT; no version → last write wins as
 *   before; the JSON API's ETag / If-Match (a stale one 412, compressed answers' weak tags matching);
 * - writes racing a product's delete (image uploads, tags, sizes) leave no rows and no files behind, and
 *   every acknowledged write to a product that stays is kept.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { heApi } from "../../domain/i18n/api.ts";
import type { TestClient } from "../support/client.ts";
import { testDatabases } from "../support/database.ts";
import { formWith, pngImage } from "../support/images.ts";
import { suiteApp } from "../support/suite-app.ts";

type Json = Record<string, unknown>;
interface Answer {
  status: number;
  etag: string | null;
  body: { message?: string; data?: Json & { id: number; version: number }; errors?: Json };
}

/** Every entity the back office edits with PUT: a valid record, and the field a save changes. */
const ENTITIES: { endpoint: string; record: Json; field: string; value: (n: number) => string }[] = [
  {
    endpoint: "/api/admin/products",
    record: { name: "חלת שבת", title: "חלה מתוקה", serial_id: 777_001, status: 1 },
    field: "name",
    value: (n) => `חלה ${n}`,
  },
  {
    endpoint: "/api/admin/categories",
    record: { name: "עוגות", status: 1 },
    field: "name",
    value: (n) => `עוגות ${n}`,
  },
  {
    endpoint: "/api/admin/branches",
    record: {
      name: "סניף גאולה",
      address: "מלכי ישראל 1, ירושלים",
      location: "https://www.google.com/maps?q=31.78,35.21",
      phone: "02-5000000",
      email: "geula@example.co.il",
      opening_hours: [{ day: 0, opens: "07:00", closes: "19:00" }],
    },
    field: "name",
    value: (n) => `סניף ${n}`,
  },
  { endpoint: "/api/admin/sales", record: { name: "מבצע", content: "1+1" }, field: "name", value: (n) => `מבצע ${n}` },
  {
    endpoint: "/api/admin/publications",
    record: { name: "חדשות", content: "נפתח סניף" },
    field: "name",
    value: (n) => `חדשות ${n}`,
  },
  {
    endpoint: "/api/clients",
    record: { email: "race@example.co.il" },
    field: "email",
    value: (n) => `race${n}@example.co.il`,
  },
];

const SETTINGS = {
  brand_name: "מאפיית הבית",
  tagline: "",
  phone: "02-6240000",
  whatsapp_number: "",
  order_url: "",
  club_url: "",
  facebook_url: "",
  instagram_url: "",
  address: "",
  email: "",
};

/** Every file under a folder, recursively (the stored image variants). */
function countFiles(dir: string): number {
  let n = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    n += entry.isDirectory() ? countFiles(path.join(dir, entry.name)) : 1;
  }
  return n;
}

for (const factory of testDatabases()) {
  describe(`concurrent admin writes on ${factory.name}`, () => {
    // Dozens of uploads at once: a queue wide enough that the image gate (issue 31) refuses none of them here.
    const env = suiteApp(factory, { clients: { admin: "admin", other: "admin" }, app: { imageGate: { queue: 100 } } });

    beforeAll(async () => {
      await env.database.handle.db.deleteFrom("rate_limits").execute();
    });

    /** A product's stored images (their paths), tags and sizes. */
    const productRows = async (id: number) => {
      const db = env.database.handle.db;
      const images = await db
        .selectFrom("images")
        .select(["path"])
        .where("owner_type", "=", "product")
        .where("owner_id", "=", id)
        .execute();
      const tags = await db
        .selectFrom("tags")
        .select("id")
        .where("tagable_type", "=", "product")
        .where("tagable_id", "=", id)
        .execute();
      const sizes = await db.selectFrom("sizes").select("id").where("product_id", "=", id).execute();
      return { images, tags, sizes };
    };
    const call = async (client: TestClient, url: string, init: RequestInit & { json?: unknown } = {}) => {
      const res = await client.fetch(url, init);
      return { status: res.status, etag: res.headers.get("etag"), body: (await res.json()) as Answer["body"] };
    };

    describe("optimistic concurrency", () => {
      for (const entity of ENTITIES) {
        it(`${entity.endpoint}: two saves from the same version → one 200, one 409 with the record as saved`, async () => {
          const made = await call(env.admin, entity.endpoint, { method: "POST", json: entity.record });
          expect(made.status).toBe(201);
          const id = made.body.data!.id;
          const item = `${entity.endpoint}/${id}`;
          const loaded = await call(env.admin, item);
          const version = loaded.body.data!.version;
          expect(version).toBe(1);
          expect(loaded.etag).toBe(`"${version}"`);

          const save = (client: TestClient, n: number) =>
            call(client, item, { method: "PUT", json: { ...entity.record, [entity.field]: entity.value(n), version } });
          const answers = await Promise.all([save(env.admin, 1), save(env.other, 2)]);
          expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
          const won = answers.find((a) => a.status === 200)!;
          const lost = answers.find((a) => a.status === 409)!;
          expect(lost.body.message).toBe(heApi.versionConflict);
          // The refused save is told what is there now: the winner's value, at the new version.
          expect(lost.body.data!.version).toBe(version + 1);
          expect(lost.body.data![entity.field]).toBe(won.body.data![entity.field]);
          expect(lost.etag).toBe(`"${version + 1}"`);
          expect(won.etag).toBe(`"${version + 1}"`);

          const now = await call(env.admin, item);
          expect(now.body.data![entity.field]).toBe(won.body.data![entity.field]);
          expect(now.body.data!.version).toBe(version + 1);

          // Saving again from the version the 409 answered succeeds ("keep editing").
          const again = await call(env.other, item, {
            method: "PUT",
            json: { ...entity.record, [entity.field]: entity.value(3), version: lost.body.data!.version },
          });
          expect(again.status).toBe(200);
          expect(again.body.data!.version).toBe(version + 2);
        });
      }

      it("a 409 says who saved the newer version and when, from the audit log (issue 29)", async () => {
        const record = { name: "בבקה", title: "בבקה שוקולד", serial_id: 777_310, status: 1 };
        const made = await call(env.admin, "/api/admin/products", { method: "POST", json: record });
        const item = `/api/admin/products/${made.body.data!.id}`;
        const version = made.body.data!.version;
        // The two staff members by different names (the test accounts share one).
        const otherEmail = ((await (await env.other.fetch("/api/user")).json()) as { data: { email: string } }).data
          .email;
        await env.database.handle.db
          .updateTable("users")
          .set({ name: "דנה כהן" })
          .where("email", "=", otherEmail)
          .execute();
        const before = Date.now();
        const won = await call(env.other, item, { method: "PUT", json: { ...record, title: "בבקה קינמון", version } });
        expect(won.status).toBe(200);
        const lost = await call(env.admin, item, { method: "PUT", json: { ...record, title: "בבקה", version } });
        expect(lost.status).toBe(409);
        const other = (await (await env.other.fetch("/api/user")).json()) as { data: { name: string } };
        const me = (await (await env.admin.fetch("/api/user")).json()) as { data: { name: string } };
        expect(other.data.name).not.toBe(me.data.name);
        const savedBy = (lost.body.data as { saved_by?: { name: string | null; at: string | null } }).saved_by;
        expect(savedBy?.name).toBe(other.data.name);
        expect(Date.parse(savedBy?.at ?? "")).toBeGreaterThanOrEqual(before - 1_000);
      });

      it("25 rounds of two product saves from the same version: one 200 and one 409 every round, no edit lost", async () => {
        const record = { name: "רוגלך", title: "רוגלך שוקולד", serial_id: 777_200, status: 1 };
        const made = await call(env.admin, "/api/admin/products", { method: "POST", json: record });
        const item = `/api/admin/products/${made.body.data!.id}`;
        let version = made.body.data!.version;
        for (let round = 0; round < 25; round++) {
          const answers = await Promise.all(
            [env.admin, env.other].map((client, n) =>
              call(client, item, { method: "PUT", json: { ...record, title: `סבב ${round} עורך ${n}`, version } }),
            ),
          );
          expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
          const won = answers.find((a) => a.status === 200)!;
          const stored = (await call(env.admin, item)).body.data!;
          // What is stored is what the 200 said; the 409 was told so, and nothing was written silently.
          expect(stored.title).toBe(won.body.data!.title);
          expect(answers.find((a) => a.status === 409)!.body.data!.title).toBe(stored.title);
          expect(stored.version).toBe(version + 1);
          version = stored.version;
        }
      });

      it("saves without a version keep today's behaviour: both 200, the last one wins", async () => {
        const made = await call(env.admin, "/api/admin/sales", { method: "POST", json: { name: "א", content: "" } });
        const item = `/api/admin/sales/${made.body.data!.id}`;
        const first = await call(env.admin, item, { method: "PUT", json: { name: "ב", content: "" } });
        const second = await call(env.other, item, { method: "PUT", json: { name: "ג", content: "" } });
        expect([first.status, second.status]).toEqual([200, 200]);
        const now = await call(env.admin, item);
        expect(now.body.data).toMatchObject({ name: "ג", version: 3 });
      });

      it("ETag and If-Match on the JSON API: a stale If-Match is 412, a current one 200, * and none skip the check", async () => {
        const made = await call(env.admin, "/api/admin/products", {
          method: "POST",
          json: { name: "בורקס", title: "בורקס גבינה", serial_id: 777_100, status: 1 },
        });
        const item = `/api/admin/products/${made.body.data!.id}`;
        const record = { name: "בורקס", title: "בורקס גבינה", serial_id: 777_100, status: 1 };
        const { etag } = await call(env.admin, item);
        expect(etag).toBe('"1"');
        const ok = await call(env.admin, item, {
          method: "PUT",
          json: { ...record, name: "בורקס תפוחי אדמה" },
          headers: { "If-Match": etag! },
        });
        expect(ok.status).toBe(200);
        expect(ok.etag).toBe('"2"');
        // RFC 9110: a failed precondition is a 412, with the record as it is now.
        const stale = await call(env.other, item, {
          method: "PUT",
          json: { ...record, name: "בורקס פטריות" },
          headers: { "If-Match": etag! },
        });
        expect(stale.status).toBe(412);
        expect(stale.body.message).toBe(heApi.preconditionFailed);
        expect(stale.body.data).toMatchObject({ name: "בורקס תפוחי אדמה", version: 2 });
        expect(stale.etag).toBe('"2"');
        // If-Match wins over a body version.
        const header = await call(env.admin, item, {
          method: "PUT",
          json: { ...record, version: 1 },
          headers: { "If-Match": '"2"' },
        });
        expect(header.status).toBe(200);
        const any = await call(env.admin, item, { method: "PUT", json: record, headers: { "If-Match": "*" } });
        expect(any.status).toBe(200);
        expect(any.body.data!.version).toBe(4);
        // A list matches when any of its tags is the current version; tags that are not ours never do.
        const list = await call(env.admin, item, {
          method: "PUT",
          json: record,
          headers: { "If-Match": '"1", W/"4"' },
        });
        expect(list.status).toBe(200);
        expect(list.body.data!.version).toBe(5);
        const foreign = await call(env.admin, item, { method: "PUT", json: record, headers: { "If-Match": '"abc"' } });
        expect(foreign.status).toBe(412);
        expect(foreign.body.data!.version).toBe(5);
        for (const malformed of ["5", "W/5", '"5', '"5" "6"']) {
          const answer = await call(env.admin, item, {
            method: "PUT",
            json: record,
            headers: { "If-Match": malformed },
          });
          expect(answer.status, malformed).toBe(400);
          expect(answer.body.message).toBe(heApi.ifMatchInvalid);
        }
        expect((await call(env.admin, item)).body.data!.version).toBe(5);
        const badVersion = await call(env.admin, item, { method: "PUT", json: { ...record, version: "abc" } });
        expect(badVersion.status).toBe(422);
        expect(badVersion.body.errors).toHaveProperty("version");
        // A stale save of a deleted record is a 404, not a 409.
        await call(env.admin, item, { method: "DELETE" });
        const gone = await call(env.admin, item, { method: "PUT", json: { ...record, version: 5 } });
        expect(gone.status).toBe(404);
      });

      it("GET → PUT with If-Match under Accept-Encoding: gzip, br: the compressed answer's weak tag matches; a stale one is 412", async () => {
        const compressed = { "Accept-Encoding": "gzip, br" };
        // The in-process app hands back the bytes as sent; a browser would inflate them.
        const decoded = async (res: Response) => {
          const bytes = Buffer.from(await res.arrayBuffer());
          return JSON.parse(String(res.headers.get("content-encoding") === "gzip" ? gunzipSync(bytes) : bytes));
        };
        const record = {
          name: "חלה",
          title: "חלה מתוקה",
          serial_id: 777_300,
          status: 1,
          description: "בצק רך ".repeat(300),
        };
        const made = await call(env.admin, "/api/admin/products", { method: "POST", json: record });
        const item = `/api/admin/products/${made.body.data!.id}`;
        const loaded = await env.admin.fetch(item, { headers: compressed });
        // What every browser and Node's fetch get: a compressed body, so compress() weakened the tag.
        expect(loaded.headers.get("content-encoding")).toBe("gzip");
        const etag = loaded.headers.get("etag")!;
        expect(etag).toBe('W/"1"');
        await loaded.arrayBuffer();
        const put = (tag: string, name: string) =>
          env.admin.fetch(item, {
            method: "PUT",
            json: { ...record, name },
            headers: { ...compressed, "If-Match": tag },
          });
        const saved = await put(etag, "חלה עגולה");
        expect(saved.status).toBe(200);
        expect(saved.headers.get("etag")).toBe('W/"2"');
        expect(await decoded(saved)).toMatchObject({ data: { name: "חלה עגולה", version: 2 } });
        const stale = await put(etag, "חלה קלועה");
        expect(stale.status).toBe(412);
        expect(await decoded(stale)).toMatchObject({
          message: heApi.preconditionFailed,
          data: { name: "חלה עגולה", version: 2 },
        });
        // The settings, the other versioned resource, the same way.
        const settings = await env.admin.fetch("/api/admin/settings", { headers: compressed });
        const settingsTag = settings.headers.get("etag")!;
        expect(settingsTag).toMatch(/^W\/"\d+"$/);
        await settings.arrayBuffer();
        const put2 = (tag: string) =>
          env.admin.fetch("/api/admin/settings", {
            method: "PUT",
            json: SETTINGS,
            headers: { ...compressed, "If-Match": tag },
          });
        expect((await put2(settingsTag)).status).toBe(200);
        const again = await put2(settingsTag);
        expect(again.status).toBe(412);
        expect(await decoded(again)).toMatchObject({ message: heApi.preconditionFailed });
      });

      it("site settings: one of two saves from the same version wins, the other is a 409 with the settings now", async () => {
        const loaded = await call(env.admin, "/api/admin/settings");
        const version = loaded.body.data!.version;
        expect(loaded.etag).toBe(`"${version}"`);
        const save = (client: TestClient, brand: string) =>
          call(client, "/api/admin/settings", { method: "PUT", json: { ...SETTINGS, brand_name: brand, version } });
        const answers = await Promise.all([save(env.admin, "מאפיית א"), save(env.other, "מאפיית ב")]);
        expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
        const won = answers.find((a) => a.status === 200)!;
        const lost = answers.find((a) => a.status === 409)!;
        expect(lost.body.message).toBe(heApi.versionConflict);
        expect(lost.body.data).toMatchObject({ brand_name: won.body.data!.brand_name, version: version + 1 });
        expect((await env.t.services.settings.get()).brandName).toBe(won.body.data!.brand_name);
        // Without a version: saved as before.
        const plain = await call(env.other, "/api/admin/settings", { method: "PUT", json: SETTINGS });
        expect(plain.status).toBe(200);
        expect(plain.body.data!.version).toBe(version + 2);
      });
    });

    describe("writes racing a product's delete", () => {
      const newProduct = async (serial: number) =>
        (
          await call(env.admin, "/api/admin/products", {
            method: "POST",
            json: { name: `מוצר ${serial}`, title: "מרוץ", serial_id: serial, status: 1 },
          })
        ).body.data!.id;

      it("leaves no image rows, tags, sizes or files of the deleted product; keeps every write to the one that stays", async () => {
        const png = await pngImage(640, 400);
        const ROUNDS = 3;
        const WRITES = 4;
        for (let round = 0; round < ROUNDS; round++) {
          const doomed = await newProduct(778_000 + round * 2);
          const kept = await newProduct(778_001 + round * 2);
          const filesBefore = countFiles(env.t.uploadsDir);

          const upload = (productId: number, n: number) =>
            env.admin.fetch("/api/upload/image", {
              method: "POST",
              body: formWith({ product_id: String(productId) }, [
                { field: "image", bytes: png, name: `cake-${n}.png`, type: "image/png" },
              ]),
            });
          const multi = (productId: number) =>
            env.admin.fetch("/api/admin/images", {
              method: "POST",
              body: formWith({ id: String(productId), type: "product", directory: "products" }, [
                { field: "files[]", bytes: png, name: "a.png", type: "image/png" },
                { field: "files[]", bytes: png, name: "b.png", type: "image/png" },
              ]),
            });
          const tag = (productId: number, n: number) =>
            env.admin.fetch("/api/admin/tags", {
              method: "POST",
              json: { name: `תג ${n}`, color: "כחול", tagable_id: productId, tagable_type: "product" },
            });
          const size = (productId: number, n: number) =>
            env.admin.fetch("/api/admin/sizes", {
              method: "POST",
              json: { name: `גודל ${n}`, price: 10, product_id: productId },
            });

          const writes: Promise<Response>[] = [];
          const doomedQuick: Promise<Response>[] = [];
          const keptImages: Promise<Response>[] = [];
          for (let n = 0; n < WRITES; n++) {
            for (const productId of [doomed, kept]) {
              const quick = [tag(productId, n), size(productId, n)];
              const images = [upload(productId, n), ...(n % 3 === 0 ? [multi(productId)] : [])];
              writes.push(...quick, ...images);
              if (productId === doomed) doomedQuick.push(...quick);
              else keptImages.push(...images);
            }
          }
          // The delete comes at once, or once a quick write to the product has landed (the uploads are past
          // their first owner check and still encoding), or once the first image of the other product is in.
          if (round % 3 === 1) await Promise.race(doomedQuick);
          if (round % 3 === 2) await Promise.race(keptImages);
          const removal = env.other.fetch(`/api/admin/products/${doomed}`, { method: "DELETE" });
          const answers = await Promise.all(writes.map(async (w) => (await w).status));
          const removed = await removal;
          expect(removed.status).toBe(200);
          // The delete put it in the trash with every row written before it; purging it takes the files.
          const { trash } = (await removed.json()) as { trash: { id: number } };
          await env.t.services.admin.trash.purge(trash.id, () => true);
          // Each write either landed (201) or found the product gone (404, or the 422 of a missing product).
          for (const status of answers) expect([201, 404, 422]).toContain(status);
          expect(answers.filter((s) => s === 201).length).toBeGreaterThanOrEqual(WRITES * 3);

          const doomedRows = await productRows(doomed);
          expect(doomedRows.images).toEqual([]);
          expect(doomedRows.tags).toEqual([]);
          expect(doomedRows.sizes).toEqual([]);

          // Every write to the product that stays was acknowledged and kept, with its files.
          const { images: keptImageRows, tags: keptTags, sizes: keptSizes } = await productRows(kept);
          expect(keptImageRows).toHaveLength(WRITES + 2 * Math.ceil(WRITES / 3));
          expect(keptTags).toHaveLength(WRITES);
          expect(keptSizes).toHaveLength(WRITES);
          const keptFiles = keptImageRows.reduce(
            (sum, image) => sum + countFiles(path.join(env.t.uploadsDir, image.path)),
            0,
          );
          expect(keptFiles).toBeGreaterThan(0);
          // No file of the deleted (and purged) product is left: the folder holds what it held plus the kept
          // images' files.
          expect(countFiles(env.t.uploadsDir)).toBe(filesBefore + keptFiles);
        }
      }, 120_000); // about 60 image encodings: room for a loaded machine

      it("an image whose product is deleted during its processing is refused with a Hebrew 404 and leaves no files", async () => {
        const productId = await newProduct(779_000);
        const filesBefore = countFiles(env.t.uploadsDir);
        // The owner is checked once more, with the insert, after the slow encoding has stored the files.
        const pending = env.t.services.images.add({ type: "product", id: productId }, await pngImage(1400, 900), {
          alt: "x",
        });
        await env.database.handle.db.deleteFrom("products").where("id", "=", productId).execute();
        await expect(pending).rejects.toMatchObject({ status: 404, message: heApi.ownerDeleted });
        expect(countFiles(env.t.uploadsDir)).toBe(filesBefore);
        const rows = await env.database.handle.db
          .selectFrom("images")
          .select("id")
          .where("owner_id", "=", productId)
          .where("owner_type", "=", "product")
          .execute();
        expect(rows).toEqual([]);
      });
    });
  });
}
