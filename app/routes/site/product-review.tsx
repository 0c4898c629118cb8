/**
 * A product's review form (issue 12), `/product/:id/review`. The product page is the same for every visitor
 * and cached (server/http/public-pages.ts), so it carries no XSRF token: it links here, a page rendered with
 * the session (like /contactUs and /club) whose form carries the visitor's token and works without
 * JavaScript. A review is stored pending; after the post the page says so (`?sent=1`).
 */
import { data } from "react-router";
import { heForms } from "../../../domain/i18n/forms.ts";
import { type PageHandle, sessionPage } from "../../../domain/page-policy.ts";
import { REVIEW_FIELDS, REVIEW_LIMITS, REVIEW_RATINGS } from "../../../domain/schemas/fields.ts";
import { Stars } from "../../components/catalogue/bits.tsx";
import { PageHeader } from "../../components/content/page-header.tsx";
import { FieldError, TextAreaField, TextField } from "../../components/forms/fields.tsx";
import { FormPageCard } from "../../components/forms/form-page.tsx";
import { SiteErrorBoundary } from "../../components/site/error-boundary.tsx";
import { CheckCircleIcon } from "../../components/ui/other-icons.tsx";
import { ResponsivePicture } from "../../components/ui/picture.tsx";
import { requestContext, servicesContext } from "../../lib/context.ts";
import { publicFormAction } from "../../lib/forms.server.ts";
import { formResultOf, submitPublicForm } from "../../lib/forms.ts";
import { idFromParam } from "../../lib/params.ts";
import { metaFromSeo, pageSeo } from "../../lib/seo.ts";
import type { Route } from "./+types/product-review";

/** Rendered for each visitor (the form's XSRF token); the product page itself stays cached and links here. */
export const handle = { page: sessionPage() } satisfies PageHandle;

const t = heForms.review;

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const id = idFromParam(params.id);
  const services = context.get(servicesContext);
  const { publicUrl, csrfToken } = context.get(requestContext);
  const [settings, product] = await Promise.all([services.settings.get(), services.catalogue.product(id)]);
  if (!product) throw data(null, { status: 404 });
  return {
    settings,
    csrfToken,
    product: { id: product.id, name: product.name, mainImage: product.mainImage },
    sent: new URL(request.url).searchParams.get("sent") === "1",
    seo: pageSeo(publicUrl, {
      title: t.title(product.name),
      description: t.description,
      path: `/product/${product.id}/review`,
      image: product.mainImage,
      siteName: settings.brandName,
      // One form page per product: nothing for search engines.
      noindex: true,
    }),
  };
}

export const meta = metaFromSeo();

export const ErrorBoundary = SiteErrorBoundary;

/** Without JavaScript, and after the browser's check passes; counted against the public forms' per-address limit. */
export async function action(args: Route.ActionArgs) {
  const id = idFromParam(args.params.id);
  return publicFormAction(
    args,
    REVIEW_FIELDS,
    (services, values) => services.reviews.submit(id, values),
    `/product/${id}/review?sent=1`,
  );
}

/** The schema (with zod) loads when the visitor starts on the form, not with the page. */
const loadSchema = () => import("../../../domain/schemas/review.ts").then((m) => m.reviewSchema);

export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return submitPublicForm(request, loadSchema, REVIEW_FIELDS, serverAction);
}

/** The stars as a group of radio buttons with visible labels; works with keyboard and without JavaScript. */
function RatingField({ value, errors }: { value?: string; errors?: string[] }) {
  const id = "review-rating";
  const invalid = Boolean(errors?.length);
  return (
    <fieldset aria-describedby={invalid ? `${id}-error` : undefined}>
      <legend className="font-semibold text-cocoa-900">
        {t.fields.rating}
        <span aria-hidden="true" className="ms-1 text-berry-700">
          *
        </span>
      </legend>
      <div className="mt-2 flex flex-wrap gap-2">
        {REVIEW_RATINGS.map((rating) => (
          <label
            key={rating}
            className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-xl border border-crust-500 bg-white px-3 py-2 text-cocoa-900 has-[:checked]:border-crust-700 has-[:checked]:bg-cream-200 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-crust-700"
          >
            <input
              type="radio"
              name="rating"
              value={rating}
              defaultChecked={value === String(rating)}
              aria-invalid={invalid || undefined}
              className="size-5 accent-crust-700"
            />
            <span>{t.star(rating)}</span>
            <Stars rating={rating} className="size-4" />
          </label>
        ))}
      </div>
      <FieldError id={id} errors={errors} />
    </fieldset>
  );
}

/** The way back to the product page, from the form and from its thanks. */
function BackToProduct({ product, className }: { product: { id: number; name: string }; className: string }) {
  return (
    <a
      href={`/product/${product.id}`}
      className={`inline-block font-semibold text-crust-700 underline underline-offset-4 ${className}`}
    >
      {t.backToProduct(product.name)}
    </a>
  );
}

function Sent({ product }: { product: { id: number; name: string } }) {
  return (
    <main id="main" tabIndex={-1} className="outline-none">
      <PageHeader title={t.heading(product.name)} />
      <div className="mx-auto max-w-7xl px-6 py-10">
        <div role="status" className="max-w-3xl rounded-2xl bg-cream-50 p-6 shadow-sm ring-1 ring-cream-300 sm:p-8">
          <p className="flex items-center gap-2 text-2xl font-bold text-olive-700">
            <CheckCircleIcon className="size-7 shrink-0" />
            {t.sentTitle}
          </p>
          <p className="mt-2 text-lg text-cocoa-800">{t.sent}</p>
        </div>
        <BackToProduct product={product} className="mt-6" />
      </div>
    </main>
  );
}

export default function ProductReview({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, product, sent } = loaderData;
  if (sent) return <Sent product={product} />;
  const { result, errors, values, field } = formResultOf(actionData, "review");
  return (
    <FormPageCard
      id="review"
      t={{ ...t, heading: t.heading(product.name) }}
      result={result}
      phone={settings.phone}
      warmUp={loadSchema}
      aside={
        <aside aria-label={product.name} className="space-y-4 rounded-2xl bg-cream-200 p-6 sm:p-8">
          <ResponsivePicture
            picture={product.mainImage}
            alt=""
            sizes="(min-width: 1024px) 400px, 92vw"
            className="aspect-[4/3] w-full rounded-xl object-cover"
          />
          <BackToProduct product={product} className="text-lg" />
        </aside>
      }
    >
      <RatingField value={values.rating} errors={errors.rating} />
      <TextAreaField {...field("text")} label={t.fields.text} required rows={5} maxLength={REVIEW_LIMITS.text} />
      <TextField
        {...field("name")}
        label={t.fields.name}
        hint={t.nameHint}
        required
        autoComplete="given-name"
        maxLength={REVIEW_LIMITS.name}
      />
    </FormPageCard>
  );
}
