/** Route parameters in loaders. */
import { data } from "react-router";

/** A positive integer id from the URL, or the site's 404 page (never a 500). */
export function idFromParam(value: string | undefined): number {
  if (!value || !/^[1-9]\d{0,9}$/.test(value) || Number(value) > 2_147_483_647) {
    throw data(null, { status: 404 });
  }
  return Number(value);
}
