/** Display formats shared by the pages (Hebrew locale). */

/** The display colour of a tag: the Hebrew colour words red / blue / orange (spec §3), else neutral. */
export type TagTone = "red" | "blue" | "orange" | "neutral";

const TONES: Record<string, TagTone> = {
  אדום: "red",
  כחול: "blue",
  כתום: "orange",
};

export function tagTone(color: string): TagTone {
  return TONES[color.trim()] ?? "neutral";
}
