/**
 * Process configuration, read from the environment once at start-up.
 * Every problem is reported together, in plain words, so an operator can fix them in one go.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { z } from "zod";
import { MAX_HASH_COST, MIN_HASH_COST } from "./auth/passwords.ts";
import { DEFAULT_ADMIN_WRITE_LIMIT } from "./http/write-admission.ts";
import { DEFAULT_IMAGE_GATE } from "./images/gate.ts";
import { createPrivately, protectDataDir } from "./private-files.ts";

export interface AppConfig {
  port: number;
  host: string;
  databaseUrl: string;
  /** "sqlite" for a file path or `file:` URL, "postgres" for postgres:// URLs. */
  databaseKind: "sqlite" | "postgres";
  /** The local uploads folder (images live here unless `s3` is set). */
  uploadsDir: string;
  /** S3-compatible image storage, on when S3_BUCKET is set (server/images/s3-storage.ts). */
  s3?: { bucket: string; endpoint?: string; region: string; forcePathStyle: boolean; writeDeadlineMs: number };
  /**
   * Where pages point image URLs: "/uploads/" (served by the app) unless IMAGES_PUBLIC_URL names a CDN or
   * public bucket; always ends with "/".
   */
  imagesBaseUrl: string;
  dataDir: string;
  publicUrl: string;
  sessionSecret: string;
  /** True when the site is served over HTTPS (PUBLIC_URL starts with https://): cookies get Secure, HSTS is sent. */
  secureCookies: boolean;
  adminEmail?: string;
  adminPassword?: string;
  logLevel: "silent" | "info" | "debug";
  /** Trust X-Forwarded-For for the client address (only behind a proxy you control). */
  trustProxy: boolean;
  /** Skip loading demo content into an empty database. */
  skipSeed: boolean;
  /** Contact requests + club sign-ups allowed per client address per 10 minutes. */
  formRateLimit: number;
  /** Requests per minute per address to the API, pages and `.data` (not assets or uploads). */
  requestRateLimit: number;
  /** Encode missing AVIF variants in the background after start-up (tests turn it off). */
  avifBackfill: boolean;
  /** The image gate (server/images/gate.ts): IMAGE_CONCURRENCY images processed at once, IMAGE_QUEUE uploads waiting. */
  images: { concurrency: number; queue: number };
  /** The in-process page cache (server/http/page-cache.ts): off with PAGE_CACHE=0; its size in bytes. */
  pageCache: { enabled: boolean; maxBytes: number };
  /** Worker threads that render public pages (server/http/render-pool.ts): RENDER_WORKERS, 0 = none. */
  renderWorkers: number;
  /** Back-office writes in flight past which another is answered 503 (server/http/write-admission.ts). */
  adminWriteLimit: number;
  /** Outgoing mail (club confirmation e-mails): smtp:// or smtps:// URL; without it nothing is sent. */
  smtpUrl?: string;
  /** The sender address of outgoing mail; its display name is the brand of the site settings. */
  mailFrom: string;
  /** MAIL_UNSUBSCRIBE: an address staff read, named as the mailto of club e-mails' `List-Unsubscribe`. */
  mailUnsubscribe?: string;
}

const envSchema = z.object({
  PORT: z.coerce
    .number({ error: "PORT must be a number" })
    .int()
    .min(0, "PORT must be between 0 and 65535")
    .max(65535, "PORT must be between 0 and 65535")
    .default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("data"),
  DATABASE_URL: z.string().min(1).optional(),
  UPLOADS_DIR: z.string().min(1).optional(),
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      "S3_BUCKET must be a bucket name (3–63 lower-case letters, digits, . and -)",
    )
    .optional(),
  S3_ENDPOINT: z.url({ error: "S3_ENDPOINT must be an absolute URL such as https://s3.example.com" }).optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_FORCE_PATH_STYLE: z.enum(["0", "1", "true", "false"]).default("0"),
  S3_WRITE_TIMEOUT_MS: z.coerce
    .number({ error: "S3_WRITE_TIMEOUT_MS must be a number of milliseconds" })
    .int()
    .min(500, "S3_WRITE_TIMEOUT_MS must be at least 500")
    .default(3_000),
  IMAGES_PUBLIC_URL: z
    .url({ error: "IMAGES_PUBLIC_URL must be an absolute URL such as https://cdn.bakery.example/images" })
    .optional(),
  PUBLIC_URL: z.url({ error: "PUBLIC_URL must be an absolute URL such as https://bakery.example" }).optional(),
  SESSION_SECRET: z.string().min(32, "SESSION_SECRET must be at least 32 characters").optional(),
  ADMIN_EMAIL: z.email({ error: "ADMIN_EMAIL must be an e-mail address" }).optional(),
  ADMIN_PASSWORD: z.string().min(10, "ADMIN_PASSWORD must be at least 10 characters").optional(),
  LOG_LEVEL: z.enum(["silent", "info", "debug"]).default("info"),
  TRUST_PROXY: z.enum(["0", "1", "true", "false"]).default("0"),
  SKIP_SEED: z.enum(["0", "1", "true", "false"]).default("0"),
  AVIF_BACKFILL: z.enum(["0", "1", "true", "false"]).default("1"),
  // Read by server/auth/passwords.ts; checked here so a bad value stops the start with the other problems.
  PASSWORD_HASH_COST: z.coerce
    .number({ error: "PASSWORD_HASH_COST must be a number" })
    .int()
    .min(MIN_HASH_COST, `PASSWORD_HASH_COST must be between ${MIN_HASH_COST} and ${MAX_HASH_COST}`)
    .max(MAX_HASH_COST, `PASSWORD_HASH_COST must be between ${MIN_HASH_COST} and ${MAX_HASH_COST}`)
    .optional(),
  FORM_RATE_LIMIT: z.coerce
    .number({ error: "FORM_RATE_LIMIT must be a number" })
    .int()
    .min(1, "FORM_RATE_LIMIT must be at least 1")
    .default(5),
  PAGE_CACHE: z.enum(["0", "1", "true", "false"]).default("1"),
  PAGE_CACHE_MB: z.coerce
    .number({ error: "PAGE_CACHE_MB must be a number" })
    .positive("PAGE_CACHE_MB must be more than 0")
    .max(4096, "PAGE_CACHE_MB must be at most 4096")
    .default(32),
  RENDER_WORKERS: z.coerce
    .number({ error: "RENDER_WORKERS must be a number" })
    .int()
    .min(0, "RENDER_WORKERS must be between 0 and 64")
    .max(64, "RENDER_WORKERS must be between 0 and 64")
    .optional(),
  ADMIN_WRITE_LIMIT: z.coerce
    .number({ error: "ADMIN_WRITE_LIMIT must be a number" })
    .int()
    .min(1, "ADMIN_WRITE_LIMIT must be between 1 and 1000")
    .max(1000, "ADMIN_WRITE_LIMIT must be between 1 and 1000")
    .default(DEFAULT_ADMIN_WRITE_LIMIT),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^/\s]+/i, "SMTP_URL must look like smtp://user:password@host:587 or smtps://host:465")
    .optional(),
  MAIL_FROM: z.email({ error: "MAIL_FROM must be an e-mail address such as club@bakery.example" }).optional(),
  MAIL_UNSUBSCRIBE: z
    .email({ error: "MAIL_UNSUBSCRIBE must be an e-mail address such as club@bakery.example" })
    .optional(),
  REQUEST_RATE_LIMIT: z.coerce
    .number({ error: "REQUEST_RATE_LIMIT must be a number" })
    .int()
    .min(1, "REQUEST_RATE_LIMIT must be at least 1")
    .default(300),
  IMAGE_CONCURRENCY: z.coerce
    .number({ error: "IMAGE_CONCURRENCY must be a number" })
    .int()
    .min(1, "IMAGE_CONCURRENCY must be between 1 and 16")
    .max(16, "IMAGE_CONCURRENCY must be between 1 and 16")
    .default(DEFAULT_IMAGE_GATE.concurrency),
  IMAGE_QUEUE: z.coerce
    .number({ error: "IMAGE_QUEUE must be a number" })
    .int()
    .min(0, "IMAGE_QUEUE must be between 0 and 100")
    .max(100, "IMAGE_QUEUE must be between 0 and 100")
    .default(DEFAULT_IMAGE_GATE.queue),
});

export class ConfigError extends Error {}

function flag(value: string): boolean {
  return value === "1" || value === "true";
}

/** Reads DATA_DIR/session-secret, creating it on first start so a fresh clone needs no setup. */
function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

export function databaseKindOf(url: string): "sqlite" | "postgres" {
  if (/^postgres(ql)?:\/\//i.test(url)) return "postgres";
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(url) && !url.startsWith("file:")) {
    throw new ConfigError(`DATABASE_URL: unsupported scheme in "${url}" (use a file path, file:… or postgres://…)`);
  }
  return "sqlite";
}

/** The SQLite file of a DATABASE_URL (a path or `file:…`), absolute; `:memory:` as it is. */
export function sqliteFileOf(url: string): string {
  const file = url.startsWith("file:") ? url.slice("file:".length).replace(/^\/\/(?=\/)/, "") : url;
  return file === ":memory:" ? file : path.resolve(file);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  // Before any file is made (the session secret below, the database, uploads, backups): owner-only.
  createPrivately();
  // Empty strings mean "not set": .env files and CI often export blanks.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  - ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const databaseUrl = e.DATABASE_URL ?? path.join(dataDir, "bakery.sqlite");
  const databaseKind = databaseKindOf(databaseUrl);
  const uploadsDir = path.resolve(e.UPLOADS_DIR ?? path.join(dataDir, "uploads"));
  protectDataDir({
    dataDir,
    uploadsDir,
    sqliteFile: databaseKind === "sqlite" ? sqliteFileOf(databaseUrl) : undefined,
  });
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, "");
  if (!e.S3_BUCKET && e.S3_ENDPOINT) {
    // Otherwise images would quietly go to the local folder of each server.
    throw new ConfigError("Invalid configuration:\n  - S3_BUCKET: must be set when S3_ENDPOINT is");
  }
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl,
    databaseKind,
    dataDir,
    uploadsDir,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          forcePathStyle: flag(e.S3_FORCE_PATH_STYLE),
          writeDeadlineMs: e.S3_WRITE_TIMEOUT_MS,
        }
      : undefined,
    imagesBaseUrl: e.IMAGES_PUBLIC_URL ? `${e.IMAGES_PUBLIC_URL.replace(/\/+$/, "")}/` : "/uploads/",
    publicUrl,
    sessionSecret: e.SESSION_SECRET ?? loadOrCreateSecret(dataDir),
    secureCookies: publicUrl.startsWith("https://"),
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    logLevel: e.LOG_LEVEL,
    trustProxy: flag(e.TRUST_PROXY),
    skipSeed: flag(e.SKIP_SEED),
    formRateLimit: e.FORM_RATE_LIMIT,
    requestRateLimit: e.REQUEST_RATE_LIMIT,
    avifBackfill: flag(e.AVIF_BACKFILL),
    images: { concurrency: e.IMAGE_CONCURRENCY, queue: e.IMAGE_QUEUE },
    pageCache: { enabled: flag(e.PAGE_CACHE), maxBytes: Math.round(e.PAGE_CACHE_MB * 1024 * 1024) },
    // One render worker per core the process may use (docs/performance.md, "Renders off the server's thread").
    renderWorkers: e.RENDER_WORKERS ?? availableParallelism(),
    adminWriteLimit: e.ADMIN_WRITE_LIMIT,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `no-reply@${new URL(publicUrl).hostname}`,
    mailUnsubscribe: e.MAIL_UNSUBSCRIBE,
  };
}
