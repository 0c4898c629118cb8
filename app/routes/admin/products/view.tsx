/** The product modal's read-only view: images, fields (the plain ones from plain-fields.tsx), sizes, tags and a link to the public page. */
import type { AdminProduct, AdminProductRow } from "../../../../domain/contracts/admin.ts";
import { heAdmin } from "../../../../domain/i18n/admin.ts";
import { heKashrut } from "../../../../domain/i18n/kashrut.ts";
import { KASHRUT_FLAGS } from "../../../../domain/kashrut.ts";
import { formatShekels } from "../../../../domain/money.ts";
import { Details, PublicPageLink, ScheduleBadge, StoredImage, TagChip } from "../../../components/admin/bits.tsx";
import type { CrudControls, ViewProps } from "../../../components/admin/crud-screen.tsx";
import { buttonClass } from "../../../components/admin/fields.tsx";
import { formatDateTime } from "../../../components/admin/format.ts";
import { notify } from "../../../components/admin/toast.tsx";
import { CopyIcon, SoldOutIcon } from "../../../components/ui/other-icons.tsx";
import { useCan } from "../../../lib/admin-permissions.ts";
import { apiJson } from "../../../lib/api-client.ts";
import { plainViewRows } from "./plain-fields.tsx";
import { setSoldOut, soldOutText } from "./sold-out.tsx";

const f = heAdmin.fields;
const p = heAdmin.products;

/**
 * "שכפול" (issue 30): the server copies the product as a hidden draft without a serial number; the copy opens
 * in the edit form at once, where the serial number is the one field left to fill in.
 */
async function duplicate(product: AdminProduct, controls: CrudControls<AdminProductRow, AdminProduct>) {
  try {
    const body = await apiJson<{ message: string; data: AdminProduct }>(`/api/admin/products/${product.id}/duplicate`, {
      method: "POST",
    });
    notify.success(body.message);
    controls.list.reloadFirstPage();
    controls.edit(body.data);
  } catch (error) {
    notify.failure(heAdmin.products.duplicateError, error);
  }
}

export function ProductView({ item: product, controls }: ViewProps<AdminProductRow, AdminProduct>) {
  const can = useCan("Product");
  const plain = plainViewRows(product);
  return (
    <div className="space-y-5">
      {product.images.length ? (
        <ul className="flex gap-2 overflow-x-auto pb-1">
          {product.images.map((image) => (
            <li key={image.id} className="shrink-0">
              <StoredImage image={image} className="h-28 w-36 rounded-lg object-cover" />
            </li>
          ))}
        </ul>
      ) : null}
      <Details
        items={[
          ...plain.short,
          [f.schedule, <ScheduleBadge key="schedule" schedule={product.schedule} />],
          [f.categories, product.category.map((c) => c.name).join(", ") || heAdmin.products.noCategories],
          [
            f.sizes,
            product.size.length ? (
              <ul key="sizes">
                {product.size.map((s) => (
                  <li key={s.id}>
                    {s.name}: <bdi>{formatShekels(s.price)}</bdi>
                  </li>
                ))}
              </ul>
            ) : (
              ""
            ),
          ],
          [
            f.tags,
            product.tag.length ? (
              <span key="tags" className="flex flex-wrap gap-1">
                {product.tag.map((t) => (
                  <TagChip key={t.id} name={t.name} color={t.color} />
                ))}
              </span>
            ) : (
              ""
            ),
          ],
          [
            heAdmin.kashrut.dietary,
            [
              product.dietary ? heKashrut.dietary[product.dietary] : heAdmin.kashrut.dietaryNone,
              ...KASHRUT_FLAGS.filter((flag) => product[flag]).map((flag) => heKashrut.flags[flag]),
            ].join(" · "),
          ],
          [
            heAdmin.kashrut.allergens,
            product.allergen_status === "listed" && product.allergens
              ? heKashrut.namesOf(product.allergens)
              : heAdmin.kashrut.allergenStatusShown[product.allergen_status],
          ],
          ...(product.may_contain
            ? [
                [
                  heAdmin.kashrut.mayContain,
                  heKashrut.namesOf(product.may_contain) || heAdmin.kashrut.allergensNone,
                ] as [string, string],
              ]
            : []),
          ...plain.long,
          [heAdmin.createdAt, formatDateTime(product.created_at)],
          [heAdmin.updatedAt, formatDateTime(product.updated_at)],
        ]}
      />
      {product.status === 1 && product.schedule === "active" ? (
        <PublicPageLink href={`/product/${product.id}`} />
      ) : null}
      {product.sold_out_until ? (
        <p className="font-semibold text-berry-700">{soldOutText(product.sold_out_until)}</p>
      ) : null}
      {can.update || can.create ? (
        <div className="flex flex-wrap justify-end gap-3 border-t border-cream-300 pt-4">
          {can.update ? (
            <button
              type="button"
              className={buttonClass.secondary}
              onClick={() => setSoldOut(product, !product.sold_out_until, controls)}
            >
              <SoldOutIcon className="size-4" />
              {product.sold_out_until ? p.soldOutClear : p.soldOutMark}
            </button>
          ) : null}
          {can.create ? (
            <button
              type="button"
              className={buttonClass.secondary}
              aria-label={heAdmin.products.duplicateLabel(product.name)}
              onClick={() => duplicate(product, controls)}
            >
              <CopyIcon className="size-4" />
              {heAdmin.products.duplicate}
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
