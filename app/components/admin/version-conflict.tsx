/**
 * The dialog of a save refused because another staff member saved a newer version of the record (409,
 * optimistic concurrency): it says so, lists each field whose value differs with both values, and offers
 * to load the newer version (dropping one's own changes) or to keep editing (the next save replaces the
 * newer version). An alert dialog; the focus starts on "keep editing", the choice that loses nothing, and
 * Escape chooses it too.
 */
import { Button, Dialog, Heading, Modal, ModalOverlay } from "react-aria-components";
import { heAdmin } from "../../../domain/i18n/admin.ts";
import { WarningIcon } from "../ui/icon.tsx";
import { buttonClass } from "./fields.tsx";
import type { VersionConflict } from "./use-admin-form.ts";

const c = heAdmin.conflict;

export function VersionConflictDialog({ conflict }: { conflict: VersionConflict | null }) {
  return (
    <ModalOverlay
      isOpen={conflict !== null}
      onOpenChange={(open) => {
        if (!open) conflict?.keepEditing();
      }}
      className="fixed inset-0 z-50 flex items-start justify-center overflow-y-auto bg-cocoa-900/50 p-3 sm:items-center sm:p-6"
    >
      <Modal className="my-auto w-full max-w-xl rounded-2xl bg-white shadow-xl outline-none">
        <Dialog role="alertdialog" className="p-5 outline-none sm:p-6" data-testid="version-conflict">
          <div className="flex items-start gap-3">
            <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-amber-100 text-amber-800">
              <WarningIcon className="size-6" />
            </span>
            <div>
              <Heading slot="title" className="text-xl font-bold text-cocoa-900 sm:text-2xl">
                {c.title}
              </Heading>
              <p className="mt-1 text-cocoa-800">{c.text}</p>
            </div>
          </div>

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
                  <li
                    key={row.field}
                    className="rounded-xl bg-cream-50 p-3 ring-1 ring-cream-300"
                    data-field={row.field}
                  >
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
            <div>
              <Button
                autoFocus
                onPress={() => conflict?.keepEditing()}
                aria-describedby="version-conflict-keep-hint"
                className={`${buttonClass.secondary} w-full`}
              >
                {c.keep}
              </Button>
              <p id="version-conflict-keep-hint" className="mt-1 text-sm text-cocoa-800">
                {c.keepHint}
              </p>
            </div>
            <div>
              <Button
                onPress={() => conflict?.loadNewer()}
                aria-describedby="version-conflict-load-hint"
                className={`${buttonClass.primary} w-full`}
              >
                {c.load}
              </Button>
              <p id="version-conflict-load-hint" className="mt-1 text-sm text-cocoa-800">
                {c.loadHint}
              </p>
            </div>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
