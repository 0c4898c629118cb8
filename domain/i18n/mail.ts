/**
 * Hebrew strings of the e-mails the site sends (server only): the club's confirmation e-mail.
 */
export const heMail = {
  clubConfirmation: {
    subject: (brand: string) => `אישור הצטרפות למועדון הלקוחות של ${brand}`,
    greeting: "שלום,",
    intro: (brand: string) => `ביקשתם להצטרף למועדון הלקוחות של ${brand} בכתובת הדוא״ל הזו.`,
    action: "כדי שנתחיל לשלוח לכם עדכונים ומבצעים, אשרו את ההצטרפות:",
    button: "אישור ההצטרפות",
    linkFallback: "אם הכפתור לא עובד, העתיקו את הקישור הזה לדפדפן:",
    expires: (days: number) => `הקישור בתוקף ${days} ימים ואפשר להשתמש בו פעם אחת.`,
    ignore: "לא ביקשתם להצטרף? אפשר פשוט להתעלם מהודעה זו – בלי אישור לא נשלח לכם דבר.",
    signature: (brand: string) => `בברכה,\n${brand}`,
  },
} as const;
