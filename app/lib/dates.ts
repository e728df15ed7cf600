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

const shortDateFormat = new Intl.DateTimeFormat("tr-TR", { timeZone: SITE_TIME_ZONE, day: "2-digit", month: "2-digit", year: "numeric" });

/** '31.12.2026', the day in Istanbul (the offer cards' expiry chip). */
export function formatShortDateTr(value: Date | string | number): string {
  return shortDateFormat.format(toDate(value));
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

// ---- Calendar days in Istanbul, as YYYY-MM-DD (click tallies, verification dates) ----

// en-CA formats a date as YYYY-MM-DD.
const dayFormat = new Intl.DateTimeFormat("en-CA", { timeZone: SITE_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" });
let memo = { minute: Number.NaN, day: "" };

/** The Istanbul calendar day of an instant, as YYYY-MM-DD (clicks are counted per such day, offers verified). */
export function istanbulDay(instant: number): string {
  // A click stream asks the same minute many times: its day is formatted once.
  const minute = Math.floor(instant / 60_000);
  if (minute !== memo.minute) memo = { minute, day: dayFormat.format(new Date(minute * 60_000)) };
  return memo.day;
}

/** A YYYY-MM-DD day moved by whole days (negative: back). */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/** Today in Istanbul as 'YYYY-MM-DD'. */
export function istanbulToday(now: Date = new Date()): string {
  return istanbulDay(now.getTime());
}

const dayNumber = (day: string) => {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return Math.round(Date.UTC(year, month - 1, date) / 86_400_000);
};

/** Whole calendar days from `day` to today in Istanbul (0 = today). */
export function daysSince(day: string, now: Date = new Date()): number {
  return dayNumber(istanbulToday(now)) - dayNumber(day);
}

const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** 'YYYY-MM-DD' when it names a real day (from the year 2000 on), else null. */
export function readCalendarDay(value: string): string | null {
  const match = CALENDAR_DAY.exec(value);
  if (!match) return null;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const check = new Date(Date.UTC(year, month - 1, day));
  return check.getUTCFullYear() === year && check.getUTCMonth() === month - 1 && check.getUTCDate() === day && year >= 2000 ? value : null;
}

/** A calendar day ('YYYY-MM-DD') as '12.11.2026'. */
export function formatDayTr(day: string): string {
  const [year, month, date] = day.split("-");
  return `${date}.${month}.${year}`;
}
