/**
 * The public site's Hebrew strings: the only strings module every public page loads (the `site` chunk).
 * The spec's exact texts are kept verbatim (e.g. "בתהליך...", "שמור", the error and success titles of spec §8).
 * Other areas have their own modules so the public bundle carries only these: forms.ts, admin.ts, api.ts, pages.ts,
 * catalogue.ts (the catalogue pages), content.ts (branches, news and sales, thank-you and sign-up pages).
 */
export const he = {
  site: {
    skipToContent: "דלג לתוכן הראשי",
    homeLinkLabel: "לדף הבית",
    orderNow: "הזמינו עכשיו",
    /** The order link's label on narrow phones, where the header also holds the chat link. */
    orderShort: "להזמנה",
    orderNowNewTab: "הזמינו עכשיו (נפתח בלשונית חדשה)",
    newTab: "(נפתח בלשונית חדשה)",
    mainMenu: "תפריט ראשי",
    quickLinks: "קישורים מהירים",
    wholeCategory: "לעמוד הקטגוריה",
    openMenu: "פתיחת התפריט",
    closeMenu: "סגירת התפריט",
    searchToggle: "חיפוש",
    searchPlaceholder: "חיפוש מוצר",
    searchLabel: "חיפוש מוצר",
    searchSubmit: "חפשו",
    suggestionsLabel: "הצעות למוצרים",
    suggestions: (count: number) =>
      count === 0
        ? "לא נמצאו מוצרים מתאימים"
        : `${count === 1 ? "נמצא מוצר אחד" : `נמצאו ${count} מוצרים`}. לבחירה: חיצים למעלה ולמטה ו־Enter`,
    chatLabel: "שלחו לנו הודעה בוואטסאפ",
    chatGreeting: "שלום, אשמח לקבל פרטים על המוצרים שלכם 🙂",
    footerLinks: "קישורים",
    footerCategories: "הקטגוריות שלנו",
    footerContact: "יצירת קשר",
    clubButton: "הצטרפו למועדון הלקוחות",
    rights: "כל הזכויות שמורות",
    footerYear: "2022",
    facebook: "פייסבוק",
    instagram: "אינסטגרם",
    whatsapp: "וואטסאפ",
  },
  nav: {
    home: "דף הבית",
    about: "אודות",
    products: "מוצרים",
    categories: "קטגוריות",
    branches: "סניפים",
    news: "חדשות",
    sales: "מבצעים",
    accessibility: "הצהרת נגישות",
    contact: "צור קשר",
  },
  titles: {
    suffix: "מאפיית שקד",
    home: "דף הבית",
    notFound: "הדף לא נמצא",
    error: "אירעה שגיאה",
    categories: "קטגוריות",
    products: "המוצרים שלנו",
    searchResults: (term: string) => `תוצאות חיפוש: ${term}`,
    page: (n: number) => `עמוד ${n}`,
  },
  home: {
    /** Today at each branch (issue 29): the status line of the hours engine, as on /branches. */
    todayHeading: "היום בסניפים",
    allHours: "שעות הפתיחה לשבוע הקרוב",
    // No-break spaces keep "כל בוקר מחדש" on one line when the title wraps on a phone.
    heroTitle: "מאפים טריים מהתנור, כל\u00a0בוקר\u00a0מחדש",
    contactButton: "צרו איתנו קשר",
    orderDelivery: "הזמנת משלוח",
    /** The same button while a branch takes pre-orders on the site (issue 28). */
    orderPickup: "הזמנה מראש לאיסוף",
    categoriesHeading: "הקטגוריות שלנו",
    allCategories: "לכל הקטגוריות",
    specialProductsHeading: "מוצרים מיוחדים מהמאפייה",
    allProducts: "לכל המוצרים",
    newsHeading: "חדשות חמות מהתנור",
    allNews: "לכל החדשות",
    salesHeading: "מבצעים",
    allSales: "לכל המבצעים",
  },
  /** The seasonal collection's band at the top of the home page (holiday names arrive with the data). */
  seasonal: {
    eyebrow: (holiday: string) => `לקראת ${holiday}`,
    dates: "תאריכי החג",
    cta: "לכל הקולקציה",
    products: (collection: string) => `מתוך ${collection}`,
  },
  welcome: {
    label: "הזמנה למועדון הלקוחות",
    title: "הצטרפו למועדון הלקוחות שלנו!",
    text: "הטבות, מבצעים ועדכונים על מאפים חדשים – ישר אליכם.",
    confirm: "קחו אותי לשם",
    close: "סגירה",
  },
  errors: {
    notFoundTitle: "הדף שחיפשתם לא נמצא",
    notFoundText: "ייתכן שהקישור שגוי או שהדף הוסר.",
    backHome: "חזרה לדף הבית",
    genericTitle: "משהו השתבש",
    genericText: "אירעה תקלה בטעינת הדף. נסו שוב בעוד רגע.",
  },
  seo: {
    shareImageAlt: (brand: string) => `חלה, קרואסון, עוגיות ורוגלך של ${brand}`,
  },
} as const;
