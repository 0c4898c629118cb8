import { Outlet } from "react-router";
import { FloatingChatButton } from "../../components/site/chat-button.tsx";
import { SiteFooter } from "../../components/site/footer.tsx";
import { SiteHeader } from "../../components/site/header.tsx";
import { servicesContext } from "../../lib/context.ts";
import { he } from "../../lib/i18n/he.ts";
import type { Route } from "./+types/layout";

export async function loader({ context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const [settings, categories] = await Promise.all([services.settings.get(), services.categories.menu()]);
  return { settings, categories };
}

export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  const { settings, categories } = loaderData;
  return (
    <>
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-cocoa-900 px-4 py-2 text-white focus:not-sr-only focus:fixed focus:start-3 focus:top-3"
      >
        {he.site.skipToContent}
      </a>
      <SiteHeader settings={settings} categories={categories} />
      <Outlet />
      <SiteFooter settings={settings} categories={categories} />
      <FloatingChatButton number={settings.whatsappNumber} />
    </>
  );
}
