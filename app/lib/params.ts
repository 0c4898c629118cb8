/** Route parameters, for loaders and the JSON API alike. */
import { data } from "react-router";

/** Largest id the integer columns hold (32-bit); anything larger is simply not found, never a database error. */
export const MAX_ID = 2_147_483_647;

/** A positive integer id (as stored: 32-bit) from a URL segment, or null. */
export function parseId(value: string | undefined): number | null {
  if (!value || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= MAX_ID ? id : null;
}

/** In a loader: the id, or the site's 404 page (never a 500). */
export function idFromParam(value: string | undefined): number {
  const id = parseId(value);
  if (id === null) throw data(null, { status: 404 });
  return id;
}
