import type { ReactNode } from "react";
import { hePages } from "../../../domain/i18n/pages.ts";
import { cachedPage, type PageHandle } from "../../../domain/page-policy.ts";
import { telHref } from "../../../domain/phone.ts";
import { PageHeader, Paragraphs } from "../../components/content/page-header.tsx";
import { requestContext, servicesContext } from "../../lib/context.ts";
import { metaFromSeo, pageSeo } from "../../lib/seo.ts";
import type { Route } from "./+types/accessibility";

/** The same for every visitor: kept by the page cache. */
export const handle = { page: cachedPage() } satisfies PageHandle;

const t = hePages.a11y;

export async function loader({ context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const { publicUrl } = context.get(requestContext);
  const [settings, branches] = await Promise.all([services.settings.get(), services.branches.list()]);
  return {
    settings,
    branches: branches.map((b) => ({ id: b.id, name: b.name, address: b.address, accessibility: b.accessibility })),
    seo: pageSeo(publicUrl, {
      title: t.title,
      description: t.description,
      path: "/accessibility",
      siteName: settings.brandName,
    }),
  };
}

export const meta = metaFromSeo(t.title);

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-2xl font-bold text-cocoa-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Bullets({ items }: { items: readonly string[] }) {
  return (
    <ul className="list-disc space-y-2 ps-6 marker:text-crust-600">
      {items.map((item) => (
        <li key={item.slice(0, 32)}>{item}</li>
      ))}
    </ul>
  );
}

const reviewed = new Intl.DateTimeFormat("he-IL", { dateStyle: "long", timeZone: "UTC" }).format(
  new Date(`${t.reviewedDate}T00:00:00Z`),
);

const LINK = "font-semibold text-crust-700 underline underline-offset-4 hover:text-crust-600";

export default function AccessibilityStatement({ loaderData }: Route.ComponentProps) {
  const { settings, branches } = loaderData;
  // Without a coordinator's own address, requests go to the bakery's.
  const coordinatorEmail = settings.accessibilityContactEmail || settings.email;
  return (
    <main id="main" tabIndex={-1} className="outline-none">
      <PageHeader title={t.heading} lead={t.intro} narrow />
      <div className="mx-auto max-w-4xl space-y-10 px-6 py-10 text-lg leading-relaxed text-cocoa-800">
        <Section id="a11y-level" title={t.levelHeading}>
          <p>{t.level}</p>
        </Section>

        <Section id="a11y-adjustments" title={t.adjustmentsHeading}>
          <Bullets items={t.adjustments} />
        </Section>

        <Section id="a11y-testing" title={t.testingHeading}>
          <p>{t.testing}</p>
        </Section>

        <Section id="a11y-branches" title={t.branchesHeading}>
          <p>{t.branchesIntro}</p>
          <ul className="space-y-4">
            {branches.map((branch) => (
              <li key={branch.id} className="rounded-2xl bg-cream-50 p-5 shadow-sm ring-1 ring-cream-300">
                <h3 className="text-xl font-bold text-cocoa-900">{branch.name}</h3>
                {branch.address ? <p className="text-base text-crust-700">{branch.address}</p> : null}
                <div className="mt-2 space-y-2">
                  <Paragraphs text={branch.accessibility || "—"} />
                </div>
                <a href={`/branches/${branch.id}`} className={`mt-2 inline-block text-base ${LINK}`}>
                  {t.branchDetails}
                  <span className="sr-only"> – {branch.name}</span>
                </a>
              </li>
            ))}
          </ul>
        </Section>

        <Section id="a11y-limitations" title={t.limitationsHeading}>
          <Bullets items={t.limitations} />
          <p>{t.limitationsNote}</p>
        </Section>

        <Section id="a11y-request" title={t.requestHeading}>
          <p>{t.request}</p>
          <p>
            <a href="/contactUs" className={LINK}>
              {t.requestLink}
            </a>
          </p>
        </Section>

        <Section id="a11y-coordinator" title={t.coordinatorHeading}>
          <p>{t.coordinatorIntro}</p>
          <dl className="grid gap-x-6 gap-y-2 rounded-2xl bg-cream-50 p-5 shadow-sm ring-1 ring-cream-300 sm:grid-cols-[auto_1fr]">
            {settings.accessibilityContactName ? (
              <>
                <dt className="font-semibold text-cocoa-900">{t.coordinatorRole}</dt>
                <dd>{settings.accessibilityContactName}</dd>
              </>
            ) : null}
            {settings.phone ? (
              <>
                <dt className="font-semibold text-cocoa-900">{t.coordinatorPhoneLabel}</dt>
                <dd>
                  <a href={telHref(settings.phone)} className={LINK}>
                    <bdi>{settings.phone}</bdi>
                  </a>
                </dd>
              </>
            ) : null}
            {coordinatorEmail ? (
              <>
                <dt className="font-semibold text-cocoa-900">{t.coordinatorEmailLabel}</dt>
                <dd>
                  <a href={`mailto:${coordinatorEmail}`} className={LINK}>
                    <bdi>{coordinatorEmail}</bdi>
                  </a>
                </dd>
              </>
            ) : null}
            {settings.address ? (
              <>
                <dt className="font-semibold text-cocoa-900">{t.coordinatorAddressLabel}</dt>
                <dd>{settings.address}</dd>
              </>
            ) : null}
          </dl>
        </Section>

        <Section id="a11y-reviewed" title={t.reviewedHeading}>
          <p>
            {t.reviewedText} <time dateTime={t.reviewedDate}>{reviewed}</time>.
          </p>
        </Section>
      </div>
    </main>
  );
}
