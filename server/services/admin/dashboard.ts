/** The panel's figures: counts and the latest contact requests and club sign-ups, limited to what the role may see. */
import type { DashboardData } from "../../../app/lib/admin-types.ts";
import type { Action, Subject } from "../../auth/abilities.ts";
import type { DB } from "../../db/database.ts";
import type { AdminContactRequestsService } from "./contact-requests.ts";

const LATEST = 5;

export function createDashboardService(db: DB, deps: { contactRequests: AdminContactRequestsService }) {
  async function count(
    table: "products" | "categories" | "branches" | "sales" | "publications" | "clients" | "contact_requests",
    where?: (q: ReturnType<typeof base>) => ReturnType<typeof base>,
  ): Promise<number> {
    let query = base(table);
    if (where) query = where(query);
    const row = await query.executeTakeFirstOrThrow();
    return Number(row.n);
  }
  function base(table: "products" | "categories" | "branches" | "sales" | "publications" | "clients" | "contact_requests") {
    return db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n"));
  }

  return {
    async get(can: (action: Action, subject: Subject) => boolean): Promise<DashboardData> {
      const data: DashboardData = { counts: {} };
      const c = data.counts;
      if (can("read", "Product")) {
        c.products = await count("products");
        c.publishedProducts = await count("products", (q) => q.where("status" as never, "=", 1 as never));
      }
      if (can("read", "Category")) c.categories = await count("categories");
      if (can("read", "Branch")) c.branches = await count("branches");
      if (can("read", "Sale")) c.sales = await count("sales");
      if (can("read", "Publication")) c.publications = await count("publications");
      if (can("read", "Client")) {
        c.clients = await count("clients");
        data.latestClients = (
          await db.selectFrom("clients").selectAll().orderBy("created_at", "desc").orderBy("id", "desc").limit(LATEST).execute()
        ).map((r) => ({ id: r.id, email: r.email, source: r.source, created_at: r.created_at, updated_at: r.updated_at }));
      }
      if (can("read", "ContactRequest")) {
        c.openContactRequests = await count("contact_requests", (q) => q.where("handled_at" as never, "is", null));
        data.latestContactRequests = await deps.contactRequests.latest(LATEST);
      }
      return data;
    },
  };
}
