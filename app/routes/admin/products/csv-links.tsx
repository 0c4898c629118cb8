/** The products list's CSV links (issue 30 part 2): export what the list shows, and the import screen. */
import { Link } from "react-router";
import { heProductCsv } from "../../../../domain/i18n/product-csv.ts";
import { buttonClass } from "../../../components/admin/fields.tsx";
import { DownloadIcon } from "../../../components/ui/other-icons.tsx";

const t = heProductCsv;

/** The export with the list's search and filters (`query`: the list's own parameters; paging is ignored). */
export function ExportLink({ query }: { query: string }) {
  return (
    <a
      href={query ? `/api/admin/products/export?${query}` : "/api/admin/products/export"}
      download
      className={buttonClass.secondary}
      title={t.exportHint}
    >
      <DownloadIcon className="size-5" />
      {t.export}
    </a>
  );
}

export function ImportLink() {
  return (
    <Link to="/admin/products/import" className={buttonClass.secondary}>
      <DownloadIcon className="size-5 rotate-180" />
      {t.import}
    </Link>
  );
}
