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
  suggest: {
    required: "יש להקליד טקסט לחיפוש",
    tooLong: (max: number) => `טקסט החיפוש ארוך מדי (עד ${max} תווים)`,
  },
} as const;
