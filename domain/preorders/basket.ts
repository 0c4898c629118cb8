/**
 * The pre-order basket (issue 28) as it travels: one string, "product.size.quantity,…", in the order page's address
 * and its forms' `items` field, and in the browser's localStorage — never in a server session, so the pages that
 * link to it stay cacheable. No zod here: the product page's script reads and writes it too.
 */
export interface BasketLine {
  product: number;
  size: number;
  quantity: number;
}

/** The browser's copy of the basket (localStorage). */
export const BASKET_STORAGE_KEY = "bakery:preorder-basket";

const positiveId = (value: string) => /^[1-9]\d{0,8}$/.test(value);

/** "12.34.2,15.7.1" → lines; null when any part is malformed. Lines of the same product and size are merged. */
export function parseBasket(value: string): BasketLine[] | null {
  if (!value.trim()) return [];
  const lines: BasketLine[] = [];
  for (const part of value.split(",")) {
    const [product = "", size = "", quantity = ""] = part.trim().split(".");
    if (!positiveId(product) || !positiveId(size) || !/^\d{1,4}$/.test(quantity)) return null;
    addLine(lines, { product: Number(product), size: Number(size), quantity: Number(quantity) });
  }
  return lines;
}

export const formatBasket = (lines: readonly BasketLine[]) =>
  lines
    .filter((l) => l.quantity > 0)
    .map((l) => `${l.product}.${l.size}.${l.quantity}`)
    .join(",");

/** Adds `line` to `lines` (in place): the same product and size add up. */
export function addLine(lines: BasketLine[], line: BasketLine): BasketLine[] {
  const same = lines.find((l) => l.product === line.product && l.size === line.size);
  if (same) same.quantity += line.quantity;
  else lines.push({ ...line });
  return lines;
}
