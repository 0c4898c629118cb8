/**
 * A list's one-of filter shown at once as radio buttons (the contact inbox's open/handled/all, the reviews'
 * pending/approved/rejected/all): the URL parameter (and the rows) follow the choice; "all" drops it.
 */
import { useEffect, useState } from "react";
import type { AdminList } from "./use-admin-list.ts";

export type RadioFilterOptions = readonly (readonly [value: string, label: string])[];

export function RadioFilter<Row>({
  list,
  param,
  legend,
  options,
}: {
  list: AdminList<Row>;
  /** The URL parameter, e.g. `status`; its absence means "all". */
  param: string;
  legend: string;
  options: RadioFilterOptions;
}) {
  const urlFilter = list.params.get(param) ?? "all";
  const [filter, setFilter] = useState(urlFilter);
  useEffect(() => setFilter(urlFilter), [urlFilter]);
  return (
    <fieldset className="mt-3 flex flex-wrap items-center gap-4">
      <legend className="sr-only">{legend}</legend>
      <span aria-hidden="true" className="font-medium text-cocoa-900">
        {legend}:
      </span>
      {options.map(([value, label]) => (
        <label key={value} className="inline-flex items-center gap-2 text-cocoa-900">
          <input
            type="radio"
            name={param}
            value={value}
            checked={filter === value}
            onChange={() => {
              setFilter(value);
              list.update({ [param]: value === "all" ? null : value });
            }}
            className="size-5 accent-crust-700"
          />
          {label}
        </label>
      ))}
    </fieldset>
  );
}
