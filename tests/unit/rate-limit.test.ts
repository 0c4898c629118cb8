import { describe, expect, it } from "vitest";
import { createMemoryStore, MEMORY_STORE_MAX_KEYS } from "../../server/http/rate-limit.ts";

describe("in-memory rate-limit store", () => {
  const rule = { limit: 5, windowMs: 60 * 60_000 };

  it("keeps at most its number of counters, dropping the least recently hit (issue 14: nothing unbounded)", async () => {
    const store = createMemoryStore(3);
    await store.hit("a", rule);
    await store.hit("a", rule);
    await store.hit("b", rule);
    await store.hit("c", rule);
    await store.hit("a", rule); // a is now the most recent; b the least
    await store.hit("d", rule); // evicts b
    expect((await store.hit("a", rule)).count).toBe(4);
    expect((await store.hit("b", rule)).count).toBe(1);
  });

  it("holds 100,000 counters by default", () => {
    expect(MEMORY_STORE_MAX_KEYS).toBe(100_000);
  });
});
