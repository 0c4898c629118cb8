/**
 * One admin section: list (search, sort, paging), create / edit / view modals, the images screen and the
 * delete confirmation. Every admin list is this screen with its own columns, form, view and messages —
 * products, categories, club members, branches, sales, publications, and the contact-request inbox (no
 * form; a row action instead). The modal state machine and the one save (PUT or POST) live here only.
 */
import { type ReactNode, useEffect, useMemo, useState } from "react";
import { Outlet, useNavigate } from "react-router";
import type { TrashReceipt } from "../../../domain/contracts/admin.ts";
import { heAdmin } from "../../../domain/i18n/admin.ts";
import { type AdminSubject, isTrashSubject } from "../../../domain/permissions.ts";
import { useCan } from "../../lib/admin-permissions.ts";
import { type ImagesSectionKey, sectionHref } from "../../lib/admin-sections.ts";
import { apiJson } from "../../lib/api-client.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { EditIcon, EyeIcon, ImageIcon, PlusIcon, TrashIcon } from "../ui/other-icons.tsx";
import type { FormProps } from "./admin-form.tsx";
import { ConfirmDelete } from "./confirm-delete.tsx";
import { buttonClass } from "./fields.tsx";
import { AdminTable, type ListColumn, ListFooter, ListHeader, RowAction, SearchToolbar } from "./list.tsx";
import { AdminModal } from "./modal.tsx";
import { RadioFilter, type RadioFilterOptions } from "./radio-filter.tsx";
import { notify } from "./toast.tsx";
import { type AdminList, useAdminList } from "./use-admin-list.ts";

export type { FormProps } from "./admin-form.tsx";

export interface CrudMessages<Row, Item> {
  heading: string;
  viewTitle: (item: Item) => string;
  deleteWhat: (row: Row) => string;
  deleted: string;
  deleteError: string;
  /** The create/edit texts: needed when the screen has a `Form`. */
  create?: string;
  createTitle?: string;
  editTitle?: (item: Item) => string;
  saved?: string;
  updated?: string;
  saveError?: string;
  updateError?: string;
}

/** The texts of a section in `heAdmin` (heading, create, titles, what a delete removes). */
interface SectionTexts {
  heading: string;
  create: string;
  createTitle: string;
  editTitle: (name: string) => string;
  viewTitle: (name: string) => string;
  deleteWhat: (name: string) => string;
}

type Entity = "product" | "category" | "client" | "branch" | "sale" | "publication";

/**
 * A screen's messages from its section texts and the `heAdmin.messages` of its entity
 * (`<entity>Saved`, `…Updated`, `…Deleted`, `…SaveError`, `…UpdateError` if any, `…DeleteError`).
 */
export function crudMessages<Row, Item>(
  texts: SectionTexts,
  entity: Entity,
  nameOf: (value: Row | Item) => string,
): CrudMessages<Row, Item> {
  const m = heAdmin.messages as Record<string, unknown> as Record<string, string | undefined>;
  return {
    heading: texts.heading,
    create: texts.create,
    createTitle: texts.createTitle,
    editTitle: (item) => texts.editTitle(nameOf(item)),
    viewTitle: (item) => texts.viewTitle(nameOf(item)),
    deleteWhat: (row) => texts.deleteWhat(nameOf(row)),
    saved: m[`${entity}Saved`],
    updated: m[`${entity}Updated`],
    deleted: m[`${entity}Deleted`] ?? "",
    saveError: m[`${entity}SaveError`],
    updateError: m[`${entity}UpdateError`],
    deleteError: m[`${entity}DeleteError`] ?? "",
  };
}

/** What row actions and views may do to the screen: reload the rows, replace the item on view. */
export interface CrudControls<Row, Item = Row> {
  list: AdminList<Row>;
  /** The item in the view modal, if any. */
  viewing: Item | null;
  /** Shows this item in the view modal (e.g. after a row action changed it). */
  view: (item: Item) => void;
  /** Closes any modal (e.g. after a view's action removed its item from the list). */
  close: () => void;
  /** Opens this item in the edit form (e.g. a duplicate, which needs its own serial number). */
  edit: (item: Item) => void;
}

/** What a list's bulk actions get (the products list, issue 30): the list and its selected rows on this page. */
export interface BulkContext<Row> {
  list: AdminList<Row>;
  selected: Row[];
  /** Selects these rows of the page (all of them: "select page"). */
  select: (ids: Iterable<number>) => void;
  clear: () => void;
}

/** What the view modal's component gets: the item, and the screen's controls (for actions on it). */
export interface ViewProps<Row, Item = Row> {
  item: Item;
  controls: CrudControls<Row, Item>;
}

/**
 * A row or view action that changes one item on the server (PUT `path` with `json`): the answer's message as the
 * toast, its item into the view when that item is open there, the rows reloaded; `failure` as the toast otherwise.
 */
export async function putRowChange<Item extends { id: number }>(
  controls: CrudControls<Item, Item>,
  path: string,
  json: unknown,
  failure: string,
) {
  try {
    const body = await apiJson<{ message: string; data: Item }>(path, { method: "PUT", json });
    notify.success(body.message);
    if (controls.viewing?.id === body.data.id) controls.view(body.data);
    controls.list.reload();
  } catch (error) {
    notify.failure(failure, error);
  }
}

type ModalState<Row, Item> =
  | { kind: "none" }
  | { kind: "create" }
  /** `formKey`: an edit that began as a create keeps the form it was typed in (see `onIncomplete`). */
  | { kind: "edit"; item: Item; formKey?: string }
  | { kind: "view"; item: Item }
  | { kind: "delete"; row: Row };

export function CrudScreen<Row extends { id: number }, Item extends { id: number }>(props: {
  subject: AdminSubject;
  endpoint: string;
  /** The section whose images screen the rows open (`/admin/<section>/:id/images`); none without images. */
  imagesSection?: ImagesSectionKey;
  columns: ListColumn<Row>[];
  rowName: (row: Row) => string;
  messages: CrudMessages<Row, Item>;
  /** The create/edit form; without it the screen only lists, views and deletes. */
  Form?: (props: FormProps<Item>) => ReactNode;
  View: (props: ViewProps<Row, Item>) => ReactNode;
  /** The list rows carry every field: the view modal shows the row itself, with no GET `<endpoint>/<id>`. */
  rowIsItem?: boolean;
  /** More row actions, between edit/images and delete. */
  rowActions?: (row: Row, controls: CrudControls<Row, Item>) => ReactNode;
  deleteDetails?: (row: Row) => string | undefined;
  deleteBlocked?: (row: Row) => string | undefined;
  searchLabels?: Partial<Record<"title" | "content", string | null>>;
  headerExtra?: ReactNode;
  toolbarExtra?: (list: AdminList<Row>) => ReactNode;
  extraKeys?: readonly string[];
  /** A one-of filter shown as radio buttons under the search (`param` joins the list's URL keys). */
  radioFilter?: { param: string; legend: string; options: RadioFilterOptions };
  modalSize?: "md" | "lg";
  /** A record, not a collection to edit (the audit log): rows are only viewed, never deleted. */
  readOnly?: boolean;
  /** The row's delete button, when it is not the usual "מחיקה" (the trash's "מחק לצמיתות"). */
  deleteLabel?: string;
  /** Bulk actions: the rows get selection checkboxes, and this renders the selection bar and its dialogs. */
  bulk?: (context: BulkContext<Row>) => ReactNode;
}) {
  const { messages: t, subject, endpoint, Form, View } = props;
  const radioParam = props.radioFilter?.param;
  // The screen's own URL keys and the radio filter's: a screen may have both.
  const extraKeys = useMemo(
    () => [...(props.extraKeys ?? []), ...(radioParam ? [radioParam] : [])],
    [radioParam, props.extraKeys],
  );
  const list = useAdminList<Row>(endpoint, extraKeys);
  const permitted = useCan(subject);
  const can = props.readOnly ? { ...permitted, create: false, update: false, delete: false } : permitted;
  const canImages = useCan("Image");
  const canRestore = useCan("Trash").update;
  // Deletes of these sections go to the trash (issue 12): the toast offers "בטל".
  const recoverable = isTrashSubject(subject);
  const canCreate = Form !== undefined && can.create;
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const [modal, setModal] = useState<ModalState<Row, Item>>({ kind: "none" });
  // The rows selected for a bulk action: of the page shown, so another page, search or sort starts afresh.
  const [selectedKeys, setSelectedKeys] = useState<Set<number>>(() => new Set());
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new list query clears the selection
  useEffect(() => setSelectedKeys(new Set()), [list.query]);
  const pageRows = list.page?.data ?? [];
  const bulkContext: BulkContext<Row> = {
    list,
    selected: pageRows.filter((row) => selectedKeys.has(row.id)),
    select: (ids) => setSelectedKeys(new Set(ids)),
    clear: () => setSelectedKeys(new Set()),
  };
  const close = () => setModal({ kind: "none" });
  const controls: CrudControls<Row, Item> = {
    list,
    viewing: modal.kind === "view" ? modal.item : null,
    view: (item) => setModal({ kind: "view", item }),
    close,
    edit: (item) => setModal({ kind: "edit", item }),
  };

  // The panel's quick actions link here with ?new=1.
  useEffect(() => {
    if (list.params.get("new") === "1" && canCreate) {
      setModal({ kind: "create" });
      list.update({ new: null }, true);
    }
  }, [list, canCreate]);

  async function open(row: Row, kind: "edit" | "view") {
    try {
      const item =
        kind === "view" && props.rowIsItem
          ? (row as unknown as Item)
          : (await apiJson<{ data: Item }>(`${endpoint}/${row.id}`)).data;
      setModal({ kind, item });
    } catch (error) {
      notify.failure(heAdmin.loadFailed, error);
    }
  }

  async function save(item: Item | undefined, data: unknown, version?: number): Promise<Item> {
    const body = item
      ? await apiJson<{ data: Item }>(`${endpoint}/${item.id}`, {
          method: "PUT",
          // The version the form stands on: a save over a newer one is refused (409) instead of erasing it.
          json: version === undefined ? data : { ...(data as object), version },
        })
      : await apiJson<{ data: Item }>(endpoint, { method: "POST", json: data });
    return body.data;
  }

  async function remove(row: Row) {
    try {
      const body = await apiJson<{ message?: string; trash?: TrashReceipt }>(`${endpoint}/${row.id}`, {
        method: "DELETE",
      });
      const trash = body?.trash;
      notify.success(
        t.deleted,
        undefined,
        trash && canRestore ? { label: heAdmin.toast.undo, onAction: () => undo(trash.id) } : undefined,
      );
      list.reloadFirstPage();
    } catch (error) {
      notify.failure(t.deleteError, error);
    }
  }

  /** The toast's "בטל": the record comes back from the trash at once, and into the list. */
  async function undo(trashId: number) {
    try {
      await apiJson(`/api/admin/trash/${trashId}/restore`, { method: "POST" });
      notify.success(heAdmin.messages.trashRestored);
      list.reload();
    } catch (error) {
      notify.failure(heAdmin.messages.trashRestoreError, error);
    }
  }

  const deleting = modal.kind === "delete" ? modal.row : null;
  const editing = modal.kind === "edit" ? modal.item : undefined;
  const formKey = modal.kind === "edit" ? (modal.formKey ?? `edit-${modal.item.id}`) : "new";

  return (
    <>
      <ListHeader title={t.heading}>
        {props.headerExtra}
        {canCreate ? (
          <button
            type="button"
            aria-haspopup="dialog"
            // Served before the page's script runs, when a press would do nothing: not ready until it does.
            disabled={!hydrated}
            className={buttonClass.primary}
            onClick={() => setModal({ kind: "create" })}
          >
            <PlusIcon className="size-5" />
            {t.create}
          </button>
        ) : null}
      </ListHeader>
      <SearchToolbar list={list} labels={props.searchLabels} filterKeys={extraKeys}>
        {props.radioFilter ? <RadioFilter list={list} {...props.radioFilter} /> : null}
        {props.toolbarExtra?.(list)}
      </SearchToolbar>
      <AdminTable
        label={t.heading}
        columns={props.columns}
        list={list}
        selection={props.bulk ? { keys: selectedKeys, onChange: setSelectedKeys } : undefined}
        actions={(row) => {
          const name = props.rowName(row);
          return (
            <>
              <RowAction
                label={heAdmin.view}
                subject={name}
                icon={<EyeIcon className="size-4" />}
                onPress={() => open(row, "view")}
              />
              {Form && can.update ? (
                <RowAction
                  label={heAdmin.edit}
                  subject={name}
                  icon={<EditIcon className="size-4" />}
                  onPress={() => open(row, "edit")}
                />
              ) : null}
              {props.imagesSection && canImages.read ? (
                <RowAction
                  label={heAdmin.images}
                  subject={name}
                  icon={<ImageIcon className="size-4" />}
                  onPress={() =>
                    navigate({
                      pathname: `${sectionHref(props.imagesSection!)}/${row.id}/images`,
                      search: list.params.toString(),
                    })
                  }
                />
              ) : null}
              {props.rowActions?.(row, controls)}
              {can.delete ? (
                <RowAction
                  label={props.deleteLabel ?? heAdmin.delete}
                  subject={name}
                  tone="danger"
                  icon={<TrashIcon className="size-4" />}
                  onPress={() => setModal({ kind: "delete", row })}
                />
              ) : null}
            </>
          );
        }}
      />
      <ListFooter list={list} />
      {props.bulk?.(bulkContext)}

      {Form ? (
        <AdminModal
          isOpen={modal.kind === "create" || modal.kind === "edit"}
          onClose={close}
          size={props.modalSize}
          title={editing ? (t.editTitle?.(editing) ?? "") : (t.createTitle ?? "")}
        >
          {modal.kind === "create" || modal.kind === "edit" ? (
            <Form
              key={formKey}
              item={editing}
              save={(data, version) => save(editing, data, version)}
              errorTitle={(editing ? (t.updateError ?? t.saveError) : t.saveError) ?? heAdmin.loadFailed}
              onCancel={close}
              onSaved={(kind) => {
                notify.success((kind === "created" ? t.saved : t.updated) ?? "");
                close();
                list.reloadFirstPage();
              }}
              onIncomplete={(item) => {
                // Stored, but not all of it: the same form goes on, editing the stored item.
                setModal({ kind: "edit", item, formKey });
                list.reload();
              }}
            />
          ) : null}
        </AdminModal>
      ) : null}

      <AdminModal
        isOpen={modal.kind === "view"}
        onClose={close}
        size={props.modalSize}
        title={modal.kind === "view" ? t.viewTitle(modal.item) : ""}
      >
        {modal.kind === "view" ? <View item={modal.item} controls={controls} /> : null}
      </AdminModal>

      <ConfirmDelete
        isOpen={deleting !== null}
        what={deleting ? t.deleteWhat(deleting) : ""}
        details={deleting ? props.deleteDetails?.(deleting) : undefined}
        blockedReason={deleting ? props.deleteBlocked?.(deleting) : undefined}
        recoverable={recoverable}
        onClose={close}
        onConfirm={() => (deleting ? remove(deleting) : undefined)}
      />

      <Outlet context={{ reload: list.reload }} />
    </>
  );
}
