/**
 * The frame every browser test file shares: a `describe` that is skipped without Chromium and connects to the
 * run's one Chromium (started by the e2e global setup) for its tests, disconnecting after them. The body gets the
 * browser as a stand-in that forwards to the connected one, so it can be used (and handed to helpers) as a `Browser` from the first `beforeAll` on.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, inject } from "vitest";
import { connectBrowser } from "./browser.ts";
import { standIn } from "./stand-in.ts";

/**
 * The e2e server of this file's worker (the global setup starts one per worker): files running side by side
 * each browse their own copy of the demo site, so what one writes never shows in another's assertions.
 */
export function e2eBaseURL(): string {
  const urls = inject("baseURLs");
  const poolId = Number(process.env.VITEST_POOL_ID ?? "1");
  return urls.length === 0 ? "" : urls[(poolId - 1) % urls.length]!;
}

export function describeInChromium(name: string, body: (browser: Browser) => void): void {
  const chromiumPath = inject("chromiumPath");
  describe.skipIf(!chromiumPath)(name, () => {
    let launched: Browser | undefined;
    beforeAll(async () => {
      launched = await connectBrowser(inject("browserEndpoint"));
    });
    afterAll(async () => {
      await launched?.close();
    });
    body(standIn("browser", () => launched));
  });
}
