import type { ReactNode } from "react";
import type { Picture } from "../../../domain/contracts/catalogue.ts";
import { he } from "../../../domain/i18n/site.ts";
import { cachedPage, type PageHandle } from "../../../domain/page-policy.ts";
import { PostCard } from "../../components/catalogue/post-card.tsx";
import { SeasonalBand } from "../../components/catalogue/seasonal-band.tsx";
import {
  HOME_SECTION,
  HOME_TILE_SIZES,
  ImageTile,
  SectionHeading,
  TILE_ROW,
  TILE_ROW_ITEM,
} from "../../components/catalogue/tiles.tsx";
import { HoursStatusLine } from "../../components/content/hours-status.tsx";
import { PostDates } from "../../components/content/post-dates.tsx";
import { useSiteSettings } from "../../components/site/use-site-settings.ts";
import { WelcomeDialog } from "../../components/site/welcome-dialog.tsx";
import { OrderLink } from "../../components/ui/external-link.tsx";
import { MessageIcon } from "../../components/ui/icon.tsx";
import { Island } from "../../islands/island.tsx";
import { requestContext, servicesContext } from "../../lib/context.ts";
import { metaFromSeo, pageSeo } from "../../lib/seo.ts";
import { addStructuredData, businessJsonLd } from "../../lib/structured-data.ts";
import type { Route } from "./+types/home";

/**
 * The same for every visitor: kept by the page cache, per minute, since it says whether each branch is open
 * now (issue 29), as the branch pages do.
 */
export const handle = { page: cachedPage({ clock: "minute" }) } satisfies PageHandle;

/** One row of three news cards on desktop; sales tiles: two rows on phones, one or two on desktop. */
const HOME_NEWS_COUNT = 3;
const HOME_SALES_COUNT = 6;

/**
 * What a home tile shows of a category, product or sale: its name and picture. The loader sends only that
 * (not a product's title, price and badge, nor a category's or sale's text): the page's data travels a
 * second time in the HTML, for hydration.
 */
function tile({ id, name, mainImage }: { id: number; name: string; mainImage: Picture | null }) {
  return { id, name, mainImage };
}

export const meta = metaFromSeo(he.titles.home);

export async function loader({ context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const { publicUrl } = context.get(requestContext);
  const [settings, categories, products, news, sales, branches, seasonal] = await Promise.all([
    services.settings.get(),
    services.catalogue.homeCategories(),
    services.catalogue.homeProducts(),
    services.publications.home(),
    services.sales.home(),
    services.branches.list(),
    services.seasonal.featured(),
  ]);
  const seo = pageSeo(publicUrl, {
    title: he.titles.home,
    description: `${settings.tagline}. ${he.home.heroTitle}.`,
    path: "/",
    image: categories[0]?.mainImage,
    siteName: settings.brandName,
  });
  addStructuredData(context, businessJsonLd(settings, publicUrl, branches));
  // The site settings the page shows come from the layout's data (useSiteSettings), not a second copy.
  return {
    categories: categories.map(tile),
    products: products.map(tile),
    news: news.slice(0, HOME_NEWS_COUNT),
    // A sale tile also says its days of validity, or the day it was published (issue 29, as on /sales).
    sales: sales.slice(0, HOME_SALES_COUNT).map((sale) => ({
      ...tile(sale),
      starts_at: sale.starts_at,
      ends_at: sale.ends_at,
      created_at: sale.created_at,
    })),
    seasonal: seasonal.map(({ firstDay: _first, lastDay: _last, ...collection }) => ({
      ...collection,
      products: collection.products.map(tile),
    })),
    // Today at each branch: open now until…, or closed and when it opens (the hours engine, domain/hours/).
    today: branches.map(({ id, name, open_now, status }) => ({ id, name, open_now, status })),
    seo,
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { categories, products, news, sales, seasonal, today } = loaderData;
  const settings = useSiteSettings();

  return (
    <main id="main" tabIndex={-1} className="outline-none">
      <Island name="welcome-dialog" load="load" component={WelcomeDialog} props={{ clubUrl: settings.clubUrl }} />

      {/* Seasonal collections lead the page while their holiday is near (server/services/seasonal.ts). */}
      {seasonal.map((collection, index) => (
        <SeasonalBand key={collection.id} collection={collection} priority={index === 0} />
      ))}

      <section className="relative overflow-hidden bg-gradient-to-b from-cream-200 to-cream-100">
        <div className="mx-auto max-w-4xl px-6 py-12 text-center sm:py-16">
          <p className="text-lg font-semibold text-crust-700">{settings.tagline}</p>
          {/* One text block (an inline span after a line break): the heading, painted with the first frame,
              is the page's largest text, so the largest paint does not wait for the tiles' images. */}
          <h1 className="mt-2 text-2xl leading-snug font-bold text-balance text-cocoa-800 sm:text-3xl">
            <span className="text-4xl leading-tight font-extrabold tracking-tight text-cocoa-900 sm:text-5xl">
              {settings.brandName}
            </span>
            <br />
            {he.home.heroTitle}
          </h1>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <a
              href="/contactUs"
              className="inline-flex min-h-12 items-center gap-2 rounded-full border-2 border-crust-700 bg-cream-50 px-6 font-bold text-crust-700 hover:bg-white"
            >
              <MessageIcon className="size-5" />
              {he.home.contactButton}
            </a>
            <OrderLink href={settings.orderUrl} className="min-h-12 px-6 font-bold shadow">
              {/* The site's own pre-orders are for pickup; the bakery's outside order site is its delivery. */}
              {settings.orderUrl.startsWith("/") ? he.home.orderPickup : he.home.orderDelivery}
            </OrderLink>
          </div>
        </div>
      </section>

      {today.length ? (
        <section aria-labelledby="home-today" className="border-y border-cream-300 bg-cream-50">
          <div className="mx-auto max-w-7xl px-4 py-5 sm:px-6">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 id="home-today" className="text-xl font-bold text-cocoa-900">
                {he.home.todayHeading}
              </h2>
              <a href="/branches" className="font-semibold text-crust-700 underline underline-offset-4">
                {he.home.allHours}
              </a>
            </div>
            <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4" data-testid="home-today">
              {today.map((branch) => (
                <li key={branch.id}>
                  <a href={`/branches/${branch.id}`} className="font-bold text-cocoa-900 hover:underline">
                    {branch.name}
                  </a>
                  <HoursStatusLine openNow={branch.open_now} status={branch.status} className="mt-1" />
                </li>
              ))}
            </ul>
          </div>
        </section>
      ) : null}

      <HomeSection
        id="home-categories"
        first
        title={he.home.categoriesHeading}
        link={{ to: "/categories", label: he.home.allCategories }}
        items={categories}
      >
        {(category, index) =>
          // The largest picture above the fold: the seasonal band's when there is one.
          homeTile(`/categories/${category.id}`, category, index === 0 && seasonal.length === 0)
        }
      </HomeSection>

      <HomeSection
        id="home-products"
        title={he.home.specialProductsHeading}
        link={{ to: "/products", label: he.home.allProducts }}
        items={products}
      >
        {(product) => homeTile(`/product/${product.id}`, product)}
      </HomeSection>

      <HomeSection
        id="home-news"
        title={he.home.newsHeading}
        link={{ to: "/news", label: he.home.allNews }}
        items={news}
        listClassName="grid gap-6 md:grid-cols-3"
        itemClassName=""
      >
        {(post) => <PostCard post={post} />}
      </HomeSection>

      <HomeSection
        id="home-sales"
        title={he.home.salesHeading}
        link={{ to: "/sales", label: he.home.allSales }}
        items={sales}
      >
        {(sale) => (
          <ImageTile to={`/sale/${sale.id}`} name={sale.name} picture={sale.mainImage} sizes={HOME_TILE_SIZES}>
            <PostDates post={sale} kind="sale" as="span" className="block text-sm" />
          </ImageTile>
        )}
      </HomeSection>
    </main>
  );
}

/** A category or product as a home tile: its picture and name, linking to its page. */
function homeTile(to: string, item: ReturnType<typeof tile>, priority = false) {
  return <ImageTile to={to} name={item.name} picture={item.mainImage} sizes={HOME_TILE_SIZES} priority={priority} />;
}

/** A section of the home page: a heading with its "all …" link over a row of items; nothing when there are none. */
function HomeSection<T extends { id: number }>({
  id,
  first = false,
  title,
  link,
  items,
  listClassName = TILE_ROW,
  itemClassName = TILE_ROW_ITEM,
  children,
}: {
  id: string;
  /** The first section below the hero sits a little closer to it. */
  first?: boolean;
  title: string;
  link: { to: string; label: string };
  items: T[];
  listClassName?: string;
  itemClassName?: string;
  children: (item: T, index: number) => ReactNode;
}) {
  if (!items.length) return null;
  return (
    <section aria-labelledby={id} className={`${HOME_SECTION} ${first ? "pt-12" : "pt-14"}`}>
      <SectionHeading id={id} title={title} link={link} />
      <ul className={listClassName}>
        {items.map((item, index) => (
          <li key={item.id} className={itemClassName || undefined}>
            {children(item, index)}
          </li>
        ))}
      </ul>
    </section>
  );
}
