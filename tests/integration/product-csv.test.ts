/**
 * Product CSV export and import (issue 30 part 2), on each database: the export is the list's filter as CSV with
 * a BOM and Hebrew headers, formulas guarded; a spreadsheet's file (BOM, CRLF, Hebrew header, quoted commas and
 * line breaks, a malformed row) previews per row; export → import changes nothing; apply does exactly what the
 * preview showed, reports (not overwrites) a product edited since the preview, audits each record and undoes as
 * one batch; a file with a refused row applies nothing; bad files are Hebrew 4xx; a role without the ability 403.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { AdminProduct } from "../../domain/contracts/admin.ts";
import { PRODUCT_CSV_HEADERS } from "../../domain/i18n/product-csv.ts";
import { ROLE_ABILITIES } from "../../domain/permissions.ts";
import { createProductThroughApi, createThroughApi } from "../support/auth.ts";
import type { TestClient } from "../support/client.ts";
import { testDatabases } from "../support/database.ts";
import { suiteApp } from "../support/suite-app.ts";

const HEBREW = /[\u0590-\u05FF]/;
const H = PRODUCT_CSV_HEADERS;

interface Row {
  line: number;
  serial: number | null;
  name: string;
  kind: "create" | "change" | "unchanged" | "skipped" | "refused";
  changes: { field: string; from: string; to: string }[];
  reasons: string[];
  token: string | null;
}
interface Plan {
  rows: Row[];
  counts: Record<Row["kind"], number>;
}

let serial = 771_000;

for (const factory of testDatabases()) {
  describe(`product CSV on ${factory.name}`, () => {
    const env = suiteApp(factory, {
      seeded: true,
      pages: true,
      clients: { admin: "admin", editor: "editor", visitor: null },
    });
    const db = () => env.database.handle.db;
    const editorAbilities = [...ROLE_ABILITIES.editor];
    afterEach(() => {
      ROLE_ABILITIES.editor.splice(0, ROLE_ABILITIES.editor.length, ...editorAbilities);
    });

    const product = async (id: number) =>
      ((await (await env.admin.fetch(`/api/admin/products/${id}`)).json()) as { data: AdminProduct }).data;

    async function make(word: string, count: number, prices = [12.5, 20]): Promise<number[]> {
      const ids: number[] = [];
      for (let i = 0; i < count; i++) {
        const id = await createProductThroughApi(env.admin, {
          name: `${word} ${i + 1}`,
          title: "מוצר לבדיקת ייבוא",
          serial_id: serial++,
        });
        for (const [j, price] of prices.entries()) {
          await createThroughApi(env.admin, "/api/admin/sizes", { name: `גודל ${j + 1}`, price, product_id: id });
        }
        ids.push(id);
      }
      return ids;
    }

    const exportOf = async (word: string) => {
      const res = await env.admin.fetch(`/api/admin/products/export?search_global=${encodeURIComponent(word)}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toContain("text/csv");
      return new Uint8Array(await res.arrayBuffer());
    };
    function upload(path: string, file: Uint8Array | string, expected?: unknown, client: TestClient = env.admin) {
      const form = new FormData();
      form.set("file", new Blob([file as BlobPart], { type: "text/csv" }), "products.csv");
      if (expected !== undefined) form.set("expected", JSON.stringify(expected));
      return client.fetch(path, { method: "POST", body: form });
    }
    async function preview(file: Uint8Array | string, client: TestClient = env.admin) {
      const res = await upload("/api/admin/products/import/preview", file, undefined, client);
      return { status: res.status, body: (await res.json()) as { data: Plan; message?: string } };
    }
    const tokensOf = (plan: Plan) =>
      Object.fromEntries(plan.rows.filter((r) => r.token).map((r) => [String(r.line), r.token]));
    async function apply(file: Uint8Array | string, plan: Plan) {
      const res = await upload("/api/admin/products/import/apply", file, tokensOf(plan));
      return {
        status: res.status,
        body: (await res.json()) as {
          message: string;
          data: { batch: number | null; created: number; changed: number; unchanged: number; conflicts: Row[] };
        },
      };
    }

    it("exports the list's filter with a BOM and Hebrew headers, formulas guarded, and imports it back unchanged", async () => {
      const ids = await make("ייצואבדיקה", 3);
      // A name a spreadsheet would run as a formula, a content with commas, quotes and a line break.
      const first = await product(ids[0]!);
      const put = await env.admin.fetch(`/api/admin/products/${ids[0]}`, {
        method: "PUT",
        json: {
          ...first,
          name: '=HYPERLINK("x") ייצואבדיקה',
          content: 'שורה, ראשונה\n"שנייה"',
          dietary: "dairy",
          allergen_status: "listed",
          allergens: ["milk", "gluten"],
          version: first.version,
        },
      });
      expect(put.status).toBe(200);
      const bytes = await exportOf("ייצואבדיקה");
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = new TextDecoder().decode(bytes);
      const lines = text.split("\r\n");
      expect(lines[0]).toContain(`"${H.serial_id}"`);
      expect(lines[0]).toContain(`"${H.sizes}"`);
      expect(text).toContain(`"'=HYPERLINK(""x"") ייצואבדיקה"`);
      expect(text).toContain("גודל 1: 12.50 | גודל 2: 20.00");
      expect(text).toContain('"חלבי"');
      // Only the filter's products (the seed's are not in it): header, three rows, the final line end.
      expect(lines.length).toBe(5);

      const { status, body } = await preview(bytes);
      expect(status).toBe(200);
      expect(body.data.counts).toEqual({ create: 0, change: 0, unchanged: 3, skipped: 0, refused: 0 });
      const applied = await apply(bytes, body.data);
      expect(applied.status).toBe(200);
      expect(applied.body.data).toMatchObject({ batch: null, created: 0, changed: 0, unchanged: 3 });
      // Sizes listed in another order are the same sizes: unchanged.
      const reordered = new TextDecoder()
        .decode(bytes)
        .replace("גודל 1: 12.50 | גודל 2: 20.00", "גודל 2: 20.00 | גודל 1: 12.50");
      expect((await preview(reordered)).body.data.counts.unchanged).toBe(3);
      expect((await product(ids[0]!)).name).toBe('=HYPERLINK("x") ייצואבדיקה');
    });

    it("previews a spreadsheet's file per row: BOM, CRLF, Hebrew header, quoted commas and line breaks, a malformed row", async () => {
      const [id] = await make("אקסלבדיקה", 1);
      const existing = await product(id!);
      const newSerial = serial++;
      const header = [H.serial_id, H.name, H.title, H.content, H.sizes, H.categories, H.dietary, "עמודה מוזרה"];
      const file = [
        `\uFEFF${header.map((h) => `"${h.replace(/"/g, '""')}"`).join(",")}`,
        `${existing.serial_id},"אקסלבדיקה 1, מחודש","מוצר לבדיקת ייבוא","תיאור, עם פסיק\r\nושורה שנייה","גודל 1: ₪1,200.90 | גודל 2: 20",,פרווה,`,
        `${newSerial},חלה חדשה אקסלבדיקה,חלה,,"רגילה: 18",,,`,
        `${serial++},"טקסט אחרי"מירכאות,כותרת,,,,,`,
        `${serial++},שם,כותרת,,"קטן: -5",קטגוריה שאין,כשר מאוד,`,
        `${newSerial},כפול,כותרת,,,,,`,
        `${serial++},עם עמודה זרה,כותרת,,,,,ערך`,
        `,בלי מק"ט,כותרת,,,,,`,
        `${serial++},מחיר,כותרת,,"קטן: 12,5",,,`,
        `${serial++},"לא נסגר,כותרת,,,,,`,
      ].join("\r\n");
      const { status, body } = await preview(file);
      expect(status).toBe(200);
      const rows = body.data.rows;
      const byLine = new Map(rows.map((r) => [r.line, r]));
      const change = byLine.get(2)!;
      expect(change.kind).toBe("change");
      expect(change.changes).toEqual(
        expect.arrayContaining([
          { field: H.name, from: "אקסלבדיקה 1", to: "אקסלבדיקה 1, מחודש" },
          { field: H.content, from: "", to: "תיאור, עם פסיק\r\nושורה שנייה" },
          { field: H.sizes, from: "גודל 1: 12.50 | גודל 2: 20.00", to: "גודל 1: 1200.90 | גודל 2: 20.00" },
          { field: H.dietary, from: "", to: "פרווה" },
        ]),
      );
      // The quoted line break: the next record starts two lines further down.
      const refusedAsDuplicate = rows.filter((r) => r.serial === newSerial);
      expect(refusedAsDuplicate.map((r) => r.kind)).toEqual(["refused", "refused"]);
      expect(refusedAsDuplicate[0]!.reasons.join(" ")).toContain("יותר מפעם אחת");
      const malformed = rows.filter((r) => r.reasons.some((x) => x.includes("אינה CSV תקין")));
      expect(malformed.map((r) => r.line)).toEqual([5, 11]);
      const bad = rows.find((r) => r.name === "שם")!;
      expect(bad.kind).toBe("refused");
      expect(bad.reasons.join(" ")).toContain("קטגוריה שלא קיימת");
      expect(bad.reasons.join(" ")).toContain("מחוץ לטווח");
      expect(bad.reasons.join(" ")).toContain("כשרות לא מוכרת");
      expect(rows.find((r) => r.name === "עם עמודה זרה")!.reasons.join(" ")).toContain("עמודה לא מוכרת");
      // No serial number: skipped (not refused), with the reason.
      const skipped = rows.find((r) => r.name === 'בלי מק"ט')!;
      expect(skipped.kind).toBe("skipped");
      expect(skipped.reasons.join(" ")).toContain("אין מק״ט");
      expect(rows.find((r) => r.name === "מחיר")!.reasons.join(" ")).toContain("מחיר לא תקין");
      for (const row of rows.filter((r) => r.kind === "refused")) {
        expect(row.reasons.length).toBeGreaterThan(0);
        for (const reason of row.reasons) expect(reason).toMatch(HEBREW);
      }
      // A refused row anywhere: apply writes nothing, not even the good rows.
      const refused = await apply(file, body.data);
      expect(refused.status).toBe(422);
      expect(refused.body.message).toMatch(HEBREW);
      expect((await product(id!)).name).toBe("אקסלבדיקה 1");
      const created = await db().selectFrom("products").select("id").where("serial_id", "=", newSerial).execute();
      expect(created).toEqual([]);
    });

    it("applies exactly what the preview showed, reports a product edited since, audits each record, and undoes as one batch", async () => {
      const ids = await make("החלהבדיקה", 3);
      const [a, b, c] = await Promise.all(ids.map(product));
      const newSerial = serial++;
      const header = [H.serial_id, H.name, H.sizes, H.status, H.title];
      const file = [
        header.join(","),
        `${a!.serial_id},החלהבדיקה 1 חדש,"גודל 1: 15 | גודל 3: 30",מוצג באתר,מוצר לבדיקת ייבוא`,
        `${b!.serial_id},החלהבדיקה 2,"גודל 1: 12.50 | גודל 2: 20",טיוטה,מוצר לבדיקת ייבוא`,
        `${c!.serial_id},החלהבדיקה 3,"גודל 1: 12.50 | גודל 2: 20.00",מוצג באתר,מוצר לבדיקת ייבוא`,
        `${newSerial},החלהבדיקה חדש,"אחד: 9.90",טיוטה,חדש לגמרי`,
        `,החלהבדיקה מדולג,,טיוטה,בלי מק"ט`,
        `חדש,החלהבדיקה בלי מספר,"אחד: 5",מוצג באתר,טיוטה בלי מק"ט`,
      ].join("\n");
      const plan = (await preview(file)).body.data;
      expect(plan.rows.map((r) => r.kind)).toEqual(["change", "change", "unchanged", "create", "skipped", "create"]);
      // a's public page is warm in the cache before the import.
      expect((await env.t.request(`/product/${a!.id}`)).status).toBe(200);
      expect((await env.t.request(`/product/${a!.id}`)).headers.get("x-cache")).toBe("hit");
      // Someone saves b from its form after the preview.
      const put = await env.admin.fetch(`/api/admin/products/${b!.id}`, {
        method: "PUT",
        json: { ...b, title: "נערך בינתיים", version: b!.version },
      });
      expect(put.status).toBe(200);
      const { status, body } = await apply(file, plan);
      expect(status).toBe(200);
      expect(body.message).toMatch(HEBREW);
      expect(body.data).toMatchObject({ created: 2, changed: 1, unchanged: 1 });
      // "חדש": a hidden draft without a serial number (as a duplicate is), to be numbered in its form.
      const unnumbered = await db()
        .selectFrom("products")
        .select(["serial_id", "status"])
        .where("name", "=", "החלהבדיקה בלי מספר")
        .executeTakeFirstOrThrow();
      expect([Number(unnumbered.serial_id), Number(unnumbered.status)]).toEqual([0, 0]);
      expect(body.data.conflicts.map((r) => r.serial)).toEqual([b!.serial_id]);
      const afterA = await product(a!.id);
      expect(afterA.name).toBe("החלהבדיקה 1 חדש");
      expect(afterA.size.map((s) => [s.name, s.price])).toEqual([
        ["גודל 1", 15],
        ["גודל 3", 30],
      ]);
      // The page follows at once (the change trail invalidated it), even though it was cached.
      expect(await (await env.t.request(`/product/${a!.id}`)).text()).toContain("החלהבדיקה 1 חדש");
      // The size kept its id (pre-orders name it).
      expect(afterA.size[0]!.id).toBe(a!.size[0]!.id);
      const afterB = await product(b!.id);
      expect(afterB.title).toBe("נערך בינתיים");
      expect(afterB.status).toBe(1);
      const createdRow = await db()
        .selectFrom("products")
        .select(["id", "status", "name"])
        .where("serial_id", "=", newSerial)
        .executeTakeFirstOrThrow();
      expect(createdRow).toMatchObject({ name: "החלהבדיקה חדש", status: 0 });
      // What apply wrote is what the preview said: the same file now previews as unchanged, but for b.
      const again = (await preview(file)).body.data;
      expect(again.rows.map((r) => r.kind)).toEqual([
        "unchanged",
        "change",
        "unchanged",
        "unchanged",
        "skipped",
        "create",
      ]);
      // One audit entry per record, each with the batch's number.
      const batch = body.data.batch!;
      const entries = await db()
        .selectFrom("audit_log")
        .select(["entity_id", "action", "changes"])
        .where("entity_type", "=", "Product")
        .where("entity_id", "in", [a!.id, createdRow.id])
        .where("changes", "like", `%"bulk"%`)
        .execute();
      expect(entries.map((e) => [e.entity_id, e.action]).sort()).toEqual(
        [
          [a!.id, "update"],
          [createdRow.id, "create"],
        ].sort(),
      );
      // Undo: a back as it was, the created product in the trash.
      const undo = await env.admin.fetch(`/api/admin/products/import/${batch}/undo`, { method: "POST", json: {} });
      expect(undo.status).toBe(200);
      const undone = await product(a!.id);
      expect(undone.name).toBe(a!.name);
      expect(undone.size.map((s) => [s.name, s.price])).toEqual([
        ["גודל 1", 12.5],
        ["גודל 2", 20],
      ]);
      expect((await env.admin.fetch(`/api/admin/products/${createdRow.id}`)).status).toBe(404);
      const twice = await env.admin.fetch(`/api/admin/products/import/${batch}/undo`, { method: "POST", json: {} });
      expect(twice.status).toBe(409);
    });

    it("refuses bad files with Hebrew 4xx, and a role without the ability with 403", async () => {
      const notUtf8 = new Uint8Array([0x22, 0xee, 0xf9, 0xe7, 0x22, 0x0d, 0x0a, 0x31]);
      const res = await preview(notUtf8);
      expect(res.status).toBe(422);
      expect(res.body.message).toMatch(HEBREW);
      const big = new Uint8Array(5 * 1024 * 1024 + 10).fill(0x41);
      const tooBig = await upload("/api/admin/products/import/preview", big);
      expect(tooBig.status).toBe(413);
      expect(((await tooBig.json()) as { message: string }).message).toMatch(HEBREW);
      const noSerial = await preview("שם,כותרת\nא,ב");
      expect(noSerial.status).toBe(422);
      expect(noSerial.body.message).toMatch(HEBREW);
      const tooMany = await preview(`${H.serial_id}\n${Array.from({ length: 5001 }, (_, i) => i + 1).join("\n")}`);
      expect(tooMany.status).toBe(422);

      expect((await preview("a", env.visitor)).status).toBe(401);
      expect((await env.visitor.fetch("/api/admin/products/export")).status).toBe(401);
      // An editor may import (the catalogue is theirs)…
      expect((await preview(`${H.serial_id},${H.name}\n${serial++},שם`, env.editor)).status).toBe(200);
      // …but a role without product rights may not, and may not export either.
      ROLE_ABILITIES.editor.splice(0, ROLE_ABILITIES.editor.length, { action: "read", subject: "Dashboard" });
      expect((await preview(`${H.serial_id}\n1`, env.editor)).status).toBe(403);
      expect((await env.editor.fetch("/api/admin/products/export")).status).toBe(403);
    });
  });
}
