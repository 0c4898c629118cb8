/**
 * The public forms' server actions: read the post, call the service (the same one the JSON API
 * calls), then redirect on success, return field errors with 422, or a failure the page shows.
 */
import { data, type RouterContextProvider, redirect } from "react-router";
import type { Picture, SiteSettings } from "../../domain/contracts/catalogue.ts";
import { formValues } from "../../domain/schemas/fields.ts";
import { requestContext, type Services, servicesContext } from "./context.ts";
import { type FormResult, pickValues } from "./forms.ts";
import { pageSeo } from "./seo.ts";

interface HttpErrorLike {
  status: number;
  errors?: Record<string, string[]>;
  headers?: Record<string, string>;
}

/**
 * Services throw server/errors.ts's HttpError. The page bundle carries its own copy of that module,
 * so `instanceof` cannot be trusted across the two: recognise the shape instead.
 */
function asHttpError(error: unknown): HttpErrorLike | null {
  if (typeof error !== "object" || error === null) return null;
  const status = (error as { status?: unknown }).status;
  return typeof status === "number" && status >= 400 && status < 600 ? (error as HttpErrorLike) : null;
}

export async function handlePublicForm(
  request: Request,
  fields: readonly string[],
  submit: (values: Record<string, string>) => Promise<unknown>,
  successPath: string | ((result: unknown) => string),
) {
  // A form posts urlencoded or multipart; JSON or text/plain is a client error, never a 500.
  const type = request.headers.get("content-type") ?? "";
  if (!type.startsWith("application/x-www-form-urlencoded") && !type.startsWith("multipart/form-data")) {
    return data({ failure: "unsupported" } satisfies FormResult, { status: 415 });
  }
  let values: Record<string, string> = {};
  let outcome: unknown;
  try {
    values = formValues(await request.formData());
    outcome = await submit(values);
  } catch (error) {
    const http = asHttpError(error);
    // 422: what was typed; 409: what was asked for is no longer there (a pre-order's slot filled meanwhile).
    if ((http?.status === 422 || http?.status === 409) && http.errors) {
      return data({ errors: http.errors, values: pickValues(values, fields) } satisfies FormResult, {
        status: http.status,
      });
    }
    // The form's subject is gone (a review of a product no longer published): the page's own 404.
    if (http?.status === 404) throw data(null, { status: 404 });
    if (http?.status === 429) {
      return data({ failure: "rateLimited", values: pickValues(values, fields) } satisfies FormResult, {
        status: 429,
        headers: http.headers,
      });
    }
    console.error("public form failed", error);
    return data({ failure: "server", values: pickValues(values, fields) } satisfies FormResult, { status: 500 });
  }
  return redirect(typeof successPath === "string" ? successPath : successPath(outcome));
}

/**
 * The loader of a public form page: site settings and the page's SEO (title, description, path, and an
 * image the page borrows, e.g. the first branch's). `noindex` may depend on the settings.
 */
export async function formPageLoader(
  context: Readonly<RouterContextProvider>,
  page: {
    t: { title: string; description: string };
    path: string;
    image: (services: Services) => Promise<Picture | null | undefined>;
    noindex?: (settings: SiteSettings) => boolean;
  },
) {
  const services = context.get(servicesContext);
  const { publicUrl, csrfToken } = context.get(requestContext);
  const [settings, image] = await Promise.all([services.settings.get(), page.image(services)]);
  return {
    settings,
    // The form page carries its own XSRF token (public pages share a cached root with none in it).
    csrfToken,
    seo: pageSeo(publicUrl, {
      title: page.t.title,
      description: page.t.description,
      path: page.path,
      image,
      siteName: settings.brandName,
      noindex: page.noindex?.(settings),
    }),
  };
}

/**
 * The `action` of a public form page: counts the submission against the per-address limit that contact
 * requests and club sign-ups share (server/http/rate-limit.ts), then calls the service.
 */
export function publicFormAction(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  fields: readonly string[],
  submit: (services: Services, values: Record<string, string>, request: { clientAddress: string }) => Promise<unknown>,
  successPath: string | ((result: unknown) => string),
  limit: "forms" | "preorders" = "forms",
) {
  const services = context.get(servicesContext);
  const info = context.get(requestContext);
  return handlePublicForm(
    request,
    fields,
    async (values) => {
      await info.limitFormSubmission(limit);
      return submit(services, values, info);
    },
    successPath,
  );
}
