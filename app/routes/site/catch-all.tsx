import { redirect } from "react-router";

// Spec §2: unknown paths redirect to the home page.
export function loader() {
  return redirect("/");
}

export default function CatchAll() {
  return null;
}
