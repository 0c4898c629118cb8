/**
 * The islands the loader can mount, each by its module (loaded only when one of its islands is needed). A React
 * island's module hydrates its component (react-island.ts) and brings React with it; a script island's is a
 * few lines of DOM code for a part that must act at once, before any interaction (the welcome dialog, the chat
 * button), where loading React would cost every visitor its weight.
 */
export const islandModules = {
  header: () => import("./header.client.ts"),
  gallery: () => import("./gallery.client.ts"),
  "preorder-form": () => import("./preorder-form.client.ts"),
  "welcome-dialog": () => import("./welcome-dialog.client.ts"),
  "chat-button": () => import("./chat-button.client.ts"),
} satisfies Record<string, () => Promise<{ default: IslandMount }>>;

export type IslandName = keyof typeof islandModules;

/** Brings an island to life on its element, with the props the server rendered it with. */
export type IslandMount = (element: HTMLElement, props: unknown) => void | Promise<void>;
