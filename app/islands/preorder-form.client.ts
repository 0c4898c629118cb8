import { addLine, BASKET_STORAGE_KEY, formatBasket, parseBasket } from "../../domain/preorders/basket.ts";
import { ORDER_LIMITS } from "../../domain/schemas/preorder-limits.ts";
import type { IslandMount } from "./modules.ts";

/**
 * "Add to the pre-order" adds to the browser's basket (localStorage) before going to /order, so products chosen
 * on several pages add up in one order. Without storage (or before this runs) the plain GET form's address
 * carries this product alone.
 */
const mount: IslandMount = (element, props) => {
  const { productId } = props as { productId: number };
  const form = element.querySelector("form");
  form?.addEventListener("submit", (event) => {
    const data = new FormData(form);
    const size = Number(data.get("size"));
    const quantity = Math.min(Math.max(Number(data.get("qty")) || 1, 1), ORDER_LIMITS.quantity);
    let stored = "";
    try {
      stored = localStorage.getItem(BASKET_STORAGE_KEY) ?? "";
    } catch {
      return;
    }
    event.preventDefault();
    const basket = formatBasket(addLine(parseBasket(stored) ?? [], { product: productId, size, quantity }));
    // Kept at once, so a visitor who leaves the order page before it has loaded still has the product in the basket.
    try {
      localStorage.setItem(BASKET_STORAGE_KEY, basket);
    } catch {
      // Full storage: the order page's address carries the basket all the same.
    }
    location.assign(`/order?items=${encodeURIComponent(basket)}`);
  });
};
export default mount;
