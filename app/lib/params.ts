/** Route parameters in loaders: the shared id rule (domain/ids.ts) with the site's 404. */
import { data } from "react-router";
import { parseId } from "../../domain/ids.ts";

/** In a loader: the id, or the site's 404 page (never a 500). */
export function idFromParam(value: string | undefined): number {
  const id = parseId(value);
  if (id === null) throw data(null, { status: 404 });
  return id;
}
