/**
 * The panel's "before going live" checklist: every setting and branch detail that still shows visitors the
 * demo content (the seed's values, or any address on an example.* domain), each with where to edit it; the
 * demo catalogue still in the shop (products, sales, news) and products whose allergens nobody has stated
 * (issue 29). The demo values are read from the seed itself, so the list can never drift from what a first
 * start shows. `trashDemoCatalogue` moves the demo products, sales and news to the trash in one action.
 *
 * A demo record is one the seed made and staff have not made their own: a product by its serial number AND
 * name, a sale or news item by its name. One renamed (or re-numbered) by staff is theirs, and stays.
 */
import {
  type DemoCatalogue,
  type DemoCatalogueRemoval,
  type GoingLiveItem,
  SETTING_FIELDS,
  type TrashReceipt,
} from "../../../domain/contracts/admin.ts";
import type { SiteSettings } from "../../../domain/contracts/catalogue.ts";
import { heAdmin } from "../../../domain/i18n/admin.ts";
import type { DB } from "../../db/database.ts";
import {
  branches as demoBranches,
  products as demoProducts,
  publications as demoPublications,
  sales as demoSales,
  siteSettings as demoSettings,
} from "../../db/seed/content.ts";
import { branchCertificate } from "../../db/seed/kashrut.ts";
import { NotFoundError } from "../../errors.ts";
import type { SettingsService } from "../settings.ts";

/** The demo records' kinds (the tables they live in). */
export type DemoKind = keyof DemoCatalogue;

/** The seed's products by serial number → name (a serial number alone may have been reused by staff). */
const DEMO_PRODUCTS = new Map(demoProducts.map((product) => [product.serialId, product.name]));
const DEMO_SALES = demoSales.map((sale) => sale.name);
const DEMO_PUBLICATIONS = demoPublications.map((post) => post.name);

/** The settings a visitor sees, with their labels (the settings form's order). */
const CHECKED_SETTINGS = [
  ["brandName", heAdmin.settings.brandName],
  ["tagline", heAdmin.settings.tagline],
  ["phone", heAdmin.fields.phone],
  ["whatsappNumber", heAdmin.settings.whatsapp],
  ["email", heAdmin.fields.email],
  ["address", heAdmin.fields.address],
  ["orderUrl", heAdmin.settings.orderUrl],
  ["facebookUrl", heAdmin.settings.facebook],
  ["instagramUrl", heAdmin.settings.instagram],
  ["accessibilityContactName", heAdmin.settings.accessibilityContactName],
  ["accessibilityContactEmail", heAdmin.settings.accessibilityContactEmail],
] as const satisfies readonly (readonly [keyof SiteSettings, string])[];

/** example.com, example.co.il, order.example.co.il, www.facebook.com/example.bakery … (RFC 2606 names). */
const EXAMPLE_ADDRESS = /(^|[@./])example([./]|$)/i;

/** A branch's detail equal to any demo branch's, or on an example.* domain. */
function isDemoOf(value: string, field: "email" | "phone"): boolean {
  return demoBranches.some((demo) => isDemo(value, demo[field])) || EXAMPLE_ADDRESS.test(value);
}

function isDemo(value: string, demo: string): boolean {
  const v = value.trim();
  return v !== "" && (v === demo.trim() || EXAMPLE_ADDRESS.test(v));
}

export function createGoingLiveService(db: DB, settings: SettingsService) {
  /** The ids of the demo records still stored (published or not), per kind. */
  async function demoIds(): Promise<Record<DemoKind, number[]>> {
    const products = await db
      .selectFrom("products")
      .select(["id", "serial_id", "name"])
      .where("serial_id", "in", [...DEMO_PRODUCTS.keys()])
      .orderBy("id")
      .execute();
    const named = async (table: "sales" | "publications", names: string[]) =>
      (await db.selectFrom(table).select("id").where("name", "in", names).orderBy("id").execute()).map((r) => r.id);
    return {
      // PostgreSQL answers the bigint serial number as text.
      products: products.filter((p) => DEMO_PRODUCTS.get(Number(p.serial_id)) === p.name).map((p) => p.id),
      sales: await named("sales", DEMO_SALES),
      publications: await named("publications", DEMO_PUBLICATIONS),
    };
  }

  const service = {
    /** How many demo records are still stored: what the panel's one-action removal would move. */
    async demoCatalogue(): Promise<DemoCatalogue> {
      const ids = await demoIds();
      return { products: ids.products.length, sales: ids.sales.length, publications: ids.publications.length };
    },

    /**
     * Moves every demo product, sale and news item to the trash through `remove` (the audited delete of each
     * kind, so each is in the audit log and restorable from the trash for 30 days). One already gone (deleted
     * meanwhile) is skipped; anything else stops the run with what was moved so far already in the trash.
     */
    async trashDemoCatalogue(
      remove: Record<DemoKind, (id: number) => Promise<TrashReceipt>>,
    ): Promise<DemoCatalogueRemoval> {
      const ids = await demoIds();
      const moved: DemoCatalogueRemoval = { products: 0, sales: 0, publications: 0, trash: [] };
      for (const kind of ["products", "sales", "publications"] as const) {
        for (const id of ids[kind]) {
          try {
            moved.trash.push((await remove[kind](id)).id);
            moved[kind] += 1;
          } catch (error) {
            if (!(error instanceof NotFoundError)) throw error;
          }
        }
      }
      return moved;
    },

    async list(): Promise<GoingLiveItem[]> {
      const current = await settings.get();
      const items: GoingLiveItem[] = [];
      for (const [key, label] of CHECKED_SETTINGS) {
        if (isDemo(current[key], demoSettings[key])) {
          const field = SETTING_FIELDS[key];
          items.push({
            key: `settings.${field}`,
            label: heAdmin.panel.demoSetting(label),
            href: `/admin/settings#${field}`,
          });
        }
      }
      const rows = await db
        .selectFrom("branches")
        .select(["id", "name", "email", "phone", "kashrut_certificate_number"])
        .orderBy("id")
        .execute();
      // The demo certificates' numbers (their dates follow the day of the seed, their numbers do not).
      const demoCertificates = new Set(
        demoBranches.map((_, index) => branchCertificate(index, "2000-01-01").kashrut_certificate_number),
      );
      // One line per branch, naming every detail of it still at the demo value (one link: the branch's form).
      for (const row of rows) {
        const left: string[] = [];
        if (isDemoOf(row.email, "email")) left.push(heAdmin.fields.email);
        if (isDemoOf(row.phone, "phone")) left.push(heAdmin.fields.phone);
        // The kashrut certificate the site claims: the demo's is nobody's certificate.
        if (demoCertificates.has(row.kashrut_certificate_number)) left.push(heAdmin.panel.kashrutCertificate);
        if (left.length) {
          items.push({
            key: `branch.${row.id}`,
            label: heAdmin.panel.demoBranch(row.name, left.join(", ")),
            href: `/admin/branches?search_id=${row.id}`,
          });
        }
      }
      // The demo catalogue: still in the shop until removed (one action on the panel, to the trash).
      const demo = await service.demoCatalogue();
      const catalogue = [
        ["products", demo.products, heAdmin.panel.demoProducts, "/admin/products"],
        ["sales", demo.sales, heAdmin.panel.demoSales, "/admin/sales"],
        ["publications", demo.publications, heAdmin.panel.demoPublications, "/admin/publications"],
      ] as const;
      for (const [kind, count, label, href] of catalogue) {
        if (count > 0) items.push({ key: `demo.${kind}`, label: label(count), href, count });
      }
      // Products whose allergens nobody has stated: the shop tells visitors to ask (issue 29).
      const undecided = await db
        .selectFrom("products")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("allergen_status", "=", "not_stated")
        .executeTakeFirstOrThrow();
      const count = Number(undecided.n);
      if (count > 0) {
        items.push({
          key: "products.allergens",
          label: heAdmin.panel.allergensNotStated(count),
          href: "/admin/products?allergen_status=not_stated",
          count,
        });
      }
      return items;
    },
  };
  return service;
}

export type GoingLiveService = ReturnType<typeof createGoingLiveService>;
