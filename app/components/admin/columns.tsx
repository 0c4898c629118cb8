/** The list columns most admin screens share; a screen adds its own between them. */
import type { Picture } from "../../../domain/contracts/catalogue.ts";
import { heAdmin } from "../../../domain/i18n/admin.ts";
import type { ScheduleStatus } from "../../../domain/seasonal/schedule.ts";
import { ScheduleBadge, StatusBadge, Thumb, YesNo } from "./bits.tsx";
import { formatDateTime } from "./format.ts";
import type { ListColumn } from "./list.tsx";

const f = heAdmin.fields;

export const column = {
  image: <R extends { mainImage: Picture | null }>(): ListColumn<R> => ({
    id: "image",
    name: f.mainImage,
    card: "plain",
    render: (r) => <Thumb picture={r.mainImage} />,
  }),
  id: <R extends { id: number }>(): ListColumn<R> => ({
    id: "id",
    name: heAdmin.id,
    sortable: true,
    render: (r) => <bdi>{r.id}</bdi>,
  }),
  /** The row's header: its name in bold, with an optional second line under it (one line, clipped). */
  name: <R extends { name: string }>(secondLine?: (row: R) => string): ListColumn<R> => ({
    id: "name",
    name: f.name,
    sortable: true,
    isRowHeader: true,
    render: (r) =>
      secondLine ? (
        <span className="block min-w-40">
          <span className="block font-semibold">{r.name}</span>
          <span className="line-clamp-2 text-sm text-cocoa-800 md:line-clamp-1">{secondLine(r)}</span>
        </span>
      ) : (
        <span className="font-semibold">{r.name}</span>
      ),
  }),
  status: <R extends { status: number }>(): ListColumn<R> => ({
    id: "status",
    name: heAdmin.statusLabel,
    sortable: true,
    render: (r) => <StatusBadge status={r.status} />,
  }),
  homeVisibility: <R extends { visibility_home_page: boolean }>(): ListColumn<R> => ({
    id: "visibility_home_page",
    wide: true,
    name: heAdmin.homeVisibility,
    sortable: true,
    render: (r) => <YesNo value={r.visibility_home_page} />,
  }),
  position: <R extends { position: number }>(): ListColumn<R> => ({
    id: "position",
    name: f.position,
    wide: true,
    sortable: true,
    render: (r) => <bdi>{r.position}</bdi>,
  }),
  /** A dated item's window (Jerusalem time) under its badge: scheduled, active or ended. */
  schedule: <
    R extends { schedule: ScheduleStatus; starts_at: string | null; ends_at: string | null },
  >(): ListColumn<R> => ({
    id: "schedule",
    name: f.schedule,
    render: (r) => (
      <span className="flex flex-col items-start gap-0.5">
        <ScheduleBadge schedule={r.schedule} />
        {r.starts_at || r.ends_at ? (
          <span className="text-xs whitespace-nowrap text-cocoa-800" dir="ltr">
            {formatDateTime(r.starts_at) || "…"} – {formatDateTime(r.ends_at) || "…"}
          </span>
        ) : null}
      </span>
    ),
  }),
  createdAt: <R extends { created_at: string }>(options: { name?: string; wide?: boolean } = {}): ListColumn<R> => ({
    id: "created_at",
    name: options.name ?? heAdmin.createdAt,
    wide: options.wide,
    sortable: true,
    render: (r) => <span className="whitespace-nowrap text-sm">{formatDateTime(r.created_at)}</span>,
  }),
};
