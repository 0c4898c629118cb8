/** Hebrew of the product CSV export and import (issue 30 part 2): column headers, values, the preview and its reasons. */

/** The export's columns and the import's: one header per product field staff edit (the order of the file). */
export const PRODUCT_CSV_HEADERS = {
  serial_id: "מק״ט",
  name: "שם",
  title: "כותרת",
  content: "תיאור",
  status: "סטטוס",
  visibility_home_page: "מוצג בדף הבית",
  categories: "קטגוריות",
  sizes: "גדלים ומחירים",
  dietary: "כשרות",
  chalav_yisrael: "חלב ישראל",
  pas_yisrael: "פת ישראל",
  kosher_for_passover: "כשר לפסח",
  allergen_status: "החלטת אלרגנים",
  allergens: "אלרגנים",
  may_contain: "עלול להכיל",
  preorder_daily_limit: "מגבלת הזמנות ליום",
  starts_at: "פרסום מ־",
  ends_at: "הסתרה אחרי",
} as const;

export type ProductCsvColumn = keyof typeof PRODUCT_CSV_HEADERS;

/** A value from the file inside a Hebrew sentence, isolated (FSI…PDI) so "-5" never shows as "5-". */
const quoted = (text: string) => `„\u2068${text}\u2069”`;

export const heProductCsv = {
  yes: "כן",
  no: "לא",
  status: { 1: "מוצג באתר", 0: "טיוטה" } as Record<number, string>,
  allergenStatus: { not_stated: "לא צוין", none: "לא מכיל", listed: "מכיל" } as Record<string, string>,
  /** Between a list's items in one cell (categories, sizes): a comma may be part of a name. */
  separator: " | ",

  export: "ייצוא לקובץ CSV",
  exportHint: "הקובץ כולל את המוצרים שמוצגים לפי החיפוש והסינון הנוכחיים",
  import: "ייבוא מקובץ CSV",
  importHeading: "ייבוא מוצרים מקובץ CSV",
  importIntro:
    "העלו קובץ CSV בקידוד UTF-8 (כמו הקובץ שמתקבל בייצוא). מוצרים מזוהים לפי מק״ט: מק״ט קיים מתעדכן ומק״ט חדש יוצר מוצר. עמודה שאינה בקובץ נשארת כפי שהיא. תמונות אינן מיובאות — מוסיפים אותן אחר כך במסך התמונות של המוצר.",
  limits: (mb: number, rows: number) => `עד ${mb} מגה־בייט ועד ${rows.toLocaleString("he-IL")} שורות.`,
  fileLabel: "קובץ CSV",
  preview: "תצוגה מקדימה",
  previewing: "בודק את הקובץ…",
  apply: (n: number) => `החלת ${n.toLocaleString("he-IL")} השינויים`,
  applying: "מחיל את השינויים…",
  back: "חזרה לרשימת המוצרים",
  summary: (c: { create: number; change: number; unchanged: number; skipped: number; refused: number }) =>
    `${c.create} ייווצרו, ${c.change} ישתנו, ${c.unchanged} ללא שינוי, ${c.refused} נדחו${c.skipped ? `, ${c.skipped} דולגו` : ""}`,
  refusedBlock: "יש שורות שנדחו. תקנו אותן בקובץ והעלו אותו שוב — שום שינוי לא יוחל עד אז.",
  nothingToApply: "אין בקובץ שינויים להחלה.",
  applied: (created: number, changed: number) => `הייבוא הוחל: ${created} מוצרים נוצרו, ${changed} עודכנו.`,
  conflicts: (n: number) => `${n} מוצרים נערכו אחרי התצוגה המקדימה ולא נדרסו. העלו את הקובץ שוב כדי לראות אותם.`,
  undo: "ביטול הייבוא",
  undone: (n: number) => `הייבוא בוטל: ${n} מוצרים הוחזרו.`,
  table: {
    caption: "תוצאת הבדיקה לכל שורה בקובץ",
    line: "שורה",
    serial: "מק״ט",
    name: "שם",
    result: "תוצאה",
    details: "פרטים",
  },
  kinds: { create: "ייווצר", change: "ישתנה", unchanged: "ללא שינוי", skipped: "דולג", refused: "נדחה" } as Record<
    string,
    string
  >,
  arrow: "←",
  empty: "(ריק)",

  errors: {
    notUtf8: "הקובץ אינו בקידוד UTF-8. שמרו אותו ב־Excel כ־„CSV UTF-8 (מופרד בפסיקים)” ונסו שוב.",
    tooBig: (mb: number) => `הקובץ גדול מ־${mb} מגה־בייט. פצלו אותו לכמה קבצים.`,
    tooManyRows: (rows: number) => `בקובץ יותר מ־${rows.toLocaleString("he-IL")} שורות. פצלו אותו לכמה קבצים.`,
    noFile: "יש לבחור קובץ CSV.",
    empty: "הקובץ ריק: אין בו שורת כותרות ושורות מוצרים.",
    noSerialColumn: "בשורת הכותרות חסרה העמודה „מק״ט”: לפיה מזהים את המוצרים.",
    duplicateColumn: (name: string) => `העמודה „${name}” מופיעה פעמיים בשורת הכותרות.`,
    badExpected: "התצוגה המקדימה שנשלחה אינה תקינה. העלו את הקובץ שוב.",
    refusedRows: "יש בקובץ שורות שנדחו; דבר לא הוחל. תקנו אותן והעלו את הקובץ שוב.",
    changedSincePreview: "הקובץ שונה מזה שנבדק בתצוגה המקדימה. העלו אותו שוב.",
    batch: "הייבוא לא נמצא או שכבר אינו ניתן לביטול.",
  },
  reasons: {
    malformed: "השורה אינה CSV תקין (מירכאות שלא נסגרו או טקסט אחרי מירכאות).",
    cellCount: (found: number, expected: number) => `בשורה ${found} תאים, ובשורת הכותרות ${expected}.`,
    unknownColumn: (name: string) => `עמודה לא מוכרת: ${quoted(name)}.`,
    noSerial:
      "אין מק״ט, והשורה דולגה: מוצר בלי מק״ט אינו מתעדכן מקובץ. למוצר חדש כתבו מק״ט חדש, או „חדש” ליצירת טיוטה בלי מק״ט.",
    badSerial: "המק״ט צריך להיות מספר שלם חיובי.",
    duplicateSerial: (lines: number[]) => `המק״ט מופיע בקובץ יותר מפעם אחת (שורות ${lines.join(", ")}).`,
    badStatus: "סטטוס לא מוכר: כתבו „מוצג באתר” או „טיוטה”.",
    badFlag: (label: string) => `„${label}”: כתבו „כן” או „לא”.`,
    unknownCategory: (names: string[]) => `קטגוריה שלא קיימת: ${names.map(quoted).join(", ")}.`,
    badSize: (text: string) => `גודל לא תקין: ${quoted(text)}. כתבו שם ומחיר, למשל „קטן: 12.50”, מופרדים ב־|.`,
    badPrice: (text: string) =>
      `מחיר לא תקין: ${quoted(text)}. כתבו מספר בשקלים עד שתי ספרות אחרי הנקודה (₪ ופסיקי אלפים מותרים).`,
    priceRange: (text: string) => `מחיר מחוץ לטווח (0–100,000 ₪): ${quoted(text)}.`,
    duplicateSize: (name: string) => `הגודל „${name}” מופיע פעמיים.`,
    badDietary: "כשרות לא מוכרת: כתבו „פרווה”, „חלבי”, „בשרי” או השאירו ריק.",
    badAllergenStatus: "החלטת אלרגנים לא מוכרת: כתבו „לא צוין”, „לא מכיל” או „מכיל”.",
    unknownAllergens: (names: string[]) => `אלרגן לא מוכר: ${names.map(quoted).join(", ")}.`,
    field: (label: string, message: string) => `${label}: ${message}`,
  },
};
