import type { FormResult } from "../../lib/forms.ts";
import { he } from "../../lib/i18n/he.ts";
import { telHref } from "../../lib/phone.ts";

export function failureText(failure: FormResult["failure"]): string {
  if (failure === "unsupported") return he.api.unsupportedMediaType;
  return failure === "rateLimited" ? he.forms.rateLimitedText : he.forms.serverErrorText;
}

/** Another way to reach the bakery when a form cannot be sent. */
export function CallUs({ phone }: { phone?: string }) {
  if (!phone) return null;
  return (
    <p className="mt-2 text-cocoa-800">
      {he.forms.callUsInstead}{" "}
      <a href={telHref(phone)} className="font-semibold text-crust-700 underline underline-offset-4">
        <bdi>{phone}</bdi>
      </a>
    </p>
  );
}
