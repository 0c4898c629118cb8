/**
 * Hebrew strings of the forms: the public contact and club forms (with their shared frame, `common`) and the staff login.
 */
export const heForms = {
  common: {
    submitting: "בתהליך...",
    save: "שמור",
    requiredNote: "שדות שמסומנים בכוכבית (*) הם שדות חובה.",
    honeypotLabel: "לא למילוי – השאירו שדה זה ריק",
    close: "סגירה",
    serverErrorText: "לא הצלחנו לשלוח את הטופס כרגע. מה שמילאתם נשאר בטופס – נסו שוב בעוד רגע.",
    rateLimitedText: "נשלחו מכתובת זו בקשות רבות בזמן קצר. נסו שוב בעוד כמה דקות.",
    callUsInstead: "אפשר גם להתקשר אלינו:",
  },
  contact: {
    title: "צור קשר",
    description: "שאלה על מוצר, עוגה לאירוע או הערה? השאירו פרטים בטופס ונחזור אליכם. כתובת המאפייה והדוא״ל שלנו.",
    heading: "צרו איתנו קשר",
    intro: "יש לכם שאלה על מוצר, רוצים להזמין עוגה לאירוע או סתם להגיד שלום? השאירו פרטים ונחזור אליכם בהקדם.",
    formHeading: "השאירו פרטים",
    detailsHeading: "פרטי התקשרות",
    address: "כתובת",
    email: "דוא״ל",
    branchesLink: "כל הסניפים ושעות הפתיחה",
    fields: {
      name: "שם מלא",
      email: "דוא״ל",
      phone: "טלפון",
      message: "הודעה",
    },
    phoneHint: "מספר ישראלי, לדוגמה 050-1234567",
    submit: "שלחו",
    errorTitle: "שגיאה בשליחת בקשה",
    errors: {
      nameRequired: "נא למלא שם",
      nameTooLong: "השם ארוך מדי (עד 100 תווים)",
      emailRequired: "נא למלא כתובת דוא״ל",
      emailInvalid: "כתובת הדוא״ל אינה תקינה (לדוגמה name@example.co.il)",
      emailTooLong: "כתובת הדוא״ל ארוכה מדי",
      phoneRequired: "נא למלא מספר טלפון",
      phoneInvalid: "מספר הטלפון אינו תקין. יש להזין מספר ישראלי, לדוגמה 050-1234567 או 02-6234567",
      messageRequired: "נא לכתוב הודעה",
      messageTooLong: "ההודעה ארוכה מדי (עד 2000 תווים)",
    },
  },
  review: {
    title: (product: string) => `ביקורת על ${product}`,
    description: "כתבו ביקורת על המוצר. הביקורת תתפרסם באתר לאחר אישור הצוות.",
    heading: (product: string) => `כתבו ביקורת: ${product}`,
    intro: "טעמתם? ספרו ללקוחות אחרים איך היה. כל ביקורת נקראת על ידי הצוות לפני שהיא מתפרסמת.",
    formHeading: "הביקורת שלכם",
    fields: {
      rating: "דירוג",
      text: "הביקורת",
      name: "השם שיוצג",
    },
    star: (rating: number) => (rating === 1 ? "כוכב אחד" : `${rating} כוכבים`),
    nameHint: "שם פרטי או כינוי. לא נציג פרטים נוספים.",
    submit: "שליחת הביקורת",
    errorTitle: "שגיאה בשליחת הביקורת",
    sentTitle: "תודה! הביקורת התקבלה",
    sent: "הביקורת תתפרסם באתר לאחר אישור הצוות.",
    backToProduct: (product: string) => `חזרה אל ${product}`,
    errors: {
      ratingRequired: "נא לבחור דירוג בין 1 ל־5 כוכבים",
      textRequired: "נא לכתוב את הביקורת",
      textTooLong: "הביקורת ארוכה מדי (עד 1000 תווים)",
      nameRequired: "נא למלא את השם שיוצג",
      nameTooLong: "השם ארוך מדי (עד 60 תווים)",
    },
  },
  club: {
    title: "מועדון הלקוחות",
    description: "הצטרפו בחינם למועדון הלקוחות של המאפייה ושמעו ראשונים על מבצעים, מוצרים חדשים ותפריטי החגים.",
    heading: "הצטרפו למועדון הלקוחות",
    intro: "חברי המועדון שומעים ראשונים על מבצעים, על מוצרים חדשים שיוצאים מהתנור ועל תפריטי החגים. ההצטרפות חינם.",
    benefitsHeading: "מה מקבלים?",
    benefits: ["עדכון על מבצעים לפני כולם", "תפריטי החגים ופתיחת ההזמנות המוקדמות", "הזמנות לסדנאות ולאירועים בסניפים"],
    email: "דוא״ל",
    /**
     * Submitting the form is the consent (issue 12): this sentence stands next to the button, and its
     * version is stored with each sign-up. Change `consentVersion` whenever `consentNotice` changes.
     */
    consentNotice:
      "בלחיצה על ״הצטרפו״ אתם מסכימים לקבל מהמאפייה עדכונים ומבצעים בדוא״ל. נשלח אליכם הודעה עם קישור לאישור ההצטרפות.",
    consentVersion: "2026-11-25",
    formHeading: "הרשמה למועדון",
    /** Leaving is one click on the link at the foot of every club e-mail (issue 29). */
    privacy:
      "נשתמש בכתובת רק כדי לשלוח לכם עדכוני מועדון ולא נעביר אותה לאחרים. בתחתית כל הודעה מהמועדון יש קישור להסרה בלחיצה אחת, ובו גם אפשר לבקש שנמחק את פרטיכם.",
    submit: "הצטרפו",
    errorTitle: "שגיאה בשליחת הרשמה",
    errors: {
      emailRequired: "נא למלא כתובת דוא״ל",
      emailInvalid: "כתובת הדוא״ל אינה תקינה (לדוגמה name@example.co.il)",
      emailTooLong: "כתובת הדוא״ל ארוכה מדי",
    },
    /** /club/confirm: the page the confirmation e-mail's link opens. */
    confirm: {
      title: "אישור הצטרפות למועדון",
      description: "אישור כתובת הדוא״ל להצטרפות למועדון הלקוחות.",
      /** The link opened: one click on the page confirms (a mail scanner opening the link confirms nothing). */
      pendingHeading: "עוד לחיצה אחת",
      /** Around the address, as below. */
      pendingBefore: "לאשר שהכתובת",
      pendingAfter: "מצטרפת למועדון הלקוחות?",
      confirmButton: "אישור ההצטרפות",
      confirmedHeading: "תודה, ההצטרפות אושרה!",
      /** Around the address, which is shown isolated (left-to-right) between the two. */
      confirmedBefore: "הכתובת",
      confirmedAfter: "רשומה עכשיו במועדון הלקוחות. נעדכן אתכם במבצעים, במוצרים חדשים ובתפריטי החגים.",
      invalidHeading: "הקישור אינו תקין",
      invalidText:
        "הקישור לאישור ההצטרפות אינו שלם, כבר שימש לאישור או שאינו מוכר לנו. אם כבר אישרתם – אתם במועדון. אם לא, אפשר להירשם שוב ונשלח קישור חדש.",
      expiredHeading: "תוקף הקישור פג",
      expiredText: "הקישור לאישור ההצטרפות בתוקף שבעה ימים בלבד. הירשמו שוב ונשלח אליכם קישור חדש.",
      signUpAgain: "להרשמה למועדון",
      toHome: "לדף הבית",
      toProducts: "למוצרים שלנו",
    },
    /**
     * /club/unsubscribe: the page every club e-mail's unsubscribe link opens (issue 29). Its words never say
     * whether the address is a member: the page is the same for any link of the right shape.
     */
    unsubscribe: {
      title: "הסרה מרשימת התפוצה",
      description: "הסרת כתובת דוא״ל מרשימת התפוצה של מועדון הלקוחות ובקשה למחיקת הפרטים.",
      heading: "הסרה מרשימת התפוצה",
      intro: (brand: string) =>
        `הכתובת שאליה נשלחה ההודעה תוסר ממועדון הלקוחות של ${brand}, ולא יישלחו אליה עוד הודעות מהמועדון.`,
      leaveButton: "הסירו אותי מהרשימה",
      eraseHeading: "מחיקת הפרטים שלי",
      eraseText:
        "אפשר גם לבקש שנמחק את כל מה שנשמר אצלנו תחת הכתובת: ההרשמה למועדון ותיעוד ההסכמה, פניות ששלחתם בטופס צור קשר, ועותקים שלהן בסל המחזור. המחיקה מיידית ואי אפשר לבטל אותה.",
      eraseButton: "הסרה ומחיקת כל הפרטים",
      leftHeading: "הכתובת הוסרה מהרשימה",
      leftText:
        "אם הכתובת הייתה רשומה במועדון הלקוחות, היא הוסרה ולא יישלחו אליה עוד הודעות מהמועדון. אפשר להצטרף שוב בכל עת.",
      erasedHeading: "הפרטים נמחקו",
      erasedText:
        "אם הכתובת הייתה רשומה אצלנו, מחקנו את ההרשמה למועדון, את הפניות שנשלחו ממנה בטופס צור קשר ואת העותקים שלהן בסל המחזור. עותקי הגיבוי של האתר נמחקים במחזור הקבוע שלהם.",
      invalidHeading: "הקישור אינו שלם",
      invalidText:
        "קישור ההסרה חסר או נקטע בדרך. העתיקו את כל הקישור מתחתית ההודעה שקיבלתם, או כתבו לנו בטופס צור קשר ונסיר אתכם.",
      toContact: "לטופס צור קשר",
      toHome: "לדף הבית",
      /** The answers to a mail provider's one-click POST (RFC 8058), as plain text. */
      oneClickDone: "הבקשה התקבלה: הכתובת לא תקבל עוד הודעות מהמועדון.",
      oneClickInvalid: "קישור ההסרה אינו שלם.",
    },
  },
  login: {
    title: "כניסת צוות",
    heading: "כניסה לניהול האתר",
    intro: "האזור מיועד לצוות המאפייה בלבד.",
    email: "דוא״ל",
    password: "סיסמה",
    remember: "זכור אותי במחשב זה",
    submit: "כניסה",
    busy: "בתהליך...",
    failedGeneric: "ההתחברות נכשלה. נסו שוב בעוד רגע.",
    errors: {
      emailRequired: "יש להזין כתובת דוא״ל",
      emailInvalid: "כתובת הדוא״ל אינה תקינה",
      passwordRequired: "יש להזין סיסמה",
      failed: "הדוא״ל או הסיסמה שגויים",
      tooMany: "נרשמו יותר מדי ניסיונות התחברות. נסו שוב מאוחר יותר.",
      busy: "השרת עסוק כרגע בבדיקת התחברויות. נסו שוב בעוד רגע.",
      /** The per-account ceiling (a distributed guessing attack); the same words whether the account exists or not. */
      accountLocked:
        "החשבון נחסם זמנית אחרי ניסיונות התחברות רבים שנכשלו. אם יש חשבון צוות בכתובת הזו, נשלח אליה עכשיו קישור לפתיחת החשבון בדפדפן זה.",
    },
    /** The unlock link's panel on /login?unlock=… and its outcome (issue 31). */
    unlock: {
      heading: "פתיחת החשבון בדפדפן זה",
      intro: "הקישור שנשלח אליך בדוא״ל מאפשר להתחבר לחשבון",
      explain:
        "לחיצה על הכפתור תסמן את הדפדפן הזה כמוכר לחשבון, כך שהחסימה הזמנית לא תחול עליו. אחר כך יש להתחבר כרגיל עם הסיסמה.",
      button: "פתיחת החשבון בדפדפן זה",
      done: "החשבון נפתח בדפדפן זה. אפשר להתחבר עכשיו עם הסיסמה.",
      invalid: "הקישור לפתיחת החשבון אינו תקין או שכבר נעשה בו שימוש.",
      expired: "תוקף הקישור לפתיחת החשבון פג. ניסיון התחברות נוסף ישלח קישור חדש.",
    },
  },
} as const;
