/**
 * Latency of the search box's suggestions, GET /api/products/suggest, as a visitor's typing calls it:
 * one request at a time, through the whole HTTP stack of a running server, for the growing prefixes of
 * a few product names (with the typos among them). Prints the median and p99 of the calls.
 *   node scripts/bench-suggest.ts http://127.0.0.1:3000 [calls=200]
 * Localhost only. The server's request ceiling (REQUEST_RATE_LIMIT, 300 a minute) must allow the calls.
 */
import { performance } from "node:perf_hooks";

const [base = "http://127.0.0.1:3000", callsArg = "200"] = process.argv.slice(2);
if (!["127.0.0.1", "localhost", "[::1]"].includes(new URL(base).hostname)) {
  throw new Error("measure a server on this machine only");
}
const calls = Math.max(1, Math.min(1000, Number(callsArg) || 200));

const WORDS = ["קרואסון שקדים", "קוראסון", "עוגת גבנה", "עוגיות חמאה", "חלה מתוקה", "לחם מחמצת", "שוקולד"];
const queries = WORDS.flatMap((word) =>
  [...word].map((_, i) => word.slice(0, i + 1)).filter((q) => q.trim().length >= 2),
);

// Warm the connection and the index.
await fetch(`${base}/api/products/suggest?q=${encodeURIComponent("עוגה")}`).then((r) => r.arrayBuffer());

const times: number[] = [];
let suggestions = 0;
for (let i = 0; i < calls; i++) {
  const q = queries[i % queries.length]!;
  const start = performance.now();
  const res = await fetch(`${base}/api/products/suggest?q=${encodeURIComponent(q)}`);
  const body = (await res.json()) as { data?: unknown[] };
  times.push(performance.now() - start);
  if (res.status !== 200) throw new Error(`${q}: HTTP ${res.status}`);
  suggestions += body.data?.length ?? 0;
}
times.sort((a, b) => a - b);
const at = (p: number) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)]!;
console.log(
  `suggest: ${calls} calls, median ${at(50).toFixed(2)} ms, p99 ${at(99).toFixed(2)} ms, max ${times.at(-1)!.toFixed(2)} ms` +
    ` (${(suggestions / calls).toFixed(1)} suggestions per answer)`,
);
