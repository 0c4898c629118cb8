/**
 * The product page's customer reviews (issue 12): the approved ones, newest first, and the link to the
 * review form. The form is its own page (`/product/:id/review`, with the session and its XSRF token), so this
 * page stays the same for every visitor and cacheable.
 */
import type { ProductReviews } from "../../../domain/contracts/catalogue.ts";
import { heCatalogue } from "../../../domain/i18n/catalogue.ts";
import { ProductRating, Stars } from "./bits.tsx";

const dateFormat = new Intl.DateTimeFormat("he-IL", { dateStyle: "long", timeZone: "Asia/Jerusalem" });

export function reviewHref(productId: number): string {
  return `/product/${productId}/review`;
}

export function ProductReviewsSection({ productId, reviews }: { productId: number; reviews: ProductReviews }) {
  return (
    <section aria-labelledby="reviews" className="mt-16 rounded-3xl bg-cream-50 p-5 ring-1 ring-cream-300 sm:p-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h2 id="reviews" className="text-2xl font-extrabold text-cocoa-900 sm:text-3xl">
            {heCatalogue.product.reviewsHeading}
          </h2>
          <div className="mt-2">
            <ProductRating average={reviews.average} count={reviews.count} />
          </div>
        </div>
        <a
          href={reviewHref(productId)}
          className="inline-flex min-h-11 items-center justify-center rounded-full border-2 border-crust-700 px-6 font-bold text-crust-700 hover:bg-cream-200"
        >
          {heCatalogue.product.writeReview}
        </a>
      </div>
      {reviews.latest.length ? (
        <ul className="mt-6 divide-y divide-cream-300">
          {reviews.latest.map((review) => (
            <li key={review.id} className="py-4">
              <article aria-label={review.name}>
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <span role="img" aria-label={heCatalogue.product.reviewStars(review.rating)}>
                    <Stars rating={review.rating} className="size-4" />
                  </span>
                  <span className="font-bold text-cocoa-900">{review.name}</span>
                  <time dateTime={review.created_at} className="text-sm text-cocoa-800">
                    {dateFormat.format(new Date(review.created_at))}
                  </time>
                </div>
                <p className="mt-2 text-lg leading-relaxed whitespace-pre-line text-cocoa-800">{review.text}</p>
              </article>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
