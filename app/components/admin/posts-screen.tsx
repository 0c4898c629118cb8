/**
 * Sales (promotions) and publications (news): name, content, status, home visibility, the public window
 * (Jerusalem wall-clock inputs; the shared schema stores ISO UTC), images.
 */
import type { AdminPost } from "../../../domain/contracts/admin.ts";
import { heAdmin } from "../../../domain/i18n/admin.ts";
import { postSchema } from "../../../domain/schemas/admin/post.ts";
import { toJerusalemInput } from "../../../domain/seasonal/schedule.ts";
import { AdminForm, bindFields, type FormProps, textValues, useCrudForm } from "./admin-form.tsx";
import { ItemDetails, MultilineText, PublicPageLink, ScheduleBadge, StatusBadge, YesNo } from "./bits.tsx";
import { column } from "./columns.tsx";
import { CrudScreen, crudMessages } from "./crud-screen.tsx";
import { DateTimeInput, HomeVisibilityCheckbox, StatusSelect } from "./fields.tsx";
import { formatDateTime } from "./format.ts";
import type { ListColumn } from "./list.tsx";

const f = heAdmin.fields;

const columns: ListColumn<AdminPost>[] = [
  column.image(),
  column.id(),
  column.name((r) => r.content),
  column.status(),
  column.schedule(),
  column.homeVisibility(),
  column.createdAt(),
];

function PostForm(props: FormProps<AdminPost>) {
  const form = useCrudForm(props, {
    schema: postSchema,
    values: (item) => ({
      ...textValues(item, ["name", "content"]),
      status: item ? String(item.status) : "1",
      visibility_home_page: item?.visibility_home_page ?? false,
      starts_at: toJerusalemInput(item?.starts_at),
      ends_at: toJerusalemInput(item?.ends_at),
    }),
  });
  const field = bindFields(form);
  return (
    <AdminForm form={form} onCancel={props.onCancel}>
      {field.text("name", f.name, { isRequired: true, autoFocus: true })}
      <StatusSelect {...field.bind("status")} />
      {(["starts_at", "ends_at"] as const).map((name) => (
        <DateTimeInput
          key={name}
          {...field.bind(name)}
          label={name === "starts_at" ? f.startsAt : f.endsAt}
          hint={f.scheduleHint}
          clearLabel={f.clearDate}
        />
      ))}
      {field.textArea("content", f.content, { rows: 6, className: "md:col-span-2" })}
      <HomeVisibilityCheckbox {...field.checked("visibility_home_page")} />
    </AdminForm>
  );
}

function PostView({ item, publicPath }: { item: AdminPost; publicPath: string }) {
  return (
    <ItemDetails
      images={item.images}
      items={[
        [f.name, item.name],
        [heAdmin.statusLabel, <StatusBadge key="s" status={item.status} />],
        [f.schedule, <ScheduleBadge key="sc" schedule={item.schedule} />],
        [f.startsAt, formatDateTime(item.starts_at) || "—"],
        [f.endsAt, formatDateTime(item.ends_at) || "—"],
        [heAdmin.homeVisibility, <YesNo key="h" value={item.visibility_home_page} />],
        [f.content, <MultilineText key="c" text={item.content} />],
        [heAdmin.createdAt, formatDateTime(item.created_at)],
        [heAdmin.updatedAt, formatDateTime(item.updated_at)],
      ]}
    >
      {item.status === 1 && item.schedule === "active" ? <PublicPageLink href={publicPath} /> : null}
    </ItemDetails>
  );
}

const SaleView = ({ item }: { item: AdminPost }) => <PostView item={item} publicPath={`/sale/${item.id}`} />;
const PublicationView = ({ item }: { item: AdminPost }) => <PostView item={item} publicPath="/news" />;

const KINDS = {
  sales: { subject: "Sale", texts: heAdmin.sales, entity: "sale", View: SaleView },
  publications: { subject: "Publication", texts: heAdmin.publications, entity: "publication", View: PublicationView },
} as const;

export function PostsScreen({ kind }: { kind: keyof typeof KINDS }) {
  const k = KINDS[kind];
  return (
    <CrudScreen<AdminPost, AdminPost>
      subject={k.subject}
      endpoint={`/api/admin/${kind}`}
      imagesSection={kind}
      columns={columns}
      rowName={(r) => r.name}
      searchLabels={{ title: f.name, content: f.content }}
      messages={crudMessages(k.texts, k.entity, (x) => x.name)}
      Form={PostForm}
      View={k.View}
    />
  );
}
