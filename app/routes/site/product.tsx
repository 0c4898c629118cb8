import { data } from "react-router";
import type { ProductDetail } from "../../../domain/contracts/catalogue.ts";
import { heCatalogue } from "../../../domain/i18n/catalogue.ts";
import { heHours } from "../../../domain/i18n/hours.ts";
import { he } from "../../../domain/i18n/site.ts";
import { formatShekels } from "../../../domain/money.ts";
import { cachedPage, type PageHandle } from "../../../domain/page-policy.ts";
import { soldOutEnd } from "../../../domain/sold-out.ts";
import { Breadcrumbs, CategoryChips, ProductRating, SoldOutBadge, TagBadge } from "../../components/catalogue/bits.tsx";
import { ProductGallery } from "../../components/catalogue/gallery.tsx";
import { AllergensBlock, KashrutLine } from "../../components/catalogue/kashrut.tsx";
import { PreorderForm } from "../../components/catalogue/preorder-form.tsx";
import { ProductGrid } from "../../components/catalogue/product-grid.tsx";
import { ProductReviewsSection } from "../../components/catalogue/reviews.tsx";
import { SiteErrorBoundary } from "../../components/site/error-boundary.tsx";
import { useSiteSettings, useTakesPreorders } from "../../components/site/use-site-settings.ts";
import { OrderLink } from "../../components/ui/external-link.tsx";
import { ResponsivePicture } from "../../components/ui/picture.tsx";
import { Island } from "../../islands/island.tsx";
import { requestContext, servicesContext } from "../../lib/context.ts";
import { subcategoryHref } from "../../lib/links.ts";
import { idFromParam } from "../../lib/params.ts";
import { metaFromSeo, pageSeo } from "../../lib/seo.ts";
import {
  addStructuredData,
  breadcrumbJsonLd,
  type Crumb,
  homeTrail,
  productJsonLd,
} from "../../lib/structured-data.ts";
import type { Route } from "./+types/product";

/**
 * Kept by the page cache per Jerusalem calendar day: its JSON-LD claims kashrut only while a branch's
 * certificate is valid (issue 11), so on the day after a certificate's last day the page renders without the claim.
 */
export const handle = { page: cachedPage({ clock: "day" }) } satisfies PageHandle;

/** Home › the product's first category (or all products) › the product: on the page and for search engines. */
function trailOf(product: ProductDetail): Crumb[] {
  const firstCategory = product.category[0];
  return homeTrail(
    firstCategory
      ? { name: firstCategory.name, path: subcategoryHref(firstCategory.id) }
      : { name: he.nav.products, path: "/products" },
    { name: product.name, path: `/product/${product.id}` },
  );
}

export const meta = metaFromSeo();

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = idFromParam(params.id);
  const services = context.get(servicesContext);
  const { publicUrl } = context.get(requestContext);
  const [settings, product, similar, certificates, reviews] = await Promise.all([
    services.settings.get(),
    services.catalogue.product(id),
    services.catalogue.similar(id),
    services.branches.certificates(),
    services.reviews.ofProduct(id),
  ]);
  if (!product) throw data(null, { status: 404 });
  // Kashrut is claimed only while a branch holds a valid certificate (the page cache keys this page by the
  // Jerusalem day, so the claim goes the day after the certificate's last day: server/http/public-pages.ts).
  const authorities = [...new Set(certificates.map((c) => c.authority))];
  const authority = authorities.length ? authorities.join(", ") : null;
  const path = `/product/${product.id}`;
  const seo = pageSeo(publicUrl, {
    title: product.name,
    description: [product.title, product.content].filter(Boolean).join(". "),
    path,
    image: product.mainImage,
    type: "product",
    siteName: settings.brandName,
  });
  addStructuredData(
    context,
    productJsonLd(product, { publicUrl, brandName: settings.brandName, kosher: authority !== null, reviews }),
    breadcrumbJsonLd(trailOf(product), publicUrl),
  );
  // The pre-order form while a branch takes pre-orders (issue 28) and the product has a size to order.
  return { product, similar, authority, reviews, seo };
}

export const ErrorBoundary = SiteErrorBoundary;

/**
 * On a phone the sizes list and the order link sit below the first screen: the price range and the order
 * link repeat under the name there, so a visitor sees what it costs and how to order without scrolling.
 */
function PhoneSummary({ sizes, orderUrl }: { sizes: { price: number }[]; orderUrl: string }) {
  if (!sizes.length && !orderUrl) return null;
  const prices = sizes.map((size) => size.price);
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  return (
    <div className="mt-4 flex flex-wrap items-center justify-between gap-3 md:hidden">
      {prices.length ? (
        <p className="text-lg font-bold text-crust-700">
          <bdi data-price="" className="whitespace-nowrap">
            {formatShekels(low)}
          </bdi>
          {high > low ? (
            <>
              {" – "}
              <bdi data-price="" className="whitespace-nowrap">
                {formatShekels(high)}
              </bdi>
            </>
          ) : null}
        </p>
      ) : null}
      <OrderLink href={orderUrl} className="min-h-11 justify-center px-6 font-bold shadow">
        {heCatalogue.product.orderNow}
      </OrderLink>
    </div>
  );
}

/** "אזל להיום" and when the product is back: the bakery's next opening (issue 30), on the Jerusalem clock. */
function SoldOut({ until }: { until: string }) {
  const end = soldOutEnd(until);
  return (
    <p className="mt-3 flex flex-wrap items-center gap-2 text-cocoa-900">
      <SoldOutBadge large />
      <span>{heCatalogue.product.backOn(heHours.onDayAt(end.weekday, end.date, end.time))}</span>
    </p>
  );
}

/** The product page (spec §2). */
export default function Product({ loaderData }: Route.ComponentProps) {
  const { product, similar, authority, reviews } = loaderData;
  const settings = useSiteSettings();
  // The layout read whether any branch takes pre-orders; a product without sizes has nothing to order.
  const preorder = useTakesPreorders() && product.size.length > 0;
  const orderHref = preorder ? "#preorder" : settings.orderUrl;

  return (
    <main id="main" tabIndex={-1} className="mx-auto max-w-7xl px-4 py-8 outline-none sm:px-6">
      <Breadcrumbs items={trailOf(product)} />
      <div className="mt-6 grid gap-8 md:grid-cols-2 md:gap-12">
        <div className="flex flex-col gap-4">
          <ResponsivePicture
            picture={product.mainImage}
            alt={product.mainImage?.alt || product.name}
            sizes="(min-width: 1280px) 592px, (min-width: 768px) 46vw, 92vw"
            priority
            className="aspect-[16/10] w-full rounded-3xl object-cover shadow-md md:aspect-[4/3]"
          />
          <div>
            <Island
              name="gallery"
              load="interaction"
              component={ProductGallery}
              props={{ name: product.name, images: product.images }}
            />
          </div>
        </div>

        <div className="flex flex-col gap-5">
          <div>
            <h1 className="text-4xl font-extrabold text-cocoa-900 sm:text-5xl">{product.name}</h1>
            {product.title ? <p className="mt-2 text-xl text-crust-700">{product.title}</p> : null}
            {product.sold_out_until ? <SoldOut until={product.sold_out_until} /> : null}
            <a href="#reviews" className="mt-3 inline-block rounded-md hover:underline">
              <ProductRating average={reviews.average} count={reviews.count} />
            </a>
            <PhoneSummary sizes={product.size} orderUrl={orderHref} />
          </div>

          <KashrutLine product={product} authority={authority} />

          {product.tag.length ? (
            <ul aria-label={heCatalogue.product.tags} className="flex flex-wrap gap-2">
              {product.tag.map((tag) => (
                <li key={tag.id}>
                  <TagBadge tag={tag} />
                </li>
              ))}
            </ul>
          ) : null}

          <CategoryChips
            id="suitable-for"
            heading={heCatalogue.product.suitableFor}
            categories={product.category}
            inline
          />

          {product.content ? (
            <section aria-labelledby="description">
              <h2 id="description" className="mb-2 text-xl font-bold text-cocoa-900">
                {heCatalogue.product.description}
              </h2>
              <p className="text-lg leading-relaxed whitespace-pre-line text-cocoa-800">{product.content}</p>
            </section>
          ) : null}

          <AllergensBlock product={product} />

          <p className="text-cocoa-800">
            {heCatalogue.product.sku} <bdi className="font-semibold text-cocoa-900">{product.serial_id}</bdi>
          </p>

          <section aria-labelledby="sizes" className="rounded-2xl bg-cream-50 p-4 ring-1 ring-cream-300 sm:p-5">
            <h2 id="sizes" className="mb-3 text-xl font-bold text-cocoa-900">
              {heCatalogue.product.sizes}
            </h2>
            {product.size.length ? (
              <ul className="divide-y divide-cream-200">
                {product.size.map((size) => (
                  <li key={size.id} className="flex items-baseline justify-between gap-4 py-2 text-lg">
                    <span>{size.name}</span>
                    <bdi data-price="" className="font-bold whitespace-nowrap text-crust-700">
                      {formatShekels(size.price)}
                    </bdi>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-cocoa-800">{heCatalogue.product.noSizes}</p>
            )}
          </section>

          {preorder ? (
            <Island
              name="preorder-form"
              load="load"
              component={PreorderForm}
              props={{ productId: product.id, sizes: product.size }}
            />
          ) : (
            <OrderLink
              href={settings.orderUrl}
              className="min-h-12 justify-center self-start px-8 text-lg font-bold shadow"
            >
              {heCatalogue.product.orderNow}
            </OrderLink>
          )}
        </div>
      </div>

      <ProductReviewsSection productId={product.id} reviews={reviews} />

      {similar.length ? (
        <section aria-labelledby="similar" className="mt-16">
          <h2 id="similar" className="mb-6 text-2xl font-extrabold text-cocoa-900 sm:text-3xl">
            {heCatalogue.product.similarHeading}
          </h2>
          <ProductGrid products={similar} />
        </section>
      ) : null}
    </main>
  );
}
