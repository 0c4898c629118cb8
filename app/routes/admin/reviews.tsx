/**
 * Customer reviews (issue 12): moderation. Newest first, a status filter (pending / approved / rejected /
 * all), approve and reject from the row or the view, delete. Only approved reviews appear on the site.
 */
import type { ReactNode } from "react";
import type { AdminReview } from "../../../domain/contracts/admin.ts";
import { heAdmin } from "../../../domain/i18n/admin.ts";
import type { ReviewStatus } from "../../../domain/schemas/fields.ts";
import { type BadgeTone, Details, MultilineText, ToneBadge } from "../../components/admin/bits.tsx";
import { column } from "../../components/admin/columns.tsx";
import { type CrudControls, CrudScreen, putRowChange, type ViewProps } from "../../components/admin/crud-screen.tsx";
import { formatDateTime } from "../../components/admin/format.ts";
import { type ListColumn, RowAction } from "../../components/admin/list.tsx";
import { sectionMeta } from "../../components/admin/meta.ts";
import { Stars } from "../../components/catalogue/bits.tsx";
import { CloseIcon } from "../../components/ui/icon.tsx";
import { CheckIcon } from "../../components/ui/other-icons.tsx";
import { useCan } from "../../lib/admin-permissions.ts";

export const meta = sectionMeta("reviews");

const r = heAdmin.reviews;
const m = heAdmin.messages;
const FILTER_OPTIONS = [
  ["pending", r.statuses.pending],
  ["approved", r.statuses.approved],
  ["rejected", r.statuses.rejected],
  ["all", r.statuses.all],
] as const;

const STATUS_TONE: Record<ReviewStatus, BadgeTone> = {
  pending: "waiting",
  approved: "positive",
  rejected: "negative",
};

function StatusBadge({ status }: { status: ReviewStatus }) {
  return <ToneBadge tone={STATUS_TONE[status]}>{r.status[status]}</ToneBadge>;
}

function Rating({ rating }: { rating: number }) {
  return (
    <span className="inline-flex items-center gap-2 whitespace-nowrap">
      <Stars rating={rating} className="size-4" />
      <span className="text-sm">{r.stars(rating)}</span>
    </span>
  );
}

const columns: ListColumn<AdminReview>[] = [
  column.createdAt({ name: r.received }),
  {
    id: "product",
    name: r.product,
    render: (row) => (
      <a href={`/product/${row.product_id}`} className="text-crust-700 underline-offset-4 hover:underline">
        {row.product_name}
      </a>
    ),
  },
  { id: "rating", name: r.rating, sortable: true, render: (row) => <Rating rating={row.rating} /> },
  { id: "name", name: r.name, sortable: true, render: (row) => row.name },
  {
    id: "text",
    name: r.text,
    render: (row) => <span className="line-clamp-2 max-w-md text-sm">{row.text}</span>,
  },
  { id: "status", name: heAdmin.statusLabel, sortable: true, render: (row) => <StatusBadge status={row.status} /> },
];

const moderate = (row: AdminReview, status: "approved" | "rejected", controls: CrudControls<AdminReview>) =>
  putRowChange(controls, `/api/admin/reviews/${row.id}`, { status }, m.reviewUpdateError);

/** Approve and reject, whichever the review is not already. */
function ModerationButtons({
  row,
  Button,
}: {
  row: AdminReview;
  Button: (props: { label: string; status: "approved" | "rejected" }) => ReactNode;
}) {
  const can = useCan("Review");
  if (!can.update) return null;
  return (
    <>
      {row.status !== "approved" ? <Button label={r.approve} status="approved" /> : null}
      {row.status !== "rejected" ? <Button label={r.reject} status="rejected" /> : null}
    </>
  );
}

function ReviewView({ item, controls }: ViewProps<AdminReview>) {
  return (
    <div className="space-y-4">
      <Details
        items={[
          [r.product, item.product_name],
          [r.rating, <Rating key="r" rating={item.rating} />],
          [r.name, item.name],
          [r.received, formatDateTime(item.created_at)],
          [heAdmin.statusLabel, <StatusBadge key="s" status={item.status} />],
          [r.text, <MultilineText key="t" text={item.text} />],
        ]}
      />
      <div className="flex justify-end gap-3 border-t border-cream-300 pt-4">
        <ModerationButtons
          row={item}
          Button={({ label, status }) => (
            <button
              type="button"
              onClick={() => moderate(item, status, controls)}
              className={
                status === "approved"
                  ? "rounded-full bg-crust-700 px-5 py-2.5 font-semibold text-white hover:bg-crust-600"
                  : "rounded-full border-2 border-berry-700 px-5 py-2 font-semibold text-berry-700 hover:bg-cream-200"
              }
            >
              {label}
            </button>
          )}
        />
      </div>
    </div>
  );
}

export default function Reviews() {
  return (
    <CrudScreen<AdminReview, AdminReview>
      subject="Review"
      endpoint="/api/admin/reviews"
      columns={columns}
      rowName={(row) => row.name}
      searchLabels={{ title: r.name, content: r.text }}
      radioFilter={{ param: "status", legend: r.filter, options: FILTER_OPTIONS }}
      messages={{
        heading: r.heading,
        viewTitle: (item) => `${r.text}: ${item.name}`,
        deleteWhat: (row) => r.deleteWhat(row.name),
        deleted: m.reviewDeleted,
        deleteError: m.reviewDeleteError,
      }}
      rowIsItem
      View={ReviewView}
      rowActions={(row, controls) => (
        <ModerationButtons
          row={row}
          Button={({ label, status }) => (
            <RowAction
              label={label}
              subject={row.name}
              icon={status === "approved" ? <CheckIcon className="size-4" /> : <CloseIcon className="size-4" />}
              onPress={() => moderate(row, status, controls)}
            />
          )}
        />
      )}
    />
  );
}
