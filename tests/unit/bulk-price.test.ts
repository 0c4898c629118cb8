/** Bulk price changes (issue 30): a percentage or an amount, rounded to the agora, a whole shekel or .90. */
import { describe, expect, it } from "vitest";
import { adjustPrice, bulkRequestSchema } from "../../domain/schemas/admin/bulk.ts";

const change = (mode: "percent" | "amount", value: number, rounding: "none" | "whole" | "90") => ({
  mode,
  value,
  rounding,
});

describe("adjustPrice", () => {
  it("rounds to the agora without a rounding rule", () => {
    expect(adjustPrice(1999, change("percent", 10, "none"))).toBe(2199); // 21.989 → 21.99
    expect(adjustPrice(1000, change("amount", 2.5, "none"))).toBe(1250);
    expect(adjustPrice(1000, change("percent", -12.5, "none"))).toBe(875);
  });

  it("rounds to the nearest whole shekel, half up", () => {
    expect(adjustPrice(4250, change("amount", 0, "whole"))).toBe(4300);
    expect(adjustPrice(4249, change("amount", 0, "whole"))).toBe(4200);
    expect(adjustPrice(740, change("amount", 1.2, "whole"))).toBe(900); // 8.60 → 9
  });

  it("rounds to the nearest price ending in .90", () => {
    expect(adjustPrice(4200, change("percent", 5, "90"))).toBe(4390); // 44.10 → 43.90
    expect(adjustPrice(2000, change("percent", 5, "90"))).toBe(2090); // 21.00 → 20.90
    expect(adjustPrice(4250, change("amount", 0.01, "90"))).toBe(4290); // 42.51 → 42.90
    expect(adjustPrice(4230, change("amount", 0.01, "90"))).toBe(4190); // 42.31 → 41.90
    expect(adjustPrice(30, change("amount", 0.1, "90"))).toBe(90); // never below 0.90
  });

  it("is free of floating-point noise (19.999… is 20)", () => {
    expect(adjustPrice(1905, change("percent", 5, "none"))).toBe(2000);
    expect(adjustPrice(1905, change("percent", 5, "whole"))).toBe(2000);
  });
});

describe("bulkRequestSchema", () => {
  it("takes a price change with a numeric string and the default rounding", () => {
    const parsed = bulkRequestSchema.parse({
      action: { type: "price", mode: "amount", value: "-2.5" },
      items: [{ id: "3", version: "2" }],
    });
    expect(parsed).toEqual({
      action: { type: "price", mode: "amount", value: -2.5, rounding: "none" },
      items: [{ id: 3, version: 2 }],
    });
  });

  it("refuses three decimals, a zero change and more than 5,000 records", () => {
    const base = { items: [{ id: 1, version: 1 }] };
    expect(
      bulkRequestSchema.safeParse({ ...base, action: { type: "price", mode: "amount", value: 1.005 } }).success,
    ).toBe(false);
    expect(bulkRequestSchema.safeParse({ ...base, action: { type: "price", mode: "percent", value: 0 } }).success).toBe(
      false,
    );
    const many = Array.from({ length: 5001 }, (_, i) => ({ id: i + 1, version: 1 }));
    expect(bulkRequestSchema.safeParse({ action: { type: "hide" }, items: many }).success).toBe(false);
  });
});
