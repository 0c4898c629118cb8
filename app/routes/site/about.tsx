import { formatDay } from "../../../domain/certificates.ts";
import { heKashrut } from "../../../domain/i18n/kashrut.ts";
import { hePages } from "../../../domain/i18n/pages.ts";
import { cachedPage, type PageHandle } from "../../../domain/page-policy.ts";
import { KosherBadge } from "../../components/content/kosher-badge.tsx";
import { PageHeader } from "../../components/content/page-header.tsx";
import { ResponsivePicture } from "../../components/ui/picture.tsx";
import { requestContext, servicesContext } from "../../lib/context.ts";
import { metaFromSeo, pageSeo } from "../../lib/seo.ts";
import { addStructuredData, businessJsonLd } from "../../lib/structured-data.ts";
import type { Route } from "./+types/about";

/** Kept per Jerusalem calendar day: the certificate list shows only certificates valid today (issue 11). */
export const handle = { page: cachedPage({ clock: "day" }) } satisfies PageHandle;

const t = hePages.about;

export async function loader({ context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const { publicUrl } = context.get(requestContext);
  // Certificates valid today (Jerusalem): the page cache keeps this page per day (server/http/public-pages.ts).
  const [settings, branches, certificates] = await Promise.all([
    services.settings.get(),
    services.branches.list(),
    services.branches.certificates(),
  ]);
  // The first branch is the original shop in the market: the picture of the family story.
  const picture = branches[0]?.mainImage ?? null;
  addStructuredData(context, businessJsonLd(settings, publicUrl, branches));
  return {
    picture,
    certificates,
    seo: pageSeo(publicUrl, {
      title: t.title,
      description: t.description,
      path: "/about",
      image: picture,
      siteName: settings.brandName,
    }),
  };
}

export const meta = metaFromSeo(t.title);

export default function About({ loaderData }: Route.ComponentProps) {
  const { picture, certificates } = loaderData;
  return (
    <main id="main" tabIndex={-1} className="outline-none">
      <PageHeader title={t.heading} lead={t.lead} />

      <div className="mx-auto grid max-w-7xl gap-10 px-6 py-10 lg:grid-cols-2 lg:items-start">
        <section aria-labelledby="about-story" className="space-y-4">
          <h2 id="about-story" className="text-2xl font-bold text-cocoa-900">
            {t.storyHeading}
          </h2>
          {t.story.map((paragraph) => (
            <p key={paragraph.slice(0, 24)} className="text-lg leading-relaxed text-cocoa-800">
              {paragraph}
            </p>
          ))}
        </section>
        {picture ? (
          <ResponsivePicture
            picture={picture}
            sizes="(min-width: 1280px) 610px, (min-width: 1024px) 48vw, calc(100vw - 3rem)"
            priority
            className="aspect-[16/9] w-full rounded-2xl object-cover shadow-sm"
          />
        ) : null}
      </div>

      <section aria-labelledby="about-kosher" className="bg-cream-200">
        <div className="mx-auto flex max-w-7xl flex-col items-center gap-8 px-6 py-12 sm:flex-row sm:items-center">
          {certificates.length ? <KosherBadge className="size-44 shrink-0 drop-shadow-md" /> : null}
          <div className="space-y-3">
            <h2 id="about-kosher" className="text-2xl font-bold text-cocoa-900">
              {t.kosherHeading}
            </h2>
            <p className="text-lg leading-relaxed text-cocoa-800">{t.kosherSeparation}</p>
            {certificates.length ? (
              <>
                <p className="text-lg leading-relaxed text-cocoa-800">{t.kosherCertificates}</p>
                <ul className="list-disc space-y-1 ps-6 text-lg text-cocoa-900" data-testid="about-certificates">
                  {certificates.map((c) => (
                    <li key={c.branch_id}>
                      <a
                        href={`/branches/${c.branch_id}`}
                        className="font-semibold underline underline-offset-4 hover:text-crust-700"
                      >
                        {c.branch_name}
                      </a>
                      : {c.authority} ({heKashrut.certificate.validUntil}{" "}
                      <bdi dir="ltr">{formatDay(c.valid_until)}</bdi>)
                    </li>
                  ))}
                </ul>
              </>
            ) : (
              <p className="text-lg leading-relaxed text-cocoa-800" data-testid="about-certificates">
                {heKashrut.certificate.aboutNone}
              </p>
            )}
          </div>
        </div>
      </section>

      <section aria-labelledby="about-visit" className="mx-auto max-w-7xl px-6 py-12 text-center">
        <h2 id="about-visit" className="text-2xl font-bold text-cocoa-900">
          {t.visitHeading}
        </h2>
        <p className="mt-2 text-lg text-cocoa-800">{t.visitText}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <a
            href="/branches"
            className="rounded-full bg-berry-700 px-6 py-3 font-semibold text-white shadow hover:bg-berry-600"
          >
            {t.visitLink}
          </a>
          <a
            href="/contactUs"
            className="rounded-full border-2 border-crust-700 px-6 py-3 font-semibold text-crust-700 hover:bg-cream-50"
          >
            {t.contactLink}
          </a>
        </div>
      </section>
    </main>
  );
}
