/** Publications: shown on the public site; the spec gives no way to edit them, the shop needs one. */

import { heAdmin } from "../../../domain/i18n/admin.ts";
import { adminMeta, revalidateOnPathChange } from "../../components/admin/meta.ts";
import { PostsScreen } from "../../components/admin/posts-screen.tsx";
import { requireSection } from "../../lib/admin-guard.server.ts";
import type { Route } from "./+types/publications";

export function meta() {
  return adminMeta(heAdmin.titles.publications);
}

export async function loader({ context }: Route.LoaderArgs) {
  requireSection(context, "Publication");
  return null;
}

export const shouldRevalidate = revalidateOnPathChange;

export default function Publications() {
  return <PostsScreen kind="publications" />;
}
