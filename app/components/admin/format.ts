/** Formatting for the back office: Israeli dates and times (prices: domain/money.ts). */
const dateTime = new Intl.DateTimeFormat("he-IL", {
  dateStyle: "short",
  timeStyle: "short",
  timeZone: "Asia/Jerusalem",
});
const date = new Intl.DateTimeFormat("he-IL", { dateStyle: "medium", timeZone: "Asia/Jerusalem" });

export const formatDateTime = (iso: string | null | undefined) => (iso ? dateTime.format(new Date(iso)) : "");
export const formatDate = (iso: string | null | undefined) => (iso ? date.format(new Date(iso)) : "");
