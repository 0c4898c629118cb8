/**
 * Success and error messages of spec §8 as toasts (React Aria's toast region: a landmark that keyboard
 * users reach with F6, each toast an alert). Successes close by themselves; errors stay until closed. A
 * success may carry one action — a delete's "בטל" (issue 12), which restores the item from the trash — and
 * then stays longer; the trash screen offers the same restore without a time limit.
 */
import {
  Button,
  Text,
  UNSTABLE_Toast as Toast,
  UNSTABLE_ToastContent as ToastContent,
  UNSTABLE_ToastQueue as ToastQueue,
  UNSTABLE_ToastRegion as ToastRegion,
} from "react-aria-components";
import { heAdmin } from "../../../domain/i18n/admin.ts";
import { ApiError } from "../../lib/api-client.ts";
import { CloseIcon } from "../ui/icon.tsx";
import { CheckIcon, ErrorIcon } from "../ui/other-icons.tsx";

interface ToastAction {
  label: string;
  onAction: () => void;
}

interface ToastContentValue {
  kind: "success" | "error";
  title: string;
  description?: string;
  action?: ToastAction;
}

const SUCCESS_TIMEOUT_MS = 6000;
/** A toast with an action stays longer (React Aria also pauses it while hovered or focused). */
const ACTION_TIMEOUT_MS = 12_000;

export const toastQueue = new ToastQueue<ToastContentValue>({ maxVisibleToasts: 4 });

export const notify = {
  success(title: string, description?: string, action?: ToastAction) {
    toastQueue.add(
      { kind: "success", title, description, action },
      { timeout: action ? ACTION_TIMEOUT_MS : SUCCESS_TIMEOUT_MS },
    );
  },
  error(title: string, description?: string) {
    toastQueue.add({ kind: "error", title, description });
  },
  /** An error toast for a failed request: the title says what failed, the text why (the server's message). */
  failure(title: string, error: unknown) {
    let description: string = heAdmin.unexpected;
    if (error instanceof ApiError) {
      if (error.status === 403) description = heAdmin.forbidden;
      else if (error.body?.message) description = error.body.message;
      else description = `${error.status} ${error.statusText}`.trim();
    }
    toastQueue.add({ kind: "error", title, description });
  },
};

export function AdminToastRegion() {
  return (
    <ToastRegion
      queue={toastQueue}
      aria-label={heAdmin.toast.region}
      className="fixed bottom-4 start-4 z-[60] flex w-[min(26rem,calc(100vw-2rem))] flex-col-reverse gap-2 outline-none print:hidden"
    >
      {({ toast }) => (
        <Toast
          toast={toast}
          className={`flex items-start gap-3 rounded-xl px-4 py-3 shadow-lg ring-1 outline-none data-[focus-visible]:ring-4 ${
            toast.content.kind === "success"
              ? "bg-olive-700 text-white ring-olive-700"
              : "bg-white text-cocoa-900 ring-berry-700 border-s-4 border-berry-700"
          }`}
        >
          <span aria-hidden="true" className="mt-0.5 shrink-0">
            {toast.content.kind === "success" ? (
              <CheckIcon className="size-5" />
            ) : (
              <ErrorIcon className="size-5 text-berry-700" />
            )}
          </span>
          <ToastContent className="min-w-0 flex-1">
            <Text slot="title" className="block font-bold">
              {toast.content.title}
            </Text>
            {toast.content.description ? (
              <Text slot="description" className="block text-sm">
                {toast.content.description}
              </Text>
            ) : null}
          </ToastContent>
          {toast.content.action ? (
            <Button
              onPress={() => {
                toastQueue.close(toast.key);
                toast.content.action?.onAction();
              }}
              className="-my-1 shrink-0 rounded-full bg-white px-4 py-1.5 font-bold text-olive-700 outline-none data-[focus-visible]:ring-4 data-[focus-visible]:ring-white/60 data-[hovered]:bg-cream-100"
            >
              {toast.content.action.label}
            </Button>
          ) : null}
          <Button
            slot="close"
            aria-label={heAdmin.toast.close}
            className="-m-1 shrink-0 rounded-md p-1 outline-none data-[focus-visible]:ring-2 data-[focus-visible]:ring-current"
          >
            <CloseIcon className="size-5" />
          </Button>
        </Toast>
      )}
    </ToastRegion>
  );
}
