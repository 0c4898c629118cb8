import { heContent } from "../../../domain/i18n/content.ts";
import { heHours } from "../../../domain/i18n/hours.ts";
import { cachedPage, type PageHandle } from "../../../domain/page-policy.ts";
import { HoursStatusLine, NextDaysTable } from "../../components/content/hours-days.tsx";
import { PageHeader } from "../../components/content/page-header.tsx";
import { MapPinIcon } from "../../components/ui/other-icons.tsx";
import { ResponsivePicture } from "../../components/ui/picture.tsx";
import { requestContext, servicesContext } from "../../lib/context.ts";
import { metaFromSeo, pageSeo } from "../../lib/seo.ts";
import { addStructuredData, businessJsonLd } from "../../lib/structured-data.ts";
import type { Route } from "./+types/branches";

/** Kept per minute: "open now" and the coming days change with the clock (docs/hours.md). */
export const handle = { page: cachedPage({ clock: "minute" }) } satisfies PageHandle;

const t = heContent.branches;

export async function loader({ context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const { publicUrl } = context.get(requestContext);
  const [settings, branches] = await Promise.all([services.settings.get(), services.branches.list({ days: 7 })]);
  addStructuredData(context, businessJsonLd(settings, publicUrl, branches));
  return {
    branches,
    seo: pageSeo(publicUrl, {
      title: t.title,
      description: t.description,
      path: "/branches",
      image: branches[0]?.mainImage,
      siteName: settings.brandName,
    }),
  };
}

export const meta = metaFromSeo(t.title);

export default function Branches({ loaderData }: Route.ComponentProps) {
  const { branches } = loaderData;
  return (
    <main id="main" tabIndex={-1} className="outline-none">
      <PageHeader title={t.heading} lead={t.intro} />
      <div className="mx-auto max-w-7xl px-6 py-10">
        <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {branches.map((branch, index) => (
            <li key={branch.id}>
              <article className="group relative h-full overflow-hidden rounded-2xl bg-cream-50 shadow-sm ring-1 ring-cream-300 transition hover:shadow-md">
                <ResponsivePicture
                  picture={branch.mainImage}
                  alt=""
                  sizes="(min-width: 1280px) 400px, (min-width: 1024px) 31vw, (min-width: 640px) 46vw, calc(100vw - 3rem)"
                  priority={index === 0}
                  className="aspect-[16/9] w-full object-cover transition duration-300 group-hover:scale-[1.02]"
                />
                <div className="p-5">
                  <h2 className="text-xl font-bold text-cocoa-900">
                    <a
                      href={`/branches/${branch.id}`}
                      className="after:absolute after:inset-0 after:content-[''] hover:underline"
                    >
                      {branch.name}
                    </a>
                  </h2>
                  {branch.address ? (
                    <p className="mt-2 flex items-start gap-1.5 text-cocoa-800">
                      <MapPinIcon className="mt-0.5 size-5 shrink-0 text-crust-700" />
                      {branch.address}
                    </p>
                  ) : null}
                  <HoursStatusLine openNow={branch.open_now} status={branch.status} className="mt-3" />
                  <h3 className="mt-4 mb-1 text-sm font-bold text-cocoa-900">{heHours.nextDays}</h3>
                  <div className="text-sm">
                    <NextDaysTable days={branch.days ?? []} compact />
                  </div>
                </div>
              </article>
            </li>
          ))}
        </ul>
      </div>
    </main>
  );
}
