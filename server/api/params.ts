/** Route parameter parsing shared by the API routers. */
import { parseId } from "../../app/lib/params.ts";
import { NotFoundError } from "../errors.ts";

/** A positive integer id from the path; anything else is simply "not found" (never a 500). */
export function idParam(value: string | undefined): number {
  const id = parseId(value);
  if (id === null) throw new NotFoundError();
  return id;
}
