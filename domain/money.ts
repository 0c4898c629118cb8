/**
 * Money: the database keeps integer agorot (no rounding drift); every API — public and admin — and every
 * screen speaks shekels with at most two decimals, as the spec shows prices (ADR 004).
 */

const AGOROT_PER_SHEKEL = 100;

/** Stored agorot → shekels for the API (4250 → 42.5). */
export const agorotToShekels = (agorot: number): number => Math.round(agorot) / AGOROT_PER_SHEKEL;

/** Shekels from a form or the API → agorot to store (42.5 → 4250). */
export const shekelsToAgorot = (shekels: number): number => Math.round(shekels * AGOROT_PER_SHEKEL);

const shekelFormat = new Intl.NumberFormat("he-IL", { style: "currency", currency: "ILS" });
const wholeShekelFormat = new Intl.NumberFormat("he-IL", {
  style: "currency",
  currency: "ILS",
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/**
 * Shekels → "‏42.50 ₪", or "‏42 ₪" for a whole-shekel price (as Israeli shops print it: ".00" is noise), for
 * people — every price a visitor or staff member reads goes through here (wrap it in <bdi> inside Hebrew text).
 * Machines keep their format: `schemaPrice` for JSON-LD, plain numbers in the APIs.
 */
export const formatShekels = (shekels: number): string =>
  (Math.round(shekels * AGOROT_PER_SHEKEL) % AGOROT_PER_SHEKEL === 0 ? wholeShekelFormat : shekelFormat).format(
    shekels,
  );

/** Shekels → the decimal string schema.org offers expect ("42.50"). */
export const schemaPrice = (shekels: number): string => shekels.toFixed(2);
