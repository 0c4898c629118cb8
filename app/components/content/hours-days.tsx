import type { HoursDay } from "../../../domain/contracts/content.ts";
import { heHours } from "../../../domain/i18n/hours.ts";
import { DaysTable, TodayBadge } from "./opening-hours.tsx";

export { HoursStatusLine } from "./hours-status.tsx";

const t = heHours;

function dayMonth(date: string): string {
  const [, m, d] = date.split("-").map(Number);
  return `${d}.${m}`;
}

/**
 * The coming days as the server computed them: weekday and date, Hebrew date, the holiday or parasha, and the
 * hours or "closed". The first row is today.
 */
export function NextDaysTable({ days, compact = false }: { days: HoursDay[]; compact?: boolean }) {
  return (
    <DaysTable caption={t.nextDaysCaption} dayHeader={t.date} hoursHeader={t.hours}>
      {days.map((day, index) => {
        const isToday = index === 0;
        return (
          <tr
            key={day.date}
            aria-current={isToday ? "date" : undefined}
            className={`border-b border-cream-300 align-top last:border-0 ${isToday ? "bg-cream-200" : ""}`}
          >
            <th scope="row" className={`${compact ? "py-1.5" : "py-2"} ps-3 pe-2 text-start font-normal`}>
              <span className="font-semibold text-cocoa-900">
                {`יום ${t.days[day.weekday]} `}
                <span className="tabular-nums">{dayMonth(day.date)}</span>
              </span>
              {isToday ? <TodayBadge /> : null}
              {compact ? null : <span className="block text-sm text-cocoa-800">{day.hebrew_date}</span>}
              {day.name ? <span className="block text-sm font-semibold text-crust-700">{day.name}</span> : null}
            </th>
            <td className={`${compact ? "py-1.5" : "py-2"} pe-3 text-end`}>
              {day.closed ? (
                <span data-chat-avoid="" className="font-semibold text-berry-700">
                  {t.closed}
                </span>
              ) : (
                day.intervals.map((interval, i) => (
                  <span key={interval.opens_at} className="whitespace-nowrap">
                    {i > 0 ? ", " : null}
                    {/* The hours themselves (this box: on a narrow phone it wraps, taller than its line), which the
                        floating chat button never covers (chat-button-placement.ts). */}
                    <span dir="ltr" data-chat-avoid="" className="inline-block tabular-nums">
                      {interval.opens}–{interval.closes}
                    </span>
                  </span>
                ))
              )}
              {day.note ? (
                <span data-chat-avoid="" className="block text-sm text-cocoa-800">
                  {day.note}
                </span>
              ) : null}
              {!compact && day.candle_lighting ? (
                <span data-chat-avoid="" className="block text-sm text-cocoa-800">
                  {t.candleLighting(day.candle_lighting)}
                </span>
              ) : null}
            </td>
          </tr>
        );
      })}
    </DaysTable>
  );
}
