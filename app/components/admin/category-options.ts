/** The category choices of the product and category forms (GET /api/admin/categories/options). */
import { useEffect, useState } from "react";
import type { CategoryOption } from "../../../domain/contracts/admin.ts";
import { apiJson } from "../../lib/api-client.ts";

/** `null` while loading; an empty list when the call fails (the form still works without categories). */
export function useCategoryOptions() {
  const [options, setOptions] = useState<CategoryOption[] | null>(null);
  useEffect(() => {
    apiJson<{ data: CategoryOption[] }>("/api/admin/categories/options")
      .then((body) => setOptions(body.data))
      .catch(() => setOptions([]));
  }, []);
  return options;
}
