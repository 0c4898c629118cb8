/** Shapes of the content pages (branches, sales, publications) shared by services, API and pages. */
import type { Picture } from "./catalogue.ts";

/** 0 = Sunday … 6 = Saturday (the Israeli week starts on Sunday). */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

/** One opening interval; a weekday with no entry is closed. Times are "HH:MM", Asia/Jerusalem. */
export interface OpeningHoursEntry {
  day: Weekday;
  opens: string;
  closes: string;
}

export interface BranchSummary {
  id: number;
  name: string;
  address: string;
  mainImage: Picture | null;
}

export interface Branch extends BranchSummary {
  /** A map URL for the branch (spec §3). */
  location: string;
  content: string;
  email: string;
  /** As stored, with the leading 0 (e.g. "02-6251234"). */
  phone: string;
  opening_hours: OpeningHoursEntry[];
  /** Physical accessibility of the branch (entrance, toilets, parking…). */
  accessibility: string;
  latitude: number | null;
  longitude: number | null;
  updated_at: string;
}

/** A sale (promotion) or a publication (news item). */
export interface Post {
  id: number;
  name: string;
  content: string;
  mainImage: Picture | null;
  created_at: string;
  updated_at: string;
}
