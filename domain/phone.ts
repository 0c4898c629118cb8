/**
 * Israeli phone numbers: what people type (050-1234567, 02 623 4567, +972-50-123-4567, (02)6234567…)
 * becomes one canonical form, or null when it is not a dialable Israeli number.
 */

export interface IsraeliPhone {
  /** Local digits with the leading 0 (or 1-800 style), e.g. "0501234567". */
  local: string;
  /** How the site shows it, e.g. "050-1234567", "02-6234567", "1-800-123-456". */
  display: string;
  /** What a `tel:` link dials: international form where one exists, e.g. "+972501234567". */
  dial: string;
}

// Bidi marks and separators that copy-paste from other apps brings along.
const NOISE = /[\s\-–—.()/\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

export function parseIsraeliPhone(input: string): IsraeliPhone | null {
  let value = input.replace(NOISE, "");
  if (value.startsWith("+972")) value = `0${value.slice(4).replace(/^0/, "")}`;
  else if (value.startsWith("00972")) value = `0${value.slice(5).replace(/^0/, "")}`;
  else if (/^972\d{8,9}$/.test(value)) value = `0${value.slice(3)}`;
  if (!/^\d+$/.test(value)) return null;

  // Mobile (05x) and nationwide (07x): ten digits.
  if (/^0[57]\d{8}$/.test(value)) {
    return { local: value, display: `${value.slice(0, 3)}-${value.slice(3)}`, dial: `+972${value.slice(1)}` };
  }
  // Area codes 02, 03, 04, 08, 09: nine digits.
  if (/^0[23489]\d{7}$/.test(value)) {
    return { local: value, display: `${value.slice(0, 2)}-${value.slice(2)}`, dial: `+972${value.slice(1)}` };
  }
  // Business numbers 1-700 / 1-800 / 1-599: dialable only from within Israel.
  if (/^1(?:700|800|599)\d{6}$/.test(value)) {
    return {
      local: value,
      display: `${value[0]}-${value.slice(1, 4)}-${value.slice(4, 7)}-${value.slice(7)}`,
      dial: value,
    };
  }
  return null;
}

/** `tel:` href for a stored number; falls back to its digits when it is not a recognised Israeli number. */
export function telHref(phone: string): string {
  const parsed = parseIsraeliPhone(phone);
  return `tel:${parsed ? parsed.dial : phone.replace(/[^\d+]/g, "")}`;
}
