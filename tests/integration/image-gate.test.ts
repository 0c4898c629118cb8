/**
 * The image gate (issue 31): at most IMAGE_CONCURRENCY images are processed at once per process, IMAGE_QUEUE uploads
 * wait behind them, and an upload that finds the queue full is answered at once with the Hebrew 503 and
 * Retry-After — never a 500, never an unbounded pile of decoded images. Here with one slot and one queue place:
 * the slot is held by the test (so the test decides when it frees), the next upload waits, the one after is refused.
 */
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { AdminImage } from "../../domain/contracts/admin.ts";
import { heApi } from "../../domain/i18n/api.ts";
import { createProductThroughApi } from "../support/auth.ts";
import { testDatabases } from "../support/database.ts";
import { formWith, pngImage } from "../support/images.ts";
import { suiteApp } from "../support/suite-app.ts";

for (const factory of testDatabases()) {
  describe(`the image gate on ${factory.name}`, () => {
    const env = suiteApp(factory, {
      clients: { admin: "admin" },
      app: { imageGate: { concurrency: 1, queue: 1 } },
    });
    let productId: number;
    let png: Buffer;
    let releaseSlot: (() => void) | undefined;

    beforeAll(async () => {
      productId = await createProductThroughApi(env.admin, { name: "חלה מתוקה", title: "חלה", serial_id: 310_801 });
      png = await pngImage(640, 480);
    });
    afterEach(() => releaseSlot?.());

    const upload = () =>
      env.admin.fetch("/api/admin/images", {
        method: "POST",
        body: formWith({ id: String(productId), type: "App\\Models\\Product", directory: "products" }, [
          { field: "files[]", bytes: png, name: "challah.png", type: "image/png" },
        ]),
      });
    const gate = () => env.t.services.images.gate;
    /** Takes the only slot, as an image being processed would, until `releaseSlot()`. */
    const holdSlot = () => {
      const held = new Promise<void>((resolve) => {
        releaseSlot = resolve;
      });
      void gate().run(() => held);
      expect(gate().stats().active).toBe(1);
    };
    const waitForQueued = async (count: number) => {
      while (gate().stats().waiting < count) await new Promise((resolve) => setTimeout(resolve, 5));
    };

    it("an upload waits for the busy slot, the next one is refused with the Hebrew 503 and Retry-After, none is a 500", async () => {
      holdSlot();
      const waiting = upload();
      await waitForQueued(1);
      // The queue's one place is taken: the next upload is answered now, without waiting for the slot.
      const refused = await upload();
      expect(refused.status).toBe(503);
      expect(refused.headers.get("retry-after")).toBe("30");
      expect(((await refused.json()) as { message: string }).message).toBe(heApi.imagesBusy);
      expect(gate().stats()).toEqual({ active: 1, waiting: 1 });

      releaseSlot!();
      const accepted = await waiting;
      expect(accepted.status).toBe(201);
      const { data } = (await accepted.json()) as { data: AdminImage[] };
      expect(data).toHaveLength(1);
      // Nothing stored for the refused upload: one image, the one that waited.
      const listed = (await (await env.admin.fetch(`/api/admin/images?type=product&id=${productId}`)).json()) as {
        data: AdminImage[];
      };
      expect(listed.data.map((i) => i.id)).toEqual(data.map((i) => i.id));
      expect(gate().stats()).toEqual({ active: 0, waiting: 0 });
    });

    it("concurrent uploads beyond slot + queue get 201 or the 503, never a 500, and never two images at once", async () => {
      let peak = 0;
      const sampler = setInterval(() => {
        peak = Math.max(peak, gate().stats().active);
      }, 1);
      const responses = await Promise.all(Array.from({ length: 5 }, () => upload()));
      clearInterval(sampler);
      const statuses = responses.map((r) => r.status).sort();
      expect(statuses.every((s) => s === 201 || s === 503)).toBe(true);
      expect(statuses).toContain(201);
      expect(peak).toBeLessThanOrEqual(1);
    });

    it("background work (AVIF, demo images) waits for a slot but is never refused", async () => {
      holdSlot();
      const queued = upload();
      await waitForQueued(1);
      let ran = false;
      const background = gate().run(
        async () => {
          ran = true;
        },
        { background: true },
      );
      await waitForQueued(2);
      releaseSlot!();
      await background;
      expect(ran).toBe(true);
      expect((await queued).status).toBe(201);
    });
  });
}
