/**
 * Kashrut and allergens of every demo product, by serial number (issue 11), and the branches' certificates.
 * Honest to each recipe as content.ts describes it: challah has eggs, the sesame challah and the bagels
 * sesame, golden raisins sulphites, the mushroom bourekas wine (sulphites), the tuna sandwich fish and
 * mustard (mayonnaise). "May contain" is what the shared ovens and tables leave: sesame travels on the bread
 * line (challot, bagels, bourekas), nuts on the pastry and cake line, and the gluten-free items are baked in a
 * bakery full of flour; the stone oven (focaccia, pizza), the quiches, the fryer and the cream cakes are apart. The dairy and parve lines are kept apart (the
 * about page says so), so no parve product "may contain" milk. Every product is pas Yisrael; every dairy one
 * is chalav Yisrael (mehadrin). Nothing here is kosher for Passover: the bakery is not kashered for it.
 * A separate file from content.ts so the seed test can check each product has an entry
 * (tests/unit/seed-content.test.ts).
 */
import type { Allergen, Dietary } from "../../../domain/kashrut.ts";

export interface SeedKashrut {
  dietary: Dietary;
  allergens: Allergen[];
  may_contain: Allergen[];
  kosher_for_passover?: boolean;
}

const parve = (allergens: Allergen[], may_contain: Allergen[] = []): SeedKashrut => ({
  dietary: "parve",
  allergens,
  may_contain,
});
const dairy = (allergens: Allergen[], may_contain: Allergen[] = []): SeedKashrut => ({
  dietary: "dairy",
  allergens: allergens.includes("milk") ? allergens : ["milk", ...allergens],
  may_contain,
});

export const productKashrut: Record<number, SeedKashrut> = {
  // Challot
  100101: parve(["gluten", "eggs"], ["sesame"]),
  100102: parve(["gluten", "eggs", "sesame"]),
  100103: parve(["gluten", "eggs"], ["sesame"]),
  100104: parve(["gluten", "eggs"], ["sesame"]),
  100105: parve(["gluten", "eggs", "sulphites"], ["sesame"]),
  100106: parve(["gluten", "eggs"], ["sesame"]),
  // Sourdough (vegan)
  100201: parve(["gluten"], ["sesame"]),
  100202: parve(["gluten"], ["sesame"]),
  100203: parve(["gluten"], ["sesame"]),
  100204: parve(["gluten"], ["sesame"]),
  // Bagels
  100301: parve(["gluten", "sesame"]),
  100302: parve(["gluten", "sesame"]),
  // Croissants (butter, egg wash)
  100401: dairy(["gluten", "eggs"], ["tree_nuts", "sesame"]),
  100402: dairy(["gluten", "eggs", "tree_nuts"], ["sesame"]),
  100403: dairy(["gluten", "eggs", "soy"], ["tree_nuts", "sesame"]),
  100404: dairy(["gluten", "eggs", "tree_nuts"], ["sesame"]),
  // Yeast pastries
  100501: parve(["gluten", "eggs", "soy"], ["tree_nuts", "sesame"]),
  100502: parve(["gluten", "eggs", "tree_nuts"], ["sesame"]),
  100503: parve(["gluten", "eggs", "soy"], ["tree_nuts", "sesame"]),
  100504: dairy(["gluten", "eggs", "sesame", "tree_nuts"]),
  100505: parve(["gluten", "eggs"], ["tree_nuts", "sesame"]),
  // Bourekas
  100601: parve(["gluten", "eggs", "sesame"]),
  100602: dairy(["gluten", "eggs"], ["sesame"]),
  100603: dairy(["gluten", "eggs", "sesame"]),
  100604: parve(["gluten", "sulphites"], ["sesame"]),
  // Layer cakes
  100701: dairy(["gluten", "eggs", "soy"], ["tree_nuts"]),
  100702: dairy(["gluten", "eggs"]),
  100703: dairy(["gluten", "eggs"], ["tree_nuts", "soy"]),
  100704: dairy(["gluten", "eggs", "tree_nuts"]),
  // Cheesecakes
  100801: dairy(["gluten", "eggs"], ["tree_nuts"]),
  100802: dairy(["gluten", "eggs"], ["tree_nuts"]),
  100803: dairy(["gluten"], ["eggs"]),
  100804: dairy(["gluten", "eggs"], ["tree_nuts"]),
  // Loaf cakes
  100901: parve(["gluten", "eggs", "soy"], ["tree_nuts"]),
  100902: parve(["gluten", "eggs"], ["tree_nuts"]),
  100903: parve(["gluten", "eggs", "tree_nuts"]),
  100904: dairy(["gluten", "eggs", "tree_nuts"]),
  // Cookies
  101001: dairy(["gluten", "eggs", "soy"], ["tree_nuts"]),
  101002: dairy(["gluten", "eggs"], ["tree_nuts"]),
  101003: parve(["gluten"], ["tree_nuts", "sesame"]),
  101004: parve(["gluten", "sesame", "tree_nuts"]),
  // Muffins
  101101: dairy(["gluten", "eggs"], ["tree_nuts"]),
  101102: dairy(["gluten", "eggs", "soy"], ["tree_nuts"]),
  101103: parve(["eggs", "tree_nuts"], ["gluten", "sesame"]),
  // Tarts
  101201: dairy(["gluten", "eggs"]),
  101202: dairy(["gluten", "eggs"], ["tree_nuts"]),
  101203: dairy(["gluten", "eggs", "soy"], ["tree_nuts"]),
  // Macarons (almond flour; gluten-free recipe in a bakery full of flour)
  101301: dairy(["eggs", "tree_nuts"], ["gluten", "peanuts"]),
  101302: dairy(["eggs", "tree_nuts"], ["gluten", "peanuts"]),
  // Focaccia and pizza
  101401: parve(["gluten"]),
  101402: parve(["gluten"]),
  101403: dairy(["gluten"]),
  101404: dairy(["gluten"]),
  // Sandwiches (garlic mayonnaise, tuna salad: eggs and mustard)
  101501: dairy(["gluten", "eggs", "mustard"], ["sesame"]),
  101502: parve(["gluten", "eggs", "fish", "mustard"], ["sesame"]),
  101503: parve(["gluten", "eggs"], ["sesame"]),
  // Quiches
  101601: dairy(["gluten", "eggs"]),
  101602: dairy(["gluten", "eggs"]),
  // Sufganiyot
  101701: parve(["gluten", "eggs"]),
  101702: dairy(["gluten", "eggs"], ["tree_nuts"]),
  101703: dairy(["gluten", "eggs", "tree_nuts"]),
};

/** The kashrut columns of a seed product; the flags follow from its kind (see above). */
export function seedKashrutOf(serialId: number) {
  const entry = productKashrut[serialId];
  if (!entry) throw new Error(`Seed product ${serialId}: no kashrut entry in server/db/seed/kashrut.ts`);
  return {
    dietary: entry.dietary,
    chalav_yisrael: entry.dietary === "dairy",
    pas_yisrael: true,
    kosher_for_passover: entry.kosher_for_passover ?? false,
    // Each recipe's allergens are known (issue 29): an explicit decision, never the "not stated" default.
    allergen_status: entry.allergens.length ? ("listed" as const) : ("none" as const),
    allergens: entry.allergens,
    may_contain: entry.may_contain,
  };
}

/**
 * Certificates of the demo branches, valid for months from the day of the seed — except the fourth, which
 * runs out in 20 days, so the back office shows its warning on a fresh demo. Dates are relative because a
 * fixed one would expire in the demo some day and take the kashrut claims off the site.
 */
export const AUTHORITY = "רבנות ירושלים – מהדרין";
export function branchCertificate(index: number, today: string) {
  const days = index === 3 ? 20 : 240 + index * 15;
  const [y, m, d] = today.split("-").map(Number) as [number, number, number];
  const until = new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
  return {
    kashrut_authority: AUTHORITY,
    kashrut_certificate_number: `ירושלים-${4100 + index * 37}`,
    kashrut_valid_until: until,
  };
}

/**
 * A stand-in for a certificate's scan: a framed page with lines of "text", a signature and a round stamp,
 * drawn without letters (the renderer may have no Hebrew font). Staff replace it with the real scan.
 */
export function certificateScanSvg(size: { width: number; height: number }, index: number): string {
  const { width: w, height: h } = size;
  const line = (y: number, from: number, to: number) =>
    `<rect x="${(w * from).toFixed(1)}" y="${(h * y).toFixed(1)}" width="${(w * (to - from)).toFixed(1)}" height="${(h * 0.012).toFixed(1)}" rx="2" fill="#5b4a3a" opacity="0.55"/>`;
  const lines = [0.34, 0.39, 0.44, 0.49, 0.54, 0.59].map((y, i) => line(y, 0.14 + ((i + index) % 3) * 0.04, 0.86));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
  <rect width="${w}" height="${h}" fill="#f4ecd8"/>
  <rect x="${w * 0.05}" y="${h * 0.04}" width="${w * 0.9}" height="${h * 0.92}" fill="none" stroke="#1d4f91" stroke-width="${w * 0.012}"/>
  <rect x="${w * 0.08}" y="${h * 0.06}" width="${w * 0.84}" height="${h * 0.88}" fill="none" stroke="#1d4f91" stroke-width="${w * 0.004}"/>
  <rect x="${w * 0.3}" y="${h * 0.12}" width="${w * 0.4}" height="${h * 0.05}" rx="4" fill="#1d4f91"/>
  <rect x="${w * 0.22}" y="${h * 0.2}" width="${w * 0.56}" height="${h * 0.025}" rx="3" fill="#1d4f91" opacity="0.7"/>
  ${lines.join("\n  ")}
  <path d="M ${w * 0.15} ${h * 0.8} q ${w * 0.06} ${-h * 0.05} ${w * 0.12} 0 t ${w * 0.12} 0" fill="none" stroke="#2a1a0f" stroke-width="${w * 0.006}"/>
  <circle cx="${w * 0.72}" cy="${h * 0.78}" r="${w * 0.12}" fill="none" stroke="#85200f" stroke-width="${w * 0.012}" opacity="0.8"/>
  <circle cx="${w * 0.72}" cy="${h * 0.78}" r="${w * 0.085}" fill="none" stroke="#85200f" stroke-width="${w * 0.005}" opacity="0.8"/>
  <path d="M ${w * 0.72} ${h * 0.78 - w * 0.06} l ${w * 0.052} ${w * 0.09} h ${-w * 0.104} Z M ${w * 0.72} ${h * 0.78 + w * 0.06} l ${w * 0.052} ${-w * 0.09} h ${-w * 0.104} Z" fill="none" stroke="#85200f" stroke-width="${w * 0.006}" opacity="0.8"/>
</svg>`;
}
