/**
 * Hebrew messages of the JSON API and the HTTP layer (errors, limits, authentication).
 */
export const heApi = {
  notFound: "לא נמצא",
  methodNotAllowed: "שיטת הבקשה אינה נתמכת",
  badJson: "גוף הבקשה אינו JSON תקין",
  tooLarge: "הבקשה גדולה מדי",
  serverError: "אירעה שגיאה בשרת. נסו שוב מאוחר יותר.",
  validation: "הנתונים שנשלחו אינם תקינים",
  unsupportedMediaType: "סוג התוכן של הבקשה אינו נתמך",
  tooManyRequests: "נשלחו יותר מדי בקשות. נסו שוב בעוד מעט.",
  unauthenticated: "יש להתחבר כדי להמשיך",
  forbidden: "אין לך הרשאה לפעולה זו",
  /** 409: the save named a version another save has replaced meanwhile (optimistic concurrency). */
  versionConflict: "איש צוות אחר שמר גרסה חדשה יותר של הרשומה בזמן שערכת אותה. השינויים שלך לא נשמרו.",
  versionInvalid: "מספר הגרסה אינו תקין",
  ifMatchInvalid: "כותרת If-Match אינה תקינה",
  /** 412: the save's If-Match names a version the record is no longer at (the JSON API's conditional save). */
  preconditionFailed: "הרשומה השתנתה מאז שנטענה (If-Match אינו תואם את הגרסה הנוכחית), ולכן השינויים לא נשמרו.",
  /** 404 for a write (image, tag, size) to a record deleted while the write was under way. */
  ownerDeleted: "הרשומה נמחקה בזמן השמירה, והשינוי לא נשמר",
  /** Image storage (local folder or bucket) unreachable or refusing: a 503, try again later. */
  storageUnavailable: "אחסון התמונות אינו זמין כרגע, ולכן הפעולה לא בוצעה. נסו שוב בעוד מספר דקות.",
  suggest: {
    required: "יש להקליד טקסט לחיפוש",
    tooLong: (max: number) => `טקסט החיפוש ארוך מדי (עד ${max} תווים)`,
  },
  // Faults outside the site (database down, disk full): 503, the visitor may simply try again.
  unavailable: "האתר אינו זמין כרגע בשל תקלה זמנית. נסו שוב בעוד רגע.",
  /** 503 for a page request a stopping server hands back to its proxy, which asks another server (server/http/drain.ts). */
  restarting: "השרת מופעל מחדש כרגע. נסו שוב בעוד רגע.",
  /** 503 for one request the database's connection pool had no room for (a burst); the site is up. */
  busy: "השרת עמוס כרגע ולא הספיק לטפל בבקשה. נסו שוב בעוד כמה שניות.",
  /** 503 for a back-office save the server cannot take now (too many saves in flight: server/http/write-admission.ts). */
  writesBusy: "השרת עמוס כרגע, ולכן השינוי לא נשמר. נסו לשמור שוב בעוד כמה שניות.",
  imagesBusy: "השרת מעבד כרגע תמונות רבות, ולכן התמונה לא נשמרה. נסו להעלות אותה שוב בעוד חצי דקה.",
  storageFull: "לא ניתן לשמור כרגע: שטח האחסון בשרת מלא. נסו שוב מאוחר יותר.",
  storageReadOnly: "לא ניתן לשמור כרגע: האחסון בשרת אינו זמין לכתיבה. נסו שוב מאוחר יותר.",
} as const;
