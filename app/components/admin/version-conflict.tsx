/**
 * The dialog of a save refused because another staff member saved a newer version of the record (409,
 * optimistic concurrency): it says so — and who saved the newer version and when (the 409's `saved_by`,
 * from the audit log) —, lists each field whose value differs with both values, and offers
 * to load the newer version (dropping one's own changes) or to keep editing (the next save replaces the
 * newer version). An alert dialog; the focus starts on "keep editing", the choice that loses nothing, and
 * Escape chooses it too.
 */
import { useId } from "react";
import { Button } from "react-aria-components";
import { heAdmin } from "../../../domain/i18n/admin.ts";
import { buttonClass } from "./fields.tsx";
import { formatDateTime } from "./format.ts";
import type { VersionConflict } from "./use-admin-form.ts";
import { WarningDialog } from "./warning-dialog.tsx";

const c = heAdmin.conflict;

export function VersionConflictDialog({ conflict }: { conflict: VersionConflict | null }) {
  return (
    <WarningDialog
      isOpen={conflict !== null}
      onDismiss={() => conflict?.keepEditing()}
      title={c.title}
      text={c.text}
      testId="version-conflict"
      wide
    >
      {conflict?.savedBy?.at ? (
        <p className="mt-3 font-semibold text-cocoa-900" data-testid="version-conflict-saved-by">
          {conflict.savedBy.name ? (
            c.savedBy(conflict.savedBy.name, formatDateTime(conflict.savedBy.at))
          ) : (
            <>{c.savedAt(formatDateTime(conflict.savedBy.at))}</>
          )}
        </p>
      ) : null}
      {conflict && conflict.rows.length > 0 ? (
        <section aria-labelledby="version-conflict-differences" className="mt-5">
          <h3 id="version-conflict-differences" className="font-semibold text-cocoa-900">
            {c.differences}
          </h3>
          {/* Scrolls when the differences are many; focusable so a keyboard can scroll it too. */}
          <ul
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
            tabIndex={0}
            aria-labelledby="version-conflict-differences"
            className="mt-2 max-h-[40vh] space-y-2 overflow-y-auto rounded-xl p-1 outline-none focus-visible:ring-4 focus-visible:ring-crust-600/40 sm:max-h-[50vh]"
          >
            {conflict.rows.map((row) => (
              <li key={row.field} className="rounded-xl bg-cream-50 p-3 ring-1 ring-cream-300" data-field={row.field}>
                <p className="font-semibold text-cocoa-900">{row.label}</p>
                <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                  <dt className="text-cocoa-800">{c.mine}:</dt>
                  <dd className="break-words text-cocoa-900 whitespace-pre-line" data-side="mine">
                    <bdi>{row.mine}</bdi>
                  </dd>
                  <dt className="text-cocoa-800">{c.theirs}:</dt>
                  <dd className="break-words font-medium text-crust-700 whitespace-pre-line" data-side="theirs">
                    <bdi>{row.theirs}</bdi>
                  </dd>
                </dl>
              </li>
            ))}
          </ul>
        </section>
      ) : (
        <p className="mt-5 text-cocoa-800">{c.noDifferences}</p>
      )}

      <div className="mt-6 grid gap-3 sm:grid-cols-2">
        <HintedChoice
          autoFocus
          onPress={() => conflict?.keepEditing()}
          label={c.keep}
          hint={c.keepHint}
          className={buttonClass.secondary}
        />
        <HintedChoice
          onPress={() => conflict?.loadNewer()}
          label={c.load}
          hint={c.loadHint}
          className={buttonClass.primary}
        />
      </div>
    </WarningDialog>
  );
}

/** A choice with a line below it that says what it does (read out with the button). */
function HintedChoice({
  autoFocus = false,
  onPress,
  label,
  hint,
  className,
}: {
  autoFocus?: boolean;
  onPress: () => void;
  label: string;
  hint: string;
  className: string;
}) {
  const hintId = useId();
  return (
    <div>
      <Button autoFocus={autoFocus} onPress={onPress} aria-describedby={hintId} className={`${className} w-full`}>
        {label}
      </Button>
      <p id={hintId} className="mt-1 text-sm text-cocoa-800">
        {hint}
      </p>
    </div>
  );
}
