/**
 * The entity registry (domain/entities.ts) is the one place each record's rules are declared; the lists the
 * permissions, the audit log, the trash and the page cache use are derived from it.
 */
import { describe, expect, it } from "vitest";
import { ENTITIES, ENTITY_TYPES, type EntityType, isPersonalEntity } from "../../domain/entities.ts";
import { ADMIN_SUBJECTS, ROLE_ABILITIES, TRASH_SUBJECTS } from "../../domain/permissions.ts";
import { AUDIT_ENTITY_TYPES, auditFilterSchema } from "../../domain/schemas/admin/audit.ts";
import { cacheTagsOf, withdraws } from "../../server/http/invalidation.ts";

const declared = (test: (type: EntityType) => boolean) => ENTITY_TYPES.filter(test);

describe("entity registry", () => {
  it("admin subjects are the screens and every entity declared a subject", () => {
    expect([...ADMIN_SUBJECTS].sort()).toEqual(
      ["Dashboard", "AuditLog", "Trash", ...declared((t) => ENTITIES[t].subject)].sort(),
    );
    expect(ADMIN_SUBJECTS).not.toContain("User");
  });

  it("the trash takes exactly the entities declared `trash`", () => {
    expect([...TRASH_SUBJECTS].sort()).toEqual(declared((t) => ENTITIES[t].trash).sort());
    expect(TRASH_SUBJECTS).toContain("Product");
    expect(TRASH_SUBJECTS).not.toContain("Image");
  });

  it("editors manage exactly the entities declared `editors`", () => {
    const managed = ROLE_ABILITIES.editor.filter((a) => a.action === "manage").map((a) => a.subject);
    expect(managed.sort()).toEqual(declared((t) => ENTITIES[t].editors).sort());
    expect(managed).not.toContain("Client");
  });

  it("the audit log's types and filter are the declared entities", () => {
    expect([...AUDIT_ENTITY_TYPES]).toEqual(ENTITY_TYPES);
    for (const type of ENTITY_TYPES) expect(auditFilterSchema.parse({ entity_type: type }).entity_type).toBe(type);
    expect(() => auditFilterSchema.parse({ entity_type: "Dashboard" })).toThrow();
  });

  it("personal records: members, contact requests, reviews and accounts; unknown types are treated as personal", () => {
    expect(declared((t) => ENTITIES[t].personal).sort()).toEqual([
      "Client",
      "ContactRequest",
      "Order",
      "Review",
      "User",
    ]);
    expect(isPersonalEntity("Product")).toBe(false);
    expect(isPersonalEntity("Nonsense")).toBe(true);
    expect(isPersonalEntity(null)).toBe(true);
  });

  describe("cache tags of a write", () => {
    const note = (entityType: EntityType | null, entityId: number | null, changes: object[] = []) => ({
      action: "update" as const,
      entityType: entityType as never,
      entityId,
      changes: changes as never,
    });

    it("records no visitor sees touch no page", () => {
      expect(cacheTagsOf([note("Client", 3), note("ContactRequest", 4), note("User", 1), note("Order", 7)])).toEqual(
        [],
      );
    });

    it("a product's edit touches its own tag and only the lists its changed fields decide", () => {
      const edit = (...fields: string[]) =>
        cacheTagsOf([
          note(
            "Product",
            61,
            fields.map((field) => ({ field })),
          ),
        ]);
      expect(edit("serial_id")).toEqual(["product:61"]);
      expect(edit("name")).toEqual(["product:61", "search"]);
      expect(edit("visibility_home_page")).toEqual(["product:61", "home-products"]);
      expect(edit("allergens")).toEqual(["product:61", "filters", "search"]);
      // A field the registry does not know decides every list, to be safe.
      expect(edit("something_new")).toEqual(["product:61", "products", "home-products", "search", "filters"]);
      const created = cacheTagsOf([{ action: "create", entityType: "Product", entityId: 62, changes: [] }]);
      expect(created).toEqual(["product:62", "products", "home-products", "search", "filters"]);
    });

    it("other records touch their own tag and their kind's lists; sizes and images their product or owner", () => {
      expect(cacheTagsOf([note("Category", 3), note("Branch", 2)])).toEqual([
        "category:3",
        "categories",
        "branch:2",
        "branches",
      ]);
      expect(cacheTagsOf([note("Size", 9, [{ field: "product_id", to: 61 }])])).toEqual(["product:61"]);
      expect(cacheTagsOf([note("Size", 9)])).toEqual(["product"]);
      expect(cacheTagsOf([note("Image", 12, [{ field: "owner", to: "product 5" }])])).toEqual(["product:5"]);
      expect(cacheTagsOf([note("Image", 13, [{ field: "owner", from: "branch_certificate 2" }])])).toEqual([
        "branch:2",
      ]);
      expect(cacheTagsOf([note("Settings", null)])).toEqual(["settings"]);
    });

    it("deletes, hidden records and kashrut or allergen changes are withdrawals; a price or a name is not", () => {
      const update = (field: string) => note("Product", 61, [{ field }]);
      expect(withdraws([update("status")])).toBe(true);
      expect(withdraws([update("allergens")])).toBe(true);
      // Every kashrut and allergen field, the allergen decision included (issue 29).
      expect(withdraws([update("allergen_status")])).toBe(true);
      expect(withdraws([{ ...note("Sale", 4), action: "delete" as const }])).toBe(true);
      expect(withdraws([update("name"), note("Size", 9, [{ field: "price" }])])).toBe(false);
    });

    it("a note of no declared entity, or an image whose owner is unknown, touches every page", () => {
      expect(cacheTagsOf([note(null, null)])).toEqual(["*"]);
      expect(cacheTagsOf([note("Image", 12)])).toEqual(["*"]);
    });
  });
});
