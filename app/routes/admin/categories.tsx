/**
 * Category management (spec §2 /admin/categories): main categories and subcategories. Deleting keeps the
 * category's products (they are only unlinked); a main category with subcategories cannot be deleted
 * until they are moved or deleted — the dialog says so.
 */

import type { AdminCategory, AdminCategoryRow } from "../../../domain/contracts/admin.ts";
import { heAdmin } from "../../../domain/i18n/admin.ts";
import { heSeasonal } from "../../../domain/i18n/seasonal.ts";
import { categorySchema } from "../../../domain/schemas/admin/category.ts";
import { DEFAULT_LEAD_DAYS, HOLIDAYS } from "../../../domain/seasonal/holidays.ts";
import { toJerusalemInput } from "../../../domain/seasonal/schedule.ts";
import { AdminForm, bindFields, type FormProps, textValues, useCrudForm } from "../../components/admin/admin-form.tsx";
import {
  ItemDetails,
  MultilineText,
  PublicPageLink,
  ScheduleBadge,
  StatusBadge,
  YesNo,
} from "../../components/admin/bits.tsx";
import { useCategoryOptions } from "../../components/admin/category-options.ts";
import { column } from "../../components/admin/columns.tsx";
import { CrudScreen, crudMessages } from "../../components/admin/crud-screen.tsx";
import { DateTimeInput, HomeVisibilityCheckbox, StatusSelect } from "../../components/admin/fields.tsx";
import { formatDateTime } from "../../components/admin/format.ts";
import type { ListColumn } from "../../components/admin/list.tsx";
import { sectionMeta } from "../../components/admin/meta.ts";

export const meta = sectionMeta("categories");

const c = heAdmin.categories;
const f = heAdmin.fields;
const m = heAdmin.messages;

const columns: ListColumn<AdminCategoryRow>[] = [
  column.image(),
  column.id(),
  column.name(),
  { id: "is_main", name: f.isMain, sortable: true, render: (r) => (r.is_main ? c.typeMain : c.typeSub) },
  { id: "parent_name", name: f.parent, wide: true, sortable: true, render: (r) => r.parent_name ?? heAdmin.none },
  { id: "products", name: f.products, render: (r) => <bdi>{r.products_count}</bdi> },
  {
    ...column.status<AdminCategoryRow>(),
    render: (r) => (
      <span className="flex flex-wrap gap-1">
        <StatusBadge status={r.status} />
        {r.schedule !== "active" ? <ScheduleBadge schedule={r.schedule} /> : null}
      </span>
    ),
  },
  {
    id: "holiday",
    name: f.holiday,
    wide: true,
    render: (r) => (r.holiday ? heSeasonal.holidays[r.holiday] : heAdmin.none),
  },
  column.homeVisibility(),
  column.position(),
  column.createdAt({ wide: true }),
];

function CategoryForm(props: FormProps<AdminCategory>) {
  const { item } = props;
  const options = useCategoryOptions();
  const form = useCrudForm(props, {
    schema: categorySchema,
    values: (item) => ({
      ...textValues(item, ["name", "information"]),
      status: item ? String(item.status) : "1",
      is_main: item ? item.is_main : true,
      parent_id: item?.parent_id ? String(item.parent_id) : "",
      visibility_home_page: item?.visibility_home_page ?? false,
      position: item ? String(item.position) : "0",
      holiday: item?.holiday ?? "",
      holiday_lead_days: String(item?.holiday_lead_days ?? DEFAULT_LEAD_DAYS),
      preorder_cutoff_days: item?.preorder_cutoff_days == null ? "" : String(item.preorder_cutoff_days),
      starts_at: toJerusalemInput(item?.starts_at),
      ends_at: toJerusalemInput(item?.ends_at),
    }),
  });
  const { values, set, errors } = form;
  const field = bindFields(form);
  const parents = (options ?? []).filter((o) => o.is_main && o.id !== item?.id);

  return (
    <AdminForm form={form} onCancel={props.onCancel}>
      {field.text("name", f.name, { isRequired: true, autoFocus: true })}
      <StatusSelect {...field.bind("status")} />
      {(["starts_at", "ends_at"] as const).map((name) => (
        <DateTimeInput
          key={name}
          {...field.bind(name)}
          label={name === "starts_at" ? f.publishAt : f.hideAfter}
          hint={f.scheduleHint}
          clearLabel={f.clearDate}
        />
      ))}
      {field.textArea("information", f.information, { className: "md:col-span-2" })}
      <fieldset className="md:col-span-2">
        <legend className="mb-1 font-medium text-cocoa-900">{f.isMain}</legend>
        <div className="flex flex-wrap gap-5">
          {[
            { value: true, label: f.mainCategory },
            { value: false, label: f.subCategory },
          ].map((o) => (
            <label key={String(o.value)} className="inline-flex items-center gap-2 text-cocoa-900">
              <input
                type="radio"
                name="is_main"
                checked={values.is_main === o.value}
                onChange={() => set("is_main", o.value)}
                className="size-5 accent-crust-700"
              />
              {o.label}
            </label>
          ))}
        </div>
        {errors.is_main ? <p className="mt-1 text-sm font-medium text-berry-700">{errors.is_main.join(" ")}</p> : null}
      </fieldset>
      {values.is_main
        ? null
        : field.select(
            "parent_id",
            f.parent,
            [{ value: "", label: f.noParent }, ...parents.map((p) => ({ value: String(p.id), label: p.name }))],
            { isRequired: true },
          )}
      {field.text("position", f.position, { inputMode: "numeric", dir: "ltr", hint: f.positionHint })}
      <HomeVisibilityCheckbox {...field.checked("visibility_home_page")} />
      {field.select(
        "holiday",
        f.holiday,
        [{ value: "", label: f.noHoliday }, ...HOLIDAYS.map((h) => ({ value: h, label: heSeasonal.holidays[h] }))],
        { hint: f.holidayHint },
      )}
      {values.holiday
        ? field.text("holiday_lead_days", f.leadDays, { inputMode: "numeric", dir: "ltr", hint: f.leadDaysHint })
        : null}
      {values.holiday
        ? field.text("preorder_cutoff_days", f.preorderCutoff, {
            inputMode: "numeric",
            dir: "ltr",
            hint: f.preorderCutoffHint,
          })
        : null}
    </AdminForm>
  );
}

function CategoryView({ item }: { item: AdminCategory }) {
  return (
    <ItemDetails
      images={item.images}
      items={[
        [f.name, item.name],
        [f.isMain, item.is_main ? c.typeMain : c.typeSub],
        [f.parent, item.parent_name ?? ""],
        [f.subCategories, item.subCategories.map((s) => s.name).join(", ")],
        [f.products, String(item.products_count)],
        [heAdmin.statusLabel, <StatusBadge key="s" status={item.status} />],
        [f.schedule, <ScheduleBadge key="sc" schedule={item.schedule} />],
        [f.publishAt, formatDateTime(item.starts_at)],
        [f.hideAfter, formatDateTime(item.ends_at)],
        [heAdmin.homeVisibility, <YesNo key="h" value={item.visibility_home_page} />],
        [f.position, String(item.position)],
        [f.holiday, item.holiday ? heSeasonal.holidays[item.holiday] : heAdmin.none],
        ...(item.holiday
          ? [
              [f.leadDays, String(item.holiday_lead_days)] as [string, string],
              [
                f.preorderCutoff,
                item.preorder_cutoff_days === null ? f.noCutoff : String(item.preorder_cutoff_days),
              ] as [string, string],
            ]
          : []),
        [f.information, <MultilineText key="i" text={item.information} />],
        [heAdmin.createdAt, formatDateTime(item.created_at)],
      ]}
    >
      {item.status === 1 && item.schedule === "active" ? <PublicPageLink href={`/categories/${item.id}`} /> : null}
    </ItemDetails>
  );
}

export default function Categories() {
  return (
    <CrudScreen<AdminCategoryRow, AdminCategory>
      subject="Category"
      endpoint="/api/admin/categories"
      imagesSection="categories"
      columns={columns}
      rowName={(r) => r.name}
      searchLabels={{ title: f.name, content: f.information }}
      messages={crudMessages(c, "category", (x) => x.name)}
      deleteDetails={(r) => c.deleteProducts(r.products_count)}
      deleteBlocked={(r) => (r.subcategories_count > 0 ? m.categoryHasChildren(r.subcategories_count) : undefined)}
      Form={CategoryForm}
      View={CategoryView}
    />
  );
}
