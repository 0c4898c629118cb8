/** Site settings (brand, phone, WhatsApp, order and club links, social links, address, e-mail). */

import { type ReactNode, useEffect } from "react";
import { useLocation } from "react-router";
import type { AdminSettings } from "../../../domain/contracts/admin.ts";
import { heAdmin } from "../../../domain/i18n/admin.ts";
import { settingsSchema } from "../../../domain/schemas/admin/settings.ts";
import { AdminForm, bindFields } from "../../components/admin/admin-form.tsx";
import { sectionMeta } from "../../components/admin/meta.ts";
import { notify } from "../../components/admin/toast.tsx";
import { useAdminForm } from "../../components/admin/use-admin-form.ts";
import { apiJson } from "../../lib/api-client.ts";
import { servicesContext } from "../../lib/context.ts";
import type { Route } from "./+types/settings";

export const meta = sectionMeta("settings");

export async function loader({ context }: Route.LoaderArgs): Promise<AdminSettings> {
  return context.get(servicesContext).admin.settings.get();
}

const s = heAdmin.settings;
const f = heAdmin.fields;

export default function Settings({ loaderData }: Route.ComponentProps) {
  const form = useAdminForm({
    schema: settingsSchema,
    initial: loaderData,
    errorTitle: heAdmin.messages.settingsSaveError,
    versioned: { version: loaderData.version, valuesOf: (record) => record as typeof loaderData },
    submit: (data, _values, version) =>
      apiJson<{ data: AdminSettings }>("/api/admin/settings", { method: "PUT", json: { ...data, version } }),
    onSaved: (body) => {
      form.setValues(body.data);
      form.setVersion(body.data.version);
      notify.success(heAdmin.messages.settingsSaved);
    },
  });
  const field = bindFields(form);
  useFocusFieldFromHash();

  return (
    <>
      <h1 className="text-3xl font-bold text-cocoa-900">{s.heading}</h1>
      <p className="mt-1 text-cocoa-800">{s.intro}</p>
      <AdminForm form={form} className="mt-6 space-y-6">
        <Group legend={s.brand}>
          {field.text("brand_name", s.brandName, { isRequired: true })}
          {field.text("tagline", s.tagline)}
        </Group>
        <Group legend={s.contact}>
          {field.text("phone", f.phone, { type: "tel", dir: "ltr" })}
          {field.text("whatsapp_number", s.whatsapp, { type: "tel", dir: "ltr", hint: s.whatsappHint })}
          {field.text("email", f.email, { type: "email", dir: "ltr" })}
          {field.text("address", f.address)}
        </Group>
        <Group legend={s.links}>
          {field.text("order_url", s.orderUrl, { type: "url", dir: "ltr" })}
          {field.text("club_url", s.clubUrl, { type: "url", dir: "ltr", hint: s.clubUrlHint })}
          {field.text("facebook_url", s.facebook, { type: "url", dir: "ltr" })}
          {field.text("instagram_url", s.instagram, { type: "url", dir: "ltr" })}
        </Group>
        <Group legend={s.accessibility}>
          {field.text("accessibility_contact_name", s.accessibilityContactName)}
          {field.text("accessibility_contact_email", s.accessibilityContactEmail, { type: "email", dir: "ltr" })}
        </Group>
      </AdminForm>
    </>
  );
}

/** The panel's going-live checklist links to `/admin/settings#field_name`: that field gets focus. */
function useFocusFieldFromHash() {
  const { hash } = useLocation();
  useEffect(() => {
    const name = decodeURIComponent(hash.slice(1));
    if (!/^[a-z_]+$/.test(name)) return;
    const input = document.querySelector<HTMLInputElement>(`form [name="${name}"]`);
    input?.scrollIntoView({ block: "center" });
    input?.focus({ preventScroll: true });
  }, [hash]);
}

function Group({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="grid grid-cols-1 gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-cream-300 md:grid-cols-2">
      <legend className="px-1 text-xl font-bold text-cocoa-900">{legend}</legend>
      {children}
    </fieldset>
  );
}
