/** Branches as the public site and the API read them, with their opening hours and main image. */
import type { BranchWithDays, OpeningHoursEntry } from "../../domain/contracts/content.ts";
import { type HoursDay, hoursNotes, hoursStatus, openingDays } from "../../domain/hours/engine.ts";
import { parseStoredHours } from "../../domain/hours/rules.ts";
import { jerusalemDate } from "../../domain/hours/time.ts";
import type { DB } from "../db/database.ts";
import type { BranchRow } from "../db/schema.ts";
import type { MediaService } from "./media.ts";

/** The weekly intervals of a stored `opening_hours` (version 1 list or version 2 object); malformed entries dropped. */
export function parseOpeningHours(json: string): OpeningHoursEntry[] {
  return parseStoredHours(json).weekly;
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

/** Options of the reads: the moment "open now" is judged at, and how many days of the calendar to add. */
export interface BranchReadOptions {
  now?: Date;
  /** Days of the calendar from today (Jerusalem), as `days` on each branch. */
  days?: number;
}

export function createBranchesService(db: DB, media: MediaService) {
  async function withImages(
    rows: Pick<BranchRow, (typeof COLUMNS)[number]>[],
    options: BranchReadOptions = {},
  ): Promise<BranchWithDays[]> {
    const now = options.now ?? new Date();
    const images = await media.mainImages(
      "branch",
      rows.map((r) => r.id),
    );
    return rows.map((r) => {
      const hours = parseStoredHours(r.opening_hours);
      return {
        id: r.id,
        name: r.name,
        mainImage: images.get(r.id) ?? null,
        location: r.location,
        address: r.address,
        content: r.content,
        email: r.email,
        phone: r.phone,
        opening_hours: hours.weekly,
        accessibility: r.accessibility,
        latitude: r.latitude === null ? null : Number(r.latitude),
        longitude: r.longitude === null ? null : Number(r.longitude),
        updated_at: r.updated_at,
        ...hoursStatus(hours, now),
        hours_notes: hoursNotes(hours),
        ...(options.days ? { days: openingDays(hours, jerusalemDate(now), options.days) } : {}),
      };
    });
  }

  return {
    /** Every branch, in the order staff arranged them. Branches have no draft state: all are public. */
    async list(options?: BranchReadOptions): Promise<BranchWithDays[]> {
      const rows = await db.selectFrom("branches").select(COLUMNS).orderBy("position").orderBy("id").execute();
      return withImages(rows, options);
    },

    async get(id: number, options?: BranchReadOptions): Promise<BranchWithDays | null> {
      const row = await db.selectFrom("branches").select(COLUMNS).where("id", "=", id).executeTakeFirst();
      if (!row) return null;
      const [branch] = await withImages([row], options);
      return branch ?? null;
    },

    /** `count` days of the branch's calendar from `from` (a Jerusalem date); null when there is no such branch. */
    async hours(id: number, from: string, count: number): Promise<HoursDay[] | null> {
      const row = await db.selectFrom("branches").select("opening_hours").where("id", "=", id).executeTakeFirst();
      if (!row) return null;
      return openingDays(parseStoredHours(row.opening_hours), from, count);
    },
  };
}

export type BranchesService = ReturnType<typeof createBranchesService>;
