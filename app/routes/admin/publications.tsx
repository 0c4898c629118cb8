/** Publications: shown on the public site; the spec gives no way to edit them, the shop needs one. */

import { sectionMeta } from "../../components/admin/meta.ts";
import { PostsScreen } from "../../components/admin/posts-screen.tsx";

export const meta = sectionMeta("publications");

export default function Publications() {
  return <PostsScreen kind="publications" />;
}
