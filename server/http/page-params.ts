/**
 * The rules that turn a cached page's declared query parameters (domain/page-policy.ts, `ParamKind`) into its
 * cache key: `normalize` gets every value the address carries for the parameter and returns the one value the page
 * is rendered with ("" drops the parameter), or null when the request must be rendered for itself. Normalising
 * means `?without=tree_nuts&without=sesame` (a GET form) and `?without=sesame,tree_nuts` share one entry. Each
 * rule reads its parameter exactly as the page's loader does.
 */
import { parseId } from "../../domain/ids.ts";
import { parseAllergenList, parseDietary } from "../../domain/kashrut.ts";
import type { ParamKind } from "../../domain/page-policy.ts";
import { MAX_SEARCH_LENGTH } from "../../domain/search.ts";

export interface ParamRule {
  normalize(values: string[]): string | null;
}

/**
 * Parameters a link carries for its sender's statistics — a campaign's `utm_*`, the click ids Facebook, Instagram,
 * Google, Microsoft and Mailchimp add (`fbclid`, `igshid`, `gclid`…) — which no page reads. They are left out of the
 * cache key and the page is rendered without them: a holiday offer shared with a fresh `fbclid` on every click is
 * the one kept page, not a render per visitor. (The browser keeps the address it was sent to, so analytics running
 * there still see them.)
 */
const CLICK_IDS = new Set(["fbclid", "igshid", "gclid", "gbraid", "wbraid", "dclid", "msclkid", "mc_cid", "mc_eid"]);
export const isTrackingParam = (name: string) => name.startsWith("utm_") || CLICK_IDS.has(name);

/** An id exactly as the site writes it (the one id rule, without leading zeros or other spellings). */
export const isCanonicalId = (value: string) => String(parseId(value)) === value;

/** One value that must pass `test` exactly as written; repeated → not cached. */
const exact = (test: (value: string) => boolean): ParamRule => ({
  normalize: (values) => (values.length === 1 && test(values[0]!) ? values[0]! : null),
});

const RULES: Record<Exclude<ParamKind, readonly string[]>, ParamRule> = {
  id: exact(isCanonicalId),
  // The page reads the first value and ignores an unknown one, so the key does the same.
  dietary: { normalize: (values) => parseDietary(values[0]) ?? "" },
  // Known allergen codes, sorted, once each; unknown ones dropped as the page drops them.
  allergens: { normalize: (values) => parseAllergenList(values).codes.join(",") },
  // The first value, trimmed and cut at the search box's limit, with runs of spaces as one — which finds the same
  // products —, so "סופגניות  ריבה " and "סופגניות ריבה" share an entry. Kept in the search family's own share of
  // the cache (server/http/page-cache.ts), so a flood of texts never evicts other pages.
  search: {
    normalize: (values) => (values[0] ?? "").trim().slice(0, MAX_SEARCH_LENGTH).replace(/\s+/g, " ").trim(),
  },
};

/**
 * The rule of a declared parameter. A list of values (a sort, which form sent the visitor) keeps the first value
 * when it is one of them, exactly as written, and drops anything else — the page reads the first value and ignores
 * an unknown one, so `?sort=bogus` is the page without a sort: one entry, not one per stray value.
 */
export function paramRule(kind: ParamKind): ParamRule {
  if (typeof kind === "string") return RULES[kind];
  return { normalize: (values) => (values[0] !== undefined && kind.includes(values[0]) ? values[0] : "") };
}
