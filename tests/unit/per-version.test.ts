/** Settings and menu are read once per content version (server/services/per-version.ts). */
import { describe, expect, it } from "vitest";
import type { ContentVersion } from "../../server/content-version.ts";
import { oncePerVersion } from "../../server/services/per-version.ts";

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
