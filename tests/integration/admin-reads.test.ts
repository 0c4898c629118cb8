/**
 * How often an audited admin save reads the record it changes, on each database: a product PUT reads the
 * product once before (the audit's "before") and once after (the answer), plus the serial-number check.
 */
import type { KyselyPlugin, OperationNode, RootOperationNode } from "kysely";
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
    if (node.kind === "TableNode") return (node as { table: { identifier: { name: string } } }).table.identifier.name;
    if (node.kind === "AliasNode") return tableOf((node as { node: OperationNode }).node);
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
      const input = { name: "חלת שבת", title: "חלה מתוקה", content: "", serial_id: 901_001, status: 1 };
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
  });
}
