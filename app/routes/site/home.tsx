import { Link } from "react-router";
import { JsonLd } from "../../components/content/json-ld.tsx";
import { ResponsivePicture } from "../../components/ui/picture.tsx";
import { requestContext, servicesContext } from "../../lib/context.ts";
import { he } from "../../lib/i18n/he.ts";
import { pageSeo, seoMeta } from "../../lib/seo.ts";
import { businessJsonLd } from "../../lib/structured-data.ts";
import type { Route } from "./+types/home";

export function meta({ loaderData }: Route.MetaArgs) {
  return seoMeta(loaderData?.seo, he.titles.home);
}

export async function loader({ context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const { publicUrl } = context.get(requestContext);
  const [settings, categories, branches] = await Promise.all([
    services.settings.get(),
    services.categories.home(),
    services.branches.list(),
  ]);
  const seo = pageSeo(publicUrl, {
    title: he.titles.home,
    description: `${settings.tagline}. ${he.home.heroTitle}.`,
    path: "/",
    image: categories[0]?.mainImage,
    siteName: settings.brandName,
  });
  return { settings, categories, branches, publicUrl, seo };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { settings, categories, branches, publicUrl } = loaderData;
  return (
    <main id="main" tabIndex={-1} className="outline-none">
      <JsonLd data={businessJsonLd(settings, publicUrl, branches)} />
      <section className="bg-gradient-to-b from-cream-200 to-cream-100">
        <div className="mx-auto max-w-7xl px-6 py-12 text-center sm:py-16">
          <h1 className="text-4xl font-extrabold tracking-tight text-cocoa-900 sm:text-5xl">{settings.brandName}</h1>
          <p className="mt-3 text-xl text-crust-700">{settings.tagline}</p>
          <p className="mx-auto mt-2 max-w-2xl text-lg text-cocoa-800">{he.home.heroTitle}</p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Link
              to="/contactUs"
              className="rounded-full border-2 border-crust-700 px-6 py-3 font-semibold text-crust-700 hover:bg-cream-50"
            >
              {he.home.contactButton}
            </Link>
            {settings.orderUrl ? (
              <a
                href={settings.orderUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="rounded-full bg-berry-700 px-6 py-3 font-semibold text-white shadow hover:bg-berry-600"
              >
                {he.home.orderDelivery}
                <span className="sr-only"> {he.site.newTab}</span>
              </a>
            ) : null}
          </div>
        </div>
      </section>

      <section aria-labelledby="home-categories" className="mx-auto max-w-7xl px-6 py-12">
        <div className="mb-6 flex items-baseline justify-between gap-4">
          <h2 id="home-categories" className="text-3xl font-bold text-cocoa-900">
            {he.home.categoriesHeading}
          </h2>
          <Link to="/categories" className="font-semibold text-crust-700 underline-offset-4 hover:underline">
            {he.home.allCategories}
          </Link>
        </div>
        <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {categories.map((category, index) => (
            <li key={category.id}>
              <Link
                to={`/categories/${category.id}`}
                className="group block overflow-hidden rounded-2xl bg-cream-50 shadow-sm ring-1 ring-cream-300 transition hover:shadow-md"
              >
                <ResponsivePicture
                  picture={category.mainImage}
                  alt=""
                  sizes="(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw"
                  priority={index === 0}
                  className="aspect-[300/260] w-full object-cover transition duration-300 group-hover:scale-[1.03]"
                />
                <span className="block px-4 py-3 text-xl font-bold text-cocoa-900">{category.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}
