/** The branch form's opening hours: one row per weekday, open or closed, with opening and closing times. */
import type { OpeningHoursEntry } from "../../../../domain/contracts/admin.ts";
import { heAdmin } from "../../../../domain/i18n/admin.ts";

const f = heAdmin.fields;

export function HoursEditor({
  value,
  onChange,
  errors,
}: {
  value: OpeningHoursEntry[];
  onChange: (hours: OpeningHoursEntry[]) => void;
  errors: Record<string, string[]>;
}) {
  const set = (day: number, entry: OpeningHoursEntry | null) => {
    const others = value.filter((h) => h.day !== day);
    onChange((entry ? [...others, entry] : others).sort((a, z) => a.day - z.day));
  };
  return (
    <fieldset className="rounded-xl p-4 ring-1 ring-cream-300 md:col-span-2">
      <legend className="px-1 text-lg font-bold text-cocoa-900">{f.openingHours}</legend>
      <ul className="space-y-2">
        {heAdmin.days.map((dayName, day) => {
          const entry = value.find((h) => h.day === day);
          const index = entry ? value.indexOf(entry) : -1;
          const error = [
            ...(errors[`opening_hours.${index}.opens`] ?? []),
            ...(errors[`opening_hours.${index}.closes`] ?? []),
          ];
          return (
            <li
              key={dayName}
              className="grid grid-cols-[6rem_auto_1fr] items-center gap-3 sm:grid-cols-[6rem_auto_9rem_9rem_1fr]"
            >
              <span className="font-semibold text-cocoa-900">{dayName}</span>
              <label className="inline-flex items-center gap-2">
                <input
                  type="checkbox"
                  checked={Boolean(entry)}
                  onChange={(e) => set(day, e.target.checked ? { day, opens: "07:00", closes: "19:00" } : null)}
                  className="size-5 accent-crust-700"
                />
                <span className="sr-only">{dayName}: </span>
                {entry ? f.open : f.closed}
              </label>
              {entry ? (
                <>
                  <label className="flex items-center gap-2 text-sm">
                    {f.opens}
                    <input
                      type="time"
                      value={entry.opens}
                      aria-label={`${dayName} ${f.opens}`}
                      aria-invalid={error.length > 0 || undefined}
                      onChange={(e) => set(day, { ...entry, opens: e.target.value })}
                      className="rounded-lg border border-cocoa-800/40 px-2 py-1"
                      dir="ltr"
                    />
                  </label>
                  <label className="flex items-center gap-2 text-sm">
                    {f.closes}
                    <input
                      type="time"
                      value={entry.closes}
                      aria-label={`${dayName} ${f.closes}`}
                      aria-invalid={error.length > 0 || undefined}
                      onChange={(e) => set(day, { ...entry, closes: e.target.value })}
                      className="rounded-lg border border-cocoa-800/40 px-2 py-1"
                      dir="ltr"
                    />
                  </label>
                  {error.length ? (
                    <span className="text-sm font-medium text-berry-700">{error.join(" ")}</span>
                  ) : (
                    <span />
                  )}
                </>
              ) : null}
            </li>
          );
        })}
      </ul>
      {errors.opening_hours ? (
        <p className="mt-1 text-sm font-medium text-berry-700">{errors.opening_hours.join(" ")}</p>
      ) : null}
    </fieldset>
  );
}
