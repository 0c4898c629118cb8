import { redirect } from "react-router";
import { type PageHandle, publicPage } from "../../../domain/page-policy.ts";

/** A redirect home for every unknown path: the same for everyone, never kept. */
export const handle = { page: publicPage() } satisfies PageHandle;

// Spec §2: unknown paths redirect to the home page.
export function loader() {
  return redirect("/");
}

export default function CatchAll() {
  return null;
}
