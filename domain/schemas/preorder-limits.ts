/** The pre-order form's limits (issue 28), without zod: the product page's script reads them too. */
export const ORDER_FIELDS = ["items", "branch", "slot", "name", "phone", "email", "note", "consent", "key"] as const;
export const ORDER_LIMITS = { name: 100, email: 254, phone: 20, note: 200, lines: 20, quantity: 50 } as const;
