/** Club member (spec "clients"): an e-mail address. */
import { z } from "zod";
import { email } from "./fields.ts";

export const clientSchema = z.object({ email });

export type ClientInput = z.output<typeof clientSchema>;
