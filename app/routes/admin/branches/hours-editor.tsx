/**
 * The branch form's opening hours: the weekly schedule with several intervals a day, the Friday/Shabbat
 * rule, the holiday rules and dated exceptions (docs/hours.md). Plain labelled controls, one column on phones.
 * Validation is the shared schema's (domain/hours/rules.ts); errors arrive by dotted field name.
 */
import { parseTime, type Time } from "@internationalized/date";
import type { ReactNode } from "react";
import { DateInput, DateSegment, Label, TimeField } from "react-aria-components";
import type { DayPolicy, HoursRules, Interval, WeeklyEntry } from "../../../../domain/hours/rules.ts";
import { heAdmin } from "../../../../domain/i18n/admin.ts";
import { heHours } from "../../../../domain/i18n/hours.ts";
import { DateOnlyInput, segmentClass } from "../../../components/admin/fields.tsx";

const e = heHours.editor;
const DAYS = heHours.days;

type Errors = Record<string, string[] | undefined>;

const INPUT = "rounded-lg border border-cocoa-800/40 bg-white px-2 py-1.5";
const BUTTON =
  "rounded-full border-2 border-crust-700 px-3 py-1 text-sm font-semibold text-crust-700 hover:bg-cream-200 focus-visible:outline-2";
const BOX = "rounded-xl p-3 ring-1 sm:p-4 ring-cream-300";

function ErrorText({ messages }: { messages: (string | undefined)[] }) {
  const list = messages.filter(Boolean);
  return list.length ? <p className="text-sm font-medium text-berry-700">{list.join(" ")}</p> : null;
}

/** "07:00" → a Time for React Aria; null for text that is not a time (the schema's message then says why). */
function toTime(value: string): Time | null {
  try {
    return value ? parseTime(value) : null;
  } catch {
    return null;
  }
}

/**
 * A time of day in 24-hour segments (hour:minute), whatever the staff member's browser locale: a native
 * `<input type="time">` follows the browser's language and shows AM/PM in an English Chromium, which no
 * Israeli opening-hours sign uses. The value stays the "HH:MM" text the schema reads.
 */
function TimeOfDayField({
  label,
  value,
  onChange,
  invalid,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  invalid?: boolean;
}) {
  return (
    <TimeField
      value={toTime(value)}
      onChange={(time) => onChange(time ? time.toString().slice(0, 5) : "")}
      hourCycle={24}
      shouldForceLeadingZeros
      isInvalid={invalid || undefined}
      validationBehavior="aria"
      className="flex flex-col gap-1 text-sm"
    >
      <Label>{label}</Label>
      <DateInput className={`${INPUT} flex min-h-11 min-w-24 items-center`} dir="ltr">
        {(segment) => <DateSegment segment={segment} className={segmentClass} />}
      </DateInput>
    </TimeField>
  );
}

/** A list of intervals with add/remove; `label` names the list for screen readers ("יום ראשון"). */
function IntervalsEditor({
  label,
  intervals,
  onChange,
  errorsOf,
}: {
  label: string;
  intervals: Interval[];
  onChange: (list: Interval[]) => void;
  errorsOf: (index: number) => string[];
}) {
  const update = (index: number, patch: Partial<Interval>) =>
    onChange(intervals.map((i, n) => (n === index ? { ...i, ...patch } : i)));
  return (
    <div className="space-y-2">
      {intervals.length === 0 ? <p className="text-sm text-cocoa-800">{e.closedDay}</p> : null}
      <ul className="space-y-2">
        {intervals.map((interval, index) => {
          const errors = errorsOf(index);
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: intervals have no identity of their own
            <li key={index} className="flex flex-wrap items-end gap-3">
              <TimeOfDayField
                label={`${e.opens} (${label}, ${index + 1})`}
                value={interval.opens}
                onChange={(v) => update(index, { opens: v })}
                invalid={errors.length > 0}
              />
              <TimeOfDayField
                label={`${e.closes} (${label}, ${index + 1})`}
                value={interval.closes}
                onChange={(v) => update(index, { closes: v })}
                invalid={errors.length > 0}
              />
              <button
                type="button"
                className={BUTTON}
                onClick={() => onChange(intervals.filter((_, n) => n !== index))}
              >
                {e.removeInterval}
                <span className="sr-only">
                  {" "}
                  ({label}, {index + 1})
                </span>
              </button>
              <ErrorText messages={errors} />
            </li>
          );
        })}
      </ul>
      {intervals.length < 4 ? (
        <button
          type="button"
          className={BUTTON}
          onClick={() =>
            onChange([
              ...intervals,
              { opens: intervals.length ? "16:00" : "07:00", closes: intervals.length ? "19:00" : "13:00" },
            ])
          }
        >
          {e.addInterval}
          <span className="sr-only"> ({label})</span>
        </button>
      ) : null}
    </div>
  );
}

function Select<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: Record<T, string>;
  onChange: (v: T) => void;
}) {
  return (
    <label className="flex flex-col gap-1">
      <span className="font-semibold text-cocoa-900">{label}</span>
      <select value={value} onChange={(ev) => onChange(ev.target.value as T)} className={INPUT}>
        {(Object.entries(options) as [T, string][]).map(([key, text]) => (
          <option key={key} value={key}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}

function NumberField({
  label,
  value,
  onChange,
  errors,
}: {
  label: string;
  value: number;
  onChange: (n: number) => void;
  errors: string[];
}) {
  return (
    <label className="flex flex-col gap-1 text-sm">
      <span>{label}</span>
      <input
        type="number"
        inputMode="numeric"
        min={0}
        max={600}
        value={Number.isFinite(value) ? value : ""}
        onChange={(ev) => onChange(ev.target.value === "" ? Number.NaN : Number(ev.target.value))}
        aria-invalid={errors.length > 0 || undefined}
        className={`${INPUT} w-28`}
        dir="ltr"
      />
      <ErrorText messages={errors} />
    </label>
  );
}

function PolicyEditor({
  label,
  policy,
  onChange,
  errors,
  path,
}: {
  label: string;
  policy: DayPolicy;
  onChange: (p: DayPolicy) => void;
  errors: Errors;
  path: string;
}) {
  return (
    <div className="space-y-2">
      <Select
        label={label}
        value={policy.mode}
        options={e.policyOptions}
        onChange={(mode) =>
          onChange({
            mode,
            intervals:
              mode === "custom"
                ? policy.intervals.length
                  ? policy.intervals
                  : [{ opens: "08:00", closes: "14:00" }]
                : [],
          })
        }
      />
      {policy.mode === "custom" ? (
        <IntervalsEditor
          label={label}
          intervals={policy.intervals}
          onChange={(intervals) => onChange({ ...policy, intervals })}
          errorsOf={(i) => [
            ...(errors[`${path}.intervals.${i}.opens`] ?? []),
            ...(errors[`${path}.intervals.${i}.closes`] ?? []),
          ]}
        />
      ) : null}
      <ErrorText messages={errors[`${path}.intervals`] ?? []} />
    </div>
  );
}

function Box({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className={BOX}>
      <legend className="px-1 font-bold text-cocoa-900">{title}</legend>
      <div className="space-y-3">{children}</div>
    </fieldset>
  );
}

export function HoursEditor({
  weekly,
  rules,
  onWeekly,
  onRules,
  errors,
}: {
  weekly: WeeklyEntry[];
  rules: HoursRules;
  onWeekly: (list: WeeklyEntry[]) => void;
  onRules: (rules: HoursRules) => void;
  errors: Errors;
}) {
  const setRule = <K extends keyof HoursRules>(key: K, value: HoursRules[K]) => onRules({ ...rules, [key]: value });
  const r = (key: string) => errors[`hours_rules.${key}`] ?? [];
  return (
    <fieldset className="space-y-4 rounded-xl p-3 ring-1 sm:p-4 ring-cream-300 md:col-span-2">
      <legend className="px-1 text-lg font-bold text-cocoa-900">{heHours.editor.weekly}</legend>
      <p className="text-sm text-cocoa-800">{e.weeklyHelp}</p>
      <div className="grid grid-cols-1 gap-3 lg:grid-cols-2">
        {DAYS.map((dayName, day) => {
          const indexes = weekly.flatMap((entry, i) => (entry.day === day ? [i] : []));
          const setDay = (list: Interval[]) =>
            onWeekly(
              [
                ...weekly.filter((entry) => entry.day !== day),
                ...list.map((i) => ({ ...i, day: day as WeeklyEntry["day"] })),
              ].sort((a, z) => a.day - z.day || a.opens.localeCompare(z.opens)),
            );
          return (
            <Box key={dayName} title={`יום ${dayName}`}>
              <IntervalsEditor
                label={`יום ${dayName}`}
                intervals={indexes.map((i) => ({ opens: weekly[i]!.opens, closes: weekly[i]!.closes }))}
                onChange={setDay}
                errorsOf={(n) => {
                  const i = indexes[n];
                  return [
                    ...(errors[`opening_hours.${i}.opens`] ?? []),
                    ...(errors[`opening_hours.${i}.closes`] ?? []),
                  ];
                }}
              />
            </Box>
          );
        })}
      </div>
      <ErrorText messages={errors.opening_hours ?? []} />

      <div className="grid grid-cols-1 gap-3 lg:grid-cols-2">
        <Box title={e.friday}>
          <Select
            label={e.friday}
            value={rules.friday.mode}
            options={{ fixed: e.fridayFixed, before_candles: e.fridayRelative }}
            onChange={(mode) => setRule("friday", mode === "fixed" ? { mode } : { mode, minutes: 120 })}
          />
          {rules.friday.mode === "before_candles" ? (
            <NumberField
              label={e.minutesBefore}
              value={rules.friday.minutes}
              onChange={(minutes) => setRule("friday", { mode: "before_candles", minutes })}
              errors={r("friday.minutes")}
            />
          ) : null}
          <Select
            label={e.erevChag}
            value={rules.erev_chag}
            options={e.erevChagOptions}
            onChange={(value) => setRule("erev_chag", value)}
          />
        </Box>

        <Box title={e.motzaei}>
          <label className="inline-flex items-center gap-2">
            <input
              type="checkbox"
              checked={rules.motzaei !== null}
              onChange={(ev) => setRule("motzaei", ev.target.checked ? { after_havdalah: 60, closes: "23:30" } : null)}
              className="size-5 accent-crust-700"
            />
            {e.motzaeiEnabled}
          </label>
          {rules.motzaei ? (
            <div className="flex flex-wrap items-start gap-3">
              <NumberField
                label={e.minutesAfter}
                value={rules.motzaei.after_havdalah}
                onChange={(after_havdalah) =>
                  setRule("motzaei", { ...(rules.motzaei as NonNullable<HoursRules["motzaei"]>), after_havdalah })
                }
                errors={r("motzaei.after_havdalah")}
              />
              <TimeOfDayField
                label={e.motzaeiCloses}
                value={rules.motzaei.closes}
                onChange={(closes) =>
                  setRule("motzaei", { ...(rules.motzaei as NonNullable<HoursRules["motzaei"]>), closes })
                }
                invalid={r("motzaei.closes").length > 0}
              />
              <ErrorText messages={r("motzaei.closes")} />
            </div>
          ) : null}
          <p className="text-sm text-cocoa-800">{e.yomTov}</p>
        </Box>

        <Box title={`${e.cholHamoed}, ${e.fastDays}, ${e.pesach}`}>
          <PolicyEditor
            label={e.cholHamoed}
            policy={rules.chol_hamoed}
            onChange={(p) => setRule("chol_hamoed", p)}
            errors={errors}
            path="hours_rules.chol_hamoed"
          />
          <PolicyEditor
            label={e.fastDays}
            policy={rules.fast_days}
            onChange={(p) => setRule("fast_days", p)}
            errors={errors}
            path="hours_rules.fast_days"
          />
          <Select
            label={e.pesach}
            value={rules.pesach}
            options={e.pesachOptions}
            onChange={(v) => setRule("pesach", v)}
          />
        </Box>

        <Box title={e.exceptions}>
          <ul className="space-y-4">
            {rules.exceptions.map((exception, index) => {
              const update = (patch: Partial<HoursRules["exceptions"][number]>) =>
                setRule(
                  "exceptions",
                  rules.exceptions.map((x, n) => (n === index ? { ...x, ...patch } : x)),
                );
              const name = `${e.exceptionDate} ${exception.date || index + 1}`;
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: a new exception has no date yet
                <li key={index} className="space-y-2 border-b border-cream-300 pb-3 last:border-0">
                  {/* Day.month.year in Hebrew segments, as every date of the back office (a native date input
                      follows the browser's language: month/day/year in an English Chromium). */}
                  <DateOnlyInput
                    name={`exceptions.${index}.date`}
                    label={e.exceptionDate}
                    value={exception.date}
                    onChange={(date) => update({ date })}
                    errors={r(`exceptions.${index}.date`)}
                    clearLabel={heAdmin.fields.clearDate}
                    className="text-sm"
                  />
                  <label className="inline-flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      checked={exception.intervals.length === 0}
                      onChange={(ev) =>
                        update({ intervals: ev.target.checked ? [] : [{ opens: "08:00", closes: "13:00" }] })
                      }
                      className="size-5 accent-crust-700"
                    />
                    {e.exceptionClosed}
                  </label>
                  {exception.intervals.length ? (
                    <IntervalsEditor
                      label={name}
                      intervals={exception.intervals}
                      onChange={(intervals) => update({ intervals })}
                      errorsOf={(i) => [
                        ...r(`exceptions.${index}.intervals.${i}.opens`),
                        ...r(`exceptions.${index}.intervals.${i}.closes`),
                      ]}
                    />
                  ) : null}
                  <label className="flex flex-col gap-1 text-sm">
                    <span>{e.exceptionNote}</span>
                    <input
                      type="text"
                      value={exception.note}
                      maxLength={120}
                      onChange={(ev) => update({ note: ev.target.value })}
                      className={INPUT}
                    />
                  </label>
                  <ErrorText messages={r(`exceptions.${index}.note`)} />
                  <button
                    type="button"
                    className={BUTTON}
                    onClick={() =>
                      setRule(
                        "exceptions",
                        rules.exceptions.filter((_, n) => n !== index),
                      )
                    }
                  >
                    {e.removeException}
                    <span className="sr-only"> ({name})</span>
                  </button>
                </li>
              );
            })}
          </ul>
          <button
            type="button"
            className={BUTTON}
            onClick={() => setRule("exceptions", [...rules.exceptions, { date: "", intervals: [], note: "" }])}
          >
            {e.addException}
          </button>
        </Box>
      </div>
    </fieldset>
  );
}
