// DESIGN.md: every date is shown tr-TR in Europe/Istanbul on server and browser alike,
// so the server's HTML and the hydrated page agree.
export const SITE_TIME_ZONE = "Europe/Istanbul";

// Issue 10 §3: a browser's first Intl formatter loads ICU's locale and zone data: 60 to 150
// ms of main thread on Lighthouse's throttled phone, inside the task that hydrates a public
// page (the five formatters this module built as it loaded were most of the detail pages'
// blocking time). Europe/Istanbul has been UTC+3 all year since 7 September 2016 (tz
// database), so an instant from 1 October 2016 (past the switch, with a margin) is formatted
// here by arithmetic, on the server and in the browser alike; earlier instants (and invalid
// ones, which throw as before) go to Intl, built on first use. intl-free.test.ts compares
// both across the years.
const FIXED_OFFSET_SINCE = Date.UTC(2016, 9, 1);
const ISTANBUL_OFFSET_MS = 3 * 3_600_000;
const MONTHS_TR = ["Ocak", "Şubat", "Mart", "Nisan", "Mayıs", "Haziran", "Temmuz", "Ağustos", "Eylül", "Ekim", "Kasım", "Aralık"] as const;

/** Years of four digits: past 9999 Intl writes what arithmetic would not. */
const MAX_ARITHMETIC_INSTANT = Date.UTC(9999, 0, 1);

/** Istanbul's wall clock at an instant (its UTC fields), or null when Intl must answer. */
function istanbulClock(instant: number): Date | null {
  return instant >= FIXED_OFFSET_SINCE && instant < MAX_ARITHMETIC_INSTANT ? new Date(instant + ISTANBUL_OFFSET_MS) : null;
}

/** An Intl formatter built the first time it is needed. */
function createLazyFormat(locale: string, options: Intl.DateTimeFormatOptions): (date: Date) => string {
  let format: Intl.DateTimeFormat | undefined;
  return (date) => (format ??= new Intl.DateTimeFormat(locale, { timeZone: SITE_TIME_ZONE, ...options })).format(date);
}

const padTwo = (value: number) => String(value).padStart(2, "0");

function toDate(value: Date | string | number): Date {
  return value instanceof Date ? value : new Date(value);
}

const dateFormat = createLazyFormat("tr-TR", { day: "numeric", month: "long", year: "numeric" });

/** '26 Kasım 2026', the day in Istanbul. */
export function formatDateTr(value: Date | string | number): string {
  const date = toDate(value);
  const clock = istanbulClock(date.getTime());
  return clock ? `${clock.getUTCDate()} ${MONTHS_TR[clock.getUTCMonth()]} ${clock.getUTCFullYear()}` : dateFormat(date);
}

const shortDateFormat = createLazyFormat("tr-TR", { day: "2-digit", month: "2-digit", year: "numeric" });

/** '31.12.2026', the day in Istanbul (the offer cards' expiry chip). */
export function formatShortDateTr(value: Date | string | number): string {
  const date = toDate(value);
  const clock = istanbulClock(date.getTime());
  return clock ? `${padTwo(clock.getUTCDate())}.${padTwo(clock.getUTCMonth() + 1)}.${clock.getUTCFullYear()}` : shortDateFormat(date);
}

const dateTimeFormat = createLazyFormat("tr-TR", { day: "numeric", month: "long", year: "numeric", hour: "2-digit", minute: "2-digit" });
const dateTimeSecondsFormat = createLazyFormat("tr-TR", { day: "numeric", month: "long", year: "numeric", hour: "2-digit", minute: "2-digit", second: "2-digit" });

/** A date and time in the admin lists (tr-TR, Istanbul); to the second for the audit log. */
export function formatDateTimeTr(value: Date | string | number, options: { seconds?: boolean } = {}): string {
  return (options.seconds ? dateTimeSecondsFormat : dateTimeFormat)(toDate(value));
}

/** admin.md §9: minutes below 60, hours below 1440 minutes, otherwise days. */
export function formatRelativeAgeTr(value: Date | string | number, now: Date = new Date()): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - toDate(value).getTime()) / 60_000));
  if (minutes < 60) return `${minutes} dakika önce`;
  if (minutes < 1440) return `${Math.floor(minutes / 60)} saat önce`;
  return `${Math.floor(minutes / 1440)} gün önce`;
}

const yearFormat = createLazyFormat("tr-TR", { year: "numeric" });

/** The current year in Istanbul (the footer's copyright line). */
export function currentYearTr(now: Date = new Date()): string {
  const clock = istanbulClock(now.getTime());
  return clock ? String(clock.getUTCFullYear()) : yearFormat(now);
}

// ---- Calendar days in Istanbul, as YYYY-MM-DD (click tallies, verification dates) ----

// en-CA formats a date as YYYY-MM-DD.
const dayFormat = createLazyFormat("en-CA", { year: "numeric", month: "2-digit", day: "2-digit" });

/** The Istanbul calendar day of an instant, as YYYY-MM-DD (clicks are counted per such day, offers verified). */
export function istanbulDay(instant: number): string {
  const clock = istanbulClock(instant);
  return clock ? `${clock.getUTCFullYear()}-${padTwo(clock.getUTCMonth() + 1)}-${padTwo(clock.getUTCDate())}` : dayFormat(new Date(instant));
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
