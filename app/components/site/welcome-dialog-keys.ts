/** What the welcome dialog's markup and its script island share, in a module without React or strings. */
export const WELCOME_DISMISSED_KEY = "bakery.welcomeDismissed";

/** Marks the buttons and links that close the dialog. */
export const WELCOME_CLOSES = "data-welcome-close";
