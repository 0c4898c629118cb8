/**
 * Hebrew of the catalogue pages (categories, a category, the products grid, a product and its reviews, the
 * pagination): apart from site.ts so that pages without a catalogue (the home page among them) do not load
 * it. It rides in the `catalogue` chunk (vite.config.ts).
 */
import { rangeText } from "./bidi.ts";

export const heCatalogue = {
  catalogue: {
    invalidCategory: "מזהה הקטגוריה אינו תקין",
    categoryNotFound: "הקטגוריה לא נמצאה",
    productNotFound: "המוצר לא נמצא",
    priceFrom: "החל מ־",
    noImage: "אין תמונה",
    breadcrumbs: "נתיב ניווט",
  },
  categories: {
    heading: "הקטגוריות שלנו",
    intro: "כל מה שיוצא מהתנור שלנו, מסודר לפי קטגוריות. בחרו קטגוריה כדי לראות את המוצרים שבה.",
    description: "כל הקטגוריות של המאפייה: לחמים וחלות, מאפי בוקר, עוגות, עוגיות, פטיסרי ועוד.",
    open: (name: string) => `לקטגוריה ${name}`,
    subCategories: "תתי־קטגוריות",
    productsHeading: (name: string) => `המוצרים בקטגוריה ${name}`,
    allProducts: (count: number) => `לכל ${count} המוצרים בקטגוריה`,
    /** With a filter: the paged grid keeps it. */
    allMatching: (count: number) => `לכל ${count} המוצרים המתאימים`,
    empty: "אין כרגע מוצרים בקטגוריה הזו. מוזמנים להציץ בקטגוריות האחרות.",
  },
  product: {
    /** The stars' accessible name and visible figure: the average of approved reviews. */
    rating: (average: string, count: number) =>
      `${average} מתוך 5 · ${count === 1 ? "ביקורת אחת" : `${count} ביקורות`}`,
    ratingLabel: (average: string, count: number) =>
      `דירוג ${average} מתוך 5 כוכבים, לפי ${count === 1 ? "ביקורת אחת" : `${count} ביקורות`}`,
    noReviews: "עדיין אין ביקורות",
    noReviewsLabel: "אין עדיין דירוג: עדיין אין ביקורות",
    reviewsHeading: "ביקורות לקוחות",
    writeReview: "כתבו ביקורת",
    reviewStars: (rating: number) => `${rating} מתוך 5 כוכבים`,
    suitableFor: "מתאים ל:",
    description: "תיאור המוצר",
    sku: "מק״ט:",
    sizes: "גדלים ומחירים",
    tags: "תגיות",
    viewImages: "צפייה בתמונות",
    galleryTitle: (name: string) => `תמונות: ${name}`,
    previousImage: "התמונה הקודמת",
    nextImage: "התמונה הבאה",
    imageCounter: (index: number, count: number) => `תמונה ${index} מתוך ${count}`,
    showImage: (index: number) => `הצגת תמונה ${index}`,
    closeGallery: "סגירת חלון התמונות",
    orderNow: "הזמינו עכשיו",
    /** Issue 30: staff marked the product sold out until the bakery's next opening. */
    soldOut: "אזל להיום",
    backOn: (when: string) => `יחזור למכירה ${when}`,
    similarHeading: "אולי תאהבו גם",
    noSizes: "המחיר יעודכן בקרוב. לפרטים צרו איתנו קשר.",
  },
  products: {
    heading: "המוצרים שלנו",
    description: "כל המוצרים של המאפייה: חלות, לחמים, עוגות, עוגיות, מאפי בוקר ומלוחים, עם גדלים ומחירים.",
    resultsFor: "מציג תוצאות עבור:",
    /** The results' region (the filter, the sort and the grid), where filtering lands. */
    resultsLabel: "תוצאות",
    count: (total: number) => (total === 1 ? "מוצר אחד" : `${total} מוצרים`),
    noResults: "לא מצאנו מוצרים שמתאימים לחיפוש.",
    noResultsHint: "נסו מילה אחרת או קצרה יותר, או עיינו בכל המוצרים.",
    empty: "אין כרגע מוצרים להצגה.",
    allProducts: "לכל המוצרים",
    searchAgain: "חיפוש נוסף",
    inCategory: (name: string) => `מוצרים בקטגוריה ${name}`,
    // Search notes (issue 29): diet words are the filter; one-letter-off results are marked as similar.
    countWithSimilar: (exact: number, similar: number) => {
      const similarText = similar === 1 ? "תוצאה דומה אחת" : `${similar} תוצאות דומות`;
      if (exact === 0) return similarText;
      return `${exact === 1 ? "מוצר אחד" : `${exact} מוצרים`} · ועוד ${similarText}`;
    },
    dietHeading: "סינון לפי מה שחיפשתם",
    dietDietary: (name: string) => `«${name}»: מוצגים רק מוצרים שסומנו ${name}.`,
    dietVegan:
      "«טבעוני»: מוצגים רק מוצרים שסומנו פרווה ואין בהם חלב, ביצים, דגים או פירות ים, וגם לא חשש לעקבות שלהם. על דבש ורכיבים אחרים מן החי שאלו אותנו.",
    dietWithout: (allergen: string) => `«ללא ${allergen}»: מוצגים רק מוצרים שאין בהם ${allergen} וגם לא חשש לעקבות.`,
    dietContradiction: "סוגי הכשרות שביקשתם סותרים זה את זה (מוצר אינו יכול להיות גם וגם), ולכן אין תוצאות.",
    similarHeading: "תוצאות דומות",
    similarHint: "מוצרים שבהם מילה שונה באות אחת ממה שחיפשתם.",
    noExact: (search: string) => `לא מצאנו התאמה מדויקת ל«${search}».`,
    didYouMean: "האם התכוונתם ל",
  },
  /** The lists' sort (issue 29, domain/catalogue-sort.ts). */
  sort: {
    label: "מיון לפי",
    apply: "מיון",
    /** The list's own order when no sort is chosen: newest first, or best matches first for a search. */
    defaultOrder: "החדשים ביותר",
    relevance: "ההתאמה הטובה ביותר",
    newest: "החדשים ביותר",
    price_asc: "מחיר: מהנמוך לגבוה",
    price_desc: "מחיר: מהגבוה לנמוך",
    name: "שם (א–ת)",
    unknown: "סוג המיון אינו מוכר (newest, price_asc, price_desc או name)",
  },
  pagination: {
    label: "ניווט בין עמודים",
    previous: "הקודם",
    next: "הבא",
    page: (n: number) => `עמוד ${n}`,
    current: (n: number) => `עמוד ${n}, העמוד הנוכחי`,
    summary: (from: number, to: number, total: number) => `מוצגים ${rangeText(from, to)} מתוך ${total}`,
  },
} as const;
