/**
 * The audit trail's pure parts: which fields count as changed and what is kept of them (values for
 * catalogue data, names only for personal data), notes only inside a trail, and the audit middleware's
 * fallback entry for a write that no service noted.
 */
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { auditTrail } from "../../server/api/admin/audit.ts";
import type { AppEnv } from "../../server/app.ts";
import { requireAbility } from "../../server/auth/require-ability.ts";
import type { AuditEntryInput, AuditService } from "../../server/services/audit/index.ts";
import { auditing, carriedFields, diffFields, noteChange, withTrail } from "../../server/services/audit/trail.ts";

describe("diffFields", () => {
  it("lists the fields whose values differ, with old and new values, leaving bookkeeping out", () => {
    const before = { id: 1, name: "חלה", status: 1, category: [{ id: 2 }], updated_at: "a", images: [1] };
    const after = { id: 1, name: "חלה מתוקה", status: 1, category: [{ id: 3 }], updated_at: "b", images: [2] };
    expect(diffFields(before, after, false)).toEqual([
      { field: "name", from: "חלה", to: "חלה מתוקה" },
      { field: "category", from: [{ id: 2 }], to: [{ id: 3 }] },
    ]);
  });

  it("keeps only the names of personal fields", () => {
    expect(diffFields({ email: "a@x.il", source: "site" }, { email: "b@x.il", source: "site" }, true)).toEqual([
      { field: "email", personal: true },
    ]);
    expect(JSON.stringify(carriedFields({ email: "a@x.il" }, true))).not.toContain("a@x.il");
  });

  it("cuts long text and replaces large structures", () => {
    const [change] = diffFields({ content: "" }, { content: "א".repeat(1000) }, false);
    expect((change!.to as string).length).toBe(301);
    const [big] = carriedFields({ rules: Array.from({ length: 500 }, (_, i) => ({ i })) }, false);
    expect(big).toEqual({ field: "rules", to: "…" });
  });
});

describe("trail", () => {
  it("notes changes only inside a trail", async () => {
    expect(auditing()).toBe(false);
    noteChange({ action: "delete", entityType: "Size", entityId: 1, changes: [] });
    const notes = await withTrail(async () => {
      expect(auditing()).toBe(true);
      await Promise.resolve();
      noteChange({ action: "delete", entityType: "Size", entityId: 2, changes: [] });
    });
    expect(notes.map((n) => n.entityId)).toEqual([2]);
  });
});

describe("audit middleware", () => {
  function appWith(
    records: AuditEntryInput[],
    handler: (c: { json: (v: unknown, s?: number) => Response }) => Response,
  ) {
    const audit = {
      record: async (entry: AuditEntryInput) => void records.push(entry),
      recordMany: async (entries: AuditEntryInput[]) => void records.push(...entries),
    } as unknown as AuditService;
    const app = new Hono<AppEnv>();
    app.use("*", async (c, next) => {
      c.set("auth", { sid: "s", csrfToken: "t", user: { id: 7, name: "נועה", email: "noa@x.il", role: "admin" } });
      return next();
    });
    app.use("/admin/*", auditTrail({ audit, trustProxy: true }));
    app.put("/admin/things/:id", requireAbility("update", "Branch"), (c) => handler(c));
    return app;
  }

  it("records a write no service noted, from the guard's ability and the path's id", async () => {
    const records: AuditEntryInput[] = [];
    const app = appWith(records, (c) => c.json({ ok: true }));
    const response = await app.request("/admin/things/42", {
      method: "PUT",
      headers: { "X-Forwarded-For": "203.0.113.9" },
    });
    expect(response.status).toBe(200);
    expect(records).toEqual([
      expect.objectContaining({
        action: "update",
        entityType: "Branch",
        entityId: 42,
        address: "203.0.113.9",
        user: expect.objectContaining({ email: "noa@x.il" }),
        changes: [{ field: "route", to: "PUT /admin/things/42" }],
      }),
    ]);
  });

  it("records nothing for a refused write", async () => {
    const records: AuditEntryInput[] = [];
    const app = appWith(records, (c) => c.json({ message: "x" }, 422));
    expect((await app.request("/admin/things/42", { method: "PUT" })).status).toBe(422);
    expect(records).toEqual([]);
  });
});
