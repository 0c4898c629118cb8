/**
 * Demo content: a believable Jerusalem bakery, loaded into an empty database on first start
 * and by `npm run db:seed`. Images are drawn locally (artwork.ts) and go through the same
 * pipeline as uploads. The demo admin is created here too; its password is printed once.
 */

import { certificateToday } from "../../../domain/certificates.ts";
import { hoursRulesSchema, serializeHours } from "../../../domain/hours/rules.ts";
import { heKashrut } from "../../../domain/i18n/kashrut.ts";
import type { ProductInput } from "../../../domain/schemas/admin/product.ts";
import type { AppConfig } from "../../config.ts";
import { loadSharp } from "../../images/sharp.ts";
import type { Logger } from "../../log.ts";
import type { Services } from "../../services/index.ts";
import { generatePassword } from "../../services/users.ts";
import type { DatabaseHandle } from "../database.ts";
import { renderArtwork } from "./artwork.ts";
import {
  type ArtSpec,
  branches,
  categories,
  products,
  publications,
  type SeedProduct,
  sales,
  siteSettings,
} from "./content.ts";
import { branchCertificate, certificateScanSvg, seedKashrutOf } from "./kashrut.ts";

export const DEMO_ADMIN_EMAIL = "admin@example.co.il";

const PRODUCT_ART_SIZE = { width: 1200, height: 900 };
const WIDE_ART_SIZE = { width: 1600, height: 900 };

function scaled(size: { width: number; height: number }, scale: number) {
  return { width: Math.round(size.width * scale), height: Math.round(size.height * scale) };
}

/** Draws, encodes and stores images with two in flight: sharp's own threads keep both cores busy. */
interface ImageJob {
  owner: Parameters<Services["images"]["add"]>[0];
  art: ArtSpec;
  size: { width: number; height: number };
  alt: string;
  position: number;
  /** Shown on the home page: drawn before the server starts listening. */
  urgent: boolean;
  /** Another drawing than the artwork of `art` (the certificate scans). */
  svg?: (size: { width: number; height: number }) => string;
}

async function addImages(services: Services, jobs: ImageJob[]) {
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next++]!;
      const png = job.svg
        ? await (await loadSharp())(Buffer.from(job.svg(job.size)))
            .png()
            .toBuffer()
        : await renderArtwork(job.art, job.size);
      await services.images.add(job.owner, png, { alt: job.alt, position: job.position, background: true });
    }
  };
  await Promise.all([worker(), worker()]);
}

/**
 * What a demo product stores: its own fields (a further plain field of the product schema by its name),
 * published, with its kashrut — the product schema's output, as the admin API would take it.
 */
export function seedProductInput(product: SeedProduct): ProductInput {
  const { serialId, showOnHome, categoryKeys: _c, sizes: _s, tags: _t, art: _a, ...fields } = product;
  return {
    ...fields,
    serial_id: serialId,
    status: 1,
    visibility_home_page: showOnHome,
    ...seedKashrutOf(serialId),
  };
}

export interface SeedOptions {
  /** Draw the artwork smaller (tests use 0.25 to stay fast); 1 is the real size. */
  imageScale?: number;
  /**
   * Return once the home page's images exist and draw the rest in the background (first start:
   * the site answers within seconds instead of waiting ~a minute for 130 drawings).
   */
  background?: boolean;
}

export interface SeedResult {
  products: number;
  images: number;
  /** Settles when every image is stored (at once unless `background`). */
  remaining: Promise<void>;
}

export async function seedDemoContent(
  handle: DatabaseHandle,
  services: Services,
  options: SeedOptions = {},
): Promise<SeedResult> {
  const { db } = handle;
  const scale = options.imageScale ?? 1;
  const PRODUCT_ART = scaled(PRODUCT_ART_SIZE, scale);
  const WIDE_ART = scaled(WIDE_ART_SIZE, scale);
  // A portrait page, like a scanned A4 certificate.
  const CERTIFICATE_ART = scaled({ width: 600, height: 840 }, scale);
  const now = new Date().toISOString();
  const imageJobs: ImageJob[] = [];

  await services.settings.save(siteSettings);

  const categoryIds = new Map<string, number>();
  let position = 0;
  for (const category of categories) {
    const { id } = await db
      .insertInto("categories")
      .values({
        name: category.name,
        information: category.information,
        is_main: 1,
        status: 1,
        visibility_home_page: category.showOnHome ? 1 : 0,
        position: position++,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    categoryIds.set(category.key, id);
    imageJobs.push({
      owner: { type: "category", id },
      art: category.art,
      size: PRODUCT_ART,
      alt: category.name,
      position: 0,
      urgent: category.showOnHome,
    });
    let childPosition = 0;
    for (const child of category.children) {
      const sub = await db
        .insertInto("categories")
        .values({
          name: child.name,
          information: child.information,
          parent_id: id,
          is_main: 0,
          status: 1,
          visibility_home_page: 0,
          position: childPosition++,
          holiday: child.holiday ?? null,
          created_at: now,
          updated_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      categoryIds.set(child.key, sub.id);
      imageJobs.push({
        owner: { type: "category", id: sub.id },
        art: child.art,
        size: PRODUCT_ART,
        alt: child.name,
        position: 0,
        urgent: false,
      });
    }
  }

  // Spread creation times over the past weeks so "newest first" orders look natural.
  const base = Date.now() - products.length * 3_600_000;
  for (const [index, product] of products.entries()) {
    const id = await services.products.create(seedProductInput(product), {
      categoryIds: product.categoryKeys.map((key) => {
        const categoryId = categoryIds.get(key);
        if (categoryId === undefined) throw new Error(`Seed product ${product.name}: unknown category ${key}`);
        return categoryId;
      }),
      sizes: product.sizes.map((s) => ({ name: s.name, price: s.priceAgorot })),
      tags: product.tags,
    });
    const createdAt = new Date(base + index * 3_600_000).toISOString();
    await db
      .updateTable("products")
      .set({ created_at: createdAt, updated_at: createdAt })
      .where("id", "=", id)
      .execute();
    product.art.forEach((art, i) => {
      imageJobs.push({
        owner: { type: "product", id },
        art,
        size: PRODUCT_ART,
        alt: i === 0 ? product.name : `${product.name} – תמונה ${i + 1}`,
        position: i,
        urgent: i === 0 && product.showOnHome,
      });
    });
  }

  for (const [index, branch] of branches.entries()) {
    const { id } = await db
      .insertInto("branches")
      .values({
        name: branch.name,
        location: branch.location,
        address: branch.address,
        content: branch.content,
        email: branch.email,
        phone: branch.phone,
        opening_hours: serializeHours({
          weekly: branch.openingHours,
          rules: hoursRulesSchema.parse(branch.hoursRules),
        }),
        accessibility: branch.accessibility,
        latitude: branch.latitude,
        longitude: branch.longitude,
        position: index,
        ...branchCertificate(index, certificateToday()),
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    // Every demo branch takes pre-orders with the defaults (30-minute slots, 6 orders each, order by 20:00 the day
    // before, two weeks ahead: migration 023).
    await db.insertInto("pickup_settings").values({ branch_id: id, updated_at: now }).execute();
    imageJobs.push({
      owner: { type: "branch", id },
      art: branch.art,
      size: WIDE_ART,
      alt: branch.name,
      position: 0,
      urgent: false,
    });
    imageJobs.push({
      owner: { type: "branch_certificate", id },
      art: branch.art,
      svg: (size) => certificateScanSvg(size, index),
      size: CERTIFICATE_ART,
      alt: heKashrut.certificate.scanAlt(branch.name),
      position: 0,
      urgent: false,
    });
  }

  for (const [table, ownerType, posts] of [
    ["sales", "sale", sales],
    ["publications", "publication", publications],
  ] as const) {
    const postBase = Date.now() - posts.length * 86_400_000;
    for (const [index, post] of posts.entries()) {
      const createdAt = new Date(postBase + index * 86_400_000).toISOString();
      const { id } = await db
        .insertInto(table)
        .values({
          name: post.name,
          content: post.content,
          status: 1,
          visibility_home_page: post.showOnHome ? 1 : 0,
          created_at: createdAt,
          updated_at: createdAt,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      imageJobs.push({
        owner: { type: ownerType, id },
        art: post.art,
        size: WIDE_ART,
        alt: post.name,
        position: 0,
        urgent: post.showOnHome,
      });
    }
  }

  await addImages(
    services,
    imageJobs.filter((job) => job.urgent),
  );
  const remaining = addImages(
    services,
    imageJobs.filter((job) => !job.urgent),
  );
  if (!options.background) await remaining;
  return { products: products.length, images: imageJobs.length, remaining };
}

/** Creates the demo admin from ADMIN_EMAIL/ADMIN_PASSWORD, or with a generated password it prints once. */
export async function ensureDemoAdmin(
  services: Services,
  config: Pick<AppConfig, "adminEmail" | "adminPassword">,
  logger: Logger,
) {
  if ((await services.users.count()) > 0) return;
  const email = config.adminEmail ?? DEMO_ADMIN_EMAIL;
  const password = config.adminPassword ?? generatePassword();
  await services.users.createOrReset({ name: "מנהל האתר", email, password, role: "admin" });
  logger.info("demo admin created", { email, ...(config.adminPassword ? {} : { password }) });
  if (!config.adminPassword) {
    process.stdout.write(
      `\n  Admin login: ${email} / ${password}\n  (shown once; reset with: npm run admin:create)\n\n`,
    );
  }
}

async function isEmpty(handle: DatabaseHandle): Promise<boolean> {
  const row = await handle.db
    .selectFrom("categories")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n) === 0;
}

/**
 * First start: loads the demo content into an empty database. Resolves once the site can be
 * served; the returned promise settles when the last demo image is stored.
 */
export async function seedIfEmpty(
  handle: DatabaseHandle,
  services: Services,
  options: { logger: Logger; config: Pick<AppConfig, "adminEmail" | "adminPassword" | "skipSeed"> },
): Promise<{ remaining: Promise<void>; seeded: boolean }> {
  await ensureDemoAdmin(services, options.config, options.logger);
  if (options.config.skipSeed || !(await isEmpty(handle))) return { remaining: Promise.resolve(), seeded: false };
  const started = performance.now();
  const result = await seedDemoContent(handle, services, { background: true });
  options.logger.info("demo content loaded; drawing the remaining images in the background", {
    products: result.products,
    images: result.images,
    ms: Math.round(performance.now() - started),
  });
  const remaining = result.remaining.then(() =>
    options.logger.info("demo images ready", { images: result.images, ms: Math.round(performance.now() - started) }),
  );
  return { remaining, seeded: true };
}
