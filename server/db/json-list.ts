/** Lists stored as JSON in a text column (image variants, audit changes, allergen codes). */

/** The stored list as an array; anything unreadable (empty, not JSON, not a list) counts as empty. */
export function storedList(json: string | null | undefined): unknown[] {
  if (!json) return [];
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value : [];
  } catch {
    return [];
  }
}
