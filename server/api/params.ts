/** Route parameter parsing shared by the API routers. */
import { NotFoundError } from "../errors.ts";

/** A positive integer id from the path; anything else is simply "not found" (never a 500). */
export function idParam(value: string | undefined): number {
  if (!value || !/^[1-9]\d{0,9}$/.test(value)) throw new NotFoundError();
  const id = Number(value);
  if (id > 2_147_483_647) throw new NotFoundError();
  return id;
}
