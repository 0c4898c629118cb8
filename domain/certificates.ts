/**
 * Kashrut certificates of the branches (issue 11): when one counts as valid, when the back office warns.
 * A certificate is valid through the whole of its last day (`valid_until`, a Jerusalem calendar day) and
 * expired from the following midnight in Jerusalem, whatever the server's time zone.
 */
import { daysBetween, jerusalemDate } from "./hours/time.ts";

/** The back office warns this many days before a certificate's last day. */
export const CERTIFICATE_WARNING_DAYS = 30;

export type CertificateState = "none" | "valid" | "expiring" | "expired";

/** Today in Jerusalem, "YYYY-MM-DD". */
export const certificateToday = (now: Date = new Date()) => jerusalemDate(now);

/** Days from `today` to the last valid day: 0 on that day, negative once expired. */
export const daysLeft = (validUntil: string, today: string) => daysBetween(today, validUntil);

export function certificateState(
  certificate: { authority: string; valid_until: string | null },
  today: string,
): CertificateState {
  if (!certificate.valid_until || certificate.authority.trim() === "") return "none";
  const left = daysLeft(certificate.valid_until, today);
  if (left < 0) return "expired";
  return left <= CERTIFICATE_WARNING_DAYS ? "expiring" : "valid";
}

/** May the public site claim this certificate today? (Valid, or valid and about to expire.) */
export const isClaimable = (state: CertificateState) => state === "valid" || state === "expiring";

/** "2027-03-31" → "31.3.2027", the way dates are written in Israel (the stored form stays ISO). */
export function formatDay(date: string): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return `${d}.${m}.${y}`;
}
