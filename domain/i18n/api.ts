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
  // Faults outside the site (database down, disk full): 503, the visitor may simply try again.
  unavailable: "האתר אינו זמין כרגע בשל תקלה זמנית. נסו שוב בעוד רגע.",
  storageFull: "לא ניתן לשמור כרגע: שטח האחסון בשרת מלא. נסו שוב מאוחר יותר.",
  storageReadOnly: "לא ניתן לשמור כרגע: האחסון בשרת אינו זמין לכתיבה. נסו שוב מאוחר יותר.",
} as const;
