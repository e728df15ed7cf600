import { describe, expect, it } from "vitest";
import { currentYearTr, formatDateTr, formatShortDateTr, istanbulDay } from "./dates";
import { formatDecimalTr, formatNumberTr } from "./numbers";

// dates.ts and numbers.ts write Turkish dates and numbers without Intl (a browser's first Intl
// formatter blocks a throttled phone's main thread for 60 to 150 ms while the page hydrates).
// What they write must be exactly what Intl writes, or the hydrated page would differ from
// the server's and visitors would read a wrong day: compared here across many values.

const TZ = "Europe/Istanbul";
const intlDate = new Intl.DateTimeFormat("tr-TR", { timeZone: TZ, day: "numeric", month: "long", year: "numeric" });
const intlShort = new Intl.DateTimeFormat("tr-TR", { timeZone: TZ, day: "2-digit", month: "2-digit", year: "numeric" });
const intlYear = new Intl.DateTimeFormat("tr-TR", { timeZone: TZ, year: "numeric" });
const intlDay = new Intl.DateTimeFormat("en-CA", { timeZone: TZ, year: "numeric", month: "2-digit", day: "2-digit" });

/** A fixed pseudo-random sequence, so a failure can be repeated. */
function* randoms(seed: number, count: number): Generator<number> {
  let state = seed;
  for (let i = 0; i < count; i++) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    yield state / 2 ** 31;
  }
}

describe("dates without Intl", () => {
  const instants = [
    // Either side of Istanbul's midnight (21:00 UTC) and of New Year, and around the 2016 switch to UTC+3 all year.
    Date.UTC(2026, 10, 26, 20, 59, 59, 999),
    Date.UTC(2026, 10, 26, 21, 0, 0, 0),
    Date.UTC(2026, 11, 31, 20, 59, 59),
    Date.UTC(2026, 11, 31, 21, 0, 0),
    Date.UTC(2028, 1, 28, 21, 0, 0),
    Date.UTC(2016, 8, 6, 21, 30),
    Date.UTC(2016, 9, 1, 0, 0),
    Date.UTC(2015, 6, 1, 21, 30), // summer time, UTC+3
    Date.UTC(2015, 11, 1, 22, 30), // winter time, UTC+2: already the next day in Istanbul
    Date.UTC(1999, 0, 1),
    Date.UTC(9998, 11, 31, 23),
    Date.UTC(10000, 0, 1),
    ...[...randoms(7, 3000)].map((r) => Date.UTC(2010, 0, 1) + Math.floor(r * (Date.UTC(2100, 0, 1) - Date.UTC(2010, 0, 1)))),
  ];

  it("writes every day, short date, year and calendar day exactly as Intl does in Istanbul", () => {
    for (const instant of instants) {
      const date = new Date(instant);
      expect(formatDateTr(date), date.toISOString()).toBe(intlDate.format(date));
      expect(formatShortDateTr(instant), date.toISOString()).toBe(intlShort.format(date));
      expect(currentYearTr(date), date.toISOString()).toBe(intlYear.format(date));
      expect(istanbulDay(instant), date.toISOString()).toBe(intlDay.format(date));
    }
    expect(formatDateTr("2026-11-26T21:30:00Z")).toBe("27 Kasım 2026");
    expect(formatShortDateTr("2026-02-03T10:00:00Z")).toBe("03.02.2026");
  });

  it("still refuses an invalid date as Intl does", () => {
    expect(() => formatDateTr("yarın")).toThrow(RangeError);
    expect(() => formatShortDateTr(Number.NaN)).toThrow(RangeError);
  });
});

describe("numbers without Intl", () => {
  const values = [
    0, -0, 1, -1, 5, 999, 1000, -1000, 5000, 12345.678, 1234567.5, 0.005, 0.015, 1.005, 2.675, 1.995, 9.995, 99.995, 999.995, -0.001, -0.004, -0.005, 0.1 + 0.2, 35.5, 100, 1e6,
    123456789012.345, 999999999999999, 1e15, 1e21, -1e21, 1.5e300, Number.MAX_SAFE_INTEGER, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, Number.EPSILON,
    ...[...randoms(11, 3000)].map((r, i) => (i % 2 ? -1 : 1) * Number((r * 10 ** (i % 9)).toPrecision(1 + (i % 12)))),
  ];

  it("writes each number exactly as Intl does for tr-TR, grouping, rounding and sign included", () => {
    const intl = (min: number, max: number) => new Intl.NumberFormat("tr-TR", { minimumFractionDigits: min, maximumFractionDigits: max });
    const [upToTwo, exactlyOne, whole] = [intl(0, 2), intl(1, 1), intl(0, 0)];
    for (const value of values) {
      expect(formatNumberTr(value), String(value)).toBe(upToTwo.format(value));
      expect(formatDecimalTr(value, 1, 1), String(value)).toBe(exactlyOne.format(value));
      expect(formatDecimalTr(value, 0, 0), String(value)).toBe(whole.format(value));
    }
    expect(formatNumberTr(1234567.5)).toBe("1.234.567,5");
    expect(formatDecimalTr(4, 1, 1)).toBe("4,0");
  });
});

