import { describe, expect, it } from "vitest";
import {
  CERTIFICATE_WARNING_DAYS,
  certificateState,
  certificateToday,
  formatDay,
  isClaimable,
} from "../../domain/certificates.ts";
import { heKashrut } from "../../domain/i18n/kashrut.ts";
import {
  ALLERGENS,
  filterFromParams,
  filterQuery,
  matchesFilter,
  parseAllergenList,
  parseDietary,
} from "../../domain/kashrut.ts";
import { allergenStatusOf } from "../../domain/schemas/admin/kashrut.ts";
import { productSchema } from "../../domain/schemas/admin/product.ts";

const challah = {
  dietary: "parve" as const,
  allergens: ["gluten" as const, "eggs" as const],
  may_contain: ["sesame" as const],
};
const cheesecake = {
  dietary: "dairy" as const,
  allergens: ["gluten" as const, "milk" as const, "eggs" as const],
  may_contain: [],
};
const unknown = { dietary: null, allergens: null, may_contain: null };
/** Staff chose "contains none of the fourteen" (issue 29). */
const candy = { dietary: "parve" as const, allergens: [], may_contain: [] };

describe("allergen codes", () => {
  it("lists at least the fourteen of Israeli labelling, each with a Hebrew name", () => {
    for (const code of [
      "gluten",
      "milk",
      "eggs",
      "soy",
      "peanuts",
      "tree_nuts",
      "sesame",
      "fish",
      "crustaceans",
      "molluscs",
      "celery",
      "mustard",
      "sulphites",
      "lupin",
    ]) {
      expect(ALLERGENS).toContain(code);
    }
    for (const code of ALLERGENS) expect(heKashrut.allergens[code]).toMatch(/[\u0590-\u05FF]/);
  });

  it("reads comma-separated and repeated values, any case, sorted and once each; reports unknown ones", () => {
    expect(parseAllergenList(["tree_nuts,Sesame", "sesame", " gluten "])).toEqual({
      codes: ["gluten", "sesame", "tree_nuts"],
      unknown: [],
    });
    expect(parseAllergenList(["sesame,nuts", "", "x"])).toEqual({ codes: ["sesame"], unknown: ["nuts", "x"] });
  });

  it("joins Hebrew lists with ו before the last item, ו־ before a number", () => {
    expect(heKashrut.list(["גלוטן", "ביצים", "שומשום"])).toBe("גלוטן, ביצים ושומשום");
    expect(heKashrut.list(["61 מוצרים", "5 מבצעים", "7 ידיעות"])).toBe("61 מוצרים, 5 מבצעים ו־7 ידיעות");
  });

  it("ignores an unknown dietary value for the page", () => {
    expect(parseDietary("PARVE")).toBe("parve");
    expect(parseDietary("vegan")).toBeUndefined();
    expect(parseDietary(null)).toBeUndefined();
  });

  it("normalises the page's address: unknown codes dropped, sorted, comma-joined for links", () => {
    const filter = filterFromParams(new URLSearchParams("dietary=kosher&without=tree_nuts&without=sesame,bogus"));
    expect(filter).toEqual({ dietary: undefined, without: ["sesame", "tree_nuts"] });
    expect(filterQuery(filter)).toEqual({ without: "sesame,tree_nuts" });
    expect(filterQuery({ without: [] })).toEqual({});
  });
});

describe("allergen filter rules", () => {
  it("keeps everything without a filter", () => {
    for (const p of [challah, cheesecake, unknown]) expect(matchesFilter(p, { without: [] })).toBe(true);
  });

  it("matches the dietary kind exactly; a product whose kind is not stated never matches one", () => {
    expect(matchesFilter(challah, { dietary: "parve", without: [] })).toBe(true);
    expect(matchesFilter(cheesecake, { dietary: "parve", without: [] })).toBe(false);
    expect(matchesFilter(unknown, { dietary: "parve", without: [] })).toBe(false);
  });

  it("'without' excludes what a product contains and what it may contain as traces", () => {
    expect(matchesFilter(challah, { without: ["eggs"] })).toBe(false);
    expect(matchesFilter(challah, { without: ["sesame"] })).toBe(false); // may contain
    expect(matchesFilter(challah, { without: ["tree_nuts"] })).toBe(true);
    expect(matchesFilter(cheesecake, { without: ["sesame", "tree_nuts"] })).toBe(true);
    expect(matchesFilter(cheesecake, { dietary: "dairy", without: ["milk"] })).toBe(false);
  });

  it("a product whose allergens are not stated is never 'without' anything; one stated as none is (issue 29)", () => {
    for (const code of ALLERGENS) {
      expect(matchesFilter(unknown, { without: [code] }), code).toBe(false);
      expect(matchesFilter(candy, { without: [code] }), code).toBe(true);
    }
  });
});

describe("product payload: kashrut fields", () => {
  const base = { name: "חלה", title: "חלה", serial_id: 5, status: 1 };
  const errors = (value: unknown) => {
    const result = productSchema.safeParse(value);
    return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
  };

  it("accepts codes as an array or comma-separated text and stores them in list order", () => {
    const parsed = productSchema.parse({
      ...base,
      dietary: "parve",
      allergens: "eggs,gluten",
      may_contain: ["sesame"],
    });
    expect(parsed).toMatchObject({ dietary: "parve", allergens: ["gluten", "eggs"], may_contain: ["sesame"] });
  });

  it("leaves the fields undefined when absent (an update keeps what is stored)", () => {
    const parsed = productSchema.parse(base);
    expect(parsed.dietary).toBeUndefined();
    expect(parsed.allergens).toBeUndefined();
    expect(parsed.chalav_yisrael).toBeUndefined();
  });

  it("stores the decision sent, or the one the lists imply: codes are 'listed', an empty list is never 'none'", () => {
    expect(allergenStatusOf(productSchema.parse({ ...base, allergen_status: "none" }))).toBe("none");
    expect(allergenStatusOf(productSchema.parse({ ...base, allergens: "gluten" }))).toBe("listed");
    expect(allergenStatusOf(productSchema.parse({ ...base, allergens: [] }))).toBe("not_stated");
    expect(allergenStatusOf(productSchema.parse({ ...base, allergens: "" }))).toBe("not_stated");
    expect(allergenStatusOf(productSchema.parse(base))).toBeUndefined();
  });

  it("refuses a decision its lists contradict and the form's unchosen '', in Hebrew under the field", () => {
    const v = heKashrut.validation;
    expect(errors({ ...base, allergen_status: "" }).allergen_status).toBe(v.allergenStatus);
    expect(errors({ ...base, allergen_status: "listed", allergens: [] }).allergens).toBe(v.allergensListedEmpty);
    expect(errors({ ...base, allergen_status: "none", allergens: ["milk"] }).allergens).toBe(
      v.allergensNoneContradiction,
    );
    expect(errors({ ...base, allergen_status: "not_stated", may_contain: ["milk"] }).may_contain).toBe(
      v.allergensNotStatedContradiction,
    );
    expect(errors({ ...base, allergen_status: "none", may_contain: ["milk"] })).toEqual({});
  });

  it("refuses unknown codes and dietary values with Hebrew messages under the field", () => {
    const e = errors({ ...base, dietary: "vegan", allergens: ["gluten", "nuts"], may_contain: "shellfish" });
    expect(e.dietary).toBe(heKashrut.validation.dietary);
    expect(e.allergens).toContain("nuts");
    expect(e.may_contain).toContain("shellfish");
    for (const message of Object.values(e)) expect(message).toMatch(/[\u0590-\u05FF]/);
  });
});

describe("kashrut certificates", () => {
  it("are valid through their last day, warned about 30 days ahead, expired the day after", () => {
    const cert = (valid_until: string | null) => ({ authority: "רבנות ירושלים", valid_until });
    expect(certificateState(cert("2027-03-31"), "2027-01-01")).toBe("valid");
    expect(certificateState(cert("2027-03-31"), "2027-03-01")).toBe("expiring");
    expect(CERTIFICATE_WARNING_DAYS).toBe(30);
    expect(certificateState(cert("2027-03-31"), "2027-03-31")).toBe("expiring");
    expect(certificateState(cert("2027-03-31"), "2027-04-01")).toBe("expired");
    expect(certificateState(cert(null), "2027-04-01")).toBe("none");
    expect(isClaimable("expiring")).toBe(true);
    expect(isClaimable("expired")).toBe(false);
  });

  it("judges the day in Jerusalem, whatever the server's time zone", () => {
    // 22:30 UTC on 31 March is already 1 April in Jerusalem (UTC+3 in summer time).
    expect(certificateToday(new Date("2027-03-31T22:30:00Z"))).toBe("2027-04-01");
    expect(certificateToday(new Date("2027-03-31T20:30:00Z"))).toBe("2027-03-31");
  });

  it("show their dates the Israeli way", () => {
    expect(formatDay("2027-03-01")).toBe("1.3.2027");
  });
});
