/**
 * Left-to-right pieces inside Hebrew text. A range written with an en dash between two numbers ("10:00–10:30",
 * "1–12") is laid out right to left by the bidi algorithm in a Hebrew line — "10:30–10:00", "12–1" — because the
 * dash, unlike a hyphen-minus, does not join the numbers. Where no element with dir="ltr" can go (an <option>, a
 * message, a toast, an e-mail, a string in a sentence), the range is isolated left-to-right (U+2066 … U+2069).
 */
export const rangeText = (from: string | number, to: string | number) => `\u2066${from}–${to}\u2069`;
