/**
 * Every Hebrew string the interface shows. The spec's exact texts are kept verbatim
 * (e.g. "בתהליך...", "שמור", "כן המשך למחיקה!", the error and success titles of spec §8).
 */
export const he = {
  site: {
    skipToContent: "דלג לתוכן הראשי",
    homeLinkLabel: "לדף הבית",
    orderNow: "הזמינו עכשיו",
    orderNowNewTab: "הזמינו עכשיו (נפתח בלשונית חדשה)",
    newTab: "(נפתח בלשונית חדשה)",
    mainMenu: "תפריט ראשי",
    openMenu: "פתיחת התפריט",
    closeMenu: "סגירת התפריט",
    searchToggle: "חיפוש",
    searchPlaceholder: "חיפוש מוצר",
    searchLabel: "חיפוש מוצר",
    searchSubmit: "חפשו",
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
    suffix: "מאפיית הבית",
    home: "דף הבית",
    notFound: "הדף לא נמצא",
    error: "אירעה שגיאה",
  },
  home: {
    heroTitle: "מאפים טריים מהתנור, כל בוקר מחדש",
    contactButton: "צרו איתנו קשר",
    orderDelivery: "הזמנת משלוח",
    categoriesHeading: "הקטגוריות שלנו",
    allCategories: "לכל הקטגוריות",
  },
  errors: {
    notFoundTitle: "הדף שחיפשתם לא נמצא",
    notFoundText: "ייתכן שהקישור שגוי או שהדף הוסר.",
    backHome: "חזרה לדף הבית",
    genericTitle: "משהו השתבש",
    genericText: "אירעה תקלה בטעינת הדף. נסו שוב בעוד רגע.",
  },
  api: {
    notFound: "לא נמצא",
    methodNotAllowed: "שיטת הבקשה אינה נתמכת",
    badJson: "גוף הבקשה אינו JSON תקין",
    tooLarge: "הבקשה גדולה מדי",
    serverError: "אירעה שגיאה בשרת. נסו שוב מאוחר יותר.",
    validation: "הנתונים שנשלחו אינם תקינים",
    unsupportedMediaType: "סוג התוכן של הבקשה אינו נתמך",
    tooManyRequests: "נשלחו יותר מדי בקשות. נסו שוב בעוד מעט.",
  },
} as const;

export type HebrewStrings = typeof he;
