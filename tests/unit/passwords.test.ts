import { describe, expect, it } from "vitest";
import { DEFAULT_HASH_COST, hashParams, hashPassword, verifyPassword } from "../../server/auth/passwords.ts";

describe("password hash parameters", () => {
  it("keeps N=2^15, r=8, p=1 when PASSWORD_HASH_COST is not set", () => {
    expect(DEFAULT_HASH_COST).toBe(15);
    expect(hashParams({})).toEqual({ N: 2 ** 15, r: 8, p: 1 });
    expect(hashParams({ PASSWORD_HASH_COST: "" })).toEqual({ N: 2 ** 15, r: 8, p: 1 });
  });

  it("lowers N only within 2^10–2^20 and refuses anything else", () => {
    expect(hashParams({ PASSWORD_HASH_COST: "10" }).N).toBe(2 ** 10);
    for (const bad of ["9", "21", "12.5", "abc"]) {
      expect(() => hashParams({ PASSWORD_HASH_COST: bad })).toThrow(/PASSWORD_HASH_COST/);
    }
  });

  it("stores the parameters with each hash, so a hash made at one cost verifies at another", async () => {
    const previous = process.env.PASSWORD_HASH_COST;
    try {
      process.env.PASSWORD_HASH_COST = "10";
      const cheap = await hashPassword("סיסמה-ארוכה-1234");
      expect(cheap).toMatch(/^scrypt\$1024\$8\$1\$/);
      process.env.PASSWORD_HASH_COST = "11";
      expect(await verifyPassword("סיסמה-ארוכה-1234", cheap)).toBe(true);
      expect(await verifyPassword("סיסמה-אחרת-1234", cheap)).toBe(false);
    } finally {
      if (previous === undefined) delete process.env.PASSWORD_HASH_COST;
      else process.env.PASSWORD_HASH_COST = previous;
    }
  });
});
