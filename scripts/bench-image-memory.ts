/**
 * Peak resident memory of image uploads (issue 31): starts the production server (server/main.ts, `npm start`'s heap
 * flags) on a fresh data folder, signs in as an admin, and sends N uploads of one large photo-like JPEG each at once
 * through POST /api/admin/images. Samples the server's VmRSS every 20 ms and reads its VmHWM (the kernel's peak) at
 * the end; prints how the uploads were answered (201, or the Hebrew 503 of a full image queue — never a 500).
 *
 *   ./node_modules/.bin/node scripts/bench-image-memory.ts [--uploads 10] [--mp 12] [--settle 20]
 *
 * IMAGE_CONCURRENCY, IMAGE_QUEUE (server/images/gate.ts) and MALLOC_ARENA_MAX (2 unless set, as `npm start` has it)
 * from the environment go to the server. `--settle` keeps sampling
 * that many seconds after the uploads (the AVIF encodes the uploads queued run then). Needs `npm run build`.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import sharp from "sharp";

const { values } = parseArgs({
  options: {
    uploads: { type: "string", default: "10" },
    mp: { type: "string", default: "12" },
    settle: { type: "string", default: "20" },
  },
});
const uploads = Number(values.uploads);
const megapixels = Number(values.mp);
const settleSeconds = Number(values.settle);
const EMAIL = "bench-images@example.co.il";
const PASSWORD = "bench-images-password-1";

/** A photo-like JPEG (4:3, gradients, texture and noise) of about `megapixels` Mpx, under the 10 MB upload limit. */
async function photo(): Promise<Buffer> {
  const width = Math.round(Math.sqrt((megapixels * 1_000_000 * 4) / 3));
  const height = Math.round((width * 3) / 4);
  const data = Buffer.alloc(width * height * 3);
  let seed = 7;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const n = (seed / 0x7fffffff - 0.5) * 24;
      const blob = Math.sin(x / 71) * Math.cos(y / 53) * 40;
      const i = (y * width + x) * 3;
      data[i] = Math.max(0, Math.min(255, (200 * x) / width + 40 + n + blob));
      data[i + 1] = Math.max(0, Math.min(255, (150 * y) / height + 60 + n));
      data[i + 2] = Math.max(0, Math.min(255, 90 + 80 * Math.sin((x + y) / 300) + n - blob));
    }
  }
  return sharp(data, { raw: { width, height, channels: 3 } })
    .blur(0.8)
    .jpeg({ quality: 85 })
    .toBuffer();
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

function status(pid: number): { rss: number; hwm: number } {
  const text = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(text)?.[1] ?? 0);
  return { rss: kb("VmRSS") / 1024, hwm: kb("VmHWM") / 1024 };
}

const dataDir = await mkdtemp(path.join(tmpdir(), "bench-image-memory-"));
let server: ChildProcess | undefined;
try {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    PUBLIC_URL: base,
    SKIP_SEED: "1",
    LOG_LEVEL: "info",
    REQUEST_RATE_LIMIT: "100000",
    // As `npm start` sets it (package.json): two malloc arenas instead of up to 8 per core for libvips' threads.
    MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? "2",
  };
  delete env.DATABASE_URL;
  const created = spawnSync(process.execPath, ["scripts/admin-create.ts", "--email", EMAIL, "--password", PASSWORD], {
    env,
    encoding: "utf8",
  });
  if (created.status !== 0) throw new Error(`admin:create failed: ${created.stderr}`);
  const jpeg = await photo();
  const meta = await sharp(jpeg).metadata();

  server = spawn(process.execPath, ["--max-semi-space-size=8", "--max-old-space-size=384", "server/main.ts"], {
    env,
    stdio: ["ignore", "ignore", "inherit"],
  });
  const pid = server.pid!;
  for (;;) {
    if (server.exitCode !== null) throw new Error("server exited");
    const ok = await fetch(`${base}/livez`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }

  // Sign in (session + XSRF cookies, as the login form does), then a product to own the images.
  const jar = new Map<string, string>();
  const keep = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const at = pair!.indexOf("=");
      jar.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
  };
  const headers = () => ({
    Cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; "),
    "X-XSRF-TOKEN": decodeURIComponent(jar.get("XSRF-TOKEN") ?? ""),
    "X-Requested-With": "XMLHttpRequest",
  });
  keep(await fetch(`${base}/api/user`));
  const login = await fetch(`${base}/login`, {
    method: "POST",
    headers: { ...headers(), "Content-Type": "application/json" },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  keep(login);
  if (!login.ok) throw new Error(`login: HTTP ${login.status} ${await login.text()}`);
  const product = await fetch(`${base}/api/admin/products`, {
    method: "POST",
    headers: { ...headers(), "Content-Type": "application/json" },
    body: JSON.stringify({ name: "עוגת בדיקה", title: "עוגה", serial_id: 424_242, status: 1 }),
  });
  keep(product);
  const productId = ((await product.json()) as { data: { id: number } }).data.id;

  const idle = status(pid);
  let peakSampled = idle.rss;
  const sampler = setInterval(() => {
    peakSampled = Math.max(peakSampled, status(pid).rss);
  }, 20);
  console.log(
    `${uploads} concurrent uploads of a ${meta.width}×${meta.height} JPEG (${((meta.width! * meta.height!) / 1e6).toFixed(1)} Mpx, ` +
      `${(jpeg.length / 1024 / 1024).toFixed(1)} MB); IMAGE_CONCURRENCY=${process.env.IMAGE_CONCURRENCY ?? "(default)"} ` +
      `IMAGE_QUEUE=${process.env.IMAGE_QUEUE ?? "(default)"} MALLOC_ARENA_MAX=${env.MALLOC_ARENA_MAX}; load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}`,
  );
  console.log(`server RSS before the uploads: ${idle.rss.toFixed(0)} MB (VmHWM so far ${idle.hwm.toFixed(0)} MB)`);
  const started = performance.now();
  const answers = await Promise.all(
    Array.from({ length: uploads }, async (_, i) => {
      const form = new FormData();
      form.set("id", String(productId));
      form.set("type", "App\\Models\\Product");
      form.set("directory", "products");
      form.append("files[]", new Blob([new Uint8Array(jpeg)], { type: "image/jpeg" }), `photo-${i}.jpg`);
      const t = performance.now();
      const res = await fetch(`${base}/api/admin/images`, { method: "POST", headers: headers(), body: form });
      const body = (await res.json().catch(() => ({}))) as { message?: string };
      return {
        status: res.status,
        ms: performance.now() - t,
        retryAfter: res.headers.get("retry-after"),
        message: body.message,
      };
    }),
  );
  const uploadsMs = performance.now() - started;
  const afterUploads = { peak: peakSampled, hwm: status(pid).hwm };
  await new Promise((resolve) => setTimeout(resolve, settleSeconds * 1000));
  clearInterval(sampler);
  const end = status(pid);

  const counts = new Map<number, number>();
  for (const a of answers) counts.set(a.status, (counts.get(a.status) ?? 0) + 1);
  console.log(
    `answers: ${[...counts].map(([s, n]) => `${s} × ${n}`).join(", ")} in ${(uploadsMs / 1000).toFixed(1)} s ` +
      `(slowest ${(Math.max(...answers.map((a) => a.ms)) / 1000).toFixed(1)} s)`,
  );
  const refused = answers.find((a) => a.status === 503);
  if (refused) console.log(`  503: Retry-After ${refused.retryAfter}, "${refused.message}"`);
  console.log(
    `peak RSS during the uploads: ${afterUploads.peak.toFixed(0)} MB sampled, VmHWM ${afterUploads.hwm.toFixed(0)} MB; ` +
      `with the ${settleSeconds} s after (AVIF encodes): VmHWM ${end.hwm.toFixed(0)} MB, RSS now ${end.rss.toFixed(0)} MB`,
  );
  if (answers.some((a) => a.status >= 500 && a.status !== 503)) process.exitCode = 1;
} finally {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  }
  await rm(dataDir, { recursive: true, force: true });
}
