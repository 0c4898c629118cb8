import { redirect } from "react-router";

/** Spec §2: /admin redirects to /admin/panel. */
export function loader() {
  throw redirect("/admin/panel");
}

export default function AdminIndex() {
  return null;
}
