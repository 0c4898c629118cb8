/**
 * The images screen (`/admin/<section>/:id/images`, spec's named route products.images): a modal over
 * its list, so closing it returns to the list where it was. The route is mounted under each section with
 * images; its route id names the section (routes.ts, `imagesRouteId`), and the layout's guard checks
 * the section's and the images' permissions.
 */
import { useCallback, useState } from "react";
import { useLocation, useMatches, useNavigate, useOutletContext } from "react-router";
import { heAdmin } from "../../../domain/i18n/admin.ts";
import { parseId } from "../../../domain/ids.ts";
import { ImageManager } from "../../components/admin/image-manager.tsx";
import { adminMeta } from "../../components/admin/meta.ts";
import { AdminModal } from "../../components/admin/modal.tsx";
import { ADMIN_SECTIONS, sectionHref, sectionOfImagesRoute } from "../../lib/admin-sections.ts";
import type { Route } from "./+types/images";

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta(heAdmin.titles.productImages, matches);
}

export default function OwnerImages({ params }: Route.ComponentProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const routeId = useMatches().at(-1)?.id ?? "";
  const section = sectionOfImagesRoute(routeId) ?? "products";
  const [name, setName] = useState("");
  const outlet = useOutletContext<{ reload?: () => void } | undefined>();
  const back = useCallback(() => {
    // Uploads, order and deletes change the list's thumbnails.
    outlet?.reload?.();
    navigate({ pathname: sectionHref(section), search: location.search }, { preventScrollReset: true });
  }, [navigate, section, location.search, outlet]);

  return (
    <AdminModal isOpen onClose={back} title={heAdmin.imagesScreen.title(name)} size="lg">
      <ImageManager
        type={ADMIN_SECTIONS[section].images}
        id={parseId(params.id) ?? 0}
        onOwnerName={setName}
        onDeleted={back}
      />
    </AdminModal>
  );
}
