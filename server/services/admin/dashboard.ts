/** The panel's figures: counts and the latest contact requests and club sign-ups, limited to what the role may see. */
import {
  CERTIFICATE_WARNING_DAYS,
  certificateState,
  certificateToday,
  daysLeft,
} from "../../../domain/certificates.ts";
import type { CertificateAlert, DashboardData } from "../../../domain/contracts/admin.ts";
import { addDays, jerusalemDate } from "../../../domain/hours/time.ts";
import type { Action, Subject } from "../../../domain/permissions.ts";
import type { DB } from "../../db/database.ts";
import { type Clock, systemClock } from "../clock.ts";
import { toClient } from "./clients.ts";
import type { AdminContactRequestsService } from "./contact-requests.ts";
import type { GoingLiveService } from "./going-live.ts";

const LATEST = 5;

type Counted = "products" | "categories" | "branches" | "sales" | "publications" | "clients";

export function createDashboardService(
  db: DB,
  deps: { contactRequests: AdminContactRequestsService; goingLive: GoingLiveService; clock?: Clock },
) {
  const clock = deps.clock ?? systemClock;
  async function count(table: Counted): Promise<number> {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Certificates expired, or whose last day is within CERTIFICATE_WARNING_DAYS, soonest first (issue 11). */
  async function certificateAlerts(now = new Date()): Promise<CertificateAlert[]> {
    const today = certificateToday(now);
    const rows = await db
      .selectFrom("branches")
      .select(["id", "name", "kashrut_authority", "kashrut_valid_until"])
      .where("kashrut_valid_until", "is not", null)
      .where("kashrut_valid_until", "<=", addDays(today, CERTIFICATE_WARNING_DAYS))
      .orderBy("kashrut_valid_until")
      .orderBy("id")
      .execute();
    return rows.flatMap((r) => {
      const validUntil = r.kashrut_valid_until ?? "";
      const state = certificateState({ authority: r.kashrut_authority, valid_until: validUntil }, today);
      if (state !== "expiring" && state !== "expired") return [];
      return [
        {
          branch_id: r.id,
          branch_name: r.name,
          authority: r.kashrut_authority,
          valid_until: validUntil,
          state,
          days_left: daysLeft(validUntil, today),
        },
      ];
    });
  }

  return {
    async get(can: (action: Action, subject: Subject) => boolean): Promise<DashboardData> {
      const data: DashboardData = { counts: {} };
      const c = data.counts;
      // Staff at the counter open the panel first: today's pickups lead.
      if (can("read", "Order")) {
        const today = await db
          .selectFrom("orders")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("pickup_date", "=", jerusalemDate(clock()))
          .where("status", "!=", "cancelled")
          .executeTakeFirstOrThrow();
        c.todayOrders = Number(today.n);
      }
      if (can("read", "Product")) {
        c.products = await count("products");
        const published = await db
          .selectFrom("products")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("status", "=", 1)
          .executeTakeFirstOrThrow();
        c.publishedProducts = Number(published.n);
      }
      if (can("read", "Category")) c.categories = await count("categories");
      if (can("read", "Branch")) {
        c.branches = await count("branches");
        data.certificateAlerts = await certificateAlerts();
      }
      if (can("read", "Sale")) c.sales = await count("sales");
      if (can("read", "Publication")) c.publications = await count("publications");
      if (can("read", "Client")) {
        c.clients = await count("clients");
        const rows = await db
          .selectFrom("clients")
          .selectAll()
          .orderBy("created_at", "desc")
          .orderBy("id", "desc")
          .limit(LATEST)
          .execute();
        data.latestClients = rows.map(toClient);
      }
      if (can("read", "ContactRequest")) {
        const open = await db
          .selectFrom("contact_requests")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("handled_at", "is", null)
          .executeTakeFirstOrThrow();
        c.openContactRequests = Number(open.n);
        data.latestContactRequests = await deps.contactRequests.latest(LATEST);
      }
      // Whoever may edit the settings is the one to finish them before the site goes live.
      if (can("update", "Settings")) {
        data.goingLive = await deps.goingLive.list();
        // Removing it deletes products, sales and news: offered to whoever may delete all three.
        if (can("delete", "Product") && can("delete", "Sale") && can("delete", "Publication")) {
          data.demoCatalogue = await deps.goingLive.demoCatalogue();
        }
      }
      return data;
    },
  };
}
