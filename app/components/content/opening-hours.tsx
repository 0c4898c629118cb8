import type { ReactNode } from "react";
import type { OpeningHoursEntry, Weekday } from "../../../domain/contracts/content.ts";
import { heContent } from "../../../domain/i18n/content.ts";
import { weekTable } from "../../lib/opening-hours.ts";

const t = heContent.branches;

/** The week's opening hours as a table, Sunday → Saturday; closed days say so; today is marked in text too. */
export function OpeningHoursTable({ hours, today }: { hours: OpeningHoursEntry[]; today: Weekday | null }) {
  return (
    <DaysTable caption={t.hoursCaption} dayHeader={t.day} hoursHeader={t.time}>
      {weekTable(hours).map(({ day, intervals }) => {
        const isToday = day === today;
        return (
          <tr
            key={day}
            aria-current={isToday ? "date" : undefined}
            className={`border-b border-cream-300 last:border-0 ${isToday ? "bg-cream-200 font-bold" : ""}`}
          >
            <th scope="row" className="py-2 ps-3 pe-4 text-start font-semibold">
              {`יום ${t.days[day]}`}
              {isToday ? <TodayBadge /> : null}
            </th>
            <td className="py-2 pe-3 text-end">
              {intervals.length === 0 ? (
                <span data-chat-avoid="" className="text-berry-700">
                  {t.closed}
                </span>
              ) : (
                intervals.map((interval, i) => (
                  <span key={`${interval.opens}-${interval.closes}`}>
                    {i > 0 ? ", " : null}
                    {/* The hours themselves (this box: on a narrow phone it wraps, taller than its line), which the
                        floating chat button never covers (chat-button-placement.ts). */}
                    <span dir="ltr" data-chat-avoid="" className="inline-block tabular-nums">
                      {interval.opens}–{interval.closes}
                    </span>
                  </span>
                ))
              )}
            </td>
          </tr>
        );
      })}
    </DaysTable>
  );
}

/**
 * The frame of the branches' day tables (the week, the coming days): a row a day, its name or date as the
 * row's header and its hours; the caption and column names are for screen readers.
 */
export function DaysTable({
  caption,
  dayHeader,
  hoursHeader,
  children,
}: {
  caption: string;
  dayHeader: string;
  hoursHeader: string;
  children: ReactNode;
}) {
  return (
    <table className="w-full border-collapse text-start">
      <caption className="sr-only">{caption}</caption>
      <thead className="sr-only">
        <tr>
          <th scope="col">{dayHeader}</th>
          <th scope="col">{hoursHeader}</th>
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

/** "היום" beside today's row header (the row is also aria-current="date"). */
export function TodayBadge() {
  return <span className="ms-2 rounded-full bg-crust-700 px-2 py-0.5 text-xs font-semibold text-white">{t.today}</span>;
}
