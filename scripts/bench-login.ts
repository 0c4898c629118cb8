/**
 * A login burst against a running server (issue 31): N concurrent anonymous logins, each from its own address
 * (X-Forwarded-For, so start the server with TRUST_PROXY=1), while a visitor keeps asking for the home page and
 * the categories. Prints how the logins were answered (status counts: only 429 and 422 are expected, never a
 * 503 or 500) and the visitor's statuses and latencies during the burst.
 *
 *   TRUST_PROXY=1 DATABASE_URL=postgres://… npm start      # or the embedded SQLite default
 *   node scripts/bench-login.ts http://127.0.0.1:3000 [logins=500] [email=nobody@example.co.il]
 *
 * Localhost only. Each login carries a wrong password (an unknown e-mail still costs a full password check),
 * so the burst ends with the account's failure counters raised; the server's request ceiling is per address,
 * so the visitor's ~20 requests a second stay under it.
 */
import { performance } from "node:perf_hooks";

const [base = "http://127.0.0.1:3000", loginsArg = "500", email = "nobody@example.co.il"] = process.argv.slice(2);
if (!["127.0.0.1", "localhost", "[::1]"].includes(new URL(base).hostname)) {
  throw new Error("measure a server on this machine only");
}
const logins = Math.max(1, Math.min(5000, Number(loginsArg) || 500));

/** A distinct private address per login (10.x.y.z). */
const addressOf = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

/** The cookies and XSRF token an anonymous visitor gets from any GET (what the login form posts with). */
async function anonymousSession(address: string): Promise<{ cookie: string; token: string }> {
  const res = await fetch(`${base}/api/user`, { headers: { "X-Forwarded-For": address } });
  await res.arrayBuffer();
  const pairs = res.headers.getSetCookie().map((line) => line.split(";")[0]!);
  const xsrf = pairs.find((pair) => pair.startsWith("XSRF-TOKEN="));
  if (!xsrf) throw new Error(`no XSRF-TOKEN from ${base}/api/user (HTTP ${res.status})`);
  return { cookie: pairs.join("; "), token: decodeURIComponent(xsrf.slice("XSRF-TOKEN=".length)) };
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : Number.NaN;
const count = (values: (number | string)[]) => {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(String(value), (counts.get(String(value)) ?? 0) + 1);
  return [...counts]
    .sort()
    .map(([key, n]) => `${key} × ${n}`)
    .join(", ");
};

// Sessions first, in batches, so the burst itself is only the logins.
const sessions: { cookie: string; token: string }[] = [];
for (let i = 0; i < logins; i += 50) {
  const batch = Array.from({ length: Math.min(50, logins - i) }, (_, j) => anonymousSession(addressOf(i + j + 1)));
  sessions.push(...(await Promise.all(batch)));
}

let bursting = true;
const visitor: { status: number; ms: number }[] = [];
const visit = (async () => {
  const paths = ["/", "/api/categories"];
  for (let i = 0; bursting; i++) {
    const start = performance.now();
    const res = await fetch(`${base}${paths[i % 2]}`, { headers: { "Accept-Encoding": "br, gzip" } });
    await res.arrayBuffer();
    visitor.push({ status: res.status, ms: performance.now() - start });
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
})();

const started = performance.now();
const answers = await Promise.all(
  sessions.map(async ({ cookie, token }, i) => {
    const start = performance.now();
    try {
      const res = await fetch(`${base}/login`, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          "X-Requested-With": "XMLHttpRequest",
          "X-XSRF-TOKEN": token,
          "X-Forwarded-For": addressOf(i + 1),
          Cookie: cookie,
        },
        body: JSON.stringify({ email, password: `wrong-guess-${i}` }),
      });
      const body = (await res.json().catch(() => ({}))) as { message?: string };
      return { status: res.status, ms: performance.now() - start, message: body.message ?? "" };
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message;
      return { status: `network error (${cause})`, ms: performance.now() - start, message: "" };
    }
  }),
);
const burstMs = performance.now() - started;
bursting = false;
await visit;

const times = answers.map((a) => a.ms).sort((a, b) => a - b);
const visitorTimes = visitor.map((v) => v.ms).sort((a, b) => a - b);
console.log(`${logins} concurrent logins against ${base} in ${(burstMs / 1000).toFixed(2)} s`);
console.log(`  answers: ${count(answers.map((a) => a.status))}`);
console.log(`  429 messages: ${count(answers.filter((a) => a.status === 429).map((a) => a.message))}`);
console.log(
  `  latency: median ${percentile(times, 50).toFixed(0)} ms, p99 ${percentile(times, 99).toFixed(0)} ms, max ${times.at(-1)!.toFixed(0)} ms`,
);
console.log(
  `visitor during the burst: ${visitor.length} requests, ${count(visitor.map((v) => v.status))}; ` +
    `median ${percentile(visitorTimes, 50).toFixed(0)} ms, max ${(visitorTimes.at(-1) ?? Number.NaN).toFixed(0)} ms`,
);
const bad = answers.filter((a) => typeof a.status !== "number" || ![422, 429].includes(a.status)).length;
const visitorBad = visitor.filter((v) => v.status !== 200).length;
if (bad || visitorBad) {
  console.log(`✗ ${bad} logins and ${visitorBad} visitor requests answered something other than expected`);
  process.exitCode = 1;
} else {
  console.log("✓ only 429 and 422 for the logins; every visitor request answered 200");
}
