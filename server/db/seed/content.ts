// Demo content for the bakery site: categories, products, branches, sales,
// publications and site settings. Pure data (Hebrew text), consumed by the
// seed script and by the artwork generator (via ArtSpec).

import type { SiteSettings } from "../../../domain/contracts/catalogue.ts";
import type { KashrutKey, ProductInput } from "../../../domain/schemas/admin/product.ts";
import type { Holiday } from "../../../domain/seasonal/holidays.ts";

/** Tag colours as stored in the database: the Hebrew words drive the display colour. */
export type TagColor = "אדום" | "כחול" | "כתום"; // red, blue, orange

/** Kinds of procedurally drawn artwork (see artwork.ts). */
export type ArtKind =
  | "challah"
  | "croissant"
  | "layerCake"
  | "cheesecake"
  | "loafCake"
  | "cookies"
  | "rugelach"
  | "bourekas"
  | "bagel"
  | "sourdough"
  | "babka"
  | "muffins"
  | "tart"
  | "quiche"
  | "macarons"
  | "sufganiyot"
  | "focaccia"
  | "pizza"
  | "sandwich"
  | "shopFront"
  | "assortment";

export const artKinds: readonly ArtKind[] = [
  "challah",
  "croissant",
  "layerCake",
  "cheesecake",
  "loafCake",
  "cookies",
  "rugelach",
  "bourekas",
  "bagel",
  "sourdough",
  "babka",
  "muffins",
  "tart",
  "quiche",
  "macarons",
  "sufganiyot",
  "focaccia",
  "pizza",
  "sandwich",
  "shopFront",
  "assortment",
];

/**
 * What to draw. `variant % 10` picks the style (palette, garnish, filling);
 * `Math.floor(variant / 10)` changes the composition and backdrop, so
 * `{kind, 3}` and `{kind, 13}` show the same product from another angle.
 */
export interface ArtSpec {
  kind: ArtKind;
  variant: number;
}

export interface SeedSubcategory {
  key: string;
  name: string;
  information: string;
  art: ArtSpec;
  /** A seasonal collection: featured on the home page before this holiday (domain/seasonal/holidays.ts). */
  holiday?: Holiday;
}

export interface SeedCategory {
  key: string;
  name: string;
  information: string;
  showOnHome: boolean;
  art: ArtSpec;
  children: SeedSubcategory[];
}

export interface SeedSize {
  name: string;
  /** Price in agorot: 1890 = ₪18.90 */
  priceAgorot: number;
}

export interface SeedTag {
  name: string;
  color: TagColor;
}

/**
 * A demo product's own fields: name, title and content, and any further plain field of the product schema
 * (domain/schemas/admin/product.ts) by its name, stored as it is (`seedProductInput` in index.ts).
 */
type SeedProductFields = Pick<ProductInput, "name" | "title" | "content"> &
  Partial<
    Omit<ProductInput, "name" | "title" | "content" | "serial_id" | "status" | "visibility_home_page" | KashrutKey>
  >;

export interface SeedProduct extends SeedProductFields {
  serialId: number;
  /** Subcategory keys, 1–3 */
  categoryKeys: string[];
  /** 1–4 sizes */
  sizes: SeedSize[];
  /** 0–3 tags */
  tags: SeedTag[];
  showOnHome: boolean;
  /** 1–3 images; the first is the main image */
  art: ArtSpec[];
}

export interface OpeningHours {
  /** 0 = Sunday … 6 = Saturday */
  day: 0 | 1 | 2 | 3 | 4 | 5 | 6;
  opens: string;
  /** At or before `opens`: after midnight */
  closes: string;
}

/** The Hebrew-calendar rules of a branch (domain/hours/rules.ts); missing ones take their defaults. */
export interface SeedHoursRules {
  friday?: { mode: "fixed" } | { mode: "before_candles"; minutes: number };
  motzaei?: { after_havdalah: number; closes: string } | null;
  erev_chag?: "like_friday" | "regular" | "closed";
  chol_hamoed?: { mode: "regular" | "closed" | "custom"; intervals: { opens: string; closes: string }[] };
  fast_days?: { mode: "regular" | "closed" | "custom"; intervals: { opens: string; closes: string }[] };
  pesach?: "closed" | "open";
  exceptions?: { date: string; intervals: { opens: string; closes: string }[]; note: string }[];
}

export interface SeedBranch {
  name: string;
  address: string;
  latitude: number;
  longitude: number;
  /** Google Maps URL */
  location: string;
  content: string;
  email: string;
  /** Israeli number with a leading 0, e.g. "02-6234567" */
  phone: string;
  /** A missing day means closed; a day may have several intervals */
  openingHours: OpeningHours[];
  /** Friday/Shabbat and holiday rules */
  hoursRules: SeedHoursRules;
  /** Physical accessibility of the branch */
  accessibility: string;
  art: ArtSpec;
}

/** Used for sales (promotions) and publications (news). */
export interface SeedPost {
  name: string;
  content: string;
  showOnHome: boolean;
  art: ArtSpec;
}

/** The demo site settings have the shape pages read (one definition: domain/contracts/catalogue.ts). */
export type { SiteSettings };

// ---------------------------------------------------------------------------
// Small helpers to keep the data readable

const art = (kind: ArtKind, ...variants: number[]): ArtSpec[] => variants.map((variant) => ({ kind, variant }));

// Parve or dairy is no tag any more: it is the product's `dietary` field (seed/kashrut.ts, issue 11).
const NEW: SeedTag = { name: "חדש", color: "אדום" };
const GLUTEN_FREE: SeedTag = { name: "ללא גלוטן", color: "כחול" };
const VEGAN: SeedTag = { name: "טבעוני", color: "כחול" };
const BESTSELLER: SeedTag = { name: "הכי נמכר", color: "אדום" };
const HOLIDAY: SeedTag = { name: "לחג", color: "כתום" };
const WHOLE_GRAIN: SeedTag = { name: "קמח מלא", color: "כתום" };

const HOURS_STANDARD: OpeningHours[] = [
  { day: 0, opens: "06:30", closes: "20:00" },
  { day: 1, opens: "06:30", closes: "20:00" },
  { day: 2, opens: "06:30", closes: "20:00" },
  { day: 3, opens: "06:30", closes: "20:00" },
  { day: 4, opens: "06:30", closes: "21:00" },
  { day: 5, opens: "06:00", closes: "14:30" },
];

const mapUrl = (lat: number, lng: number) => `https://www.google.com/maps?q=${lat},${lng}`;

// ---------------------------------------------------------------------------
// Categories

export const categories: SeedCategory[] = [
  {
    key: "breads",
    name: "לחמים וחלות",
    information:
      "הלחמים והחלות שלנו נאפים בכל בוקר מחדש, מבצק שתופח לאט ובסבלנות. מחמצת טבעית שאנחנו מטפחים כבר שנים, קמחים טובים ומעט מלח – וזה כל הסוד.",
    showOnHome: true,
    art: { kind: "challah", variant: 100 },
    children: [
      {
        key: "challot",
        name: "חלות לשבת",
        information:
          "חלות קלועות, רכות ומבריקות – מתוקות, עם שומשום, פרג או מקמח מלא. נאפות מחמישי בערב ועד שישי בצהריים.",
        art: { kind: "challah", variant: 101 },
      },
      {
        key: "sourdough",
        name: "לחמי מחמצת",
        information: "לחמים כפריים בתסיסה ארוכה, עם קרום פריך ופנים אוורירי ולח. מחמצת טבעית ללא שמרים תעשייתיים.",
        art: { kind: "sourdough", variant: 102 },
      },
      {
        key: "rolls-bagels",
        name: "בייגלה ולחמניות",
        information: "בייגל ירושלמי אמיתי עם הרבה שומשום, לחמניות רכות ומאפים קטנים לכריך של הבוקר.",
        art: { kind: "bagel", variant: 103 },
      },
    ],
  },
  {
    key: "pastries",
    name: "מאפי בוקר",
    information:
      "קרואסונים בחמאה אמיתית, רוגלך ובאבקה מבצק שמרים עשיר ובורקס פריך שיוצא חם מהתנור. הכי טוב עם כוס קפה, עוד לפני שהעיר מתעוררת.",
    showOnHome: true,
    art: { kind: "croissant", variant: 110 },
    children: [
      {
        key: "croissants",
        name: "קרואסונים",
        information: "בצק עלים בשכבות של חמאה, מקופל ידנית במשך שלושה ימים. פריך מבחוץ, רך ומשכבתי מבפנים.",
        art: { kind: "croissant", variant: 111 },
      },
      {
        key: "yeast-pastries",
        name: "מאפי שמרים",
        information: "רוגלך, באבקה ושמרים של פעם – בצק שמרים עשיר עם מילויים נדיבים של שוקולד, קינמון ופיסטוק.",
        art: { kind: "rugelach", variant: 112 },
      },
      {
        key: "bourekas",
        name: "בורקס",
        information: "בורקס בבצק עלים פריך במילויים הקלאסיים: תפוחי אדמה, גבינה, תרד ופטריות. מושלם לבוקר של שישי.",
        art: { kind: "bourekas", variant: 113 },
      },
    ],
  },
  {
    key: "cakes",
    name: "עוגות",
    information:
      "עוגות לשולחן השבת, לימי הולדת ולסתם יום של שלישי. מעוגות שכבות חגיגיות ועד עוגת שיש פשוטה כמו שסבתא הכינה.",
    showOnHome: true,
    art: { kind: "layerCake", variant: 120 },
    children: [
      {
        key: "layer-cakes",
        name: "עוגות שכבות",
        information: "עוגות שכבות עם קרם עשיר, גנאש שוקולד ופירות טריים. ניתן להזמין עם הקדשה על גבי פלטת שוקולד.",
        art: { kind: "layerCake", variant: 121 },
      },
      {
        key: "cheesecakes",
        name: "עוגות גבינה",
        information: "עוגות גבינה אפויות וקרות על בסיס גבינה לבנה מהמחלבה, על תחתית פריכה של ביסקוויט וחמאה.",
        art: { kind: "cheesecake", variant: 122 },
      },
      {
        key: "loaf-cakes",
        name: "עוגות בחושות",
        information: "עוגות בתבנית אינגליש קייק: שיש, תפוזים, דבש וגזר. נשמרות טריות כמה ימים ומתאימות לאירוח.",
        art: { kind: "loafCake", variant: 123 },
      },
    ],
  },
  {
    key: "sweets",
    name: "עוגיות ומאפינס",
    information: "עוגיות חמאה, עוגיות שוקולד צ'יפס רכות באמצע ומאפינס עם הרבה פירות. נאפים במגשים קטנים לאורך כל היום.",
    showOnHome: true,
    art: { kind: "cookies", variant: 130 },
    children: [
      {
        key: "cookies",
        name: "עוגיות",
        information: "עוגיות לפי משקל או במארזים מתנה: שוקולד צ'יפס, חמאה, טחינה ושיבולת שועל.",
        art: { kind: "cookies", variant: 131 },
      },
      {
        key: "muffins",
        name: "מאפינס",
        information: "מאפינס אווריריים עם אוכמניות, שוקולד כפול ובננה – כולל גרסה ללא גלוטן.",
        art: { kind: "muffins", variant: 132 },
      },
    ],
  },
  {
    key: "patisserie",
    name: "פטיסרי",
    information:
      "הצד הצרפתי של המאפייה: טארטים עם קרם פטיסייר, מקרונים צבעוניים וקינוחים אישיים שמכינים השפים שלנו בעבודת יד.",
    showOnHome: true,
    art: { kind: "tart", variant: 140 },
    children: [
      {
        key: "tarts",
        name: "טארטים",
        information: "בצק פריך בחמאה, קרם פטיסייר ופירות העונה. טארט לימון, שוקולד ופירות יער.",
        art: { kind: "tart", variant: 141 },
      },
      {
        key: "macarons",
        name: "מקרונים",
        information: "מקרונים משקדים טחונים, במילויי גנאש וקרם חמאה. ללא גלוטן, במארזים של 6, 12 ו-24.",
        art: { kind: "macarons", variant: 142 },
      },
    ],
  },
  {
    key: "savory",
    name: "מלוחים וארוחות בוקר",
    information:
      "פוקאצ'ות, פיצות, קישים וכריכים טריים שמכינים אצלנו כל בוקר. לארוחת בוקר על הדרך או לאירוח של סוף השבוע.",
    showOnHome: false,
    art: { kind: "focaccia", variant: 150 },
    children: [
      {
        key: "focaccia-pizza",
        name: "פוקאצ'ה ופיצה",
        information: "בצק בתפיחה איטית, שמן זית טוב ותוספות פשוטות: רוזמרין, עגבניות שרי, זיתים ומוצרלה.",
        art: { kind: "pizza", variant: 151 },
      },
      {
        key: "sandwiches",
        name: "כריכים",
        information: "כריכים על לחם הבית: בגט, צ'אבטה ובייגל ירושלמי, עם ממרחים שאנחנו מכינים בעצמנו.",
        art: { kind: "sandwich", variant: 152 },
      },
      {
        key: "quiches",
        name: "קישים ופשטידות",
        information: "קישים בבצק פריך עם מילוי ביצים ושמנת, ירקות קלויים וגבינות. שלמים או במשולשים.",
        art: { kind: "quiche", variant: 153 },
      },
    ],
  },
  {
    key: "holidays",
    name: "חגים ומועדים",
    information:
      "לכל חג יש טעם משלו: סופגניות לחנוכה, עוגת דבש לראש השנה ועוגות גבינה לשבועות. ההזמנות לחגים נפתחות כשלושה שבועות מראש.",
    showOnHome: false,
    art: { kind: "sufganiyot", variant: 160 },
    children: [
      {
        key: "hanukkah",
        name: "סופגניות לחנוכה",
        information:
          "סופגניות טריות במילויים קלאסיים ומיוחדים – ריבת תות, ריבת חלב ופיסטוק – מטוגנות במשמרות לאורך כל היום ויוצאות חמות מהמטגנת.",
        art: { kind: "sufganiyot", variant: 161 },
        holiday: "hanukkah",
      },
      {
        key: "rosh-hashana",
        name: "ראש השנה",
        information: "חלות עגולות, עוגות דבש ומארזי שנה טובה מתוקה לכל המשפחה.",
        art: { kind: "loafCake", variant: 162 },
        holiday: "rosh_hashanah",
      },
      {
        key: "shavuot",
        name: "עוגות גבינה לשבועות",
        information:
          "עוגות גבינה אפויות ופירורים, בורקס גבינה ומאפים חלביים לחג המאכלים הלבנים. ההזמנות לחג נפתחות שבועיים מראש.",
        holiday: "shavuot",
        art: { kind: "cheesecake", variant: 163 },
      },
    ],
  },
];

// ---------------------------------------------------------------------------
// Products

export const products: SeedProduct[] = [
  // --- Challot -------------------------------------------------------------
  {
    name: "חלה קלועה",
    title: "החלה של יום שישי, קלועה בשש רצועות",
    content:
      "חלה רכה ומבריקה מבצק שמרים עשיר, קלועה ביד בשש רצועות ומוברשת בביצה לפני האפייה. הקרום זהוב ודק והפנים נמתח בסיבים ארוכים. והחלות יוצאות מהתנור כל יום שישי מחמש בבוקר – כדאי להגיע מוקדם.",
    serialId: 100101,
    categoryKeys: ["challot"],
    sizes: [
      { name: "קטנה", priceAgorot: 1400 },
      { name: "גדולה", priceAgorot: 2200 },
    ],
    tags: [BESTSELLER],
    showOnHome: true,
    art: art("challah", 0, 10, 20),
  },
  {
    name: "חלת שומשום",
    title: "חלה קלועה מכוסה בשומשום קלוי",
    content:
      "אותה חלה שאתם אוהבים, מכוסה בשכבה נדיבה של שומשום שמתקלה בתנור לניחוח אגוזי. מתאימה במיוחד לטבילה בחומוס ובטחינה של שבת בצהריים.",
    serialId: 100102,
    categoryKeys: ["challot"],
    sizes: [
      { name: "קטנה", priceAgorot: 1500 },
      { name: "גדולה", priceAgorot: 2300 },
    ],
    tags: [],
    showOnHome: false,
    art: art("challah", 1, 11),
  },
  {
    name: "חלת פרג",
    title: "חלה מתוקה עם פרג כחול",
    content: "חלה קלועה ומתוקה במעט, מפוזרת בפרג כחול שמוסיף פריכות עדינה. מעולה גם ביום ראשון, קלויה עם חמאה וריבה.",
    serialId: 100103,
    categoryKeys: ["challot"],
    sizes: [
      { name: "קטנה", priceAgorot: 1500 },
      { name: "גדולה", priceAgorot: 2300 },
    ],
    tags: [],
    showOnHome: false,
    art: art("challah", 2),
  },
  {
    name: "חלה מקמח מלא",
    title: "חלת קמח מלא עם דבש ושיבולת שועל",
    content:
      "חלה מקמח חיטה מלא, ממותקת בדבש ומפוזרת בפתיתי שיבולת שועל. רכה כמו חלה רגילה, עם טעם עמוק יותר ויותר סיבים תזונתיים.",
    serialId: 100104,
    categoryKeys: ["challot"],
    sizes: [{ name: "יחידה", priceAgorot: 2400 }],
    tags: [WHOLE_GRAIN],
    showOnHome: false,
    art: art("challah", 3, 13),
  },
  {
    name: "חלה עגולה עם צימוקים",
    title: "החלה העגולה של ראש השנה",
    content:
      "חלה עגולה ומתוקה, לשה עם צימוקים זהובים ומוברשת בסירופ דבש. העיגול מסמל את מחזוריות השנה – ומבטיח שנה מתוקה לכל השולחן.",
    serialId: 100105,
    categoryKeys: ["challot", "rosh-hashana"],
    sizes: [
      { name: "בינונית", priceAgorot: 2600 },
      { name: "גדולה", priceAgorot: 3400 },
    ],
    tags: [HOLIDAY],
    showOnHome: false,
    art: art("challah", 4, 14),
  },
  {
    name: "לחמניות חלה",
    title: "לחמניות חלה רכות, שש ביחידה",
    content: "לחמניות קטנות מבצק החלה שלנו, קלועות בקשר ומוברשות בביצה. מושלמות לכריכים של הילדים ולסעודה שלישית.",
    serialId: 100106,
    categoryKeys: ["challot", "rolls-bagels"],
    sizes: [
      { name: "שש יחידות", priceAgorot: 1800 },
      { name: "שתים עשרה יחידות", priceAgorot: 3200 },
    ],
    tags: [],
    showOnHome: false,
    art: art("challah", 5),
  },
  // --- Sourdough -----------------------------------------------------------
  {
    name: "לחם מחמצת כפרי",
    title: "כיכר מחמצת בתסיסה של 36 שעות",
    content:
      "לחם הדגל שלנו: קמח לבן וקמח מלא, מים, מלח ומחמצת בת שתים עשרה שנה. תסיסה ארוכה במקרר נותנת קרום כהה ופריך ופנים לח עם חורים גדולים. נשמר טרי עד ארבעה ימים.",
    serialId: 100201,
    categoryKeys: ["sourdough"],
    sizes: [
      { name: "חצי כיכר", priceAgorot: 1600 },
      { name: "כיכר שלמה", priceAgorot: 2800 },
    ],
    tags: [VEGAN, BESTSELLER],
    showOnHome: false,
    art: art("sourdough", 0, 10),
  },
  {
    name: "לחם שיפון וקימל",
    title: "לחם שיפון כהה בסגנון מזרח אירופי",
    content:
      "לחם שיפון דחוס וריחני עם זרעי קימל, אפוי בחום גבוה לקרום כמעט שחור. נפלא עם חמאה ודג מלוח, או פשוט עם גבינה לבנה וירקות.",
    serialId: 100202,
    categoryKeys: ["sourdough"],
    sizes: [{ name: "כיכר", priceAgorot: 2600 }],
    tags: [VEGAN, WHOLE_GRAIN],
    showOnHome: false,
    art: art("sourdough", 1),
  },
  {
    name: "לחם מחמצת עם זיתים",
    title: "מחמצת עם זיתי קלמטה ורוזמרין",
    content:
      "בצק המחמצת שלנו עם זיתי קלמטה שלמים ועלי רוזמרין טריים מהגינה. לחם שמחזיק ארוחה שלמה לבד – רק להוסיף שמן זית טוב.",
    serialId: 100203,
    categoryKeys: ["sourdough"],
    sizes: [{ name: "כיכר", priceAgorot: 3000 }],
    tags: [VEGAN],
    showOnHome: false,
    art: art("sourdough", 2, 12),
  },
  {
    name: "לחם כוסמין מלא",
    title: "לחם כוסמין מלא 100%, ללא סוכר",
    content:
      "לחם מקמח כוסמין מלא בלבד, מחמצת ומלח, עם זרעי חמנייה ופשתן. ללא סוכר וללא שמרים תעשייתיים, בטעם אגוזי ועשיר.",
    serialId: 100204,
    categoryKeys: ["sourdough"],
    sizes: [
      { name: "קטן", priceAgorot: 1900 },
      { name: "גדול", priceAgorot: 3200 },
    ],
    tags: [VEGAN, WHOLE_GRAIN],
    showOnHome: false,
    art: art("sourdough", 3),
  },
  // --- Bagels --------------------------------------------------------------
  {
    name: "בייגל ירושלמי",
    title: "בייגל מוארך ומלא שומשום, כמו בעיר העתיקה",
    content:
      "בייגל ירושלמי אמיתי: בצק רך ומתקתק בצורה מוארכת, טבול בסירופ ומכוסה בשומשום. אוכלים אותו חם עם זעתר, או פורסים לכריך עם חביתה.",
    serialId: 100301,
    categoryKeys: ["rolls-bagels"],
    sizes: [
      { name: "יחידה", priceAgorot: 800 },
      { name: "ארבע יחידות", priceAgorot: 2800 },
    ],
    tags: [BESTSELLER],
    showOnHome: false,
    art: art("bagel", 0, 10),
  },
  {
    name: "בייגל שומשום עגול",
    title: "בייגל מבושל ואפוי בסגנון ניו יורק",
    content:
      "בייגל עגול ולעיס שמבושל במים לפני האפייה, עם שומשום לבן מכל הצדדים. פורסים לאורך, קולים וממלאים בגבינת שמנת ובסלמון.",
    serialId: 100302,
    categoryKeys: ["rolls-bagels"],
    sizes: [
      { name: "יחידה", priceAgorot: 700 },
      { name: "שש יחידות", priceAgorot: 3600 },
    ],
    tags: [],
    showOnHome: false,
    art: art("bagel", 1),
  },
  // --- Croissants ----------------------------------------------------------
  {
    name: "קרואסון חמאה",
    title: "קרואסון צרפתי בחמאה אמיתית",
    content:
      "בצק עלים שמקופל עם חמאה ב-27 שכבות ותופח לאט במשך הלילה. הקרום מתפורר בנגיסה הראשונה והפנים רך וחלת דבש. אנחנו ממליצים לחמם חמש דקות בתנור לפני ההגשה.",
    serialId: 100401,
    categoryKeys: ["croissants"],
    sizes: [
      { name: "יחידה", priceAgorot: 1200 },
      { name: "שלוש יחידות", priceAgorot: 3300 },
    ],
    tags: [BESTSELLER],
    showOnHome: true,
    art: art("croissant", 0, 10, 20),
  },
  {
    name: "קרואסון שקדים",
    title: "קרואסון ממולא בקרם שקדים",
    content:
      "קרואסון חמאה ממולא בקרם פרנג'יפן, מכוסה בפרוסות שקדים ובאבקת סוכר. נאפה פעמיים, ולכן הוא פריך במיוחד מבחוץ ועסיסי מבפנים.",
    serialId: 100402,
    categoryKeys: ["croissants"],
    sizes: [{ name: "יחידה", priceAgorot: 1600 }],
    tags: [],
    showOnHome: false,
    art: art("croissant", 1, 11),
  },
  {
    name: "קרואסון שוקולד",
    title: "קרואסון ממולא בשוקולד מריר",
    content:
      "קרואסון חמאה ממולא במקלות שוקולד מריר בלגי ומעוטר בפסים של שוקולד. הכי טעים כשהוא עוד חם והשוקולד נמס בפנים.",
    serialId: 100403,
    categoryKeys: ["croissants"],
    sizes: [
      { name: "יחידה", priceAgorot: 1400 },
      { name: "שלוש יחידות", priceAgorot: 3900 },
    ],
    tags: [],
    showOnHome: false,
    art: art("croissant", 2),
  },
  {
    name: "קרואסון פיסטוק",
    title: "קרואסון עם קרם פיסטוק ופיסטוקים קלויים",
    content:
      "החידוש של העונה: קרואסון חמאה במילוי קרם פיסטוק סיציליאני, מעוטר בפיסטוקים קצוצים. מגיע במספר מוגבל בכל בוקר.",
    serialId: 100404,
    categoryKeys: ["croissants"],
    sizes: [{ name: "יחידה", priceAgorot: 1800 }],
    tags: [NEW],
    showOnHome: false,
    art: art("croissant", 3, 13),
  },
  // --- Yeast pastries --------------------------------------------------------
  {
    name: "רוגלך שוקולד",
    title: "רוגלך שמרים במילוי שוקולד עשיר",
    content:
      "רוגלך קטנים מבצק שמרים רך, מגולגלים בשוקולד וקקאו ומוברשים בסירופ מבריק. המתכון של סבתא רחל, בלי קיצורי דרך. קשה לעצור באחד.",
    serialId: 100501,
    categoryKeys: ["yeast-pastries"],
    sizes: [
      { name: "250 גרם", priceAgorot: 1900 },
      { name: "חצי קילו", priceAgorot: 3600 },
      { name: "קילו", priceAgorot: 6800 },
    ],
    tags: [BESTSELLER],
    showOnHome: true,
    art: art("rugelach", 0, 10),
  },
  {
    name: "רוגלך קינמון",
    title: "רוגלך במילוי קינמון וסוכר חום",
    content:
      "בצק שמרים מגולגל עם קינמון, סוכר חום ואגוזי מלך קצוצים. ריח של בית בכל נגיסה, ובדיוק במתיקות הנכונה לקפה של אחר הצהריים.",
    serialId: 100502,
    categoryKeys: ["yeast-pastries"],
    sizes: [
      { name: "250 גרם", priceAgorot: 1800 },
      { name: "חצי קילו", priceAgorot: 3400 },
    ],
    tags: [],
    showOnHome: false,
    art: art("rugelach", 1),
  },
  {
    name: "באבקה שוקולד",
    title: "באבקה עם שכבות של שוקולד מריר",
    content:
      "עוגת שמרים קלועה עם הרבה שכבות של ממרח שוקולד ביתי, מוברשת בסירופ סוכר כשהיא יוצאת מהתנור. כל פרוסה חושפת ספירלה של שוקולד. מתאימה גם לקינוח וגם לארוחת בוקר.",
    serialId: 100503,
    categoryKeys: ["yeast-pastries", "loaf-cakes"],
    sizes: [
      { name: "קטנה", priceAgorot: 3200 },
      { name: "גדולה", priceAgorot: 4800 },
    ],
    tags: [BESTSELLER],
    showOnHome: true,
    art: art("babka", 0, 10, 20),
  },
  {
    name: "באבקה פיסטוק וחלבה",
    title: "באבקה במילוי קרם פיסטוק וחלבה מפוררת",
    content:
      "בצק שמרים חמאתי במילוי קרם פיסטוק וחלבה מפוררת, שמתקרמלת מעט בזמן האפייה. שילוב ישראלי של טעמים שהפך מהר מאוד לאהוב על הלקוחות.",
    serialId: 100504,
    categoryKeys: ["yeast-pastries"],
    sizes: [{ name: "יחידה", priceAgorot: 5200 }],
    tags: [NEW],
    showOnHome: false,
    art: art("babka", 1, 11),
  },
  {
    name: "באבקה קינמון",
    title: "באבקה רכה עם קינמון ופירורים",
    content:
      "באבקה בבצק שמרים רך, ממולאת בקינמון וסוכר חום ומכוסה בפירורי שטרויזל פריכים. ריח שממלא את כל הבית כשמחממים אותה.",
    serialId: 100505,
    categoryKeys: ["yeast-pastries"],
    sizes: [{ name: "יחידה", priceAgorot: 3800 }],
    tags: [],
    showOnHome: false,
    art: art("babka", 2),
  },
  // --- Bourekas --------------------------------------------------------------
  {
    name: "בורקס תפוחי אדמה",
    title: "בורקס בצק עלים במילוי פירה ובצל מטוגן",
    content:
      "המילוי הקלאסי: תפוחי אדמה מעוכים עם בצל מטוגן עד הזהבה ומעט פלפל שחור, עטוף בבצק עלים פריך ומפוזר בשומשום. מגישים עם ביצה חומה, מלפפון חמוץ ורסק עגבניות.",
    serialId: 100601,
    categoryKeys: ["bourekas"],
    sizes: [
      { name: "חצי קילו", priceAgorot: 2400 },
      { name: "קילו", priceAgorot: 4500 },
    ],
    tags: [BESTSELLER],
    showOnHome: true,
    art: art("bourekas", 0, 10),
  },
  {
    name: "בורקס גבינה",
    title: "משולשי בורקס במילוי גבינה בולגרית",
    content:
      "משולשים של בצק עלים בחמאה, ממולאים בגבינה בולגרית, גבינה לבנה וביצה. עם קרום פריך ושכבות שמתפרקות יפה, בדיוק כמו בבורקס של פעם.",
    serialId: 100602,
    categoryKeys: ["bourekas", "shavuot"],
    sizes: [
      { name: "חצי קילו", priceAgorot: 2600 },
      { name: "קילו", priceAgorot: 4900 },
    ],
    tags: [],
    showOnHome: false,
    art: art("bourekas", 1, 11),
  },
  {
    name: "בורקס תרד וגבינה",
    title: "בורקס במילוי תרד טרי, פטה ושמיר",
    content: "תרד טרי מאודה קלות, גבינת פטה ושמיר קצוץ בבצק עלים מגולגל, מכוסה בשומשום שחור. ירוק, עשיר ומשביע.",
    serialId: 100603,
    categoryKeys: ["bourekas"],
    sizes: [
      { name: "חצי קילו", priceAgorot: 2800 },
      { name: "קילו", priceAgorot: 5200 },
    ],
    tags: [],
    showOnHome: false,
    art: art("bourekas", 2),
  },
  {
    name: "בורקס פטריות",
    title: "בורקס במילוי פטריות מוקפצות ובצל",
    content:
      "פטריות שמפיניון ופורטובלו מוקפצות עם בצל, טימין ומעט יין לבן, בבצק עלים פרווה. גרסה עשירה ואדמתית של הבורקס האהוב.",
    serialId: 100604,
    categoryKeys: ["bourekas"],
    sizes: [
      { name: "חצי קילו", priceAgorot: 2700 },
      { name: "קילו", priceAgorot: 5000 },
    ],
    tags: [VEGAN],
    showOnHome: false,
    art: art("bourekas", 3),
  },
  // --- Layer cakes -------------------------------------------------------------
  {
    name: "עוגת שוקולד שכבות",
    title: "שלוש שכבות שוקולד עם גנאש נוזל",
    content:
      "שלוש שכבות של עוגת שוקולד לחה, קרם מוס שוקולד מריר וציפוי גנאש שנוזל על הדפנות. העוגה האהובה לימי הולדת, מספיקה לכ-14 סועדים. ניתן להוסיף הקדשה בשוקולד לבן.",
    serialId: 100701,
    categoryKeys: ["layer-cakes"],
    sizes: [
      { name: 'קוטר 18 ס"מ', priceAgorot: 16900 },
      { name: 'קוטר 24 ס"מ', priceAgorot: 22900 },
    ],
    tags: [BESTSELLER],
    showOnHome: true,
    art: art("layerCake", 0, 10),
  },
  {
    name: "עוגת פירות יער וקצפת",
    title: "עוגת ספוג בשכבות קצפת ופירות יער טריים",
    content:
      "עוגת ספוג וניל אוורירית בשכבות של קצפת וקונפי פירות יער, מעוטרת בתותים, פטל ואוכמניות טריים. קלילה, רעננה ומושלמת לאירוח של קיץ.",
    serialId: 100702,
    categoryKeys: ["layer-cakes"],
    sizes: [
      { name: 'קוטר 20 ס"מ', priceAgorot: 18900 },
      { name: 'קוטר 26 ס"מ', priceAgorot: 25900 },
    ],
    tags: [],
    showOnHome: false,
    art: art("layerCake", 1, 11),
  },
  {
    name: "עוגת יום הולדת וניל",
    title: "עוגת וניל צבעונית עם סוכריות",
    content:
      "שכבות עוגת וניל וקרם חמאה ורדרד, מעוטרת בסוכריות צבעוניות ובקצפת. העוגה שכל ילד מבקש, ואפשר להוסיף עליה נרות והקדשה אישית.",
    serialId: 100703,
    categoryKeys: ["layer-cakes"],
    sizes: [
      { name: 'קוטר 18 ס"מ', priceAgorot: 15900 },
      { name: 'קוטר 24 ס"מ', priceAgorot: 21900 },
    ],
    tags: [],
    showOnHome: false,
    art: art("layerCake", 2),
  },
  {
    name: "עוגת קרמל ואגוזי פקאן",
    title: "עוגת שכבות עם קרמל מלוח ופקאן קלוי",
    content:
      "שכבות עוגת דבש ואגוזים, קרם מסקרפונה וקרמל מלוח שמטפטף על הדפנות, עם אגוזי פקאן מסוכרים מלמעלה. עוגה של חורף.",
    serialId: 100704,
    categoryKeys: ["layer-cakes"],
    sizes: [{ name: 'קוטר 22 ס"מ', priceAgorot: 21900 }],
    tags: [NEW],
    showOnHome: false,
    art: art("layerCake", 3),
  },
  // --- Cheesecakes -------------------------------------------------------------
  {
    name: "עוגת גבינה אפויה",
    title: "עוגת גבינה אפויה על תחתית פריכה",
    content:
      "עוגת גבינה גבוהה וקרמית מגבינה לבנה 5%, שמנת וגרידת לימון, על תחתית של ביסקוויטים וחמאה. אפויה לאט בחום נמוך כדי שתישאר חלקה ולא תיסדק. מתאימה לשבועות ולכל שבת.",
    serialId: 100801,
    categoryKeys: ["cheesecakes", "shavuot"],
    sizes: [
      { name: 'קוטר 20 ס"מ', priceAgorot: 13900 },
      { name: 'קוטר 26 ס"מ', priceAgorot: 18900 },
    ],
    tags: [BESTSELLER],
    showOnHome: true,
    art: art("cheesecake", 0, 10),
  },
  {
    name: "עוגת גבינה פירורים",
    title: "עוגת גבינה עם פירורי שטרויזל בחמאה",
    content:
      "עוגת גבינה אפויה עם שכבה עבה של פירורי חמאה מלמעלה ומלמטה. הגרסה הביתית והנוסטלגית, שמזכירה את העוגה של סבתא מימי שישי.",
    serialId: 100802,
    categoryKeys: ["cheesecakes", "shavuot"],
    sizes: [{ name: "תבנית מלבנית", priceAgorot: 12900 }],
    tags: [],
    showOnHome: false,
    art: art("cheesecake", 1),
  },
  {
    name: "עוגת גבינה ופירות יער",
    title: "עוגת גבינה קרה ברוטב פירות יער",
    content:
      "עוגת גבינה קרה ואוורירית עם קצפת, על בסיס פריך, מכוסה ברוטב פירות יער ובפירות טריים. קלילה במיוחד וחמוצה-מתוקה.",
    serialId: 100803,
    categoryKeys: ["cheesecakes", "shavuot"],
    sizes: [
      { name: 'קוטר 20 ס"מ', priceAgorot: 14900 },
      { name: 'קוטר 26 ס"מ', priceAgorot: 19900 },
    ],
    tags: [],
    showOnHome: false,
    art: art("cheesecake", 2, 12),
  },
  {
    name: "עוגת גבינה בסגנון ניו יורק",
    title: "עוגת גבינת שמנת דחוסה וקטיפתית",
    content:
      "עוגת גבינת שמנת דחוסה וקטיפתית בסגנון ניו יורק, עם תחתית קרקרים וקרם חמוץ מלמעלה. פרוסה דקה מספיקה – אבל אף אחד לא עוצר באחת.",
    serialId: 100804,
    categoryKeys: ["cheesecakes"],
    sizes: [{ name: 'קוטר 22 ס"מ', priceAgorot: 17900 }],
    tags: [NEW],
    showOnHome: false,
    art: art("cheesecake", 3),
  },
  // --- Loaf cakes --------------------------------------------------------------
  {
    name: "עוגת שיש",
    title: "עוגת שיש וניל ושוקולד כמו של סבתא",
    content:
      "עוגה בחושה ורכה עם דוגמת שיש של וניל ושוקולד, בדיוק כמו שאפו בבית בשנות השבעים. מושלמת לכוס תה בשבת אחר הצהריים.",
    serialId: 100901,
    categoryKeys: ["loaf-cakes"],
    sizes: [{ name: "תבנית אנגלית", priceAgorot: 4400 }],
    tags: [],
    showOnHome: false,
    art: art("loafCake", 0, 10),
  },
  {
    name: "עוגת תפוזים",
    title: "עוגת תפוזים לחה עם זיגוג הדרים",
    content: "עוגה לחה עם מיץ וגרידה של תפוזים טריים, מזולפת בסירופ ומצופה בזיגוג תפוזים דק. רעננה ולא מתוקה מדי.",
    serialId: 100902,
    categoryKeys: ["loaf-cakes"],
    sizes: [{ name: "תבנית אנגלית", priceAgorot: 4200 }],
    tags: [],
    showOnHome: false,
    art: art("loafCake", 1),
  },
  {
    name: "עוגת דבש",
    title: "עוגת דבש ותבלינים עם שקדים",
    content:
      "עוגת דבש כהה עם קפה, קינמון וציפורן, מעוטרת בשקדים שלמים. משתבחת אחרי יום-יומיים, ולכן כדאי להזמין אותה מראש לקראת החג.",
    serialId: 100903,
    categoryKeys: ["loaf-cakes", "rosh-hashana"],
    sizes: [
      { name: "תבנית אנגלית", priceAgorot: 4800 },
      { name: "תבנית גדולה", priceAgorot: 7200 },
    ],
    tags: [HOLIDAY],
    showOnHome: false,
    art: art("loafCake", 2, 12),
  },
  {
    name: "עוגת גזר ואגוזים",
    title: "עוגת גזר עם אגוזי מלך וציפוי גבינה",
    content:
      "עוגה לחה עם גזר מגורר, אגוזי מלך וקינמון, מצופה בקרם גבינת שמנת ולימון. גם מי שלא אוהב גזר מבקש עוד פרוסה.",
    serialId: 100904,
    categoryKeys: ["loaf-cakes"],
    sizes: [{ name: "תבנית אנגלית", priceAgorot: 5200 }],
    tags: [],
    showOnHome: false,
    art: art("loafCake", 3),
  },
  // --- Cookies -----------------------------------------------------------------
  {
    name: "עוגיות שוקולד צ'יפס",
    title: "עוגיות רכות באמצע עם שוקולד מריר",
    content:
      "עוגיות חמאה וסוכר חום עם גושי שוקולד מריר, קריספיות בשוליים ורכות באמצע. נאפות במגשים קטנים כל שעתיים, כך שתמיד יש מגש חם.",
    serialId: 101001,
    categoryKeys: ["cookies"],
    sizes: [
      { name: "יחידה", priceAgorot: 900 },
      { name: "מארז 6", priceAgorot: 4900 },
    ],
    tags: [BESTSELLER],
    showOnHome: true,
    art: art("cookies", 0, 10),
  },
  {
    name: "עוגיות חמאה",
    title: "עוגיות חמאה פריכות עם סוכריות צבעוניות",
    content: "עוגיות חמאה שנמסות בפה, עם וניל אמיתי וקישוט של סוכריות צבעוניות. אהובות על ילדים ומתאימות למארזי מתנה.",
    serialId: 101002,
    categoryKeys: ["cookies"],
    sizes: [
      { name: "250 גרם", priceAgorot: 2200 },
      { name: "חצי קילו", priceAgorot: 4000 },
    ],
    tags: [],
    showOnHome: false,
    art: art("cookies", 1),
  },
  {
    name: "עוגיות שיבולת שועל וצימוקים",
    title: "עוגיות שיבולת שועל טבעוניות",
    content: "עוגיות שיבולת שועל עם צימוקים, קינמון ושמן קוקוס. טבעוניות, לעיסות ומשביעות – מתאימות גם לארוחת עשר.",
    serialId: 101003,
    categoryKeys: ["cookies"],
    sizes: [{ name: "250 גרם", priceAgorot: 2000 }],
    tags: [VEGAN, WHOLE_GRAIN],
    showOnHome: false,
    art: art("cookies", 2),
  },
  {
    name: "עוגיות טחינה",
    title: "עוגיות טחינה גולמית שמתפוררות בפה",
    content:
      "עוגיות פרווה מטחינה גולמית משובחת, קמח וסוכר, מעוטרות בשקד או בשומשום. מתכון ירושלמי פשוט שלא מפסיק לשמח.",
    serialId: 101004,
    categoryKeys: ["cookies"],
    sizes: [
      { name: "250 גרם", priceAgorot: 1900 },
      { name: "חצי קילו", priceAgorot: 3500 },
    ],
    tags: [],
    showOnHome: false,
    art: art("cookies", 3, 13),
  },
  // --- Muffins -----------------------------------------------------------------
  {
    name: "מאפין אוכמניות",
    title: "מאפין אוורירי עם אוכמניות ופירורים",
    content: "מאפין וניל גבוה עם אוכמניות שלמות ופירורי חמאה על הכיפה. חמוץ-מתוק ורך, מצוין לצד קפה הפוך.",
    serialId: 101101,
    categoryKeys: ["muffins"],
    sizes: [
      { name: "יחידה", priceAgorot: 1100 },
      { name: "רביעייה", priceAgorot: 3900 },
    ],
    tags: [],
    showOnHome: false,
    art: art("muffins", 0, 10),
  },
  {
    name: "מאפין שוקולד כפול",
    title: "מאפין שוקולד עם לב של שוקולד נמס",
    content: "מאפין קקאו עשיר עם שבבי שוקולד מריר ולב נוזלי של שוקולד. לאוהבי שוקולד בלבד – ובכמויות.",
    serialId: 101102,
    categoryKeys: ["muffins"],
    sizes: [
      { name: "יחידה", priceAgorot: 1200 },
      { name: "רביעייה", priceAgorot: 4200 },
    ],
    tags: [],
    showOnHome: false,
    art: art("muffins", 1),
  },
  {
    name: "מאפין בננה ללא גלוטן",
    title: "מאפין בננה ואגוזים מקמח שקדים",
    content: "מאפין בננה לח מקמח שקדים ושיבולת שועל ללא גלוטן, עם אגוזי מלך. נאפה בתבניות נפרדות כדי לשמור על הפרדה.",
    serialId: 101103,
    categoryKeys: ["muffins"],
    sizes: [{ name: "יחידה", priceAgorot: 1400 }],
    tags: [GLUTEN_FREE],
    showOnHome: false,
    art: art("muffins", 2),
  },
  // --- Tarts -------------------------------------------------------------------
  {
    name: "טארט פירות",
    title: "טארט קרם פטיסייר ופירות העונה",
    content:
      "בצק פריך בחמאה, קרם פטיסייר וניל עשיר ופירות טריים בזיגוג מבריק: תותים, פטל, אוכמניות וקיווי. יפה כמו שהוא טעים, ומרכז שולחן בכל אירוח.",
    serialId: 101201,
    categoryKeys: ["tarts"],
    sizes: [
      { name: "אישי", priceAgorot: 2400 },
      { name: 'קוטר 24 ס"מ', priceAgorot: 14900 },
    ],
    tags: [BESTSELLER],
    showOnHome: false,
    art: art("tart", 0, 10),
  },
  {
    name: "טארט לימון מרנג",
    title: "קרם לימון חמצמץ ומרנג שרוף",
    content: "קרם לימון חמצמץ על בצק פריך, מכוסה במרנג איטלקי רך שנשרף קלות בלהבה. איזון מושלם בין חמוץ למתוק.",
    serialId: 101202,
    categoryKeys: ["tarts"],
    sizes: [
      { name: "אישי", priceAgorot: 2200 },
      { name: 'קוטר 24 ס"מ', priceAgorot: 13900 },
    ],
    tags: [],
    showOnHome: false,
    art: art("tart", 1),
  },
  {
    name: "טארט שוקולד וקרמל מלוח",
    title: "גנאש שוקולד מריר על שכבת קרמל",
    content: "בצק פריך קקאו, שכבה של קרמל מלוח וגנאש שוקולד מריר 70% מעל, עם פתיתי מלח ים. הקינוח הרציני ביותר שלנו.",
    serialId: 101203,
    categoryKeys: ["tarts"],
    sizes: [
      { name: "אישי", priceAgorot: 2600 },
      { name: 'קוטר 24 ס"מ', priceAgorot: 16900 },
    ],
    tags: [],
    showOnHome: false,
    art: art("tart", 2, 12),
  },
  // --- Macarons ----------------------------------------------------------------
  {
    name: "מארז מקרונים",
    title: "מקרונים צרפתיים בטעמים מתחלפים",
    content:
      "מקרונים משקדים טחונים בטעמי פיסטוק, פטל, וניל, קפה, לימון ושוקולד. ללא גלוטן, במארז מתנה עם סרט. נשמרים במקרר עד חמישה ימים.",
    serialId: 101301,
    categoryKeys: ["macarons"],
    sizes: [
      { name: "מארז 6", priceAgorot: 4200 },
      { name: "מארז 12", priceAgorot: 7900 },
      { name: "מארז 24", priceAgorot: 14900 },
    ],
    tags: [GLUTEN_FREE],
    showOnHome: false,
    art: art("macarons", 0, 10, 20),
  },
  {
    name: "מקרוני פיסטוק ופטל",
    title: "מארז מקרונים בירוק ובוורוד",
    content: "שילוב קלאסי של מקרון פיסטוק עם גנאש שוקולד לבן ומקרון פטל עם ריבה חמצמצה. מתנה קטנה ומושלמת לארוחת שישי.",
    serialId: 101302,
    categoryKeys: ["macarons"],
    sizes: [{ name: "מארז 8", priceAgorot: 5600 }],
    tags: [GLUTEN_FREE, NEW],
    showOnHome: false,
    art: art("macarons", 1),
  },
  // --- Focaccia & pizza --------------------------------------------------------
  {
    name: "פוקאצ'ה רוזמרין",
    title: "פוקאצ'ה בשמן זית, רוזמרין ומלח גס",
    content:
      "פוקאצ'ה אוורירית מבצק בתפיחה של 24 שעות, טבולה בשמן זית כתית ומפוזרת ברוזמרין טרי ובמלח גס. חותכים לריבועים ומגישים לצד סלט.",
    serialId: 101401,
    categoryKeys: ["focaccia-pizza"],
    sizes: [
      { name: "רבע מגש", priceAgorot: 1800 },
      { name: "מגש שלם", priceAgorot: 6200 },
    ],
    tags: [VEGAN],
    showOnHome: false,
    art: art("focaccia", 0, 10),
  },
  {
    name: "פוקאצ'ה עגבניות שרי וזיתים",
    title: "פוקאצ'ה עם עגבניות שרי צלויות וזיתים",
    content:
      "הפוקאצ'ה שלנו עם עגבניות שרי שמתפוצצות בתנור, זיתי קלמטה ואורגנו. צבעונית, עסיסית ומריחה כמו קיץ באיטליה.",
    serialId: 101402,
    categoryKeys: ["focaccia-pizza"],
    sizes: [
      { name: "רבע מגש", priceAgorot: 2200 },
      { name: "מגש שלם", priceAgorot: 7400 },
    ],
    tags: [VEGAN],
    showOnHome: false,
    art: art("focaccia", 1),
  },
  {
    name: "פיצה מרגריטה",
    title: "פיצה דקה עם רוטב עגבניות ומוצרלה",
    content: "בצק פיצה דק ופריך, רוטב עגבניות ביתי, מוצרלה טרייה ועלי בזיליקום. נאפית בתנור האבן שלנו ומגיעה חמה.",
    serialId: 101403,
    categoryKeys: ["focaccia-pizza"],
    sizes: [
      { name: "אישית", priceAgorot: 3200 },
      { name: "משפחתית", priceAgorot: 5900 },
    ],
    tags: [],
    showOnHome: false,
    art: art("pizza", 0, 10),
  },
  {
    name: "פיצה ירקות וזיתים",
    title: "פיצה עם פטריות, פלפלים וזיתים שחורים",
    content:
      "פיצה בבצק מחמצת עם רוטב עגבניות, מוצרלה, פטריות טריות, פלפלים קלויים וזיתים שחורים. ארוחה שלמה לכל המשפחה.",
    serialId: 101404,
    categoryKeys: ["focaccia-pizza"],
    sizes: [{ name: "משפחתית", priceAgorot: 6400 }],
    tags: [],
    showOnHome: false,
    art: art("pizza", 1),
  },
  // --- Sandwiches --------------------------------------------------------------
  {
    name: "כריך חביתה וגבינה",
    title: "בגט עם חביתת עשבי תיבול וגבינה צהובה",
    content:
      "בגט טרי עם חביתה עבה של עשבי תיבול, גבינה צהובה, עגבנייה, חסה ומיונז שום ביתי. ארוחת בוקר ירושלמית קלאסית.",
    serialId: 101501,
    categoryKeys: ["sandwiches"],
    sizes: [{ name: "בגט שלם", priceAgorot: 3400 }],
    tags: [],
    showOnHome: false,
    art: art("sandwich", 0, 10),
  },
  {
    name: "כריך טונה",
    title: "צ'אבטה עם סלט טונה, ביצה וזיתים",
    content: "צ'אבטה פריכה עם סלט טונה ביתי, ביצה קשה, זיתים, מלפפון חמוץ וחסה. משביע ורענן, מוכן כל בוקר מחדש.",
    serialId: 101502,
    categoryKeys: ["sandwiches"],
    sizes: [{ name: "יחידה", priceAgorot: 3600 }],
    tags: [],
    showOnHome: false,
    art: art("sandwich", 1),
  },
  {
    name: "כריך אבוקדו וביצה",
    title: "לחם מחמצת עם אבוקדו, ביצה ועגבנייה",
    content: "פרוסות לחם מחמצת קלויות עם אבוקדו מעוך בלימון, ביצה קשה, עגבנייה ונבטים. קליל, בריא וטעים להפליא.",
    serialId: 101503,
    categoryKeys: ["sandwiches"],
    sizes: [{ name: "יחידה", priceAgorot: 3800 }],
    tags: [NEW],
    showOnHome: false,
    art: art("sandwich", 2),
  },
  // --- Quiches -----------------------------------------------------------------
  {
    name: "קיש בטטה ובצל",
    title: "קיש בטטה קלויה ובצל מקורמל",
    content: "בצק פריך בחמאה, בטטה קלויה, בצל מקורמל וגבינת עיזים במילוי ביצים ושמנת. מגיע שלם או במשולשים אישיים.",
    serialId: 101601,
    categoryKeys: ["quiches"],
    sizes: [
      { name: "משולש", priceAgorot: 2200 },
      { name: "קיש שלם", priceAgorot: 11900 },
    ],
    tags: [],
    showOnHome: false,
    art: art("quiche", 0, 10),
  },
  {
    name: "קיש פטריות ותרד",
    title: "קיש פטריות, תרד ופרמזן",
    content: "פטריות מוקפצות, תרד טרי ופרמזן מגורר במילוי קרמי ועשיר. עם סלט ירוק זו ארוחת צהריים מושלמת.",
    serialId: 101602,
    categoryKeys: ["quiches"],
    sizes: [
      { name: "משולש", priceAgorot: 2200 },
      { name: "קיש שלם", priceAgorot: 11900 },
    ],
    tags: [],
    showOnHome: false,
    art: art("quiche", 1),
  },
  // --- Hanukkah ----------------------------------------------------------------
  {
    name: "סופגניית ריבה",
    title: "סופגנייה קלאסית במילוי ריבת תות",
    content:
      "סופגנייה רכה ואוורירית מבצק שמרים, מטוגנת עד הזהבה, ממולאת בריבת תות ומפוזרת באבקת סוכר. הטעם של חנוכה מאז שהיינו ילדים.",
    serialId: 101701,
    categoryKeys: ["hanukkah"],
    sizes: [
      { name: "יחידה", priceAgorot: 700 },
      { name: "מארז 6", priceAgorot: 3900 },
      { name: "מארז 12", priceAgorot: 7200 },
    ],
    tags: [HOLIDAY],
    showOnHome: false,
    art: art("sufganiyot", 0, 10),
  },
  {
    name: "סופגניית ריבת חלב",
    title: "סופגנייה במילוי ריבת חלב וציפוי קרמל",
    content: "סופגנייה במילוי נדיב של ריבת חלב, מצופה בגנאש קרמל ובפירורי ביסקוויט. מתוקה, חמימה וממכרת.",
    serialId: 101702,
    categoryKeys: ["hanukkah"],
    sizes: [
      { name: "יחידה", priceAgorot: 1200 },
      { name: "מארז 6", priceAgorot: 6600 },
    ],
    tags: [HOLIDAY],
    showOnHome: false,
    art: art("sufganiyot", 1),
  },
  {
    name: "סופגניית פיסטוק",
    title: "סופגנייה במילוי קרם פיסטוק וציפוי שוקולד לבן",
    content: "סופגנייה במילוי קרם פיסטוק, מצופה בשוקולד לבן ופיסטוקים קצוצים. החידוש של השנה שכולם מדברים עליו.",
    serialId: 101703,
    categoryKeys: ["hanukkah"],
    sizes: [
      { name: "יחידה", priceAgorot: 1400 },
      { name: "מארז 6", priceAgorot: 7800 },
    ],
    tags: [NEW, HOLIDAY],
    showOnHome: false,
    art: art("sufganiyot", 2, 12),
  },
];

// ---------------------------------------------------------------------------
// Branches

const branch = (
  b: Omit<SeedBranch, "location" | "openingHours" | "hoursRules"> & {
    openingHours?: OpeningHours[];
    hoursRules?: SeedHoursRules;
  },
): SeedBranch => ({
  ...b,
  location: mapUrl(b.latitude, b.longitude),
  openingHours: b.openingHours ?? HOURS_STANDARD,
  hoursRules: b.hoursRules ?? {},
});

export const branches: SeedBranch[] = [
  branch({
    name: "סניף מחנה יהודה",
    address: "רחוב האגס 12, שוק מחנה יהודה, ירושלים",
    latitude: 31.7854,
    longitude: 35.2121,
    content:
      "הסניף הראשון שלנו, שנפתח ב-1987 בלב השוק. כאן עומד תנור האבן הישן, ומכאן יוצאות כל בוקר החלות והבייגלה לשאר הסניפים. ביום שישי התור מגיע עד רחוב האגוז – אבל הוא זז מהר, ותמיד יש רוגלך חם למי שמחכה.",
    email: "shuk@example.co.il",
    phone: "02-6251234",
    openingHours: [
      { day: 0, opens: "06:00", closes: "19:00" },
      { day: 1, opens: "06:00", closes: "19:00" },
      { day: 2, opens: "06:00", closes: "19:00" },
      { day: 3, opens: "06:00", closes: "21:00" },
      { day: 4, opens: "06:00", closes: "22:00" },
      { day: 5, opens: "05:30", closes: "15:00" },
    ],
    // Friday until two hours before Shabbat; the shuk's Saturday-night bakery, an hour after havdalah.
    hoursRules: {
      friday: { mode: "before_candles", minutes: 120 },
      motzaei: { after_havdalah: 60, closes: "23:30" },
      pesach: "closed",
    },
    accessibility:
      "הכניסה לסניף מהסמטה היא במפלס הרחוב, ללא מדרגות. המעברים בין הדלפקים צרים בשעות העומס; צוות הסניף ישמח להגיש את ההזמנה אל מחוץ לחנות. אין שירותים בסניף.",
    art: { kind: "shopFront", variant: 0 },
  }),
  branch({
    name: "סניף עמק רפאים",
    address: "עמק רפאים 34, המושבה הגרמנית, ירושלים",
    latitude: 31.7622,
    longitude: 35.2189,
    content:
      "בית קפה ומאפייה בבניין אבן ירושלמי עם חצר מוצלת. בבוקר מגישים כאן ארוחות בוקר עם לחם הבית, ובצהריים קישים, פוקאצ'ות וכריכים. מקום נעים לשבת עם כוס קפה ועוגה.",
    email: "emek@example.co.il",
    phone: "02-5662345",
    // The café stays open on Pesach with a kosher-for-Passover menu; shorter hours on Chol HaMoed.
    hoursRules: {
      friday: { mode: "before_candles", minutes: 90 },
      pesach: "open",
      chol_hamoed: { mode: "custom", intervals: [{ opens: "08:00", closes: "16:00" }] },
    },
    accessibility:
      "כניסה נגישה ברמפה מצד החצר, שולחנות בגובה מותאם לכיסא גלגלים ושירותי נכים בקומת הכניסה. לולאת השראה בדלפק ההזמנות. חניית נכים ברחוב הסמוך.",
    art: { kind: "shopFront", variant: 1 },
  }),
  branch({
    name: "סניף רחוב יפו",
    address: "רחוב יפו 43, מרכז העיר, ירושלים",
    latitude: 31.7826,
    longitude: 35.2178,
    content:
      "הסניף שליד תחנת הרכבת הקלה, לקפה ומאפה בדרך לעבודה. מבחר גדול של קרואסונים, בורקס וכריכים מוכנים מהשעה שש וחצי בבוקר, ומדף קבוע של עוגות לשבת.",
    email: "jaffa@example.co.il",
    phone: "02-6243456",
    openingHours: [
      { day: 0, opens: "06:30", closes: "20:00" },
      { day: 1, opens: "06:30", closes: "20:00" },
      { day: 2, opens: "06:30", closes: "20:00" },
      { day: 3, opens: "06:30", closes: "20:00" },
      // Thursday night in the city centre: open past midnight.
      { day: 4, opens: "06:30", closes: "01:00" },
      { day: 5, opens: "06:00", closes: "14:30" },
    ],
    hoursRules: {
      fast_days: { mode: "custom", intervals: [{ opens: "06:30", closes: "16:00" }] },
      pesach: "closed",
    },
    accessibility:
      "דלת כניסה אוטומטית במפלס המדרכה ומעברים רחבים בין המדפים. תחנת הרכבת הקלה הנגישה נמצאת במרחק 50 מטר. שירותים נגישים אין בסניף זה.",
    art: { kind: "shopFront", variant: 2 },
  }),
  branch({
    name: "סניף בית הכרם",
    address: "שדרות הרצל 40, בית הכרם, ירושלים",
    latitude: 31.7793,
    longitude: 35.1934,
    content:
      "סניף שכונתי וחם עם חלון ראווה גדול של עוגות. כאן נמצאת מחלקת העוגות המעוצבות שלנו – אפשר לשבת עם הקונדיטורית ולתכנן יחד עוגת יום הולדת או בר מצווה.",
    email: "beitHakerem@example.co.il",
    phone: "02-6524567",
    // A neighbourhood shop with an afternoon break.
    openingHours: [
      { day: 0, opens: "07:00", closes: "13:30" },
      { day: 0, opens: "16:00", closes: "19:30" },
      { day: 1, opens: "07:00", closes: "13:30" },
      { day: 1, opens: "16:00", closes: "19:30" },
      { day: 2, opens: "07:00", closes: "13:30" },
      { day: 2, opens: "16:00", closes: "19:30" },
      { day: 3, opens: "07:00", closes: "13:30" },
      { day: 3, opens: "16:00", closes: "19:30" },
      { day: 4, opens: "07:00", closes: "20:30" },
      { day: 5, opens: "06:30", closes: "14:00" },
    ],
    hoursRules: {
      friday: { mode: "before_candles", minutes: 120 },
      chol_hamoed: { mode: "custom", intervals: [{ opens: "08:00", closes: "14:00" }] },
      pesach: "closed",
      exceptions: [{ date: "2027-05-03", intervals: [], note: "סגור לספירת מלאי" }],
    },
    accessibility:
      "שלוש מדרגות בכניסה הראשית ורמפה נגישה עם מעקה בצד המערבי של המבנה. פעמון קריאה לצוות ליד הרמפה. מקומות ישיבה בחוץ על המדרכה הרחבה.",
    art: { kind: "shopFront", variant: 3 },
  }),
];

// ---------------------------------------------------------------------------
// Sales (promotions)

export const sales: SeedPost[] = [
  {
    name: "שלוש חלות ב-50 ₪",
    content:
      "בכל יום חמישי ושישי: שלוש חלות גדולות לבחירה – קלועה, שומשום או פרג – ב-50 ₪ בלבד. המבצע בתוקף בכל הסניפים ועד גמר המלאי, אז כדאי להזמין מראש.",
    showOnHome: true,
    art: { kind: "challah", variant: 200 },
  },
  {
    name: "קפה ומאפה ב-19 ₪",
    content:
      "בימים ראשון עד חמישי עד השעה עשר בבוקר: קפה הפוך או אמריקנו עם קרואסון חמאה, רוגלך או בורקס לבחירה ב-19 ₪. ההתחלה הכי טובה ליום.",
    showOnHome: true,
    art: { kind: "croissant", variant: 201 },
  },
  {
    name: "קילו עוגיות ב-60 ₪",
    content:
      "עוגיות שוקולד צ'יפס, חמאה, טחינה ושיבולת שועל – מרכיבים קילו לבחירתכם ומשלמים 60 ₪ בלבד. מתאים למשרד, לאירוח ולמארזי מתנה.",
    showOnHome: true,
    art: { kind: "cookies", variant: 202 },
  },
  {
    name: "עוגת גבינה שנייה בחצי מחיר",
    content:
      "לקראת שבועות: בקניית עוגת גבינה אפויה או עוגת גבינה פירורים, העוגה השנייה בחצי מחיר. ההזמנות לחג נפתחות שלושה שבועות מראש.",
    showOnHome: true,
    art: { kind: "cheesecake", variant: 203 },
  },
  {
    name: "מארז סופגניות לחנוכה",
    content:
      "מארז 12 סופגניות מעורבות – ריבה, ריבת חלב ופיסטוק – ב-99 ₪. הזמנה מראש של שני מארזים ומעלה כוללת משלוח חינם בירושלים.",
    showOnHome: false,
    art: { kind: "sufganiyot", variant: 204 },
  },
];

// ---------------------------------------------------------------------------
// Publications (news)

export const publications: SeedPost[] = [
  {
    name: "פתחנו סניף חדש בבית הכרם",
    content:
      "אחרי שנה של שיפוצים, הסניף בשדרות הרצל פתוח! חלון ראווה גדול של עוגות, מחלקה לעוגות מעוצבות ופינת ישיבה על המדרכה. בשבוע הראשון – קפה עלינו לכל מי שבא להגיד שלום.",
    showOnHome: true,
    art: { kind: "shopFront", variant: 300 },
  },
  {
    name: "המחמצת שלנו חוגגת 12",
    content:
      "את המחמצת שממנה נאפים כל לחמי הבית התחלנו ב-2013, עם קמח, מים וסבלנות. מאז היא מוזנת פעמיים ביום, כל יום, גם בחגים. בואו לסדנת לחם מחמצת בסניף מחנה יהודה ותקבלו ממנה קצת הביתה.",
    showOnHome: true,
    art: { kind: "sourdough", variant: 310 },
  },
  {
    name: "תפריט החגים לראש השנה",
    content:
      "החלות העגולות, עוגות הדבש ומארזי השנה הטובה חוזרים. אפשר כבר להזמין באתר ההזמנות או בטלפון, ולאסוף מכל הסניפים עד ערב החג. שנה טובה ומתוקה!",
    showOnHome: true,
    art: { kind: "loafCake", variant: 302 },
  },
  {
    name: "מאפים ללא גלוטן – עכשיו בכל הסניפים",
    content:
      "מאפין בננה, מקרונים ועוגיות ללא גלוטן נאפים במתקן נפרד ומגיעים ארוזים לכל הסניפים. אנחנו ממשיכים להרחיב את המבחר – ספרו לנו מה הייתם רוצים לראות.",
    showOnHome: false,
    art: { kind: "muffins", variant: 303 },
  },
  {
    name: "כשרות מהדרין בכל הסניפים",
    content:
      "כל הסניפים שלנו נמצאים בהשגחת כשרות מהדרין, עם הפרדה מלאה בין מוצרי חלב לפרווה. כל מוצר מסומן באתר ובחנות בתגית חלבי או פרווה, כך שקל לבחור לשולחן השבת.",
    showOnHome: true,
    art: { kind: "assortment", variant: 304 },
  },
  {
    name: "קרואסון הפיסטוק הגיע",
    content:
      "אחרי חודשים של ניסויים במטבח, הקרואסון במילוי קרם פיסטוק סיציליאני מצטרף לתפריט הקבוע. הכמות מוגבלת בכל בוקר – מומלץ להגיע מוקדם.",
    showOnHome: false,
    art: { kind: "croissant", variant: 303 },
  },
  {
    name: "סדנאות אפייה לילדים בחנוכה",
    content:
      "בחופשת חנוכה נקיים סדנאות מילוי וקישוט סופגניות לילדים בגילאי 6–12 בסניף עמק רפאים. כל ילד יוצא עם מארז שהכין בעצמו. ההרשמה בסניף או בטלפון.",
    showOnHome: false,
    art: { kind: "sufganiyot", variant: 306 },
  },
];

// ---------------------------------------------------------------------------
// Site settings

export const siteSettings: SiteSettings = {
  brandName: "מאפיית שקד",
  tagline: "מאפייה וקונדיטוריה משפחתית בירושלים, כשר למהדרין",
  phone: "02-6251234",
  whatsappNumber: "972501234567",
  orderUrl: "https://order.example.co.il",
  clubUrl: "",
  facebookUrl: "https://www.facebook.com/example.bakery",
  instagramUrl: "https://www.instagram.com/example.bakery",
  address: "רחוב האגס 12, שוק מחנה יהודה, ירושלים",
  email: "info@example.co.il",
  accessibilityContactName: "מיכל אברהם",
  accessibilityContactEmail: "negishut@example.co.il",
};
