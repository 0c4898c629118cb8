/** Shapes of the content pages (branches, sales, publications) shared by services, API and pages. */
import type { HoursDay } from "../hours/engine.ts";
import type { Weekday, WeeklyEntry } from "../hours/rules.ts";
import type { Picture } from "./catalogue.ts";

export type { HoursDay, Weekday };

/**
 * One weekly opening interval; a weekday with no entry is closed. Times are "HH:MM", Asia/Jerusalem; a day may
 * have several, and `closes` at or before `opens` means after midnight. Holidays: GET /api/branches/{id}/hours.
 */
export type OpeningHoursEntry = WeeklyEntry;

export interface BranchSummary {
  id: number;
  name: string;
  address: string;
  mainImage: Picture | null;
}

/** A branch's details as staff type them and visitors read them: the public, admin and stored branch carry them as is. */
export interface BranchDetails {
  name: string;
  /** A map URL for the branch (spec §3). */
  location: string;
  address: string;
  content: string;
  email: string;
  /** As stored, with the leading 0 (e.g. "02-6251234"). */
  phone: string;
  /** Physical accessibility of the branch (entrance, toilets, parking…). */
  accessibility: string;
}

/** The details of a branch, its row or its form's input. */
export function branchDetails(branch: BranchDetails): BranchDetails {
  const { name, location, address, content, email, phone, accessibility } = branch;
  return { name, location, address, content, email, phone, accessibility };
}

export interface Branch extends BranchSummary, BranchDetails {
  opening_hours: OpeningHoursEntry[];
  latitude: number | null;
  longitude: number | null;
  updated_at: string;
  /** Open at the moment of the request, in Jerusalem, by the Hebrew-calendar rules (domain/hours). */
  open_now: boolean;
  /** "פתוח עכשיו · נסגר ב־14:00" / "סגור · ייפתח ביום ראשון ב־07:00" */
  status: string;
  /** The standing rules in Hebrew ("סגור בשבתות ובחגים", "ביום שישי … נסגר 120 דקות לפני כניסת השבת"…). */
  hours_notes: string[];
  /** The branch's kashrut certificate while valid today in Jerusalem; null when it has none or it expired. */
  kashrut_certificate: KashrutCertificate | null;
}

/** A valid kashrut certificate as the public site shows it (issue 11). */
export interface KashrutCertificate {
  authority: string;
  number: string;
  /** Last valid day, "YYYY-MM-DD". */
  valid_until: string;
  scan: Picture | null;
}

/** A branch with the coming days of its calendar, for the pages. */
export interface BranchWithDays extends Branch {
  days?: HoursDay[];
}

/** A sale (promotion) or a publication (news item). */
export interface Post {
  id: number;
  name: string;
  content: string;
  mainImage: Picture | null;
  created_at: string;
  updated_at: string;
  /** Its window (ISO UTC or null, "from" inclusive, "until" exclusive): shown to visitors as dates (issue 29). */
  starts_at: string | null;
  ends_at: string | null;
}
