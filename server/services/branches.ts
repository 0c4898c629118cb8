/** Branches as the public site and the API read them, with their opening hours and main image. */
import type { Branch, OpeningHoursEntry, Weekday } from "../../domain/contracts/content.ts";
import type { DB } from "../db/database.ts";
import type { BranchRow } from "../db/schema.ts";
import type { MediaService } from "./media.ts";

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Opening hours from their stored JSON; malformed entries are dropped rather than shown wrong. */
export function parseOpeningHours(json: string): OpeningHoursEntry[] {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const entries: OpeningHoursEntry[] = [];
  for (const item of value) {
    if (typeof item !== "object" || item === null) continue;
    const { day, opens, closes } = item as Record<string, unknown>;
    if (typeof day !== "number" || !Number.isInteger(day) || day < 0 || day > 6) continue;
    if (typeof opens !== "string" || typeof closes !== "string" || !TIME.test(opens) || !TIME.test(closes)) continue;
    entries.push({ day: day as Weekday, opens, closes });
  }
  return entries.sort((a, b) => a.day - b.day || a.opens.localeCompare(b.opens));
}

const COLUMNS = [
  "id",
  "name",
  "location",
  "address",
  "content",
  "email",
  "phone",
  "opening_hours",
  "accessibility",
  "latitude",
  "longitude",
  "updated_at",
] as const;

export function createBranchesService(db: DB, media: MediaService) {
  async function withImages(rows: Pick<BranchRow, (typeof COLUMNS)[number]>[]): Promise<Branch[]> {
    const images = await media.mainImages(
      "branch",
      rows.map((r) => r.id),
    );
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      mainImage: images.get(r.id) ?? null,
      location: r.location,
      address: r.address,
      content: r.content,
      email: r.email,
      phone: r.phone,
      opening_hours: parseOpeningHours(r.opening_hours),
      accessibility: r.accessibility,
      latitude: r.latitude === null ? null : Number(r.latitude),
      longitude: r.longitude === null ? null : Number(r.longitude),
      updated_at: r.updated_at,
    }));
  }

  return {
    /** Every branch, in the order staff arranged them. Branches have no draft state: all are public. */
    async list(): Promise<Branch[]> {
      const rows = await db.selectFrom("branches").select(COLUMNS).orderBy("position").orderBy("id").execute();
      return withImages(rows);
    },

    async get(id: number): Promise<Branch | null> {
      const row = await db.selectFrom("branches").select(COLUMNS).where("id", "=", id).executeTakeFirst();
      if (!row) return null;
      const [branch] = await withImages([row]);
      return branch ?? null;
    },
  };
}

export type BranchesService = ReturnType<typeof createBranchesService>;
