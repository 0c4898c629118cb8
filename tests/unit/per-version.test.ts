/** Per-site reads are done once per content version (and minute, for "open now"): server/services/per-version.ts. */
import { describe, expect, it } from "vitest";
import type { ContentVersion } from "../../server/content-version.ts";
import { oncePerVersion, oncePerVersionAndMinute } from "../../server/services/per-version.ts";

function fakeVersion(): ContentVersion & { set(v: number): void } {
  let version = 1;
  return {
    current: () => version,
    set: (v) => {
      version = v;
    },
    bump: async () => ++version,
    onChange: () => () => {},
    ready: Promise.resolve(),
    close: async () => {},
  };
}

describe("oncePerVersion", () => {
  it("reads once per version, shares a read under way, and reads again after a bump", async () => {
    const version = fakeVersion();
    let reads = 0;
    const get = oncePerVersion(version, async () => ++reads);
    expect(await Promise.all([get(), get(), get()])).toEqual([1, 1, 1]);
    expect(await get()).toBe(1);
    version.set(2);
    expect(await get()).toBe(2);
    expect(reads).toBe(2);
  });

  it("forgets a failed read, so the next call tries again", async () => {
    const version = fakeVersion();
    let calls = 0;
    const get = oncePerVersion(version, async () => {
      calls++;
      if (calls === 1) throw new Error("database is down");
      return "ok";
    });
    await expect(get()).rejects.toThrow("database is down");
    expect(await get()).toBe("ok");
  });
});

describe("oncePerVersionAndMinute", () => {
  it("reads again when the clock enters a new minute, and after a bump, but not within the minute", async () => {
    const version = fakeVersion();
    let now = Date.UTC(2026, 10, 25, 10, 0, 5);
    let reads = 0;
    const get = oncePerVersionAndMinute(
      version,
      async () => ++reads,
      () => now,
    );
    expect(await get()).toBe(1);
    now += 50_000; // 10:00:55, same minute
    expect(await get()).toBe(1);
    now += 10_000; // 10:01:05
    expect(await get()).toBe(2);
    version.set(2);
    expect(await get()).toBe(3);
  });
});
