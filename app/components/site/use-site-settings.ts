import { useRouteLoaderData } from "react-router";
import type { SiteSettings } from "../../../domain/contracts/catalogue.ts";

interface LayoutData {
  settings?: SiteSettings;
  takesPreorders?: boolean;
}

function useLayoutData(): LayoutData {
  const data = useRouteLoaderData("routes/site/layout") as LayoutData | undefined;
  if (!data?.settings) throw new Error("the site's settings are only available under the public site layout");
  return data;
}

/** Site settings loaded once by the public layout (routes/site/layout.tsx) for every page under it. */
export function useSiteSettings(): SiteSettings {
  return useLayoutData().settings!;
}

/** Whether any branch takes pre-orders for pickup now (issue 28), read once by the public layout. */
export function useTakesPreorders(): boolean {
  return useLayoutData().takesPreorders === true;
}
