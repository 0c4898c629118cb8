/** The back office's services, built over the same database and image services as the public site. */
import type { DB } from "../../db/database.ts";
import type { Clock } from "../clock.ts";
import type { ImagesService } from "../images.ts";
import type { MediaService } from "../media.ts";
import type { OrderMail } from "../order-mail.ts";
import type { PreordersService } from "../preorders.ts";
import type { SettingsService } from "../settings.ts";
import { withAuditTrail } from "./audited.ts";
import { createAdminBranchesService } from "./branches.ts";
import { createAdminBulkService } from "./bulk.ts";
import { createAdminCategoriesService } from "./categories.ts";
import { createAdminClientsService, type UnsubscribeLink } from "./clients.ts";
import { createAdminContactRequestsService } from "./contact-requests.ts";
import { createDashboardService } from "./dashboard.ts";
import { createGoingLiveService } from "./going-live.ts";
import { createAdminImagesService } from "./images.ts";
import { createAdminOrdersService } from "./orders.ts";
import { createAdminPostsService } from "./posts.ts";
import { createProductCsvService } from "./product-csv.ts";
import { createAdminProductsService } from "./products.ts";
import { createAdminReviewsService } from "./reviews.ts";
import { createAdminSettingsService } from "./settings.ts";
import { createAdminTrashService } from "./trash.ts";

export function createAdminServices(
  db: DB,
  deps: {
    media: MediaService;
    images: ImagesService;
    settings: SettingsService;
    clock: Clock;
    /** Pre-orders (issue 28): staff cancelling gives places back; "ready" queues the customer's e-mail. */
    preorders: PreordersService;
    orderMail: OrderMail;
    /** A club member's unsubscribe link, for the members export (services/clients.ts). */
    unsubscribeLink: UnsubscribeLink;
  },
) {
  const images = createAdminImagesService(db, deps.images, deps.media);
  // Deletes of the back office go to the trash for 30 days (issue 12).
  const trash = createAdminTrashService(db, { images: deps.images, media: deps.media, clock: deps.clock });
  const shared = { media: deps.media, images: deps.images, adminImages: images, trash };
  const contactRequests = createAdminContactRequestsService(db, { trash });
  const goingLive = createGoingLiveService(db, deps.settings);
  // Every write notes itself for the audit log (audited.ts); the services stay unaware of it.
  return withAuditTrail(db, {
    images,
    products: createAdminProductsService(db, { ...shared, clock: deps.clock }),
    categories: createAdminCategoriesService(db, { ...shared, clock: deps.clock }),
    clients: createAdminClientsService(db, { trash, unsubscribeLink: deps.unsubscribeLink }),
    branches: createAdminBranchesService(db, shared),
    sales: createAdminPostsService(db, { table: "sales", owner: "sale" }, { ...shared, clock: deps.clock }),
    publications: createAdminPostsService(
      db,
      { table: "publications", owner: "publication" },
      { ...shared, clock: deps.clock },
    ),
    contactRequests,
    reviews: createAdminReviewsService(db, { trash }),
    orders: createAdminOrdersService(db, { preorders: deps.preorders, orderMail: deps.orderMail, clock: deps.clock }),
    trash,
    bulk: createAdminBulkService(db, { trash }),
    productCsv: createProductCsvService(db, { trash }),
    settings: createAdminSettingsService(deps.settings),
    dashboard: createDashboardService(db, { contactRequests, goingLive, clock: deps.clock }),
    goingLive,
  });
}

export type AdminServices = ReturnType<typeof createAdminServices>;
