/**
 * One admin section: list (search, sort, paging), create / edit / view modals, the images screen and the
 * delete confirmation. Categories, club members, branches, sales and publications are all this screen
 * with their own columns, form and messages.
 */
import { type ReactNode, useEffect, useState } from "react";
import { Outlet, useNavigate } from "react-router";
import { heAdmin } from "../../../domain/i18n/admin.ts";
import type { AdminSubject } from "../../../domain/permissions.ts";
import { useCan } from "../../lib/admin-permissions.ts";
import { apiJson } from "../../lib/api-client.ts";
import { ConfirmDelete } from "./confirm-delete.tsx";
import { buttonClass } from "./fields.tsx";
import { EditIcon, EyeIcon, ImageIcon, PlusIcon, TrashIcon } from "./icons.tsx";
import { AdminTable, type ListColumn, ListFooter, ListHeader, RowAction, SearchToolbar } from "./list.tsx";
import { AdminModal } from "./modal.tsx";
import { notify } from "./toast.tsx";
import { type AdminList, useAdminList } from "./use-admin-list.ts";

export interface CrudMessages<Row, Item> {
  heading: string;
  create: string;
  createTitle: string;
  editTitle: (item: Item) => string;
  viewTitle: (item: Item) => string;
  deleteWhat: (row: Row) => string;
  saved: string;
  updated: string;
  deleted: string;
  saveError: string;
  updateError?: string;
  deleteError: string;
}

export interface FormProps<Item> {
  item?: Item;
  onSaved: (kind: "created" | "updated") => void;
  onCancel: () => void;
  errorTitle: string;
}

type ModalState<Row, Item> =
  | { kind: "none" }
  | { kind: "create" }
  | { kind: "edit" | "view"; item: Item }
  | { kind: "delete"; row: Row };

export function CrudScreen<Row extends { id: number }, Item extends { id: number }>(props: {
  subject: AdminSubject;
  endpoint: string;
  /** The section's path for the images screen (`/admin/<section>/:id/images`); none without images. */
  imagesSection?: string;
  columns: ListColumn<Row>[];
  rowName: (row: Row) => string;
  messages: CrudMessages<Row, Item>;
  Form: (props: FormProps<Item>) => ReactNode;
  View: (props: { item: Item }) => ReactNode;
  deleteDetails?: (row: Row) => string | undefined;
  deleteBlocked?: (row: Row) => string | undefined;
  searchLabels?: Partial<Record<"title" | "content", string | null>>;
  headerExtra?: ReactNode;
  toolbarExtra?: (list: AdminList<Row>) => ReactNode;
  extraKeys?: readonly string[];
  modalSize?: "md" | "lg";
}) {
  const { messages: t, subject, endpoint, Form, View } = props;
  const list = useAdminList<Row>(endpoint, props.extraKeys);
  const can = useCan(subject);
  const canImages = useCan("Image");
  const navigate = useNavigate();
  const [modal, setModal] = useState<ModalState<Row, Item>>({ kind: "none" });
  const close = () => setModal({ kind: "none" });

  useEffect(() => {
    if (list.params.get("new") === "1" && can.create) {
      setModal({ kind: "create" });
      list.update({ new: null }, true);
    }
  }, [list, can.create]);

  async function open(id: number, kind: "edit" | "view") {
    try {
      const body = await apiJson<{ data: Item }>(`${endpoint}/${id}`);
      setModal({ kind, item: body.data });
    } catch (error) {
      notify.failure(heAdmin.loadFailed, error);
    }
  }

  async function remove(row: Row) {
    try {
      await apiJson(`${endpoint}/${row.id}`, { method: "DELETE" });
      notify.success(t.deleted);
      list.reloadFirstPage();
    } catch (error) {
      notify.failure(t.deleteError, error);
    }
  }

  const deleting = modal.kind === "delete" ? modal.row : null;

  return (
    <>
      <ListHeader title={t.heading}>
        {props.headerExtra}
        {can.create ? (
          <button type="button" className={buttonClass.primary} onClick={() => setModal({ kind: "create" })}>
            <PlusIcon className="size-5" />
            {t.create}
          </button>
        ) : null}
      </ListHeader>
      <SearchToolbar list={list} labels={props.searchLabels}>
        {props.toolbarExtra?.(list)}
      </SearchToolbar>
      <AdminTable
        label={t.heading}
        columns={props.columns}
        list={list}
        actions={(row) => {
          const name = props.rowName(row);
          return (
            <>
              <RowAction
                label={heAdmin.view}
                subject={name}
                icon={<EyeIcon className="size-4" />}
                onPress={() => open(row.id, "view")}
              />
              {can.update ? (
                <RowAction
                  label={heAdmin.edit}
                  subject={name}
                  icon={<EditIcon className="size-4" />}
                  onPress={() => open(row.id, "edit")}
                />
              ) : null}
              {props.imagesSection && canImages.read ? (
                <RowAction
                  label={heAdmin.images}
                  subject={name}
                  icon={<ImageIcon className="size-4" />}
                  onPress={() =>
                    navigate({
                      pathname: `/admin/${props.imagesSection}/${row.id}/images`,
                      search: list.params.toString(),
                    })
                  }
                />
              ) : null}
              {can.delete ? (
                <RowAction
                  label={heAdmin.delete}
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

      <AdminModal
        isOpen={modal.kind === "create" || modal.kind === "edit"}
        onClose={close}
        size={props.modalSize}
        title={modal.kind === "edit" ? t.editTitle(modal.item) : t.createTitle}
      >
        {modal.kind === "create" || modal.kind === "edit" ? (
          <Form
            key={modal.kind === "edit" ? modal.item.id : "new"}
            item={modal.kind === "edit" ? modal.item : undefined}
            errorTitle={modal.kind === "edit" ? (t.updateError ?? t.saveError) : t.saveError}
            onCancel={close}
            onSaved={(kind) => {
              notify.success(kind === "created" ? t.saved : t.updated);
              close();
              list.reloadFirstPage();
            }}
          />
        ) : null}
      </AdminModal>

      <AdminModal
        isOpen={modal.kind === "view"}
        onClose={close}
        size={props.modalSize}
        title={modal.kind === "view" ? t.viewTitle(modal.item) : ""}
      >
        {modal.kind === "view" ? <View item={modal.item} /> : null}
      </AdminModal>

      <ConfirmDelete
        isOpen={deleting !== null}
        what={deleting ? t.deleteWhat(deleting) : ""}
        details={deleting ? props.deleteDetails?.(deleting) : undefined}
        blockedReason={deleting ? props.deleteBlocked?.(deleting) : undefined}
        onClose={close}
        onConfirm={() => (deleting ? remove(deleting) : undefined)}
      />

      <Outlet context={{ reload: list.reload }} />
    </>
  );
}

/** Cancel + save buttons at the foot of a form. */
export function FormActions({ loading, onCancel }: { loading: boolean; onCancel: () => void }) {
  return (
    <div className="flex justify-end gap-2 border-t border-cream-300 pt-4">
      <button
        type="button"
        onClick={onCancel}
        className="rounded-full border-2 border-cocoa-800/40 px-5 py-2 font-semibold text-cocoa-900 hover:bg-cream-100"
      >
        {heAdmin.cancel}
      </button>
      <button
        type="submit"
        disabled={loading}
        aria-disabled={loading}
        className="min-w-28 rounded-full bg-crust-700 px-6 py-2.5 font-semibold text-white outline-none hover:bg-crust-600 focus-visible:ring-4 focus-visible:ring-crust-600/40 disabled:opacity-70"
      >
        {loading ? heAdmin.busy : heAdmin.save}
      </button>
    </div>
  );
}
