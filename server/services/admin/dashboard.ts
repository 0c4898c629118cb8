/** The panel's figures: counts and the latest contact requests and club sign-ups, limited to what the role may see. */
import type { DashboardData } from "../../../domain/contracts/admin.ts";
import type { Action, Subject } from "../../../domain/permissions.ts";
import type { DB } from "../../db/database.ts";
import type { AdminContactRequestsService } from "./contact-requests.ts";
import type { GoingLiveService } from "./going-live.ts";

const LATEST = 5;

type Counted = "products" | "categories" | "branches" | "sales" | "publications" | "clients";

export function createDashboardService(
  db: DB,
  deps: { contactRequests: AdminContactRequestsService; goingLive: GoingLiveService },
) {
  async function count(table: Counted): Promise<number> {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  return {
    async get(can: (action: Action, subject: Subject) => boolean): Promise<DashboardData> {
      const data: DashboardData = { counts: {} };
      const c = data.counts;
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
      if (can("read", "Branch")) c.branches = await count("branches");
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
        data.latestClients = rows.map((r) => ({
          id: r.id,
          email: r.email,
          source: r.source,
          created_at: r.created_at,
          updated_at: r.updated_at,
          version: r.version,
        }));
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
      if (can("update", "Settings")) data.goingLive = await deps.goingLive.list();
      return data;
    },
  };
}
