/** Login form (spec §3, §5): e-mail and password required; one schema for the browser and the server. */
import { z } from "zod";
import { heForms } from "../i18n/forms.ts";

/** The login's messages, from the Hebrew strings of the forms. */
export const loginMessages = heForms.login.errors;

export const loginSchema = z.object({
  email: z
    .string({ error: loginMessages.emailRequired })
    .trim()
    .min(1, loginMessages.emailRequired)
    .max(254, loginMessages.emailInvalid)
    .pipe(z.email({ error: loginMessages.emailInvalid })),
  password: z
    .string({ error: loginMessages.passwordRequired })
    .min(1, loginMessages.passwordRequired)
    .max(1024, loginMessages.failed),
  remember: z
    .union([z.boolean(), z.literal("on"), z.literal("1"), z.literal("true"), z.literal("0"), z.literal("false")])
    .optional()
    .transform((v) => v === true || v === "on" || v === "1" || v === "true"),
});

export type LoginInput = z.infer<typeof loginSchema>;
