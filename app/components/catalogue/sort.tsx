/**
 * The lists' sort (issue 29): a plain GET form — a labelled select and a button — so it works before (or without)
 * JavaScript, sent to the list's own address with the rest of it kept (search, category, filter) and the results'
 * fragment, like the filter (kashrut.tsx). The order only changes when the visitor presses the button: choosing in
 * the select never moves them (WCAG 3.2.2).
 */
import { Form } from "react-router";
import { PRODUCT_SORTS, type ProductSort } from "../../../domain/catalogue-sort.ts";
import { heCatalogue } from "../../../domain/i18n/catalogue.ts";
import { KeptFields, RESULTS_ID } from "./kashrut.tsx";

const t = heCatalogue.sort;

export function SortForm({
  sort,
  searching,
  path,
  keep,
}: {
  sort: ProductSort | undefined;
  /** A search's own order is its best matches; a list's is newest first (then "newest" is that default). */
  searching: boolean;
  path: string;
  keep: Record<string, string | number | undefined>;
}) {
  const choices = PRODUCT_SORTS.filter((value) => searching || value !== "newest");
  return (
    <Form
      method="get"
      action={`${path}#${RESULTS_ID}`}
      className="flex flex-wrap items-center gap-2"
      data-testid="sort-form"
    >
      <KeptFields keep={keep} />
      <label htmlFor="list-sort" className="font-bold text-cocoa-900">
        {t.label}
      </label>
      <select
        id="list-sort"
        name="sort"
        // A list without a sort is newest first: "newest" is its default choice, not a second address.
        defaultValue={sort === "newest" && !searching ? "" : (sort ?? "")}
        key={sort ?? ""}
        className="min-h-11 rounded-full border border-crust-500 bg-white ps-4 pe-8 text-cocoa-900"
      >
        <option value="">{searching ? t.relevance : t.defaultOrder}</option>
        {choices.map((value) => (
          <option key={value} value={value}>
            {t[value]}
          </option>
        ))}
      </select>
      <button
        type="submit"
        className="inline-flex min-h-11 items-center rounded-full bg-crust-700 px-5 font-bold text-white hover:bg-crust-600"
      >
        {t.apply}
      </button>
    </Form>
  );
}
