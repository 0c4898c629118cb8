/**
 * Customer reviews (issue 12): a visitor's review of a published product is stored `pending`; only reviews
 * staff approved (server/services/admin/reviews.ts) are shown and counted. A filled honeypot gets the same
 * answer and stores nothing.
 */
import type { ProductReviews } from "../../domain/contracts/catalogue.ts";
import { toFieldErrors } from "../../domain/field-errors.ts";
import { heApi } from "../../domain/i18n/api.ts";
import { reviewSchema } from "../../domain/schemas/review.ts";
import type { DB } from "../db/database.ts";
import { NotFoundError, ValidationError } from "../errors.ts";
import { PUBLISHED } from "./categories.ts";
import { type Clock, systemClock } from "./clock.ts";
import { isBot } from "./contact.ts";
import { liveAt } from "./windows.ts";

/** How many approved reviews the product page lists (newest first); the average counts them all. */
export const REVIEWS_SHOWN = 5;

export function createReviewsService(db: DB, clock: Clock = systemClock) {
  return {
    /**
     * Validates and stores a pending review of a published product (404 otherwise). Throws ValidationError
     * (422, Hebrew messages per field). `stored` is for tests only; callers answer the same either way.
     */
    async submit(productId: number, payload: Record<string, unknown>): Promise<{ stored: boolean }> {
      const product = await db
        .selectFrom("products")
        .select("id")
        .where("id", "=", productId)
        .where("status", "=", PUBLISHED)
        .where(liveAt(clock()))
        .executeTakeFirst();
      if (!product) throw new NotFoundError();
      if (isBot(payload)) return { stored: false };
      const parsed = reviewSchema.safeParse(payload);
      if (!parsed.success) throw new ValidationError(toFieldErrors(parsed.error), heApi.validation);
      await db
        .insertInto("reviews")
        .values({ product_id: productId, ...parsed.data, status: "pending", created_at: new Date().toISOString() })
        .execute();
      return { stored: true };
    },

    /** The approved reviews of a product: average (one decimal), count and the newest few. */
    async ofProduct(productId: number): Promise<ProductReviews> {
      const approved = db.selectFrom("reviews").where("product_id", "=", productId).where("status", "=", "approved");
      const [totals, latest] = await Promise.all([
        approved
          .select((eb) => [
            eb.fn.countAll<number | string>().as("count"),
            eb.fn.sum<number | string>("rating").as("sum"),
          ])
          .executeTakeFirstOrThrow(),
        approved
          .select(["id", "rating", "name", "text", "created_at"])
          .orderBy("created_at", "desc")
          .orderBy("id", "desc")
          .limit(REVIEWS_SHOWN)
          .execute(),
      ]);
      const count = Number(totals.count);
      // Averaged in JavaScript from the integer sum, so both databases round the same way.
      const average = count ? Math.round((Number(totals.sum) / count) * 10) / 10 : null;
      return { average, count, latest };
    },
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
