/**
 * Dated content and seasonal collections over each database, with an injected clock and fake timers
 * (no sleeps): a scheduled sale is invisible to visitors (lists, home, sitemap, its page and API answer
 * 404) until the schedule timer fires at its start, which bumps the content version so the page cache
 * and the per-version reads notice; it vanishes again at its end. The admin API lists it throughout with
 * its state, and refuses bad windows with Hebrew 422s. The home page's Hanukkah band shows only inside
 * its window, computed from the Hebrew calendar.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { heAdmin } from "../../domain/i18n/admin.ts";
import type { Timers } from "../../server/schedule-timer.ts";
import { TestClient } from "../support/client.ts";
import { testDatabases } from "../support/database.ts";
import { suiteApp } from "../support/suite-app.ts";

type Json = Record<string, unknown>;

for (const factory of testDatabases()) {
  describe(`seasonal and dated content on ${factory.name}`, () => {
    // Before Hanukkah 5787's collection opens (2026-11-21 00:00 Jerusalem).
    let now = new Date("2026-11-01T10:00:00Z");
    const pending = new Map<number, () => void>();
    let nextId = 0;
    const timers: Timers = {
      set: (callback) => {
        pending.set(++nextId, callback);
        return nextId;
      },
      clear: (handle) => pending.delete(handle as number),
    };
    const env = suiteApp(factory, {
      seeded: true,
      pages: true,
      app: { clock: () => now, timers },
      clients: { admin: "admin" },
    });

    /** Moves the clock to `instant` and lets the armed timer fire, as it would at that moment. */
    const travelTo = async (instant: Date) => {
      now = instant;
      expect(pending.size).toBe(1);
      const [[id, callback]] = [...pending.entries()] as [[number, () => void]];
      pending.delete(id);
      callback();
      await env.t.scheduleTimer!.settled();
    };
    const visitor = async (path: string) => {
      const res = await new TestClient(env.t).fetch(path);
      return { status: res.status, text: await res.text(), cache: res.headers.get("x-cache") };
    };

    beforeAll(async () => {
      await env.t.scheduleTimer!.settled();
    }, 120_000);

    it("a sale with a future start is hidden (lists, home, sitemap; page and API 404) until the timer fires at its start, and gone again at its end", async () => {
      // Pages cached before the boundary must not outlive it.
      expect((await visitor("/sales")).status).toBe(200);
      expect((await visitor("/sales")).cache).toBe("hit");

      const res = await env.admin.fetch("/api/admin/sales", {
        method: "POST",
        json: {
          name: "מבצע בוקר מתוזמן",
          content: "רק ביום אחד",
          visibility_home_page: "1",
          starts_at: "2026-11-05T08:00", // Jerusalem wall clock (UTC+2 in November)
          ends_at: "2026-11-06T08:00:00+02:00",
        },
      });
      expect(res.status).toBe(201);
      const { data } = (await res.json()) as { data: Json & { id: number } };
      expect(data).toMatchObject({
        starts_at: "2026-11-05T06:00:00.000Z",
        ends_at: "2026-11-06T06:00:00.000Z",
        schedule: "scheduled",
      });
      const id = data.id;
      await env.t.scheduleTimer!.settled();
      expect(env.t.scheduleTimer!.next()?.toISOString()).toBe("2026-11-05T06:00:00.000Z");

      const hidden = async () => {
        expect((await visitor("/sales")).text).not.toContain("מבצע בוקר מתוזמן");
        expect((await visitor("/")).text).not.toContain("מבצע בוקר מתוזמן");
        expect((await visitor("/sitemap.xml")).text).not.toContain(`/sale/${id}<`);
        expect((await visitor(`/sale/${id}`)).status).toBe(404);
        expect((await visitor(`/api/sale/${id}`)).status).toBe(404);
        const api = JSON.parse((await visitor("/api/sale")).text) as { data: { id: number }[] };
        expect(api.data.map((s) => s.id)).not.toContain(id);
      };
      await hidden();

      // The admin sees it, marked scheduled.
      const adminList = (await (await env.admin.fetch("/api/admin/sales?search_title=מתוזמן")).json()) as {
        data: Json[];
      };
      expect(adminList.data).toEqual([expect.objectContaining({ id, schedule: "scheduled" })]);

      const version = env.t.contentVersion.current();
      await travelTo(new Date("2026-11-05T06:00:00Z"));
      expect(env.t.contentVersion.current()).toBeGreaterThan(version);
      const sales = await visitor("/sales");
      expect(sales.cache).toBe("miss");
      expect(sales.text).toContain("מבצע בוקר מתוזמן");
      expect((await visitor("/")).text).toContain("מבצע בוקר מתוזמן");
      expect((await visitor("/sitemap.xml")).text).toContain(`/sale/${id}<`);
      expect((await visitor(`/sale/${id}`)).status).toBe(200);
      expect((await visitor(`/api/sale/${id}`)).status).toBe(200);
      expect(((await (await env.admin.fetch(`/api/admin/sales/${id}`)).json()) as { data: Json }).data.schedule).toBe(
        "active",
      );

      expect(env.t.scheduleTimer!.next()?.toISOString()).toBe("2026-11-06T06:00:00.000Z");
      await travelTo(new Date("2026-11-06T06:00:00Z"));
      await hidden();
      expect(((await (await env.admin.fetch(`/api/admin/sales/${id}`)).json()) as { data: Json }).data.schedule).toBe(
        "ended",
      );
    });

    it("a publication outside its window is not on /news nor in the API list", async () => {
      const res = await env.admin.fetch("/api/admin/publications", {
        method: "POST",
        json: { name: "ידיעה שתפורסם בעתיד", starts_at: "2027-01-01T00:00" },
      });
      expect(res.status).toBe(201);
      expect((await visitor("/news")).text).not.toContain("ידיעה שתפורסם בעתיד");
      const api = JSON.parse((await visitor("/api/publication")).text) as { data: { name: string }[] };
      expect(api.data.map((p) => p.name)).not.toContain("ידיעה שתפורסם בעתיד");
    });

    it("refuses an end at or before the start, unreadable dates and unknown holidays with Hebrew 422s", async () => {
      const bad = async (path: string, method: string, json: Json) => {
        const res = await env.admin.fetch(path, { method, json });
        expect(res.status, JSON.stringify(json)).toBe(422);
        const body = (await res.json()) as { message: string; errors: Record<string, string[]> };
        expect(body.message).toMatch(/[\u0590-\u05FF]/);
        return body.errors;
      };
      for (const path of ["/api/admin/sales", "/api/admin/publications"]) {
        expect(
          await bad(path, "POST", { name: "הפוך", starts_at: "2026-12-02T08:00", ends_at: "2026-12-01T08:00" }),
        ).toEqual({ ends_at: [heAdmin.validation.endsBeforeStarts] });
        expect(
          await bad(path, "POST", { name: "שווה", starts_at: "2026-12-01T08:00", ends_at: "2026-12-01T06:00:00Z" }),
        ).toEqual({ ends_at: [heAdmin.validation.endsBeforeStarts] });
        expect(await bad(path, "POST", { name: "מחר", starts_at: "מחר בבוקר" })).toEqual({
          starts_at: [heAdmin.validation.dateTime(heAdmin.fields.startsAt)],
        });
      }
      const sale = (await (await env.admin.fetch("/api/admin/sales?per_page=1")).json()) as { data: { id: number }[] };
      expect(
        await bad(`/api/admin/sales/${sale.data[0]!.id}`, "PUT", {
          name: "עדכון",
          starts_at: "2026-12-02T08:00",
          ends_at: "2026-12-01T08:00",
        }),
      ).toHaveProperty("ends_at");
      expect(await bad("/api/admin/categories", "POST", { name: "חג המולד", holiday: "christmas" })).toEqual({
        holiday: [heAdmin.validation.holiday],
      });
      expect(
        await bad("/api/admin/categories", "POST", { name: "מוקדם", holiday: "pesach", holiday_lead_days: 400 }),
      ).toHaveProperty("holiday_lead_days");
    });

    it("the home page shows the Hanukkah collection's band inside its window only, with no yearly editing", async () => {
      const hanukkah = await env.database.handle.db
        .selectFrom("categories")
        .select(["id", "name"])
        .where("holiday", "=", "hanukkah")
        .executeTakeFirstOrThrow();
      const band = `data-holiday="hanukkah"`;
      const before = await visitor("/");
      expect(before.text).not.toContain(band);
      expect((await visitor("/")).cache).toBe("hit");

      // Next boundary: 21 Nov 2026 00:00 Jerusalem, 14 days before the first day (5 Dec).
      expect(env.t.scheduleTimer!.next()?.toISOString()).toBe("2026-11-20T22:00:00.000Z");
      await travelTo(new Date("2026-11-20T22:00:00Z"));
      const during = await visitor("/");
      expect(during.cache).toBe("miss");
      expect(during.text).toContain(band);
      expect(during.text).toContain(hanukkah.name);
      expect(during.text).toContain(`href="/categories/${hanukkah.id}"`);
      expect(during.text).toMatch(/5\s?–\s?12 בדצמבר 2026/);
      expect(during.text).toContain("כ״ה כסלו");
      // Shavuot's collection waits for the spring.
      expect(during.text).not.toContain(`data-holiday="shavuot"`);

      // Staff shorten the lead to 7 days: the edit bumps the version and the band waits for 28 Nov.
      const current = (await (await env.admin.fetch(`/api/admin/categories/${hanukkah.id}`)).json()) as {
        data: Json & { parent_id: number };
      };
      expect(current.data).toMatchObject({ holiday: "hanukkah", holiday_lead_days: 14 });
      const edit = await env.admin.fetch(`/api/admin/categories/${hanukkah.id}`, {
        method: "PUT",
        json: { ...current.data, is_main: false, holiday_lead_days: 7 },
      });
      expect(edit.status).toBe(200);
      expect((await visitor("/")).text).not.toContain(band);
      await env.t.scheduleTimer!.settled();
      expect(env.t.scheduleTimer!.next()?.toISOString()).toBe("2026-11-27T22:00:00.000Z");
      await travelTo(new Date("2026-11-27T22:00:00Z"));
      expect((await visitor("/")).text).toContain(band);

      // The holiday ends (13 Dec 00:00 Jerusalem): the band goes; next year's window is planned.
      expect(env.t.scheduleTimer!.next()?.toISOString()).toBe("2026-12-12T22:00:00.000Z");
      await travelTo(new Date("2026-12-12T22:00:00Z"));
      expect((await visitor("/")).text).not.toContain(band);
    });
  });
}
