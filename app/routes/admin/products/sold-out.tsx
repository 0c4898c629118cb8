/**
 * "Sold out today" in the back office (issue 30): one press on the list's row or in the product's view marks the
 * product sold out until the bakery's next opening (the server computes it from the branches' hours) or clears
 * the mark; the view shows until when.
 */
import type { AdminProduct, AdminProductRow } from "../../../../domain/contracts/admin.ts";
import { heAdmin } from "../../../../domain/i18n/admin.ts";
import { heHours } from "../../../../domain/i18n/hours.ts";
import { soldOutEnd } from "../../../../domain/sold-out.ts";
import type { CrudControls } from "../../../components/admin/crud-screen.tsx";
import { notify } from "../../../components/admin/toast.tsx";
import { apiJson } from "../../../lib/api-client.ts";

const p = heAdmin.products;

/** PUT the mark; the answer's message as the toast, the product into the view when it is open there, the rows reloaded. */
export async function setSoldOut(
  product: { id: number },
  soldOut: boolean,
  controls: CrudControls<AdminProductRow, AdminProduct>,
) {
  try {
    const body = await apiJson<{ message: string; data: AdminProduct }>(`/api/admin/products/${product.id}/sold-out`, {
      method: "PUT",
      json: { sold_out: soldOut },
    });
    notify.success(body.message);
    if (controls.viewing?.id === body.data.id) controls.view(body.data);
    controls.list.reload();
  } catch (error) {
    notify.failure(p.soldOutError, error);
  }
}

/** "אזל להיום · חוזר למכירה ביום ראשון 29.11 ב־07:00" */
export function soldOutText(until: string): string {
  const end = soldOutEnd(until);
  return p.soldOutUntil(heHours.onDayAt(end.weekday, end.date, end.time));
}
