/**
 * Hebrew strings of the products list's bulk actions (issue 30 part 1): the selection bar, the action dialog,
 * its confirmation, the result and the API's messages. Back office only.
 */

/** "מוצר אחד" / "2 מוצרים" (Hebrew counts one apart). */
export const productCount = (n: number) => (n === 1 ? "מוצר אחד" : `${n.toLocaleString("he-IL")} מוצרים`);

export const heBulk = {
  selectRow: (name: string) => `בחירת ${name}`,
  selectPage: "בחירת כל המוצרים בעמוד",
  bar: "פעולות על המוצרים שנבחרו",
  selected: (n: number) => (n === 1 ? "נבחר מוצר אחד" : `נבחרו ${productCount(n)}`),
  selectedAll: (n: number) => `נבחרו כל ${productCount(n)} שתואמים את הסינון`,
  selectAllMatching: (n: number) => `בחירת כל ${productCount(n)} שתואמים את הסינון`,
  clear: "ניקוי הבחירה",
  open: "פעולה על הנבחרים",
  dialogTitle: (n: string) => `פעולה על ${n}`,
  dialogTitleAll: "פעולה על כל המוצרים שתואמים את הסינון",
  actionLegend: "מה לעשות",
  actions: {
    publish: "פרסום באתר",
    hide: "הסתרה מהאתר (טיוטה)",
    add_category: "הוספה לקטגוריה",
    remove_category: "הסרה מקטגוריה",
    price: "שינוי מחירים",
    add_tag: "הוספת תגית",
    remove_tag: "הסרת תגית",
    kashrut: "כשרות ואלרגנים",
    trash: "העברה לסל המחזור",
  },
  /** The kashrut action's choices: a field left "ללא שינוי" stays as each product has it. */
  unchanged: "ללא שינוי",
  flagYes: "כן",
  /** How the confirmation names the kashrut fields a batch sets. */
  kashrutNames: { dietary: "סוג הכשרות", allergens: "האלרגנים" },
  flagNo: "לא",
  kashrutHint: "רק מה שתבחרו כאן ישתנה; שדה שנשאר 'ללא שינוי' יישאר בכל מוצר כפי שהוא.",
  category: "קטגוריה",
  chooseCategory: "בחרו קטגוריה",
  priceMode: "סוג השינוי",
  percent: "באחוזים",
  amount: "בסכום (₪)",
  priceValue: "בכמה",
  priceValueHint: "מספר חיובי מעלה את המחיר, ומספר עם מינוס לפניו (למשל \u2066-5\u2069) מוריד אותו",
  rounding: "עיגול",
  roundings: { none: "ללא (לאגורה הקרובה)", whole: "לשקל שלם", "90": "לסיומת 90 אגורות (למשל 42.90)" },
  tagName: "שם התגית",
  tagColor: "צבע התגית",
  next: "המשך",
  back: "חזרה",
  cancel: "ביטול",
  confirmTitle: (n: number) => `לשנות ${productCount(n)}?`,
  confirmTrashTitle: (n: number) => `להעביר ${productCount(n)} לסל המחזור?`,
  /** The confirmation's sentence: how many records change, and how. */
  confirmText: (n: number, what: string) =>
    `${what} — ${n === 1 ? "מוצר אחד ישתנה" : `${productCount(n)} ישתנו`} (מוצרים שכבר במצב הזה יישארו כמו שהם).`,
  confirmTrash: (n: number) =>
    `${n === 1 ? "מוצר אחד יועבר" : `${productCount(n)} יועברו`} לסל המחזור (אפשר לשחזר במשך 30 יום).`,
  confirmUndo: "אחרי השינוי אפשר לבטל את כולו בלחיצה אחת.",
  confirmNothing: "אף מוצר לא נבחר.",
  describe: {
    publish: "פרסום באתר",
    hide: "הסתרה מהאתר",
    add_category: (name: string) => `הוספה לקטגוריה "${name}"`,
    remove_category: (name: string) => `הסרה מהקטגוריה "${name}"`,
    price: (change: string, rounding: string) => `שינוי מחירים ${change}, עיגול ${rounding}`,
    add_tag: (name: string) => `הוספת התגית "${name}"`,
    remove_tag: (name: string) => `הסרת התגית "${name}"`,
    kashrut: (fields: string) => `עדכון ${fields}`,
  },
  apply: (n: number) => `כן, לשנות ${productCount(n)}`,
  applyTrash: (n: number) => `כן, להעביר ${productCount(n)} לסל`,
  working: "מבצע…",
  resolving: "סופר את המוצרים…",
  done: (n: number) => (n === 0 ? "לא שונה אף מוצר" : n === 1 ? "מוצר אחד עודכן" : `${productCount(n)} עודכנו`),
  trashed: (n: number) => (n === 1 ? "מוצר אחד הועבר לסל המחזור" : `${productCount(n)} הועברו לסל המחזור`),
  failed: "שגיאה בביצוע הפעולה",
  undo: "בטל",
  /** The last batch's bar (after its toast is gone). */
  lastBar: "השינוי האחרון",
  undoLast: "ביטול השינוי",
  undone: (n: number) =>
    n === 1 ? "השינוי בוטל: מוצר אחד חזר למצבו הקודם" : `השינוי בוטל: ${productCount(n)} חזרו למצבם הקודם`,
  undoFailed: "שגיאה בביטול השינוי",
  /** Records changed by someone else between the selection and the action (or the action and its undo). */
  conflictsTitle: "חלק מהמוצרים לא שונו",
  conflictsText: (n: number) =>
    `${n === 1 ? "מוצר אחד נערך בינתיים על ידי מישהו אחר ולכן לא שונה" : `${productCount(n)} נערכו בינתיים על ידי מישהו אחר ולכן לא שונו`}, כדי לא למחוק את השינוי שלו. אפשר לטעון את הרשימה מחדש ולנסות שוב.`,
  undoConflictsText: (n: number) =>
    n === 1
      ? "מוצר אחד נערך אחרי הפעולה ולכן לא הוחזר, כדי לא למחוק את השינוי שנעשה בו."
      : `${productCount(n)} נערכו אחרי הפעולה ולכן לא הוחזרו, כדי לא למחוק את השינוי שנעשה בהם.`,
  missingText: (n: number) => (n === 1 ? "מוצר אחד כבר אינו קיים." : `${productCount(n)} כבר אינם קיימים.`),
  refusedText: (n: number) => (n === 1 ? "מוצר אחד לא שוחזר:" : `${productCount(n)} לא שוחזרו:`),
  close: "סגירה",
  /** API messages and validation. */
  validation: {
    action: "יש לבחור פעולה",
    items: "יש לבחור לפחות מוצר אחד",
    tooMany: (max: number) => `אפשר לשנות עד ${max.toLocaleString("he-IL")} מוצרים בפעולה אחת. צמצמו את הסינון.`,
    duplicate: "מוצר מופיע פעמיים ברשימה",
    version: "לכל מוצר יש לציין את הגרסה שנבחרה",
    category: "יש לבחור קטגוריה קיימת",
    priceMode: "יש לבחור שינוי באחוזים או בסכום",
    priceValue: "יש להזין מספר שאינו 0, עד שתי ספרות אחרי הנקודה",
    percentRange: "שינוי באחוזים חייב להיות בין \u2066-90\u2069 ל־500",
    amountRange: "שינוי בסכום חייב להיות בין \u2066-10,000\u2069 ל־10,000 ₪",
    rounding: "יש לבחור עיגול: ללא, לשקל שלם או לסיומת 90 אגורות",
    priceOut: (name: string) => `המחיר החדש של "${name}" יוצא מחוץ לטווח 0–100,000 ₪`,
    tagName: "יש להזין שם תגית (עד 40 תווים)",
    tagColor: "יש לבחור צבע: אדום, כחול או כתום",
    kashrut: "יש לבחור לפחות שדה כשרות או אלרגנים אחד לשינוי",
    batch: "השינוי הזה אינו קיים (אפשר לבטל שינוי עד 30 יום אחריו)",
    alreadyUndone: "השינוי הזה כבר בוטל",
  },
} as const;
