/** Path parameters of the API routers: the shared id rule (domain/ids.ts) with the API's 404. */
import { parseId } from "../../domain/ids.ts";
import { NotFoundError } from "../errors.ts";

/** A positive integer id from the path; anything else is simply "not found" (never a 500). */
export function idParam(value: string | undefined, notFoundMessage?: string): number {
  const id = parseId(value);
  if (id === null) throw new NotFoundError(notFoundMessage);
  return id;
}
