import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { hoursRulesSchema, weeklySchema } from "../../domain/hours/rules.ts";
import { branchSchema } from "../../domain/schemas/admin/branch.ts";
import { categorySchema } from "../../domain/schemas/admin/category.ts";
import { postSchema } from "../../domain/schemas/admin/post.ts";
import { productSchema, sizeSchema, TAG_COLORS, tagSchema } from "../../domain/schemas/admin/product.ts";
import { settingsSchema } from "../../domain/schemas/admin/settings.ts";
import { renderArtwork } from "../../server/db/seed/artwork.ts";
import type { ArtSpec } from "../../server/db/seed/content.ts";
import {
  artKinds,
  branches,
  categories,
  products,
  publications,
  sales,
  siteSettings,
} from "../../server/db/seed/content.ts";
import { seedProductInput } from "../../server/db/seed/index.ts";
import { branchCertificate, productKashrut, seedKashrutOf } from "../../server/db/seed/kashrut.ts";

const HEBREW = /[\u0590-\u05FF]/;

const allSubcategories = categories.flatMap((c) => c.children);
const allArt: ArtSpec[] = [
  ...categories.flatMap((c) => [c.art, ...c.children.map((s) => s.art)]),
  ...products.flatMap((p) => p.art),
  ...branches.map((b) => b.art),
  ...sales.map((s) => s.art),
  ...publications.map((p) => p.art),
];

describe("seed content: categories", () => {
  it("has at least 6 main categories with 2–4 subcategories each", () => {
    expect(categories.length).toBeGreaterThanOrEqual(6);
    for (const c of categories) {
      expect(c.children.length, c.name).toBeGreaterThanOrEqual(2);
      expect(c.children.length, c.name).toBeLessThanOrEqual(4);
    }
  });

  it("shows 4–6 categories on the home page", () => {
    const n = categories.filter((c) => c.showOnHome).length;
    expect(n).toBeGreaterThanOrEqual(4);
    expect(n).toBeLessThanOrEqual(6);
  });

  it("uses unique keys across categories and subcategories", () => {
    const keys = [...categories.map((c) => c.key), ...allSubcategories.map((s) => s.key)];
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("has Hebrew names and information", () => {
    for (const c of [...categories, ...allSubcategories]) {
      expect(c.name).toMatch(HEBREW);
      expect(c.information).toMatch(HEBREW);
    }
  });
});

describe("seed content: products", () => {
  const subKeys = new Set(allSubcategories.map((s) => s.key));

  it("has at least 44 products, about 8 on the home page", () => {
    expect(products.length).toBeGreaterThanOrEqual(44);
    const home = products.filter((p) => p.showOnHome).length;
    expect(home).toBeGreaterThanOrEqual(6);
    expect(home).toBeLessThanOrEqual(10);
  });

  it("has unique 6-digit serial ids and unique names", () => {
    const ids = products.map((p) => p.serialId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) {
      expect(Number.isInteger(id)).toBe(true);
      expect(id).toBeGreaterThanOrEqual(100000);
      expect(id).toBeLessThanOrEqual(999999);
    }
    const names = products.map((p) => p.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it("links every product to 1–3 existing subcategories", () => {
    for (const p of products) {
      expect(p.categoryKeys.length, p.name).toBeGreaterThanOrEqual(1);
      expect(p.categoryKeys.length, p.name).toBeLessThanOrEqual(3);
      expect(new Set(p.categoryKeys).size, p.name).toBe(p.categoryKeys.length);
      for (const k of p.categoryKeys) expect(subKeys.has(k), `${p.name} → ${k}`).toBe(true);
    }
  });

  it("leaves no subcategory empty", () => {
    const used = new Set(products.flatMap((p) => p.categoryKeys));
    for (const k of subKeys) expect(used.has(k), k).toBe(true);
  });

  it("has 1–4 sizes with positive integer prices in agorot", () => {
    for (const p of products) {
      expect(p.sizes.length, p.name).toBeGreaterThanOrEqual(1);
      expect(p.sizes.length, p.name).toBeLessThanOrEqual(4);
      for (const s of p.sizes) {
        expect(s.name).toMatch(/\S/);
        expect(Number.isInteger(s.priceAgorot), `${p.name} ${s.name}`).toBe(true);
        expect(s.priceAgorot).toBeGreaterThan(0);
        expect(s.priceAgorot).toBeLessThan(100000);
      }
    }
  });

  it("has 0–3 tags with valid colours", () => {
    for (const p of products) {
      expect(p.tags.length, p.name).toBeLessThanOrEqual(3);
      for (const t of p.tags) {
        expect(TAG_COLORS).toContain(t.color);
        expect(t.name).toMatch(HEBREW);
      }
    }
  });

  it("has Hebrew text and 1–3 images", () => {
    for (const p of products) {
      expect(p.name).toMatch(HEBREW);
      expect(p.title).toMatch(HEBREW);
      expect(p.content).toMatch(HEBREW);
      expect(p.art.length, p.name).toBeGreaterThanOrEqual(1);
      expect(p.art.length, p.name).toBeLessThanOrEqual(3);
    }
  });

  it("contains the words a customer searches for, also with prefixes", () => {
    const text = products.map((p) => `${p.name} ${p.title} ${p.content}`).join(" ");
    for (const word of ["שוקולד", "גבינה", "חלה", "שמרים", "והחלות", "בשוקולד"]) expect(text).toContain(word);
  });

  it("gives every product a distinct main image", () => {
    const main = products.map((p) => `${p.art[0]?.kind}:${p.art[0]?.variant}`);
    expect(new Set(main).size).toBe(main.length);
  });
});

describe("seed content: kashrut and allergens (issue 11)", () => {
  const bySerial = new Map(products.map((p) => [p.serialId, p]));
  const of = (name: string) => {
    const product = products.find((p) => p.name === name);
    if (!product) throw new Error(`no seed product ${name}`);
    return seedKashrutOf(product.serialId);
  };

  it("gives every product an entry, and no entry without a product", () => {
    for (const p of products) expect(productKashrut[p.serialId], p.name).toBeDefined();
    for (const serial of Object.keys(productKashrut)) expect(bySerial.has(Number(serial)), serial).toBe(true);
  });

  it("is honest to the recipes: challah parve with gluten and eggs, cheesecake dairy, tahini cookies with sesame", () => {
    expect(of("חלה קלועה")).toMatchObject({ dietary: "parve", allergens: ["gluten", "eggs"] });
    expect(of("עוגת גבינה אפויה").dietary).toBe("dairy");
    expect(of("עוגת גבינה אפויה").allergens).toContain("milk");
    expect(of("עוגיות טחינה").allergens).toContain("sesame");
    expect(of("חלת שומשום").allergens).toContain("sesame");
    expect(of("כריך טונה").allergens).toContain("fish");
    expect(of("קרואסון שקדים").allergens).toContain("tree_nuts");
    expect(of("בורקס פטריות").allergens).not.toContain("eggs"); // vegan
  });

  it("agrees with the product's own words and tags", () => {
    for (const p of products) {
      const k = seedKashrutOf(p.serialId);
      const text = `${p.name} ${p.title} ${p.content}`;
      const tags = p.tags.map((t) => t.name);
      // Parve and dairy are the `dietary` field, no longer tags: one home for the concept.
      expect(tags, p.name).not.toContain("פרווה");
      expect(tags, p.name).not.toContain("חלבי");
      if (tags.includes("טבעוני")) expect(k.dietary, p.name).toBe("parve");
      // Dairy means milk among the allergens; a parve product never contains, nor may contain, milk.
      if (k.dietary === "dairy") expect(k.allergens, p.name).toContain("milk");
      else expect([...k.allergens, ...k.may_contain], p.name).not.toContain("milk");
      if (tags.includes("טבעוני")) expect(k.allergens, p.name).not.toContain("eggs");
      if (tags.includes("ללא גלוטן")) expect(k.allergens, p.name).not.toContain("gluten");
      if (/שומשום|טחינה|חלבה/.test(text)) expect(k.allergens, p.name).toContain("sesame");
      if (/שקד|פיסטוק|אגוזי מלך|אגוזים|פקאן/.test(text)) expect(k.allergens, p.name).toContain("tree_nuts");
      // Name and title only: the descriptions also suggest what to serve with ("קלויה עם חמאה").
      if (/חמאה|גבינ|שמנת|קצפת|מוצרלה|פרמזן|פטה|ריבת חלב|שוקולד לבן/.test(`${p.name} ${p.title}`)) {
        expect(k.dietary, p.name).toBe("dairy");
      }
      // A code is either contained or a trace, never both.
      for (const code of k.may_contain) expect(k.allergens, p.name).not.toContain(code);
    }
  });

  it("gives each branch a certificate; one runs out within the 30-day warning", () => {
    const dates = branches.map((_, i) => branchCertificate(i, "2026-11-25").kashrut_valid_until);
    expect(dates.every((d) => d > "2026-11-25")).toBe(true);
    expect(dates.filter((d) => d <= "2026-12-25")).toHaveLength(1);
  });
});

describe("seed content: branches, posts, settings", () => {
  it("has at least 3 Jerusalem branches with valid details", () => {
    expect(branches.length).toBeGreaterThanOrEqual(3);
    for (const b of branches) {
      expect(b.name).toMatch(HEBREW);
      expect(b.address).toMatch(/ירושלים/);
      expect(b.content).toMatch(HEBREW);
      expect(b.accessibility).toMatch(HEBREW);
      expect(b.phone).toMatch(/^0\d{1,2}-\d{7}$/);
      expect(b.email).toMatch(/^[^@\s]+@example\.co\.il$/);
      expect(b.latitude).toBeGreaterThan(31.7);
      expect(b.latitude).toBeLessThan(31.85);
      expect(b.longitude).toBeGreaterThan(35.15);
      expect(b.longitude).toBeLessThan(35.26);
      expect(b.location).toBe(`https://www.google.com/maps?q=${b.latitude},${b.longitude}`);
    }
  });

  it("has valid opening hours: the shared rules accept them, closed on Saturday, short Friday", () => {
    for (const b of branches) {
      expect(weeklySchema.safeParse(b.openingHours).success, b.name).toBe(true);
      expect(hoursRulesSchema.safeParse(b.hoursRules).success, b.name).toBe(true);
      const days = b.openingHours.map((h) => h.day);
      expect(days).not.toContain(6);
      const friday = b.openingHours.find((h) => h.day === 5);
      expect(friday, b.name).toBeDefined();
      if (friday) expect(friday.closes <= "16:00").toBe(true);
    }
  });

  it("gives the branches realistic Hebrew-calendar rules", () => {
    const rules = branches.map((b) => hoursRulesSchema.parse(b.hoursRules));
    expect(rules.some((r) => r.friday.mode === "before_candles" && r.friday.minutes === 120)).toBe(true);
    expect(rules.some((r) => r.motzaei?.after_havdalah === 60)).toBe(true);
    expect(rules.some((r) => r.pesach === "closed")).toBe(true);
    expect(rules.some((r) => r.pesach === "open")).toBe(true);
    expect(rules.some((r) => r.exceptions.length > 0)).toBe(true);
  });

  it("has at least 4 sales and 6 publications in Hebrew", () => {
    expect(sales.length).toBeGreaterThanOrEqual(4);
    expect(publications.length).toBeGreaterThanOrEqual(6);
    for (const post of [...sales, ...publications]) {
      expect(post.name).toMatch(HEBREW);
      expect(post.content).toMatch(HEBREW);
    }
  });

  it("has site settings without real businesses", () => {
    expect(siteSettings.brandName).toMatch(HEBREW);
    expect(siteSettings.orderUrl).toBe("https://order.example.co.il");
    expect(siteSettings.email).toMatch(/@example\.co\.il$/);
    expect(siteSettings.phone).toMatch(/^0\d{1,2}-\d{7}$/);
    expect(siteSettings.whatsappNumber).toMatch(/^972\d{8,9}$/);
  });

  it("only uses known art kinds", () => {
    for (const a of allArt) expect(artKinds).toContain(a.kind);
  });
});

describe("artwork", () => {
  it.each(artKinds.map((kind) => [kind]))("renders %s as a PNG of the requested size", async (kind) => {
    const png = await renderArtwork({ kind, variant: 3 }, { width: 400, height: 300 });
    const meta = await sharp(png).metadata();
    expect(meta.format).toBe("png");
    expect(meta.width).toBe(400);
    expect(meta.height).toBe(300);
  });

  it("renders the default sizes", async () => {
    for (const [spec, size] of [
      [
        { kind: "challah", variant: 0 },
        { width: 1200, height: 900 },
      ],
      [
        { kind: "shopFront", variant: 1 },
        { width: 1600, height: 900 },
      ],
      [
        { kind: "assortment", variant: 0 },
        { width: 1600, height: 900 },
      ],
    ] as const) {
      const meta = await sharp(await renderArtwork(spec, size)).metadata();
      expect([meta.width, meta.height]).toEqual([size.width, size.height]);
    }
  });

  it("is deterministic and varies with the variant", async () => {
    const a = await renderArtwork({ kind: "cookies", variant: 1 }, { width: 240, height: 180 });
    const b = await renderArtwork({ kind: "cookies", variant: 1 }, { width: 240, height: 180 });
    const c = await renderArtwork({ kind: "cookies", variant: 2 }, { width: 240, height: 180 });
    expect(a.equals(b)).toBe(true);
    expect(a.equals(c)).toBe(false);
  });

  it("is not a flat placeholder", async () => {
    const { channels } = await sharp(
      await renderArtwork({ kind: "croissant", variant: 0 }, { width: 240, height: 180 }),
    ).stats();
    for (const ch of channels.slice(0, 3)) expect(ch.stdev).toBeGreaterThan(10);
  });
});

/** Issues of `schema` for `value`, as "path: message" lines (empty when the value is valid). */
function issues(
  schema: {
    safeParse(value: unknown): { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };
  },
  value: unknown,
): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : (result.error?.issues ?? []).map((i) => `${i.path.join(".")}: ${i.message}`);
}

describe("seed content: valid under the admin forms' own schemas", () => {
  // Everything the demo loads could also be saved through the back office: the same limits apply.
  it("categories and subcategories", () => {
    for (const c of categories) {
      const main = {
        name: c.name,
        information: c.information,
        status: 1,
        is_main: 1,
        visibility_home_page: c.showOnHome,
      };
      expect(issues(categorySchema, main), c.name).toEqual([]);
      for (const sub of c.children) {
        const child = { name: sub.name, information: sub.information, status: 1, is_main: 0, parent_id: 1 };
        expect(issues(categorySchema, child), sub.name).toEqual([]);
      }
    }
  });

  it("products, their sizes (prices in shekels) and tags", () => {
    for (const p of products) {
      expect(issues(productSchema, seedProductInput(p)), p.name).toEqual([]);
      for (const size of p.sizes) {
        expect(issues(sizeSchema, { name: size.name, price: size.priceAgorot / 100, product_id: 1 }), p.name).toEqual(
          [],
        );
      }
      for (const tag of p.tags) {
        expect(issues(tagSchema, { name: tag.name, color: tag.color, tagable_id: 1 }), p.name).toEqual([]);
      }
    }
  });

  it("branches with their opening hours", () => {
    for (const [position, b] of branches.entries()) {
      const branch = {
        name: b.name,
        location: b.location,
        address: b.address,
        content: b.content,
        email: b.email,
        phone: b.phone,
        opening_hours: b.openingHours,
        hours_rules: b.hoursRules,
        accessibility: b.accessibility,
        position,
        ...branchCertificate(position, "2026-11-25"),
      };
      expect(issues(branchSchema, branch), b.name).toEqual([]);
    }
  });

  it("sales, publications and the site settings", () => {
    for (const post of [...sales, ...publications]) {
      const value = { name: post.name, content: post.content, status: 1, visibility_home_page: post.showOnHome };
      expect(issues(postSchema, value), post.name).toEqual([]);
    }
    const settings = {
      brand_name: siteSettings.brandName,
      tagline: siteSettings.tagline,
      phone: siteSettings.phone,
      whatsapp_number: siteSettings.whatsappNumber,
      order_url: siteSettings.orderUrl,
      club_url: siteSettings.clubUrl,
      facebook_url: siteSettings.facebookUrl,
      instagram_url: siteSettings.instagramUrl,
      address: siteSettings.address,
      email: siteSettings.email,
    };
    expect(issues(settingsSchema, settings)).toEqual([]);
  });
});
