/**
 * Today at each branch on the home page (issue 29), on SQLite and PostgreSQL: on a Shabbat morning (an injected
 * clock) the home page says every demo branch is closed and when it reopens, as the hours engine says for that
 * moment.
 */
import { describe, expect, it } from "vitest";
import { heHours } from "../../domain/i18n/hours.ts";
import { TestClient } from "../support/client.ts";
import { testDatabases } from "../support/database.ts";
import { suiteApp } from "../support/suite-app.ts";

/** Shabbat 21 November 2026 (no holiday), 09:30 in Jerusalem (UTC+2 in winter). */
const SHABBAT_MORNING = new Date("2026-11-21T07:30:00Z");

const decode = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, " ");

for (const factory of testDatabases()) {
  describe(`today at the branches on the home page on ${factory.name}`, () => {
    const env = suiteApp(factory, { seeded: true, pages: true, app: { clock: () => SHABBAT_MORNING } });

    it("on a Shabbat morning shows each branch closed, with the time it reopens", async () => {
      const branches = await env.t.services.branches.list({ now: SHABBAT_MORNING });
      expect(branches.length).toBeGreaterThan(0);
      const res = await new TestClient(env.t).fetch("/");
      expect(res.status).toBe(200);
      const html = await res.text();
      const section = html.slice(html.indexOf('data-testid="home-today"'));
      const text = decode(section.slice(0, section.indexOf("</ul>")));
      for (const branch of branches) {
        expect(branch.open_now, branch.name).toBe(false);
        // "סגור · ייפתח היום ב־18:16" (after havdalah) or "… ביום ראשון ב־06:30": closed, and when it reopens.
        const [state, detail] = branch.status.split(heHours.separator);
        expect(state).toMatch(/סגור/);
        expect(detail).toMatch(/\d{1,2}:\d{2}/);
        expect(text).toContain(branch.name);
        expect(text).toContain(state);
        expect(text).toContain(detail);
      }
    });
  });
}
