/**
 * An island (ADR 013): an interactive part of a public page. The server renders its component into the page like
 * any other; next to it go the component's props, and the island loader (loader.ts) hydrates that one element
 * when the island is needed — at once, once visible, or on the visitor's first interaction with it. Until then,
 * and if its script never arrives, the part is the plain HTML the server sent, which works on its own.
 *
 * On a page that hydrates the whole document (a session page) the component is simply part of the document.
 *
 * An island's component must not use `useId` for ids that reach the markup: in the browser the island is a React
 * root of its own, so its ids differ from those the server gave it within the page, and an `aria-controls` would
 * name nothing. Derive ids from props instead (the header's menus use the category's id).
 */
import { type ComponentType, createElement, useId } from "react";
import { useDocumentHydrates } from "../lib/page-hydration.ts";
import { jsonForScript } from "../lib/script-json.ts";
import type { IslandName } from "./modules.ts";

/** When the loader mounts the island: `load` at once, `visible` once in view, `interaction` on the first pointer, touch or focus. */
export type IslandLoad = "load" | "visible" | "interaction";

interface IslandProps<P extends object> {
  /** The name the loader knows its module by (modules.ts). */
  name: IslandName;
  load: IslandLoad;
  component: ComponentType<P>;
  /** The component's props: serialised into the page, so plain data only. */
  props: P;
}

export function Island<P extends object>({ name, load, component, props }: IslandProps<P>) {
  const documentHydrates = useDocumentHydrates();
  const propsId = `${useId()}-props`;
  if (documentHydrates) return createElement(component, props);
  return (
    <>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: JSON data, escaped by jsonForScript so it cannot end the element */}
      <script type="application/json" id={propsId} dangerouslySetInnerHTML={{ __html: jsonForScript(props) }} />
      <div data-island={name} data-load={load} data-props={propsId} className="contents">
        {createElement(component, props)}
      </div>
    </>
  );
}
