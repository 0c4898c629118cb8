/** The status line alone, apart from the calendar (hours-days.tsx), so the home page loads only this. */
import { HOURS_STATUS_SEPARATOR } from "../../../domain/i18n/hours-separator.ts";

/** "פתוח עכשיו · נסגר ב־14:00" as the server computed it (Jerusalem time); never recomputed in the browser. */
export function HoursStatusLine({
  openNow,
  status,
  className = "",
}: {
  openNow: boolean;
  status: string;
  className?: string;
}) {
  const [state, detail] = status.split(HOURS_STATUS_SEPARATOR);
  return (
    <p className={`flex flex-wrap items-center gap-x-2 gap-y-1 ${className}`} data-testid="hours-status">
      <span
        className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-sm font-bold ${
          openNow ? "bg-olive-700 text-white" : "bg-berry-700 text-white"
        }`}
      >
        <span aria-hidden="true" className="size-2 rounded-full bg-white" />
        {state}
      </span>
      {detail ? <span className="font-semibold text-cocoa-900">{detail}</span> : null}
    </p>
  );
}
