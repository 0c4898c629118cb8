/** Branches as the public site and the API read them, with their opening hours and main image. */
import { certificateState, certificateToday, isClaimable } from "../../domain/certificates.ts";
import type { BranchWithDays, KashrutCertificate, OpeningHoursEntry } from "../../domain/contracts/content.ts";
import { type HoursDay, hoursNotes, hoursStatus, openingDays } from "../../domain/hours/engine.ts";
import { parseStoredHours } from "../../domain/hours/rules.ts";
import { jerusalemDate } from "../../domain/hours/time.ts";
import type { DB } from "../db/database.ts";
import type { BranchRow } from "../db/schema.ts";
import { type Clock, systemClock } from "./clock.ts";
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
  "kashrut_authority",
  "kashrut_certificate_number",
  "kashrut_valid_until",
] as const;

type CertificateColumns = Pick<BranchRow, "kashrut_authority" | "kashrut_certificate_number" | "kashrut_valid_until">;

/**
 * The certificate the public site may claim on `today` (Jerusalem): null when the branch has none or it has
 * expired — an expired certificate is never shown, so the site never claims a kashrut it no longer holds.
 */
function claimableCertificate(row: CertificateColumns, today: string): Omit<KashrutCertificate, "scan"> | null {
  const certificate = { authority: row.kashrut_authority, valid_until: row.kashrut_valid_until };
  if (!isClaimable(certificateState(certificate, today)) || !row.kashrut_valid_until) return null;
  return {
    authority: row.kashrut_authority,
    number: row.kashrut_certificate_number,
    valid_until: row.kashrut_valid_until,
  };
}

/** Options of the reads: the moment "open now" is judged at, and how many days of the calendar to add. */
export interface BranchReadOptions {
  now?: Date;
  /** Days of the calendar from today (Jerusalem), as `days` on each branch. */
  days?: number;
}

/** `clock` is "now" when a read gives none (open now, the calendar's today); tests move it. */
export function createBranchesService(db: DB, media: MediaService, clock: Clock = systemClock) {
  async function withImages(
    rows: Pick<BranchRow, (typeof COLUMNS)[number]>[],
    options: BranchReadOptions = {},
  ): Promise<BranchWithDays[]> {
    const now = options.now ?? clock();
    const today = certificateToday(now);
    const ids = rows.map((r) => r.id);
    const [images, scans] = await Promise.all([
      media.mainImages("branch", ids),
      media.mainImages("branch_certificate", ids),
    ]);
    return rows.map((r) => {
      const hours = parseStoredHours(r.opening_hours);
      const certificate = claimableCertificate(r, today);
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
        kashrut_certificate: certificate ? { ...certificate, scan: scans.get(r.id) ?? null } : null,
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

    /**
     * The certificates the site may claim today, one per branch that holds one, in branch order: the about
     * page's summary, and whether a product's kashrut is claimed at all (its JSON-LD `suitableForDiet`).
     */
    async certificates(
      now: Date = new Date(),
    ): Promise<{ branch_id: number; branch_name: string; authority: string; valid_until: string }[]> {
      const today = certificateToday(now);
      const rows = await db
        .selectFrom("branches")
        .select(["id", "name", "kashrut_authority", "kashrut_certificate_number", "kashrut_valid_until"])
        .where("kashrut_valid_until", ">=", today)
        .orderBy("position")
        .orderBy("id")
        .execute();
      return rows.flatMap((r) => {
        const certificate = claimableCertificate(r, today);
        return certificate
          ? [
              {
                branch_id: r.id,
                branch_name: r.name,
                authority: certificate.authority,
                valid_until: certificate.valid_until,
              },
            ]
          : [];
      });
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
