/**
 * Hebrew strings of the e-mails the site sends (server only): the club's confirmation e-mail and a locked staff
 * account's unlock link.
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
    /** Every club e-mail ends with the member's unsubscribe link (issue 29). */
    unsubscribe: {
      before: "לא רוצים לקבל מאיתנו דוא״ל? אפשר להסיר את הכתובת ולבקש למחוק את פרטיכם:",
      link: "הסרה מרשימת התפוצה",
    },
  },
  loginUnlock: {
    subject: (brand: string) => `פתיחת חשבון הצוות שלך באתר ${brand}`,
    greeting: "שלום,",
    intro: (brand: string) =>
      `חשבון הצוות שלך באתר ${brand} נחסם זמנית, אחרי ניסיונות התחברות רבים שנכשלו מכתובות שונות.`,
    action: "אם ניסית להתחבר עכשיו, אפשר לפתוח את החשבון בדפדפן שבו פותחים את הקישור (הסיסמה עדיין נדרשת):",
    button: "פתיחת החשבון",
    linkFallback: "אם הכפתור לא עובד, העתיקו את הקישור הזה לדפדפן:",
    expires: (minutes: number) => `הקישור בתוקף ${minutes} דקות ואפשר להשתמש בו פעם אחת.`,
    ignore:
      "לא ניסית להתחבר? מישהו אחר מנסה לנחש את הסיסמה. החשבון מוגן, והדפדפנים שבהם התחברת בעבר ממשיכים לעבוד. כדאי להחליף סיסמה ולעדכן את מנהל האתר.",
    signature: (brand: string) => `בברכה,\n${brand}`,
  },
} as const;
