/**
 * Hebrew of kashrut and allergens (issue 11): the names of the codes in domain/kashrut.ts, the product page's
 * kashrut line and allergens block, the grid's filter, the API's messages and the admin fields. Small, and
 * read by the tiles, so it rides in the public `site` chunk (vite.config.ts).
 */
import type { Allergen, Dietary, KashrutFlag } from "../kashrut.ts";

const allergenNames: Record<Allergen, string> = {
  gluten: "גלוטן",
  milk: "חלב",
  eggs: "ביצים",
  soy: "סויה",
  peanuts: "בוטנים",
  tree_nuts: "אגוזים",
  sesame: "שומשום",
  fish: "דגים",
  crustaceans: "סרטנאים",
  molluscs: "רכיכות",
  celery: "סלרי",
  mustard: "חרדל",
  sulphites: "סולפיטים",
  lupin: "תורמוס",
};

const dietaryNames: Record<Dietary, string> = { parve: "פרווה", dairy: "חלבי", meat: "בשרי" };

const flagNames: Record<KashrutFlag, string> = {
  chalav_yisrael: "חלב ישראל",
  pas_yisrael: "פת ישראל",
  kosher_for_passover: "כשר לפסח",
};

/** "גלוטן, ביצים ושומשום": Hebrew list with ו before the last item ("ו־7 ידיעות" before a digit). */
function list(names: string[]): string {
  if (names.length <= 1) return names.join("");
  const last = names.at(-1) ?? "";
  return `${names.slice(0, -1).join(", ")} ו${/^\d/.test(last) ? "־" : ""}${last}`;
}

export const heKashrut = {
  allergens: allergenNames,
  dietary: dietaryNames,
  flags: flagNames,
  list,
  namesOf: (codes: readonly Allergen[]) => list(codes.map((c) => allergenNames[c])),

  // Product page
  kashrutHeading: "כשרות",
  kosher: "כשר",
  /** After the dietary word, when a branch holds a valid certificate: "בהשגחת רבנות ירושלים – מהדרין". */
  supervisedBy: (authority: string) => `בהשגחת ${authority}`,
  notStated: "סוג הכשרות (חלבי או פרווה) עוד לא עודכן. לפרטים צרו איתנו קשר.",
  allergensHeading: "אלרגנים",
  contains: "מכיל:",
  mayContain: "עלול להכיל:",
  containsNone: "לא מכיל אף אחד מהאלרגנים שבתקנות הסימון.",
  /** Staff have not stated the allergens (issue 29): unknown, so the page asks the visitor to ask. */
  allergensNotStated: "האלרגנים של המוצר הזה עוד לא עודכנו באתר. לפני הרכישה שאלו אותנו מה הוא מכיל.",
  askUs: "יצירת קשר",
  allergensNote: "המידע לפי המתכון. במקרה של אלרגיה חמורה, שאלו את הצוות בסניף לפני הרכישה.",
  /** JSON-LD description tail. */
  containsSentence: (names: string) => `מכיל: ${names}.`,
  mayContainSentence: (names: string) => `עלול להכיל: ${names}.`,
  notStatedSentence: "האלרגנים לא צוינו; יש לברר עם המאפייה לפני הרכישה.",

  // Tiles: the badge's accessible words (the badge shows the dietary word itself)
  badgeLabel: (name: string) => `כשרות: ${name}`,

  // Products grid filter (a GET form, works without JavaScript)
  filterHeading: "סינון לפי כשרות ואלרגנים",
  filterDietary: "כשרות",
  filterAny: "הכול",
  filterWithout: "ללא (גם לא עקבות):",
  filterApply: "הצגת מוצרים",
  filterClear: "ניקוי הסינון",
  filterSummary: "מסננים פעילים:",
  withoutName: (name: string) => `ללא ${name}`,
  removeFilter: (label: string) => `הסרת הסינון: ${label}`,
  noFilterResults: "אין מוצרים שמתאימים לסינון שבחרתם.",
  noFilterResultsHint: "נסו להסיר חלק מהמסננים.",

  // Kashrut certificates of the branches (branch page, about page)
  certificate: {
    heading: "תעודת כשרות",
    authority: "גוף מכשיר",
    number: "מספר תעודה",
    validUntil: "בתוקף עד",
    scanAlt: (branch: string) => `סריקת תעודת הכשרות של ${branch}`,
    viewScan: "צפייה בתעודה המלאה",
    none: "לסניף אין כרגע תעודת כשרות בתוקף שמוצגת באתר. לפרטים פנו לסניף.",
    aboutIntro: "תעודות הכשרות של הסניפים, כפי שהן תלויות בכל סניף:",
    aboutNone: "אין כרגע תעודות כשרות בתוקף שמוצגות באתר. לפרטים פנו לסניף.",
    aboutItem: (branch: string, authority: string) => `${branch}: ${authority}`,
  },

  // API (422)
  unknownAllergens: (codes: string) => `קוד אלרגן לא מוכר: ${codes}`,
  unknownDietary: "סוג הכשרות חייב להיות parve (פרווה), dairy (חלבי) או meat (בשרי)",

  validation: {
    dietary: "יש לבחור חלבי, פרווה או בשרי",
    allergenStatus: "יש לבחור מה ידוע על האלרגנים של המוצר",
    allergensListedEmpty: "יש לסמן לפחות אלרגן אחד שהמוצר מכיל, או לבחור שהוא לא מכיל אף אחד מהם",
    allergensNoneContradiction: "נבחר שהמוצר לא מכיל אלרגנים, אבל סומנו אלרגנים שהוא מכיל",
    allergensNotStatedContradiction: "נבחר שהאלרגנים עוד לא ידועים, אבל סומנו אלרגנים",
    allergens: (field: string) => `${field}: יש לבחור מתוך רשימת האלרגנים`,
    flag: (field: string) => `${field}: ערך לא תקין`,
    certificateDate: "יש להזין תאריך בתבנית 2027-03-31",
    certificateAuthority: "יש למלא את הגוף המכשיר כשמזינים תאריך תוקף",
    certificateDateMissing: "יש להזין תאריך תוקף לתעודה",
  },
} as const;
