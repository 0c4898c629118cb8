import { useSyncExternalStore } from "react";

const noSubscribe = () => () => {};

/**
 * False while rendering on the server and during hydration, true once React runs the page in the browser.
 * Controls that need JavaScript (menu buttons, dialogs) render as plain links until then, so the page works
 * as HTML without JavaScript and hydration still matches the server's markup.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscribe,
    () => true,
    () => false,
  );
}
