/**
 * Kashrut and allergens on the public site (issue 11): the dietary badge of tiles and the product page, the
 * product page's kashrut line and allergens block, and the grid's filter — a plain GET form, so it works
 * before (or without) JavaScript. Words carry the meaning; colours and icons only sit beside them.
 */
import { Form } from "react-router";
import { heKashrut } from "../../../domain/i18n/kashrut.ts";
import {
  ALLERGENS,
  type Allergen,
  type CatalogueFilter,
  DIETARY,
  type Dietary,
  filterQuery,
  KASHRUT_FLAGS,
  type ProductKashrut,
} from "../../../domain/kashrut.ts";
import { ChevronIcon } from "../ui/icon.tsx";
import { AlertIcon, DropIcon, FilterIcon, LeafIcon } from "../ui/other-icons.tsx";

const t = heKashrut;

/** White text on a dark fill (contrast ≥ 7:1 for all three), plus the word and, for two of them, an icon. */
const BADGE_TONE: Record<Dietary, string> = {
  parve: "bg-olive-700 text-white",
  dairy: "bg-tag-blue text-white",
  meat: "bg-tag-red text-white",
};

export function DietaryBadge({ dietary, large = false }: { dietary: Dietary; large?: boolean }) {
  const Glyph = dietary === "dairy" ? DropIcon : dietary === "parve" ? LeafIcon : null;
  const size = large ? "px-3 py-1 text-base" : "px-2 py-0.5 text-sm";
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full font-semibold ${size} ${BADGE_TONE[dietary]}`}
      data-dietary={dietary}
    >
      {t.dietary[dietary]}
      {Glyph ? <Glyph className={large ? "size-4" : "size-3.5"} /> : null}
    </span>
  );
}

/**
 * "כשרות: [חלבי] · חלב ישראל · בהשגחת רבנות ירושלים – מהדרין". The authority (and the word "כשר") only while a
 * branch holds a valid certificate: an expired one is never claimed.
 */
export function KashrutLine({ product, authority }: { product: ProductKashrut; authority: string | null }) {
  const flags = KASHRUT_FLAGS.filter((flag) => product[flag]).map((flag) => t.flags[flag]);
  return (
    <section aria-labelledby="kashrut" className="flex flex-wrap items-center gap-x-3 gap-y-2" data-testid="kashrut">
      <h2 id="kashrut" className="font-bold text-cocoa-900">
        {t.kashrutHeading}:
      </h2>
      {product.dietary ? (
        <>
          {authority ? <span className="font-semibold text-cocoa-900">{t.kosher}</span> : null}
          <DietaryBadge dietary={product.dietary} large />
          {flags.map((flag) => (
            <span key={flag} className="rounded-full px-3 py-1 font-semibold text-cocoa-900 ring-1 ring-cocoa-800/40">
              {flag}
            </span>
          ))}
          {authority ? <span className="text-cocoa-800">{t.supervisedBy(authority)}</span> : null}
        </>
      ) : (
        <span className="text-cocoa-800">{t.notStated}</span>
      )}
    </section>
  );
}

/**
 * "מכיל: גלוטן, ביצים" / "עלול להכיל: שומשום" — the words first; the icon only marks the heading. "Contains
 * none" only when staff chose it; while the allergens are not stated, the block says so and asks to ask.
 */
export function AllergensBlock({ product }: { product: ProductKashrut }) {
  return (
    <section
      aria-labelledby="allergens"
      className="rounded-2xl bg-cream-50 p-4 ring-1 ring-cream-300 sm:p-5"
      data-testid="allergens"
    >
      <h2 id="allergens" className="mb-2 flex items-center gap-2 text-xl font-bold text-cocoa-900">
        {t.allergensHeading}
        <AlertIcon className="size-5 text-crust-700" />
      </h2>
      {product.allergens === null ? (
        // Not stated (issue 29): unknown, and said so — never "contains none".
        <p className="text-lg text-cocoa-900" data-allergens="not-stated">
          {t.allergensNotStated}{" "}
          <a href="/contactUs" className="font-semibold text-crust-700 underline underline-offset-4">
            {t.askUs}
          </a>
        </p>
      ) : (
        <>
          {product.allergens.length ? null : <p className="text-lg text-cocoa-800">{t.containsNone}</p>}
          {product.allergens.length || product.may_contain?.length ? (
            <dl className="space-y-1 text-lg">
              <AllergenTerm term={t.contains} codes={product.allergens} />
              <AllergenTerm term={t.mayContain} codes={product.may_contain ?? []} />
            </dl>
          ) : null}
        </>
      )}
      {product.allergens === null ? null : <p className="mt-2 text-sm text-cocoa-800">{t.allergensNote}</p>}
    </section>
  );
}

/** One line of the allergens block ("מכיל: …"); none when the product lists no codes under it. */
function AllergenTerm({ term, codes }: { term: string; codes: readonly Allergen[] }) {
  if (!codes.length) return null;
  return (
    <div className="flex flex-wrap gap-x-2">
      <dt className="font-bold text-cocoa-900">{term}</dt>
      <dd className="text-cocoa-800">{t.namesOf(codes)}</dd>
    </div>
  );
}

/**
 * Where a list's filter and sort land (issue 29): the id of the results' region, which the forms' addresses and
 * the filter links name as their fragment, so a phone shows the results — not the page's top — after filtering,
 * with or without JavaScript (with it, the site layout also moves focus there).
 */
export const RESULTS_ID = "results";

/** `path?…` with these parameters (empty ones dropped), and `#hash` when given. */
export function listHref(path: string, query: Record<string, string | number | undefined>, hash?: string): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== "") params.set(key, String(value));
  }
  const text = params.toString();
  return `${path}${text ? `?${text}` : ""}${hash ? `#${hash}` : ""}`;
}

/** `/products?…` with these parameters (empty ones dropped). */
export const productsHref = (query: Record<string, string | number | undefined>) => listHref("/products", query);

/** Hidden fields that carry the rest of a list's address (search, category, sort or filter) through a GET form. */
export function KeptFields({ keep }: { keep: Record<string, string | number | undefined> }) {
  return (
    <>
      {Object.entries(keep).map(([name, value]) =>
        value === undefined || value === "" ? null : <input key={name} type="hidden" name={name} value={value} />,
      )}
    </>
  );
}

/**
 * A list's filter (the products grid, a category page, search results): dietary kind (radio buttons) and
 * allergens to avoid (checkboxes), submitted as a GET form to the list's own `path` that keeps the rest of its
 * address (`keep`: search, category, sort). Without JavaScript the browser sends `without` once per checked box;
 * the page and the page cache read both that and the comma form (domain/kashrut.ts).
 */
export function ProductFilter({
  filter,
  path = "/products",
  keep = {},
}: {
  filter: CatalogueFilter;
  path?: string;
  keep?: Record<string, string | number | undefined>;
}) {
  const active = filter.dietary !== undefined || filter.without.length > 0;
  const hrefWith = (chosen: CatalogueFilter) => listHref(path, { ...keep, ...filterQuery(chosen) }, RESULTS_ID);
  // Each active filter as a link that removes just it.
  const removals = [
    ...(filter.dietary ? [{ label: t.dietary[filter.dietary], href: hrefWith({ without: filter.without }) }] : []),
    ...filter.without.map((code) => ({
      label: t.withoutName(t.allergens[code]),
      href: hrefWith({ dietary: filter.dietary, without: filter.without.filter((c) => c !== code) }),
    })),
  ];
  return (
    <div className="rounded-2xl bg-cream-50 ring-1 ring-cream-300">
      {/* Closed at first (and again after each filtering: keyed by the filter), the active filters listed below it,
          so the grid stays near the top on a phone. */}
      <details className="group" key={`${filter.dietary ?? ""}-${filter.without.join(",")}`}>
        <summary className="flex min-h-12 cursor-pointer list-none items-center gap-2 rounded-2xl px-4 font-bold text-cocoa-900 hover:bg-cream-200 [&::-webkit-details-marker]:hidden">
          <FilterIcon className="size-5 text-crust-700" />
          {t.filterHeading}
          <ChevronIcon className="ms-auto size-5 text-crust-700 transition group-open:rotate-180" />
        </summary>
        <Form
          method="get"
          action={`${path}#${RESULTS_ID}`}
          className="space-y-4 px-4 pt-2 pb-4"
          data-testid="product-filter"
        >
          <KeptFields keep={keep} />
          <fieldset>
            <legend className="mb-2 font-bold text-cocoa-900">{t.filterDietary}</legend>
            <div className="flex flex-wrap gap-2">
              {[undefined, ...DIETARY].map((kind) => (
                <label
                  key={kind ?? "any"}
                  className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full bg-white px-4 ring-1 ring-cocoa-800/40 has-[:checked]:ring-2 has-[:checked]:ring-crust-700"
                >
                  <input
                    type="radio"
                    name="dietary"
                    value={kind ?? ""}
                    defaultChecked={filter.dietary === kind}
                    className="size-4 accent-crust-700"
                  />
                  {kind ? t.dietary[kind] : t.filterAny}
                </label>
              ))}
            </div>
          </fieldset>
          <fieldset>
            <legend className="mb-2 font-bold text-cocoa-900">{t.filterWithout}</legend>
            <div className="grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-7">
              {ALLERGENS.map((code) => (
                <label
                  key={code}
                  className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg bg-white px-3 ring-1 ring-cocoa-800/40 has-[:checked]:ring-2 has-[:checked]:ring-crust-700"
                >
                  <input
                    type="checkbox"
                    name="without"
                    value={code}
                    defaultChecked={filter.without.includes(code)}
                    className="size-4 accent-crust-700"
                  />
                  {t.allergens[code]}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="flex flex-wrap items-center gap-4">
            <button
              type="submit"
              className="inline-flex min-h-11 items-center rounded-full bg-crust-700 px-6 font-bold text-white hover:bg-crust-600"
            >
              {t.filterApply}
            </button>
            {active ? (
              <a href={hrefWith({ without: [] })} className="font-semibold text-crust-700 underline underline-offset-4">
                {t.filterClear}
              </a>
            ) : null}
          </div>
        </Form>
      </details>
      {active ? (
        <div className="flex flex-wrap items-center gap-2 border-t border-cream-300 px-4 py-3">
          <span className="font-semibold text-cocoa-900">{t.filterSummary}</span>
          <ul className="flex flex-wrap gap-2">
            {removals.map((removal) => (
              <li key={removal.label}>
                <a
                  href={removal.href}
                  aria-label={t.removeFilter(removal.label)}
                  className="inline-flex min-h-10 items-center gap-1 rounded-full bg-white px-3 font-semibold text-crust-700 ring-1 ring-crust-500/60 hover:bg-cream-200"
                >
                  {removal.label}
                  <span aria-hidden="true">×</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
