/**
 * The control beside Lighthouse in `npm run bench`: the site's answers kept once and served from memory by a bare
 * node:http server, and a minimal Hebrew page. Lighthouse on them in the same run tells the page's cost in the
 * browser and the machine's floor apart from the server's: a score that the byte-for-byte copy misses as well is
 * not the server's to win, and one that the minimal page misses is the machine's.
 */
import { createServer, type IncomingHttpHeaders, request } from "node:http";
import type { AddressInfo } from "node:net";

/** The path of the minimal page on the copy's server. */
export const MINIMAL_PAGE_PATH = "/__bench/minimal";

const MINIMAL_PAGE = Buffer.from(
  '<!DOCTYPE html><html lang="he" dir="rtl"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1"><title>מאפייה</title>' +
    '<meta name="description" content="עמוד ביקורת של מדידת הביצועים"></head>' +
    "<body><h1>מאפיית שקד</h1><p>מאפייה וקונדיטוריה משפחתית בירושלים.</p></body></html>",
);

/** Hop-by-hop and per-answer headers that a kept copy must not repeat. */
const DROPPED = new Set(["connection", "keep-alive", "transfer-encoding", "date", "content-length"]);

interface Kept {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

function fetchOnce(site: URL, path: string, acceptEncoding: string | undefined): Promise<Kept> {
  return new Promise((resolve, reject) => {
    const upstream = request(
      new URL(path, site),
      { headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 502, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on("error", reject);
      },
    );
    upstream.on("error", reject);
    upstream.end();
  });
}

/**
 * Serves every GET as the site answered it the first time (same status, headers and bytes, per address and
 * Accept-Encoding), from memory from then on, and the minimal page at MINIMAL_PAGE_PATH.
 */
export async function startStaticCopy(siteUrl: string): Promise<{ url: string; close(): Promise<void> }> {
  const site = new URL(siteUrl);
  const kept = new Map<string, Promise<Kept>>();
  const server = createServer((req, res) => {
    const path = req.url ?? "/";
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405).end();
      return;
    }
    if (path === MINIMAL_PAGE_PATH) {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-length": MINIMAL_PAGE.length });
      res.end(req.method === "HEAD" ? undefined : MINIMAL_PAGE);
      return;
    }
    const acceptEncoding = req.headers["accept-encoding"];
    const key = `${path}\n${acceptEncoding ?? ""}`;
    let answer = kept.get(key);
    if (!answer) {
      answer = fetchOnce(site, path, acceptEncoding);
      kept.set(key, answer);
    }
    answer.then(
      ({ status, headers, body }) => {
        const copied = Object.fromEntries(Object.entries(headers).filter(([name]) => !DROPPED.has(name)));
        res.writeHead(status, { ...copied, "content-length": body.length });
        res.end(req.method === "HEAD" ? undefined : body);
      },
      () => {
        kept.delete(key);
        res.writeHead(502).end();
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
