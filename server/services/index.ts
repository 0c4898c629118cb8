/** Builds every service over one database. Pages (through the load context) and the JSON API share these. */
import { randomBytes } from "node:crypto";
import type { DB } from "../db/database.ts";
import type { ImageGateOptions } from "../images/gate.ts";
import type { ImageStorage } from "../images/storage.ts";
import type { Logger } from "../log.ts";
import type { Mailer } from "../mail/mailer.ts";
import { createAdminServices } from "./admin/index.ts";
import { createAuditService } from "./audit/index.ts";
import { createAuthService } from "./auth.ts";
import { createBranchesService } from "./branches.ts";
import { createCatalogueService } from "./catalogue.ts";
import { createCategoriesService } from "./categories.ts";
import { createClientsService } from "./clients.ts";
import { type Clock, systemClock } from "./clock.ts";
import { createContactService } from "./contact.ts";
import { createImagesService } from "./images.ts";
import { createLoginUnlocks } from "./login-unlocks.ts";
import { createMediaService } from "./media.ts";
import { createOrderMail } from "./order-mail.ts";
import { createPostsService } from "./posts.ts";
import { createPreordersService } from "./preorders.ts";
import { createProductsService } from "./products.ts";
import { createReviewsService } from "./reviews.ts";
import { createProductSearch } from "./search/live-index.ts";
import { createSeasonalService } from "./seasonal.ts";
import { createSettingsService } from "./settings.ts";
import { createSitemapService } from "./sitemap.ts";
import { createUsersService } from "./users.ts";
import { nextWindowBoundary } from "./windows.ts";

export interface ServiceDeps {
  storage: ImageStorage;
  logger: Logger;
  /** "Now" for dated content and seasonal collections; tests move it. Defaults to the system clock. */
  clock?: Clock;
  /** Where image URLs point: "/uploads/" (default) or IMAGES_PUBLIC_URL. */
  imagesBaseUrl?: string;
  /** Outgoing mail (club confirmations, unlock links); off when absent. */
  mailer?: Mailer;
  /** The site's absolute base URL (PUBLIC_URL), for links in e-mails. */
  publicUrl?: string;
  /** SESSION_SECRET: signs the club's unsubscribe links (through a key of their own). */
  linkSecret?: string;
  /** MAIL_UNSUBSCRIBE: the mailto of club e-mails' `List-Unsubscribe`, when set. */
  unsubscribeMailto?: string;
  /** IMAGE_CONCURRENCY / IMAGE_QUEUE (server/images/gate.ts); the defaults when absent. */
  imageGate?: Partial<ImageGateOptions>;
}

export function createServices(db: DB, deps: ServiceDeps) {
  const media = createMediaService(db, deps.imagesBaseUrl);
  const images = createImagesService(db, deps.storage, deps.logger, deps.imageGate);
  const settings = createSettingsService(db);
  // The forgiving product search; createApp binds it to the content version (search/live-index.ts).
  const clock = deps.clock ?? systemClock;
  const search = createProductSearch(db, deps.logger, clock);
  const catalogue = createCatalogueService(db, media, search, clock);
  const sales = createPostsService(db, media, "sales", clock);
  const publications = createPostsService(db, media, "publications", clock);
  const seasonal = createSeasonalService(db, catalogue, clock);
  const audit = createAuditService(db);
  const brand = async () => (await settings.get()).brandName;
  const clients = createClientsService(db, {
    mailer: deps.mailer,
    logger: deps.logger,
    publicUrl: deps.publicUrl,
    brand,
    linkSecret: deps.linkSecret,
    unsubscribeMailto: deps.unsubscribeMailto,
    audit,
  });
  // The private links of pre-orders: the same secret on every server; a random one (links that last as long as
  // the process) when none is given (scripts).
  const preorders = createPreordersService(db, {
    clock,
    secret: deps.linkSecret ?? randomBytes(32).toString("base64url"),
  });
  const orderMail = createOrderMail({
    preorders,
    settings,
    mailer: deps.mailer,
    logger: deps.logger,
    publicUrl: deps.publicUrl,
  });
  return {
    media,
    images,
    settings,
    categories: createCategoriesService(db, media, clock),
    users: createUsersService(db),
    auth: createAuthService(db),
    audit,
    products: createProductsService(db),
    search,
    catalogue,
    seasonal,
    branches: createBranchesService(db, media, clock),
    sales,
    publications,
    contact: createContactService(db),
    reviews: createReviewsService(db, clock),
    clients,
    loginUnlocks: createLoginUnlocks(db, {
      mailer: deps.mailer,
      logger: deps.logger,
      publicUrl: deps.publicUrl,
      brand,
      audit,
    }),
    sitemap: createSitemapService(db, media, clock),
    preorders,
    orderMail,
    admin: createAdminServices(db, {
      media,
      images,
      settings,
      clock,
      preorders,
      orderMail,
      unsubscribeLink: clients.unsubscribeLink,
    }),
    /**
     * The next instant at which something scheduled appears or disappears on the public site (a sale or
     * publication window, a product's or category's, a seasonal collection, a product's "sold out today"
     * ending), strictly after `now`;
     * null when nothing is scheduled.
     */
    async nextScheduledChange(now: Date): Promise<Date | null> {
      const times = (
        await Promise.all([
          sales.nextBoundary(now),
          publications.nextBoundary(now),
          seasonal.nextBoundary(now),
          catalogue.nextSoldOutEnd(now),
          nextWindowBoundary(db, "products", now),
          nextWindowBoundary(db, "categories", now),
        ])
      ).filter((t): t is Date => t !== null);
      return times.length ? new Date(Math.min(...times.map((t) => t.getTime()))) : null;
    },
  };
}

export type Services = ReturnType<typeof createServices>;

/**
 * What a scheduled boundary (`nextScheduledChange`) changes on the public pages, as cache tags
 * (server/services/read-tags.ts): sales and publications entering or leaving their windows — their pages and
 * every list of them —, categories and seasonal collections appearing or leaving (menus, the home page), and products
 * entering or leaving their windows or their "sold out today" ending (every list, and every page showing a product:
 * which one is not known here). A new kind of scheduled
 * content adds its tags here. A boundary is a withdrawal for what ends there.
 */
export const SCHEDULED_TAGS = [
  "sales",
  "sale",
  "publications",
  "publication",
  "categories",
  "products",
  "product",
] as const;
