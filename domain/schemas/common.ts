/** zod pieces shared by the public forms' schemas (browser and server use the same ones). */
import { z } from "zod";

/** Any input as a string: a missing or non-string value becomes "" (and then fails "required"). */
export const asString = z.unknown().transform((v) => (typeof v === "string" ? v : ""));
