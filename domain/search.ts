/** Limits of the product search that the search box (browser) and the server share. */

/** Longest search text a visitor can send (the search box's maxLength, the grid and the suggestions). */
export const MAX_SEARCH_LENGTH = 200;
/** The search box asks for suggestions from this many characters on. */
export const MIN_SUGGEST_LENGTH = 2;
/** The suggestion list's length (GET /api/products/suggest). */
export const SUGGESTION_LIMIT = 8;
