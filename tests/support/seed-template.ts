/**
 * Seeded templates: the demo content (rows + drawn images) built once and copied per test file or
 * per server start, as Epic Stack copies its base database. A template is a folder with
 * `bakery.sqlite` and `uploads/`, cached under node_modules/.cache/bakery-tests/ and keyed by a hash
 * of everything that decides its content (seed, migrations, services, image pipeline, lock file,
 * options), so a change to any of them builds a new one.
 */
import { randomBytes } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { openDatabase } from "../../server/db/database.ts";
import { migrateToLatest } from "../../server/db/migrate.ts";
import { ensureDemoAdmin, seedDemoContent } from "../../server/db/seed/index.ts";
import { createLocalStorage } from "../../server/images/storage.ts";
import { createLogger } from "../../server/log.ts";
import { createServices } from "../../server/services/index.ts";
import { inputsHash } from "./input-hash.ts";

export const TEMPLATE_DATABASE = "bakery.sqlite";
export const TEMPLATE_UPLOADS = "uploads";

export interface TemplateOptions {
  /** Artwork scale (see SeedOptions.imageScale). */
  imageScale: number;
  /** A first admin account, as ADMIN_EMAIL/ADMIN_PASSWORD would create it. */
  admin?: { email: string; password: string };
}

const CACHE_ROOT = path.resolve("node_modules/.cache/bakery-tests");
const INPUTS = [
  "server/db",
  "server/images",
  "server/services",
  "server/auth/passwords.ts",
  "domain",
  "package-lock.json",
];

function templateKey(name: string, options: TemplateOptions): string {
  const settings = JSON.stringify({ options, cost: process.env.PASSWORD_HASH_COST ?? "" });
  return `${name}-${inputsHash(INPUTS, settings).slice(0, 16)}`;
}

async function build(dir: string, options: TemplateOptions): Promise<void> {
  const handle = openDatabase(path.join(dir, TEMPLATE_DATABASE));
  try {
    await migrateToLatest(handle);
    const logger = createLogger("silent");
    const services = createServices(handle.db, {
      storage: createLocalStorage(path.join(dir, TEMPLATE_UPLOADS)),
      logger,
    });
    if (options.admin) {
      await ensureDemoAdmin(
        services,
        { adminEmail: options.admin.email, adminPassword: options.admin.password },
        logger,
      );
    }
    await seedDemoContent(handle, services, { imageScale: options.imageScale });
  } finally {
    // Closing checkpoints the write-ahead log into the one file that gets copied.
    await handle.close();
  }
}

/** The template's folder, built now unless a current one is cached. Older templates of `name` are removed. */
export async function seedTemplate(name: string, options: TemplateOptions): Promise<string> {
  const key = templateKey(name, options);
  const dir = path.join(CACHE_ROOT, key);
  if (existsSync(path.join(dir, TEMPLATE_DATABASE))) return dir;
  mkdirSync(CACHE_ROOT, { recursive: true });
  for (const old of readdirSync(CACHE_ROOT)) {
    if (old.startsWith(`${name}-`)) rmSync(path.join(CACHE_ROOT, old), { recursive: true, force: true });
  }
  const building = path.join(CACHE_ROOT, `.${key}-${randomBytes(4).toString("hex")}`);
  mkdirSync(building);
  try {
    await build(building, options);
    try {
      renameSync(building, dir);
    } catch (error) {
      // Another run finished the same template first: use theirs.
      if (!existsSync(path.join(dir, TEMPLATE_DATABASE))) throw error;
    }
  } finally {
    rmSync(building, { recursive: true, force: true });
  }
  return dir;
}

/** Copies a template's database file to `file` and its uploads to `uploadsDir`. */
export function copyTemplate(template: string, target: { file?: string; uploadsDir: string }): void {
  if (target.file) cpSync(path.join(template, TEMPLATE_DATABASE), target.file);
  cpSync(path.join(template, TEMPLATE_UPLOADS), target.uploadsDir, { recursive: true });
}

/** Artwork scale of the integration template: a quarter of the full size is enough for every integration test. */
export const INTEGRATION_IMAGE_SCALE = 0.25;

/** The integration template (demo content, no admin), built unless cached. */
export function seedIntegrationTemplate(): Promise<string> {
  return seedTemplate("integration", { imageScale: INTEGRATION_IMAGE_SCALE });
}

/** The e2e admin account, in the e2e template and given to each e2e server as ADMIN_EMAIL/ADMIN_PASSWORD. */
export const E2E_ADMIN = { email: "e2e-admin@example.co.il", password: "e2e-admin-password-123" };
/** The e2e servers' SESSION_SECRET: a test can sign a club member's unsubscribe link as the server does. */
export const E2E_SESSION_SECRET = "e2e-secret-e2e-secret-e2e-secret-e2e-secret";
/** Cheap hashes for the e2e template's admin and every account the e2e tests create (docs/security.md). */
export const E2E_PASSWORD_HASH_COST = "10";

/**
 * Artwork scale of the e2e template: half the real size (600×450 product pictures) is still larger than a
 * phone's cards and gives every page real pictures to wait for, at 10 CPU seconds instead of 36 at full size
 * (measured 26 Nov 2026 with `seedTemplate`; the e2e template is on `npm test`'s critical path).
 */
export const E2E_IMAGE_SCALE = 0.5;

/**
 * The e2e template (demo content at E2E_IMAGE_SCALE plus the e2e admin), built unless cached. Sets
 * PASSWORD_HASH_COST (when unset) first: the admin's hash, and so the template's key, depend on it.
 */
export function seedE2eTemplate(): Promise<string> {
  process.env.PASSWORD_HASH_COST ??= E2E_PASSWORD_HASH_COST;
  return seedTemplate("e2e", { imageScale: E2E_IMAGE_SCALE, admin: E2E_ADMIN });
}
