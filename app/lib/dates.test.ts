import { describe, expect, it } from "vitest";
import { currentYearTr, daysSince, formatDateTr, formatDayTr, formatRelativeAgeTr, formatShortDateTr, istanbulToday, readCalendarDay } from "./dates";

describe("dates", () => {
  it("formats tr-TR in Istanbul time whatever the machine's zone", () => {
    // 21:30 UTC on 31 December is already 1 January in Istanbul (UTC+3).
    expect(formatDateTr("2025-12-31T21:30:00Z")).toBe("1 Ocak 2026");
  });

  it("gives minutes below 60, hours below 1440 minutes, then days (admin.md §9)", () => {
    const now = new Date("2026-05-10T12:00:00Z");
    expect(formatRelativeAgeTr(new Date("2026-05-10T11:01:00Z"), now)).toBe("59 dakika önce");
    expect(formatRelativeAgeTr(new Date("2026-05-10T11:00:00Z"), now)).toBe("1 saat önce");
    expect(formatRelativeAgeTr(new Date("2026-05-09T12:01:00Z"), now)).toBe("23 saat önce");
    expect(formatRelativeAgeTr(new Date("2026-05-09T12:00:00Z"), now)).toBe("1 gün önce");
  });

  it("takes the year in Istanbul, not on the machine", () => {
    expect(currentYearTr(new Date("2025-12-31T22:30:00Z"))).toBe("2026");
  });

  it("writes the short date of the Istanbul day", () => {
    expect(formatShortDateTr("2026-12-31T20:59:00.000Z")).toBe("31.12.2026");
    expect(formatShortDateTr(new Date("2026-12-31T21:30:00.000Z"))).toBe("01.01.2027");
  });

  it("writes a calendar day as DD.MM.YYYY", () => {
    expect(formatDayTr("2026-11-05")).toBe("05.11.2026");
  });

  it("counts whole Istanbul days since a calendar day", () => {
    // 22:30 UTC on the 19th is 01:30 on the 20th in Istanbul.
    const now = new Date("2026-11-19T22:30:00.000Z");
    expect(istanbulToday(now)).toBe("2026-11-20");
    expect(daysSince("2026-11-20", now)).toBe(0);
    expect(daysSince("2026-11-19", now)).toBe(1);
    expect(daysSince("2026-10-21", now)).toBe(30);
    // Across February, whose length differs from the months around it.
    expect(daysSince("2026-02-27", new Date("2026-03-01T12:00:00Z"))).toBe(2);
  });

  it("reads a calendar day only when it is a real one, from 2000 on", () => {
    expect(readCalendarDay("2024-02-29")).toBe("2024-02-29");
    expect(readCalendarDay("2000-01-01")).toBe("2000-01-01");
    expect(readCalendarDay("2026-02-29")).toBeNull();
    expect(readCalendarDay("2026-13-01")).toBeNull();
    expect(readCalendarDay("1999-12-31")).toBeNull();
    expect(readCalendarDay("2026-1-01")).toBeNull();
    expect(readCalendarDay("2026-01-01T00:00")).toBeNull();
  });
});
