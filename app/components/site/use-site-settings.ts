import { useRouteLoaderData } from "react-router";
import type { SiteSettings } from "../../../domain/contracts/catalogue.ts";

/** Site settings loaded once by the public layout (routes/site/layout.tsx) for every page under it. */
export function useSiteSettings(): SiteSettings {
  const data = useRouteLoaderData("routes/site/layout") as { settings?: SiteSettings } | undefined;
  if (!data?.settings) throw new Error("useSiteSettings() is only available under the public site layout");
  return data.settings;
}
