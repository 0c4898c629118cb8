/** Site settings (brand, phone, WhatsApp, order and club links, social links, address, e-mail). */

import type { AdminSettings } from "../../../domain/contracts/admin.ts";
import { heAdmin } from "../../../domain/i18n/admin.ts";
import { settingsSchema } from "../../../domain/schemas/admin/settings.ts";
import { AdminForm } from "../../components/admin/admin-form.tsx";
import { TextInput } from "../../components/admin/fields.tsx";
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
    submit: (data) => apiJson<{ data: AdminSettings }>("/api/admin/settings", { method: "PUT", json: data }),
    onSaved: (body) => {
      form.setValues(body.data);
      notify.success(heAdmin.messages.settingsSaved);
    },
  });
  const { values, set, errors } = form;
  const text = (key: keyof AdminSettings, label: string, extra: Partial<Parameters<typeof TextInput>[0]> = {}) => (
    <TextInput
      name={key}
      label={label}
      value={values[key]}
      onChange={(v) => set(key, v)}
      errors={errors[key]}
      {...extra}
    />
  );

  return (
    <>
      <h1 className="text-3xl font-bold text-cocoa-900">{s.heading}</h1>
      <p className="mt-1 text-cocoa-800">{s.intro}</p>
      <AdminForm form={form} className="mt-6 space-y-6">
        <fieldset className="grid gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-cream-300 md:grid-cols-2">
          <legend className="px-1 text-xl font-bold text-cocoa-900">{s.brand}</legend>
          {text("brand_name", s.brandName, { isRequired: true })}
          {text("tagline", s.tagline)}
        </fieldset>
        <fieldset className="grid gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-cream-300 md:grid-cols-2">
          <legend className="px-1 text-xl font-bold text-cocoa-900">{s.contact}</legend>
          {text("phone", f.phone, { type: "tel", dir: "ltr" })}
          {text("whatsapp_number", s.whatsapp, { type: "tel", dir: "ltr", hint: s.whatsappHint })}
          {text("email", f.email, { type: "email", dir: "ltr" })}
          {text("address", f.address)}
        </fieldset>
        <fieldset className="grid gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-cream-300 md:grid-cols-2">
          <legend className="px-1 text-xl font-bold text-cocoa-900">{s.links}</legend>
          {text("order_url", s.orderUrl, { type: "url", dir: "ltr" })}
          {text("club_url", s.clubUrl, { type: "url", dir: "ltr", hint: s.clubUrlHint })}
          {text("facebook_url", s.facebook, { type: "url", dir: "ltr" })}
          {text("instagram_url", s.instagram, { type: "url", dir: "ltr" })}
        </fieldset>
      </AdminForm>
    </>
  );
}
