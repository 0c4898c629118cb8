/** Sales (promotions) and publications (news): name, content, status, home visibility, images. */
import type { AdminPost } from "../../../domain/contracts/admin.ts";
import { heAdmin } from "../../../domain/i18n/admin.ts";
import { postSchema } from "../../../domain/schemas/admin/post.ts";
import { ExternalLink } from "../ui/external-link.tsx";
import { AdminForm, type FormProps, useCrudForm } from "./admin-form.tsx";
import { Details, StatusBadge, Thumb, YesNo } from "./bits.tsx";
import { CrudScreen } from "./crud-screen.tsx";
import { HomeVisibilityCheckbox, StatusSelect, TextAreaInput, TextInput } from "./fields.tsx";
import { formatDateTime } from "./format.ts";
import type { ListColumn } from "./list.tsx";

const f = heAdmin.fields;
const m = heAdmin.messages;

const columns: ListColumn<AdminPost>[] = [
  { id: "image", name: f.mainImage, render: (r) => <Thumb picture={r.mainImage} /> },
  { id: "id", name: heAdmin.id, sortable: true, render: (r) => <bdi>{r.id}</bdi> },
  {
    id: "name",
    name: f.name,
    sortable: true,
    isRowHeader: true,
    render: (r) => (
      <span className="block min-w-40">
        <span className="block font-semibold">{r.name}</span>
        <span className="line-clamp-1 block text-sm text-cocoa-800">{r.content}</span>
      </span>
    ),
  },
  { id: "status", name: heAdmin.statusLabel, sortable: true, render: (r) => <StatusBadge status={r.status} /> },
  {
    id: "visibility_home_page",
    wide: true,
    name: heAdmin.homeVisibility,
    sortable: true,
    render: (r) => <YesNo value={r.visibility_home_page} />,
  },
  {
    id: "created_at",
    name: heAdmin.createdAt,
    sortable: true,
    render: (r) => <span className="whitespace-nowrap text-sm">{formatDateTime(r.created_at)}</span>,
  },
];

function PostForm(props: FormProps<AdminPost>) {
  const { item } = props;
  const form = useCrudForm(props, {
    schema: postSchema,
    initial: {
      name: item?.name ?? "",
      content: item?.content ?? "",
      status: item ? String(item.status) : "1",
      visibility_home_page: item?.visibility_home_page ?? false,
    },
  });
  const { values, set, errors } = form;
  return (
    <AdminForm form={form} onCancel={props.onCancel}>
      <TextInput
        name="name"
        label={f.name}
        value={values.name}
        onChange={(v) => set("name", v)}
        errors={errors.name}
        isRequired
        autoFocus
      />
      <StatusSelect value={values.status} onChange={(v) => set("status", v)} errors={errors.status} />
      <TextAreaInput
        name="content"
        label={f.content}
        value={values.content}
        onChange={(v) => set("content", v)}
        errors={errors.content}
        rows={6}
        className="md:col-span-2"
      />
      <HomeVisibilityCheckbox checked={values.visibility_home_page} onChange={(v) => set("visibility_home_page", v)} />
    </AdminForm>
  );
}

function PostView({ item, publicPath }: { item: AdminPost; publicPath: string }) {
  return (
    <div className="space-y-4">
      {item.images?.length ? (
        <img src={item.images[0]!.path} alt={item.images[0]!.alt} className="h-40 w-full rounded-xl object-cover" />
      ) : null}
      <Details
        items={[
          [f.name, item.name],
          [heAdmin.statusLabel, <StatusBadge key="s" status={item.status} />],
          [heAdmin.homeVisibility, <YesNo key="h" value={item.visibility_home_page} />],
          [
            f.content,
            <span key="c" className="whitespace-pre-line">
              {item.content}
            </span>,
          ],
          [heAdmin.createdAt, formatDateTime(item.created_at)],
          [heAdmin.updatedAt, formatDateTime(item.updated_at)],
        ]}
      />
      {item.status === 1 ? (
        <ExternalLink
          href={publicPath}
          className="inline-block font-semibold text-crust-700 underline-offset-4 hover:underline"
        >
          {heAdmin.publicPage}
        </ExternalLink>
      ) : null}
    </div>
  );
}

const SaleView = ({ item }: { item: AdminPost }) => <PostView item={item} publicPath={`/sale/${item.id}`} />;
const PublicationView = ({ item }: { item: AdminPost }) => <PostView item={item} publicPath="/news" />;

const KINDS = {
  sales: {
    subject: "Sale",
    texts: heAdmin.sales,
    messages: {
      saved: m.saleSaved,
      updated: m.saleUpdated,
      deleted: m.saleDeleted,
      saveError: m.saleSaveError,
      deleteError: m.saleDeleteError,
    },
    Form: PostForm,
    View: SaleView,
  },
  publications: {
    subject: "Publication",
    texts: heAdmin.publications,
    messages: {
      saved: m.publicationSaved,
      updated: m.publicationUpdated,
      deleted: m.publicationDeleted,
      saveError: m.publicationSaveError,
      deleteError: m.publicationDeleteError,
    },
    Form: PostForm,
    View: PublicationView,
  },
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
      messages={{
        heading: k.texts.heading,
        create: k.texts.create,
        createTitle: k.texts.createTitle,
        editTitle: (i) => k.texts.editTitle(i.name),
        viewTitle: (i) => k.texts.viewTitle(i.name),
        deleteWhat: (r) => k.texts.deleteWhat(r.name),
        ...k.messages,
      }}
      Form={k.Form}
      View={k.View}
    />
  );
}
