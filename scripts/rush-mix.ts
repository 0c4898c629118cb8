/**
 * The holiday rush's mix of public addresses (issue 27) and wrk's Lua that loads them, counting the page cache's
 * X-Cache per answer: shared by `npm run bench:rush` and `npm run bench:preorders`.
 */
import { spawn } from "node:child_process";

async function json<T>(url: string, init?: RequestInit): Promise<T> {
  const res = await fetch(url, init);
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
  return (await res.json()) as T;
}

/** Home, /categories and every category, up to 60 product pages, branches, sales, news, about, /products 1–3, 20 searches and 31 `.data` requests. */
export async function rushPaths(url: string): Promise<string[]> {
  const categories = (await json<{ data: { id: number; subCategories?: { id: number }[] }[] }>(`${url}/api/categories`))
    .data;
  const categoryIds = categories.flatMap((c) => [c.id, ...(c.subCategories ?? []).map((s) => s.id)]);
  const products: { id: number; name: string }[] = [];
  for (let page = 1; products.length < 60; page++) {
    const list = await json<{ data: { id: number; name: string }[]; last_page: number }>(
      `${url}/api/products?page=${page}`,
    );
    products.push(...list.data);
    if (page >= list.last_page) break;
  }
  const words = [...new Set(products.flatMap((p) => p.name.split(/\s+/)).filter((w) => w.length >= 3))].slice(0, 20);
  const pages = [
    "/",
    "/categories",
    ...categoryIds.map((id) => `/categories/${id}`),
    ...products.slice(0, 60).map((p) => `/product/${p.id}`),
    "/branches",
    "/sales",
    "/news",
    "/about",
    "/products",
    "/products?page=2",
    "/products?page=3",
    ...words.map((w) => `/products?search=${encodeURIComponent(w)}`),
  ];
  const data = products.slice(0, 31).map((p) => `/product/${p.id}.data`);
  return [...pages, ...data];
}

/** wrk's Lua: rotate through the paths, count X-Cache per answer, print the counts at the end. */
export function wrkScript(paths: string[]): string {
  const list = paths.map((p) => `"${p.replace(/"/g, '\\"')}"`).join(",\n");
  return `
local paths = {${list}}
local i = 0
local threads = {}
function setup(thread) table.insert(threads, thread) end
function init(args) hits = 0; misses = 0; other = 0; i = math.random(#paths) end
function request()
  i = i % #paths + 1
  return wrk.format("GET", paths[i], { ["Accept-Encoding"] = "br, gzip" })
end
function response(status, headers, body)
  local cache = headers["X-Cache"] or headers["x-cache"]
  if cache == "hit" or cache == "stale" then hits = hits + 1
  elseif cache == "miss" then misses = misses + 1
  else other = other + 1 end
end
function done(summary, latency, requests)
  local h, m, o = 0, 0, 0
  for _, t in ipairs(threads) do h = h + t:get("hits"); m = m + t:get("misses"); o = o + t:get("other") end
  io.write(string.format("RESULT %d %d %d %d %.3f %.3f %d %d %d\\n",
    summary.requests, h, m, o, latency:percentile(50) / 1000, latency:percentile(99) / 1000,
    summary.errors.timeout, summary.errors.connect + summary.errors.read + summary.errors.write,
    summary.errors.status))
end
`;
}

/** Runs wrk (one thread) for `duration` seconds; resolves with what it printed (a `RESULT …` line from the script). */
export function runWrk(url: string, script: string, connections: number, duration: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const wrk = spawn("wrk", ["-t1", `-c${connections}`, `-d${duration}s`, "--timeout", "10s", "-s", script, url], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    wrk.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
    });
    wrk.on("error", reject);
    wrk.on("exit", () => resolve(out));
  });
}

/** The numbers of wrk's RESULT line: requests, hits, misses, other, p50 ms, p99 ms, timeouts, socket errors, non-2xx. */
export function parseWrk(out: string) {
  const line = /RESULT (\d+) (\d+) (\d+) (\d+) ([\d.]+) ([\d.]+) (\d+) (\d+) (\d+)/.exec(out);
  if (!line) return null;
  const n = (i: number) => Number(line[i]);
  const [hits, misses, other] = [n(2), n(3), n(4)];
  return {
    requests: n(1),
    hits,
    misses,
    other,
    p50: n(5),
    p99: n(6),
    timeouts: n(7),
    socket: n(8),
    status: n(9),
    hitRatio: hits / Math.max(1, hits + misses + other),
  };
}
