/**
 * "Add to the pre-order" on a product page (issue 28): the size and the quantity, sent to /order with a plain GET
 * form, so it works without JavaScript (the order page then holds this product). With JavaScript (its script
 * island, app/islands/preorder-form.client.ts) the browser's basket (localStorage) is added to first, so products
 * chosen on several pages add up in one order.
 */
import type { ProductSize } from "../../../domain/contracts/catalogue.ts";
import { hePreorders } from "../../../domain/i18n/preorders.ts";
import { formatShekels } from "../../../domain/money.ts";
import { ORDER_LIMITS } from "../../../domain/schemas/preorder-limits.ts";

const t = hePreorders.productForm;

export function PreorderForm({ productId, sizes }: { productId: number; sizes: readonly ProductSize[] }) {
  if (!sizes.length) return null;
  return (
    <section
      id="preorder"
      aria-labelledby="preorder-heading"
      className="scroll-mt-24 rounded-2xl bg-cream-50 p-4 ring-1 ring-cream-300 sm:p-5"
    >
      <h2 id="preorder-heading" className="text-xl font-bold text-cocoa-900">
        {t.heading}
      </h2>
      <p className="mt-1 text-cocoa-800">{t.intro}</p>
      <form method="get" action="/order" className="mt-4 flex flex-wrap items-end gap-3">
        <input type="hidden" name="add" value={productId} />
        {sizes.length > 1 ? (
          <div className="min-w-48 flex-1">
            <label htmlFor="preorder-size" className="block font-semibold text-cocoa-900">
              {t.size}
            </label>
            <select
              id="preorder-size"
              name="size"
              className="mt-1.5 block w-full rounded-xl border border-crust-500 bg-white px-4 py-3 text-lg text-cocoa-900"
            >
              {sizes.map((size) => (
                <option key={size.id} value={size.id}>
                  {`${size.name} – ${formatShekels(size.price)}`}
                </option>
              ))}
            </select>
          </div>
        ) : (
          <input type="hidden" name="size" value={sizes[0]!.id} />
        )}
        <div>
          <label htmlFor="preorder-qty" className="block font-semibold text-cocoa-900">
            {t.quantity}
          </label>
          <input
            id="preorder-qty"
            name="qty"
            type="number"
            inputMode="numeric"
            min={1}
            max={ORDER_LIMITS.quantity}
            defaultValue={1}
            className="mt-1.5 block w-24 rounded-xl border border-crust-500 bg-white px-3 py-3 text-center text-lg text-cocoa-900"
          />
        </div>
        <button
          type="submit"
          data-chat-avoid=""
          className="inline-flex min-h-12 items-center justify-center rounded-full bg-berry-700 px-7 text-lg font-bold text-white shadow hover:bg-berry-600"
        >
          {t.submit}
        </button>
      </form>
    </section>
  );
}
