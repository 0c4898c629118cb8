/**
 * A seasonal collection at the top of the home page: the holiday, its dates (Gregorian and Hebrew), the
 * collection's picture, a few of its products and a link to it. Its texts come from the loader
 * (server/services/seasonal.ts), so the page renders the same on the server and in the browser.
 */
import type { ProductSummary, SeasonalCollection } from "../../../domain/contracts/catalogue.ts";
import { he } from "../../../domain/i18n/site.ts";
import { ResponsivePicture } from "../ui/picture.tsx";

/** What the band shows of a collection: the home loader sends no more (no dates range, no product details). */
export type SeasonalBandData = Omit<SeasonalCollection, "products" | "firstDay" | "lastDay"> & {
  products: Pick<ProductSummary, "id" | "name" | "mainImage">[];
};

const BAND_IMAGE_SIZES = "(min-width: 1024px) 420px, (min-width: 640px) 40vw, 92vw";

export function SeasonalBand({ collection, priority }: { collection: SeasonalBandData; priority: boolean }) {
  const headingId = `seasonal-${collection.id}`;
  const { holiday } = collection;
  return (
    <section
      aria-labelledby={headingId}
      data-holiday={holiday.code}
      className="bg-gradient-to-bl from-cocoa-900 via-cocoa-800 to-crust-700 text-cream-50"
    >
      <div className="mx-auto grid max-w-[1320px] items-center gap-6 px-4 py-8 sm:px-6 md:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] md:py-10">
        {/* biome-ignore lint/a11y/useAnchorContent: the picture's second way to the page, hidden from assistive technology; the heading's link is the named one */}
        <a
          href={`/categories/${collection.id}`}
          tabIndex={-1}
          aria-hidden="true"
          className="block overflow-hidden rounded-3xl shadow-lg ring-4 ring-cream-50/15"
        >
          <ResponsivePicture
            picture={collection.mainImage}
            alt=""
            sizes={BAND_IMAGE_SIZES}
            width={420}
            height={300}
            priority={priority}
            className="aspect-[2/1] w-full object-cover md:aspect-[7/5]"
          />
        </a>
        <div>
          <p className="inline-block rounded-full bg-cream-50 px-4 py-1 text-sm font-bold text-berry-700">
            {he.seasonal.eyebrow(holiday.name)}
          </p>
          <h2 id={headingId} className="mt-3 text-3xl leading-tight font-extrabold sm:text-4xl">
            {collection.name}
          </h2>
          <p className="mt-2 text-lg font-semibold text-cream-200">
            <span className="sr-only">{he.seasonal.dates}: </span>
            {holiday.name} · <bdi className="whitespace-nowrap">{holiday.gregorian}</bdi>
            <span className="block font-medium whitespace-nowrap">{holiday.hebrew}</span>
          </p>
          <p className="text-cream-200">{holiday.begins}</p>
          {collection.information ? (
            <p className="mt-3 max-w-prose leading-relaxed text-cream-100">{collection.information}</p>
          ) : null}
          {collection.products.length ? (
            <ul aria-label={he.seasonal.products(collection.name)} className="mt-5 flex flex-wrap gap-2 sm:gap-3">
              {collection.products.map((product) => (
                <li key={product.id}>
                  <a
                    href={`/product/${product.id}`}
                    className="flex items-center gap-2 rounded-full bg-cream-50/10 py-1 ps-1 pe-4 font-semibold text-cream-50 ring-1 ring-cream-50/25 hover:bg-cream-50/20"
                  >
                    <ResponsivePicture
                      picture={product.mainImage}
                      alt=""
                      sizes="48px"
                      width={48}
                      height={48}
                      className="size-10 rounded-full object-cover sm:size-12"
                    />
                    {product.name}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
          <a
            href={`/categories/${collection.id}`}
            className="mt-6 inline-flex min-h-12 items-center rounded-full bg-cream-50 px-6 font-bold text-cocoa-900 shadow hover:bg-white"
          >
            {he.seasonal.cta}
            <span className="sr-only">: {collection.name}</span>
          </a>
        </div>
      </div>
    </section>
  );
}
