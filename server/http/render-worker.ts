/**
 * A render worker (a worker thread of render-pool.ts): renders public pages for the server's thread, which keeps
 * the page cache, the admin API and every write. It has its own read-only database handle and its own services,
 * and holds nothing that can go stale without the server's thread saying so:
 *
 * - its memoised reads (services/per-version.ts) are kept by a tag clock of its own that the server's thread
 *   feeds every change it records (`change` messages, in the order it records them), and its search index follows
 *   the content version the server's thread forwards (`version`). A port delivers messages in order, so every
 *   change recorded before a render was sent is known here before that render reads anything;
 * - "now" is the server's clock at the moment it sent the render (the services' clock in tests), so a page's cache
 *   key and its content agree on the minute and the day.
 *
 * It answers each render with the page (status, headers, bytes, transferred) and the tags of what it read (and its
 * verifiable reads); the server's thread stamps them as of the moment it sent the render, so a page that a write
 * reached meanwhile is never kept as fresh. It also calls a kept page's verifiable reads again when asked
 * (`verify`: page-cache.ts confirms a page that way instead of rendering it).
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { pathToFileURL } from "node:url";
import { parentPort, workerData } from "node:worker_threads";
import { createRequestHandler, type ServerBuild } from "react-router";
import { createTagClock, readsOf } from "../cache-tags.ts";
import { openDatabase } from "../db/database.ts";
import { faultOf } from "../db/faults.ts";
import { createImageStorage } from "../images/open-storage.ts";
import { createLogger, errorFields } from "../log.ts";
import { createServices } from "../services/index.ts";
import { withPerVersionReads } from "../services/per-version.ts";
import { verifyReads, withReadTags } from "../services/read-tags.ts";
import { withDocumentOnlyLoaderData } from "./document-loader-data.ts";
import { etagOf } from "./page-cache.ts";
import { entryOf, publicContext, readRendered } from "./public-render.ts";
import type { FromWorker, RenderWorkerData, ToWorker } from "./render-pool.ts";

const data = workerData as RenderWorkerData;
const port = parentPort!;
const logger = createLogger(data.logLevel);
const database = openDatabase(data.database.url, {
  schema: data.database.schema,
  readOnly: true,
  poolSize: data.database.poolSize,
  logger,
});

// "Now": the server's clock when it sent the render being done; between renders (the search index's rebuilds),
// the last one it sent, moved on by the time since.
const renderNow = new AsyncLocalStorage<number>();
let lastNow = { now: Date.now(), at: Date.now() };
const clock = () => new Date(renderNow.getStore() ?? lastNow.now + (Date.now() - lastNow.at));

const tags = createTagClock();
let version = data.version;
const versionListeners = new Set<(version: number) => void>();
const setVersion = (next: number) => {
  if (next <= version) return;
  version = next;
  for (const listener of versionListeners) listener(version);
};
const contentVersion = {
  tags,
  current: () => version,
  onChange(listener: (version: number) => void) {
    versionListeners.add(listener);
    return () => versionListeners.delete(listener);
  },
};

const services = withPerVersionReads(
  withReadTags(
    createServices(database.db, {
      storage: createImageStorage(data.storage),
      logger,
      clock,
      imagesBaseUrl: data.imagesBaseUrl,
      publicUrl: data.publicUrl,
      linkSecret: data.linkSecret,
    }),
  ),
  contentVersion,
);
services.search.follow(contentVersion);

const build = (await import(pathToFileURL(data.buildFile).href)) as ServerBuild;
const entry = entryOf(build);
const handle = createRequestHandler(withDocumentOnlyLoaderData(build, entry), data.mode);
const origin = new URL(data.publicUrl).origin;

const send = (message: FromWorker, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

async function render(message: Extract<ToWorker, { t: "render" }>) {
  setVersion(message.v);
  lastNow = { now: message.now, at: Date.now() };
  let fault = false;
  const reportError = (error: unknown) => {
    if (faultOf(error)) fault = true;
    if (faultOf(error) || database.isDown()) return;
    logger.error("page error", errorFields(error));
  };
  try {
    const { value: page, stamp } = await tags.collect(() =>
      renderNow.run(message.now, async () => {
        const context = publicContext(entry, services, {
          nonce: message.nonce,
          wholeDocument: message.whole,
          path: message.path,
          publicUrl: data.publicUrl,
          reportError,
        });
        const response = await handle(new Request(`${origin}${message.path}`, { method: "GET" }), context);
        return readRendered(response, message.nonce);
      }),
    );
    const body = page.body.buffer as ArrayBuffer;
    send(
      {
        t: "done",
        id: message.id,
        status: page.status,
        headers: page.headers,
        body,
        offset: page.body.byteOffset,
        length: page.body.byteLength,
        ...readsOf(stamp),
        etag: etagOf(page),
        down: database.isDown() || (fault && page.status >= 500),
        busy: database.isBusy(),
      },
      [body],
    );
  } catch (error) {
    send({ t: "failed", id: message.id, error: error instanceof Error ? error.message : String(error) });
  }
}

/** Calls a page's verifiable reads again for the server's thread (page-cache.ts): the same results? */
async function verify(message: Extract<ToWorker, { t: "verify" }>) {
  setVersion(message.v);
  lastNow = { now: message.now, at: Date.now() };
  try {
    const same = await renderNow.run(message.now, () => verifyReads(services, message.checks));
    send({ t: "verified", id: message.id, same });
  } catch (error) {
    send({ t: "failed", id: message.id, error: error instanceof Error ? error.message : String(error) });
  }
}

port.on("message", (message: ToWorker) => {
  if (message.t === "change") tags.invalidate(message.tags, message.hard);
  else if (message.t === "version") setVersion(message.v);
  else if (message.t === "render") void render(message);
  else if (message.t === "verify") void verify(message);
});
send({ t: "ready" });
