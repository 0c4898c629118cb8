/**
 * The images screen (`/admin/<section>/:id/images`, spec's named route products.images): a modal over
 * its list, so closing it returns to the list where it was.
 */
import { useCallback, useState } from "react";
import { useLocation, useNavigate, useOutletContext } from "react-router";
import { heAdmin } from "../../../domain/i18n/admin.ts";
import type { ImageOwnerType } from "../../../domain/schemas/admin/images.ts";
import { ImageManager } from "../../components/admin/image-manager.tsx";
import { adminMeta } from "../../components/admin/meta.ts";
import { AdminModal } from "../../components/admin/modal.tsx";
import { requireSection } from "../../lib/admin-guard.server.ts";
import type { Route } from "./+types/images";

const OWNERS = {
  products: { type: "product", subject: "Product" },
  categories: { type: "category", subject: "Category" },
  branches: { type: "branch", subject: "Branch" },
  sales: { type: "sale", subject: "Sale" },
  publications: { type: "publication", subject: "Publication" },
} as const;

type Section = keyof typeof OWNERS;

function sectionOf(pathname: string): Section {
  const section = pathname.split("/")[2] ?? "";
  return (section in OWNERS ? section : "products") as Section;
}

export function meta() {
  return adminMeta(heAdmin.titles.productImages);
}

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const section = sectionOf(new URL(request.url).pathname);
  requireSection(context, OWNERS[section].subject);
  requireSection(context, "Image");
  return { id: Number(params.id) };
}

export default function OwnerImages({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const section = sectionOf(location.pathname);
  const [name, setName] = useState("");
  const outlet = useOutletContext<{ reload?: () => void } | undefined>();
  const back = useCallback(() => {
    // Uploads, order and deletes change the list's thumbnails.
    outlet?.reload?.();
    navigate({ pathname: `/admin/${section}`, search: location.search }, { preventScrollReset: true });
  }, [navigate, section, location.search, outlet]);

  return (
    <AdminModal isOpen onClose={back} title={heAdmin.imagesScreen.title(name)} size="lg">
      <ImageManager
        type={OWNERS[section].type as ImageOwnerType}
        id={loaderData.id}
        onOwnerName={setName}
        onDeleted={back}
      />
    </AdminModal>
  );
}
