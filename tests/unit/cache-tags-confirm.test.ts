/**
 * Verifiable reads (server/cache-tags.ts): a page stale only through tags its verifiable reads alone declared can be
 * confirmed by calling them again, and then re-stamped; any other change, a withdrawal or a full flush cannot.
 */
import { describe, expect, it } from "vitest";
import { createTagClock, type ReadCheck, readChecked, readsOf, readTags } from "../../server/cache-tags.ts";
import { resultHash } from "../../server/services/read-tags.ts";

const check: ReadCheck = {
  service: "catalogue",
  method: "products",
  args: [{ search: "עוגה", page: 1 }],
  tags: ["products", "search", "product:1", "product:2"],
  hash: "h",
};

/** A search page's stamp: the list (verifiable) and the layout's reads, which also show product 2. */
async function searchPage(clock = createTagClock()) {
  const { stamp } = await clock.collect(async () => {
    readTags("settings", "menu", "product:2");
    readChecked(check);
  });
  return { clock, stamp };
}

describe("verifiable reads", () => {
  it("a change of tags only the verifiable reads declared can be confirmed, and the page re-stamped", async () => {
    const { clock, stamp } = await searchPage();
    expect(stamp.checkedOnly).toEqual(["products", "search", "product:1"]);
    expect(clock.confirmable(stamp)).toBeNull();
    clock.invalidate(["product:7", "search"], false);
    expect(clock.staleness(stamp)).toBe("soft");
    expect(clock.confirmable(stamp)).toEqual([check]);
    const restamped = clock.restamp(stamp, clock.seq());
    expect(clock.staleness(restamped)).toBe("fresh");
    clock.invalidate(["search"], false);
    expect(clock.staleness(restamped)).toBe("soft");
  });

  it("a change another read declared, a withdrawal or a full flush cannot be confirmed", async () => {
    for (const [tags, hard] of [
      [["product:2"], false],
      [["settings"], false],
      [["search"], true],
      [["*"], false],
    ] as const) {
      const { clock, stamp } = await searchPage();
      clock.invalidate(tags, hard);
      expect(clock.staleness(stamp), tags.join()).not.toBe("fresh");
      expect(clock.confirmable(stamp), tags.join()).toBeNull();
    }
  });

  it("a re-stamp covers the changes seen before it, not one recorded while the reads were called again", async () => {
    const { clock, stamp } = await searchPage();
    clock.invalidate(["search"], false);
    const at = clock.seq();
    clock.invalidate(["product:1"], false);
    expect(clock.staleness(clock.restamp(stamp, at))).toBe("soft");
  });

  it("a page without verifiable reads has nothing to confirm; a worker's reads travel back as they were made", async () => {
    const clock = createTagClock();
    const { stamp: plain } = await clock.collect(async () => readTags("search", "menu"));
    clock.invalidate(["search"], false);
    expect(clock.confirmable(plain)).toBeNull();

    const { stamp } = await searchPage();
    const reads = readsOf(stamp);
    expect(reads).toEqual({ tags: ["settings", "menu", "product:2"], checks: [check] });
    const { stamp: again } = await clock.collect(async () => {
      readTags(...reads.tags);
      for (const c of reads.checks) readChecked(c);
    });
    expect(again.checkedOnly).toEqual(stamp.checkedOnly);
  });
});

describe("a verifiable read's result hash", () => {
  it("is the same for the same result, differs for another, and takes what JSON alone cannot (big integers)", () => {
    const page = { data: [{ id: 1, name: "חלה" }], total: 1, at: new Date("2026-11-28T00:00:00Z") };
    expect(resultHash(page)).toBe(resultHash(structuredClone(page)));
    expect(resultHash(page)).not.toBe(resultHash({ ...page, total: 2 }));
    expect(resultHash({ count: 3n })).not.toBe(resultHash({ count: 4n }));
    expect(resultHash(null)).not.toBe(resultHash(undefined));
  });
});
