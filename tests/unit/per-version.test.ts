/**
 * Per-site reads are done once while what they read is unchanged (and per minute, for "open now"), and a render
 * that uses one inherits its tags: server/services/per-version.ts over server/cache-tags.ts.
 */
import { describe, expect, it } from "vitest";
import { createTagClock, readTags } from "../../server/cache-tags.ts";
import { memoised } from "../../server/services/per-version.ts";

describe("memoised reads", () => {
  it("reads once, shares a read under way, and reads again only after a change of what it read", async () => {
    const clock = createTagClock();
    let reads = 0;
    const get = memoised(clock, async () => {
      readTags("settings");
      return ++reads;
    });
    expect(await Promise.all([get(), get(), get()])).toEqual([1, 1, 1]);
    expect(await get()).toBe(1);
    clock.invalidate(["product:61"], false);
    expect(await get()).toBe(1);
    clock.invalidate(["settings"], false);
    expect(await get()).toBe(2);
    clock.invalidate(["*"], true);
    expect(await get()).toBe(3);
    expect(reads).toBe(3);
  });

  it("a read that declared nothing (`any`) is read again after every change", async () => {
    const clock = createTagClock();
    let reads = 0;
    const get = memoised(clock, async () => {
      readTags("any");
      return ++reads;
    });
    expect(await get()).toBe(1);
    clock.invalidate(["branch:2"], false);
    expect(await get()).toBe(2);
  });

  it("forgets a failed read, so the next call tries again", async () => {
    const clock = createTagClock();
    let calls = 0;
    const get = memoised(clock, async () => {
      calls++;
      if (calls === 1) throw new Error("database is down");
      return "ok";
    });
    await expect(get()).rejects.toThrow("database is down");
    expect(await get()).toBe("ok");
  });

  it("reads again when the clock enters a new minute, and after a change, but not within the minute", async () => {
    const clock = createTagClock();
    let now = Date.UTC(2026, 10, 25, 10, 0, 5);
    let reads = 0;
    const get = memoised(
      clock,
      async () => {
        readTags("branches");
        return ++reads;
      },
      () => String(Math.floor(now / 60_000)),
    );
    expect(await get()).toBe(1);
    now += 50_000; // 10:00:55, same minute
    expect(await get()).toBe(1);
    now += 10_000; // 10:01:05
    expect(await get()).toBe(2);
    clock.invalidate(["branches"], false);
    expect(await get()).toBe(3);
  });

  it("a render using a memo carries the memo's tags and start, so a change the memo missed makes the page stale", async () => {
    const clock = createTagClock();
    const menu = memoised(clock, async () => {
      readTags("categories", "category:3");
      return ["עוגות"];
    });
    await menu();
    // A change of another kind between the memo's read and the render: the page is fresh.
    clock.invalidate(["branch:1"], false);
    const page = await clock.collect(async () => {
      readTags("product:61");
      return menu();
    });
    expect(page.stamp.tags).toEqual(expect.arrayContaining(["product:61", "categories", "category:3"]));
    expect(clock.staleness(page.stamp)).toBe("fresh");
    clock.invalidate(["category:3"], false);
    expect(clock.staleness(page.stamp)).toBe("soft");
    clock.invalidate(["product:61"], true);
    expect(clock.staleness(page.stamp)).toBe("hard");
  });

  it("a render using a memo made before a change of the render's own tags is fresh (each tag keeps its own count)", async () => {
    const clock = createTagClock();
    const settings = memoised(clock, async () => {
      readTags("settings");
      return {};
    });
    await settings();
    clock.invalidate(["product:61"], true);
    const page = await clock.collect(async () => {
      readTags("product:61");
      return settings();
    });
    expect(clock.staleness(page.stamp)).toBe("fresh");
    clock.invalidate(["*"], true);
    expect(clock.staleness(page.stamp)).toBe("hard");
  });
});
