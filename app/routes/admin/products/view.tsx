/** The product modal's read-only view: images, fields (the plain ones from plain-fields.tsx), sizes, tags and a link to the public page. */
import type { AdminProduct } from "../../../../domain/contracts/admin.ts";
import { heAdmin } from "../../../../domain/i18n/admin.ts";
import { heKashrut } from "../../../../domain/i18n/kashrut.ts";
import { KASHRUT_FLAGS } from "../../../../domain/kashrut.ts";
import { formatShekels } from "../../../../domain/money.ts";
import { Details, PublicPageLink, StoredImage, TagChip } from "../../../components/admin/bits.tsx";
import { formatDateTime } from "../../../components/admin/format.ts";
import { plainViewRows } from "./plain-fields.tsx";

const f = heAdmin.fields;

export function ProductView({ item: product }: { item: AdminProduct }) {
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
          [heAdmin.kashrut.allergens, heKashrut.namesOf(product.allergens) || heAdmin.kashrut.allergensNone],
          [heAdmin.kashrut.mayContain, heKashrut.namesOf(product.may_contain) || heAdmin.kashrut.allergensNone],
          ...plain.long,
          [heAdmin.createdAt, formatDateTime(product.created_at)],
          [heAdmin.updatedAt, formatDateTime(product.updated_at)],
        ]}
      />
      {product.status === 1 ? <PublicPageLink href={`/product/${product.id}`} /> : null}
    </div>
  );
}
