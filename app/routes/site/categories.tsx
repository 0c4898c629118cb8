import { heCatalogue } from "../../../domain/i18n/catalogue.ts";
import { he } from "../../../domain/i18n/site.ts";
import { cachedPage, type PageHandle } from "../../../domain/page-policy.ts";
import { Breadcrumbs } from "../../components/catalogue/bits.tsx";
import { ResponsivePicture } from "../../components/ui/picture.tsx";
import { requestContext, servicesContext } from "../../lib/context.ts";
import { subcategoryHref } from "../../lib/links.ts";
import { metaFromSeo, pageSeo } from "../../lib/seo.ts";
import { homeTrail } from "../../lib/structured-data.ts";
import type { Route } from "./+types/categories";

/** The same for every visitor: kept by the page cache. */
export const handle = { page: cachedPage() } satisfies PageHandle;

export const meta = metaFromSeo(he.titles.categories);

export async function loader({ context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const [settings, categories] = await Promise.all([services.settings.get(), services.catalogue.mainCategories()]);
  const seo = pageSeo(context.get(requestContext).publicUrl, {
    title: he.titles.categories,
    description: heCatalogue.categories.description,
    path: "/categories",
    image: categories[0]?.mainImage,
    siteName: settings.brandName,
  });
  return { categories, seo };
}

/** All main categories, image and text alternating sides (spec §2). */
export default function Categories({ loaderData }: Route.ComponentProps) {
  const { categories } = loaderData;
  return (
    <main id="main" tabIndex={-1} className="mx-auto max-w-6xl px-4 py-8 outline-none sm:px-6">
      <Breadcrumbs items={homeTrail({ name: he.titles.categories, path: "/categories" })} />
      <h1 className="mt-4 text-4xl font-extrabold text-cocoa-900">{heCatalogue.categories.heading}</h1>
      <p className="mt-2 max-w-2xl text-lg text-cocoa-800">{heCatalogue.categories.intro}</p>
      <ul className="mt-10 space-y-10 md:space-y-14">
        {categories.map((category, index) => (
          <li
            key={category.id}
            className={`flex flex-col items-center gap-6 md:gap-10 ${index % 2 === 0 ? "md:flex-row" : "md:flex-row-reverse"}`}
          >
            {/* biome-ignore lint/a11y/useAnchorContent: the picture's second way to the page, hidden from assistive technology; the heading's link is the named one */}
            <a
              href={`/categories/${category.id}`}
              tabIndex={-1}
              aria-hidden="true"
              className="block w-full overflow-hidden rounded-3xl shadow-md md:w-1/2"
            >
              <ResponsivePicture
                picture={category.mainImage}
                alt=""
                sizes="(min-width: 1152px) 552px, (min-width: 768px) 46vw, 92vw"
                width={4}
                height={3}
                priority={index === 0}
                className="aspect-[4/3] w-full object-cover transition duration-300 hover:scale-[1.03]"
              />
            </a>
            <div className="w-full md:w-1/2">
              <h2 className="text-3xl font-extrabold text-cocoa-900">
                <a href={`/categories/${category.id}`} className="underline-offset-4 hover:underline">
                  {category.name}
                </a>
              </h2>
              <p className="mt-3 text-lg leading-relaxed text-cocoa-800">{category.information}</p>
              {category.subCategories.length ? (
                <ul className="mt-4 flex flex-wrap gap-2" aria-label={heCatalogue.categories.subCategories}>
                  {category.subCategories.map((sub) => (
                    <li key={sub.id}>
                      <a
                        href={subcategoryHref(sub.id)}
                        className="inline-flex min-h-10 items-center rounded-full bg-cream-200 px-4 text-cocoa-900 hover:bg-cream-300"
                      >
                        {sub.name}
                      </a>
                    </li>
                  ))}
                </ul>
              ) : null}
              <a
                href={`/categories/${category.id}`}
                className="mt-6 inline-flex min-h-12 items-center rounded-full bg-crust-700 px-6 font-bold text-white hover:bg-crust-600"
              >
                {heCatalogue.categories.open(category.name)}
              </a>
            </div>
          </li>
        ))}
      </ul>
    </main>
  );
}
