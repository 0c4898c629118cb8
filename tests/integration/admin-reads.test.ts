/**
 * How often an audited admin save reads the record it changes, on each database: a product PUT reads the
 * product once before (the audit's "before") and once after (the answer), plus the serial-number check; a
 * club member's PUT likewise. Also what the member's save keeps: the same address keeps its consent and
 * confirmation links, a new address clears both — decided inside the write, without a read first.
 */
import { AliasNode, type KyselyPlugin, type OperationNode, type RootOperationNode, TableNode } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NotFoundError } from "../../server/errors.ts";
import { createLocalStorage } from "../../server/images/storage.ts";
import { createLogger } from "../../server/log.ts";
import { withTrail } from "../../server/services/audit/trail.ts";
import { createServices, type Services } from "../../server/services/index.ts";
import { type TestDatabase, testDatabases } from "../support/database.ts";
import { removeTempDir, tempDir } from "../support/temp.ts";

/** Counts the SELECT statements whose FROM names `table`. */
function selectCounter() {
  const counts = new Map<string, number>();
  const tableOf = (node: OperationNode): string | null => {
    if (TableNode.is(node)) return node.table.identifier.name;
    if (AliasNode.is(node)) return tableOf(node.node);
    return null;
  };
  const plugin: KyselyPlugin = {
    transformQuery({ node }): RootOperationNode {
      if (node.kind === "SelectQueryNode") {
        for (const from of node.from?.froms ?? []) {
          const table = tableOf(from);
          if (table) counts.set(table, (counts.get(table) ?? 0) + 1);
        }
      }
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  return { plugin, reads: (table: string) => counts.get(table) ?? 0, reset: () => counts.clear() };
}

for (const factory of testDatabases()) {
  describe(`admin saves read each record once before and once after, on ${factory.name}`, () => {
    let database: TestDatabase;
    let services: Services;
    let uploads: string;
    const counter = selectCounter();

    beforeAll(async () => {
      database = await factory.create();
      uploads = tempDir("bakery-uploads-");
      services = createServices(database.handle.db.withPlugin(counter.plugin), {
        storage: createLocalStorage(uploads),
        logger: createLogger("silent"),
      });
    });
    afterAll(async () => {
      await database?.dispose();
      removeTempDir(uploads);
    });

    it("a product PUT: the audit's read before, the serial-number check and the answer — no existence check", async () => {
      const products = services.admin.products;
      const input = { name: "חלת שבת", title: "חלה מתוקה", content: "", serial_id: 901_001, status: 1 as const };
      const created = await products.create({ ...input, visibility_home_page: false });
      counter.reset();
      await withTrail(async () => {
        await products.update(
          created.id,
          { ...input, name: "חלה קלועה", visibility_home_page: false },
          created.version,
        );
      });
      expect(counter.reads("products")).toBe(3);
      // A product that is not there is still a 404 (from the read that would answer).
      await expect(
        products.update(999_999, { ...input, serial_id: 901_002, visibility_home_page: false }),
      ).rejects.toBeInstanceOf(NotFoundError);
    });

    it("a club member's PUT: the audit's read before, the address check and the answer", async () => {
      const clients = services.admin.clients;
      const member = await clients.create({ email: "reads@example.co.il" });
      counter.reset();
      await withTrail(async () => {
        await clients.update(member.id, { email: "reads2@example.co.il" }, member.version);
      });
      expect(counter.reads("clients")).toBe(3);
      await expect(clients.update(999_999, { email: "nobody@example.co.il" })).rejects.toBeInstanceOf(NotFoundError);
    });

    it("a member's consent and confirmation links stay while the address stays, and go when it changes", async () => {
      const db = database.handle.db;
      const at = new Date().toISOString();
      const { id } = await db
        .insertInto("clients")
        .values({
          email: "pending@example.co.il",
          source: "site",
          consent_at: at,
          consent_source: "page",
          consent_address: "127.0.0.1",
          consent_version: "v1",
          confirmation_sent_at: at,
          created_at: at,
          updated_at: at,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await db
        .insertInto("client_confirmations")
        .values({ token_hash: "h".repeat(64), client_id: id, created_at: at, expires_at: at })
        .execute();
      const links = async () =>
        (await db.selectFrom("client_confirmations").select("token_hash").where("client_id", "=", id).execute()).length;

      const same = await services.admin.clients.update(id, { email: "pending@example.co.il" });
      expect(same).toMatchObject({ status: "pending", consent_at: at, consent_source: "page", consent_version: "v1" });
      expect(await links()).toBe(1);

      // A stale save changes nothing, links included (one transaction).
      await expect(services.admin.clients.update(id, { email: "moved@example.co.il" }, 1)).rejects.toMatchObject({
        status: 409,
      });
      expect(await links()).toBe(1);

      const moved = await services.admin.clients.update(id, { email: "moved@example.co.il" });
      expect(moved).toMatchObject({
        email: "moved@example.co.il",
        status: "noConsent",
        consent_at: null,
        consent_source: null,
        consent_address: null,
        consent_version: null,
        confirmed_at: null,
      });
      expect(await links()).toBe(0);
      const row = await db
        .selectFrom("clients")
        .select("confirmation_sent_at")
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      expect(row.confirmation_sent_at).toBeNull();
    });
  });
}
