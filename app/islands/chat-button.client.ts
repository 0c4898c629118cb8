import { followPage } from "../components/site/chat-button-placement.ts";
import type { IslandMount } from "./modules.ts";

/** The floating chat button's placement, without React: it must follow the page from its first scroll. */
const mount: IslandMount = (element) => {
  const button = element.querySelector<HTMLElement>("[data-floating-chat]");
  if (button) followPage(button);
};
export default mount;
