// DESIGN.md: every date is shown tr-TR in Europe/Istanbul on server and browser alike,
// so the server's HTML and the hydrated page agree.
export const SITE_TIME_ZONE = "Europe/Istanbul";

const dateFormat = new Intl.DateTimeFormat("tr-TR", {
  timeZone: SITE_TIME_ZONE,
  day: "numeric",
  month: "long",
  year: "numeric",
});

function toDate(value: Date | string | number): Date {
  return value instanceof Date ? value : new Date(value);
}

export function formatDateTr(value: Date | string | number): string {
  return dateFormat.format(toDate(value));
}

const dateTimeFormat = new Intl.DateTimeFormat("tr-TR", { timeZone: SITE_TIME_ZONE, day: "numeric", month: "long", year: "numeric", hour: "2-digit", minute: "2-digit" });
const dateTimeSecondsFormat = new Intl.DateTimeFormat("tr-TR", {
  timeZone: SITE_TIME_ZONE,
  day: "numeric",
  month: "long",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

/** A date and time in the admin lists (tr-TR, Istanbul); to the second for the audit log. */
export function formatDateTimeTr(value: Date | string | number, options: { seconds?: boolean } = {}): string {
  return (options.seconds ? dateTimeSecondsFormat : dateTimeFormat).format(toDate(value));
}

/** admin.md §9: minutes below 60, hours below 1440 minutes, otherwise days. */
export function formatRelativeAgeTr(value: Date | string | number, now: Date = new Date()): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - toDate(value).getTime()) / 60_000));
  if (minutes < 60) return `${minutes} dakika önce`;
  if (minutes < 1440) return `${Math.floor(minutes / 60)} saat önce`;
  return `${Math.floor(minutes / 1440)} gün önce`;
}

const yearFormat = new Intl.DateTimeFormat("tr-TR", { timeZone: SITE_TIME_ZONE, year: "numeric" });

/** The current year in Istanbul (the footer's copyright line). */
export function currentYearTr(now: Date = new Date()): string {
  return yearFormat.format(now);
}
