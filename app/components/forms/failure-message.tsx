import { heApi } from "../../../domain/i18n/api.ts";
import { heForms } from "../../../domain/i18n/forms.ts";
import { telHref } from "../../../domain/phone.ts";
import type { FormResult } from "../../lib/forms.ts";

export function failureText(failure: FormResult["failure"]): string {
  if (failure === "unsupported") return heApi.unsupportedMediaType;
  return failure === "rateLimited" ? heForms.common.rateLimitedText : heForms.common.serverErrorText;
}

/** Another way to reach the bakery when a form cannot be sent. */
export function CallUs({ phone }: { phone?: string }) {
  if (!phone) return null;
  return (
    <p className="mt-2 text-cocoa-800">
      {heForms.common.callUsInstead}{" "}
      <a href={telHref(phone)} className="font-semibold text-crust-700 underline underline-offset-4">
        <bdi>{phone}</bdi>
      </a>
    </p>
  );
}
