import { type ComponentType, createElement } from "react";
import { hydrateRoot } from "react-dom/client";
import type { IslandMount } from "./modules.ts";

/** A React island: hydrates the component on its element with the props it was rendered with. */
export function reactIsland<P extends object>(component: ComponentType<P>): IslandMount {
  return (element, props) => {
    hydrateRoot(element, createElement(component, props as P), {
      onRecoverableError: (error) => console.error(error),
    });
  };
}
