import type { ReactNode } from "react";
import { data } from "react-router";
import { formatDay } from "../../../domain/certificates.ts";
import { heContent } from "../../../domain/i18n/content.ts";
import { heHours } from "../../../domain/i18n/hours.ts";
import { heKashrut } from "../../../domain/i18n/kashrut.ts";
import { cachedPage, type PageHandle } from "../../../domain/page-policy.ts";
import { parseIsraeliPhone, telHref } from "../../../domain/phone.ts";
import { HoursStatusLine, NextDaysTable } from "../../components/content/hours-days.tsx";
import { OpeningHoursTable } from "../../components/content/opening-hours.tsx";
import { PageHeader, Paragraphs } from "../../components/content/page-header.tsx";
import { ExternalLink } from "../../components/ui/external-link.tsx";
import {
  AccessibleIcon,
  CheckCircleIcon,
  ClockIcon,
  HandsetIcon,
  MailIcon,
  MapPinIcon,
  NavigateIcon,
} from "../../components/ui/other-icons.tsx";
import { ResponsivePicture } from "../../components/ui/picture.tsx";
import { requestContext, servicesContext } from "../../lib/context.ts";
import { googleMapsUrl, mapEmbedUrl, wazeUrl } from "../../lib/maps.ts";
import { weekdayInJerusalem } from "../../lib/opening-hours.ts";
import { idFromParam } from "../../lib/params.ts";
import { metaFromSeo, pageSeo } from "../../lib/seo.ts";
import {
  addStructuredData,
  branchJsonLd,
  breadcrumbJsonLd,
  homeTrail,
  specialOpeningHoursSpecification,
} from "../../lib/structured-data.ts";
import type { Route } from "./+types/branch";

/** Kept per minute: "open now" and the coming days change with the clock (docs/hours.md). */
export const handle = { page: cachedPage({ clock: "minute" }) } satisfies PageHandle;

const t = heContent.branches;

export async function loader({ params, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const { publicUrl } = context.get(requestContext);
  const id = idFromParam(params.id);
  const [settings, found] = await Promise.all([services.settings.get(), services.branches.get(id, { days: 30 })]);
  if (!found) throw data(null, { status: 404 });
  // Status and days are computed here, on the server, in Jerusalem time; the page renders them as they are.
  const { days = [], ...branch } = found;
  addStructuredData(
    context,
    branchJsonLd(branch, settings, publicUrl, specialOpeningHoursSpecification(days, branch.opening_hours)),
    breadcrumbJsonLd(
      homeTrail({ name: t.title, path: "/branches" }, { name: branch.name, path: `/branches/${branch.id}` }),
      publicUrl,
    ),
  );
  return {
    branch,
    days: days.slice(0, 7),
    // Worked out on the server, in Jerusalem time, so the page hydrates without a mismatch.
    today: weekdayInJerusalem(),
    seo: pageSeo(publicUrl, {
      title: branch.name,
      description: `${branch.name}: ${t.descriptionOf} ${branch.address}. ${branch.content}`,
      path: `/branches/${branch.id}`,
      image: branch.mainImage,
      siteName: settings.brandName,
    }),
  };
}

export const meta = metaFromSeo();

function Section({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <section className="rounded-2xl bg-cream-50 p-5 shadow-sm ring-1 ring-cream-300 sm:p-6">
      <h2 className="mb-3 flex items-center gap-2 text-xl font-bold text-cocoa-900">
        {icon}
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The kashrut certificate while valid (issue 11); an expired one is not shown, and neither is any claim. */
function BranchCertificate({ branch }: { branch: Route.ComponentProps["loaderData"]["branch"] }) {
  const c = heKashrut.certificate;
  const certificate = branch.kashrut_certificate;
  return (
    <Section title={c.heading} icon={<CheckCircleIcon className="size-6 text-crust-700" />}>
      {certificate ? (
        <div className="flex flex-wrap items-start gap-4" data-testid="branch-certificate">
          <dl className="min-w-48 flex-1 space-y-2 text-lg">
            <div>
              <dt className="text-sm font-semibold text-crust-700">{c.authority}</dt>
              <dd className="font-semibold text-cocoa-900">{certificate.authority}</dd>
            </div>
            {certificate.number ? (
              <div>
                <dt className="text-sm font-semibold text-crust-700">{c.number}</dt>
                <dd>
                  <bdi>{certificate.number}</bdi>
                </dd>
              </div>
            ) : null}
            <div>
              <dt className="text-sm font-semibold text-crust-700">{c.validUntil}</dt>
              <dd>
                <bdi dir="ltr">{formatDay(certificate.valid_until)}</bdi>
              </dd>
            </div>
          </dl>
          {certificate.scan ? (
            <a
              href={certificate.scan.url}
              className="group block w-32 shrink-0 text-center text-sm font-semibold text-crust-700 underline underline-offset-4"
            >
              <ResponsivePicture
                picture={certificate.scan}
                alt={c.scanAlt(branch.name)}
                sizes="128px"
                className="mb-1 w-32 rounded-lg object-contain shadow-sm ring-1 ring-cream-300"
              />
              {c.viewScan}
            </a>
          ) : null}
        </div>
      ) : (
        <p className="text-lg text-cocoa-800" data-testid="branch-certificate">
          {c.none}
        </p>
      )}
    </Section>
  );
}

const EXTERNAL_LINK =
  "inline-flex items-center justify-center gap-2 rounded-full border-2 border-crust-700 px-5 py-2.5 font-semibold text-crust-700 hover:bg-cream-200";

export default function BranchPage({ loaderData }: Route.ComponentProps) {
  const { branch, today, days } = loaderData;
  const phone = branch.phone ? (parseIsraeliPhone(branch.phone)?.display ?? branch.phone) : "";
  return (
    <main id="main" tabIndex={-1} className="outline-none">
      <PageHeader title={branch.name} back={{ to: "/branches", label: t.allBranches }} />

      <div className="mx-auto grid max-w-7xl gap-8 px-6 pt-2 pb-8 lg:grid-cols-[3fr_2fr] lg:grid-rows-[auto_1fr] lg:items-start">
        <div className="lg:col-start-1 lg:row-start-1">
          <ResponsivePicture
            picture={branch.mainImage}
            sizes="(min-width: 1280px) 740px, (min-width: 1024px) 58vw, calc(100vw - 3rem)"
            priority
            className="aspect-[16/9] w-full rounded-2xl object-cover shadow-sm"
          />
        </div>
        <div className="space-y-6 lg:col-start-2 lg:row-start-1 lg:row-span-2">
          <Section title={t.details} icon={<MapPinIcon className="size-6 text-crust-700" />}>
            <dl className="space-y-3 text-lg">
              {branch.address ? (
                <div>
                  <dt className="text-sm font-semibold text-crust-700">{t.address}</dt>
                  <dd className="text-cocoa-900">{branch.address}</dd>
                </div>
              ) : null}
              {phone ? (
                <div>
                  <dt className="text-sm font-semibold text-crust-700">{t.phone}</dt>
                  <dd>
                    <a
                      href={telHref(branch.phone)}
                      className="inline-flex items-center gap-2 font-semibold text-cocoa-900 underline underline-offset-4 hover:text-crust-700"
                    >
                      <HandsetIcon className="size-5 text-crust-700" />
                      <bdi>{phone}</bdi>
                    </a>
                  </dd>
                </div>
              ) : null}
              {branch.email ? (
                <div>
                  <dt className="text-sm font-semibold text-crust-700">{t.email}</dt>
                  <dd>
                    <a
                      href={`mailto:${branch.email}`}
                      className="inline-flex items-center gap-2 font-semibold text-cocoa-900 underline underline-offset-4 hover:text-crust-700"
                    >
                      <MailIcon className="size-5 text-crust-700" />
                      <bdi>{branch.email}</bdi>
                    </a>
                  </dd>
                </div>
              ) : null}
            </dl>
          </Section>

          <Section title={t.hours} icon={<ClockIcon className="size-6 text-crust-700" />}>
            <HoursStatusLine openNow={branch.open_now} status={branch.status} className="mb-4 text-lg" />
            <h3 className="mb-2 text-lg font-bold text-cocoa-900">{heHours.nextDays}</h3>
            <NextDaysTable days={days} />
            <h3 className="mt-6 mb-2 text-lg font-bold text-cocoa-900">{heHours.weekly}</h3>
            <OpeningHoursTable hours={branch.opening_hours} today={today} />
            <ul className="mt-3 list-disc space-y-1 ps-5 text-sm text-cocoa-800">
              {branch.hours_notes.map((note) => (
                <li key={note}>{note}</li>
              ))}
            </ul>
          </Section>

          <BranchCertificate branch={branch} />

          <Section title={t.directions} icon={<NavigateIcon className="size-6 text-crust-700" />}>
            <div className="flex flex-wrap gap-3">
              <ExternalLink href={wazeUrl(branch)} className={EXTERNAL_LINK}>
                {t.waze}
              </ExternalLink>
              <ExternalLink href={googleMapsUrl(branch)} className={EXTERNAL_LINK}>
                {t.googleMaps}
              </ExternalLink>
            </div>
          </Section>
        </div>

        <div className="flex flex-col gap-8 lg:col-start-1 lg:row-start-2">
          {branch.content ? (
            <section>
              <h2 className="mb-3 text-2xl font-bold text-cocoa-900">{t.about}</h2>
              <div className="space-y-3 text-lg leading-relaxed text-cocoa-800">
                <Paragraphs text={branch.content} />
              </div>
            </section>
          ) : null}
          {branch.accessibility ? (
            <section>
              <h2 className="mb-3 flex items-center gap-2 text-2xl font-bold text-cocoa-900">
                <AccessibleIcon className="size-7 text-crust-700" />
                {t.accessibility}
              </h2>
              <div className="space-y-3 text-lg leading-relaxed text-cocoa-800">
                <Paragraphs text={branch.accessibility} />
              </div>
            </section>
          ) : null}
        </div>

        <section aria-labelledby="branch-map" className="lg:col-span-2">
          <h2 id="branch-map" className="mb-3 text-2xl font-bold text-cocoa-900">
            {t.map}
          </h2>
          <iframe
            title={`${t.mapTitle} ${branch.name}`}
            src={mapEmbedUrl(branch)}
            loading="lazy"
            referrerPolicy="strict-origin-when-cross-origin"
            className="aspect-[4/3] w-full rounded-2xl border-0 bg-cream-200 shadow-sm sm:aspect-[21/9]"
          />
        </section>
      </div>
    </main>
  );
}
