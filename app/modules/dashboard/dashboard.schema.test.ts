import { describe, expect, it } from "vitest";
import { formatRelativeAgeTr } from "~/lib/dates";
import { activePromotionsLabel, monthOverMonthChange, monthWindows } from "./dashboard.schema";

describe("monthOverMonthChange", () => {
  it("says N/A only when last month had none", () => {
    expect(monthOverMonthChange(5, 0)).toBe("N/A");
    expect(monthOverMonthChange(0, 0)).toBe("N/A");
    expect(monthOverMonthChange(0, 1)).toBe("-100%");
  });

  it("shows a rise with a plus sign and a fall with a minus sign, as whole percents", () => {
    expect(monthOverMonthChange(112, 100)).toBe("+12%");
    expect(monthOverMonthChange(95, 100)).toBe("-5%");
    expect(monthOverMonthChange(3, 1)).toBe("+200%");
    expect(monthOverMonthChange(1, 3)).toBe("-67%");
    expect(monthOverMonthChange(2, 3)).toBe("-33%");
  });

  it("rounds to the nearest percent and never shows a sign on no change", () => {
    expect(monthOverMonthChange(7, 7)).toBe("0%");
    // 1 of 1000 down is -0.1%: shown as 0%, not '-0%'.
    expect(monthOverMonthChange(999, 1000)).toBe("0%");
    expect(monthOverMonthChange(1001, 1000)).toBe("0%");
    // 0.5% rounds up; 0.4% down.
    expect(monthOverMonthChange(201, 200)).toBe("+1%");
    expect(monthOverMonthChange(1004, 1000)).toBe("0%");
  });
});

describe("monthWindows (Europe/Istanbul, UTC+3)", () => {
  it("starts this month at midnight Istanbul time, which is 21:00 UTC the day before", () => {
    const windows = monthWindows(new Date("2026-05-15T12:00:00Z"));
    expect(windows.thisMonthStart.toISOString()).toBe("2026-04-30T21:00:00.000Z");
    expect(windows.lastMonthStart.toISOString()).toBe("2026-03-31T21:00:00.000Z");
    expect(windows.nextMonthStart.toISOString()).toBe("2026-05-31T21:00:00.000Z");
  });

  it("is already the new month in Istanbul at 21:00 UTC on the last day", () => {
    // 31 March 21:30 UTC is 1 April 00:30 in Istanbul: April is this month.
    const windows = monthWindows(new Date("2026-03-31T21:30:00Z"));
    expect(windows.thisMonthStart.toISOString()).toBe("2026-03-31T21:00:00.000Z");
    expect(windows.lastMonthStart.toISOString()).toBe("2026-02-28T21:00:00.000Z");
  });

  it("is still the old month in Istanbul at 20:59 UTC on the last day", () => {
    const windows = monthWindows(new Date("2026-03-31T20:59:59Z"));
    expect(windows.thisMonthStart.toISOString()).toBe("2026-02-28T21:00:00.000Z");
    expect(windows.nextMonthStart.toISOString()).toBe("2026-03-31T21:00:00.000Z");
  });

  it("crosses the year: in January, last month is December of the year before", () => {
    const windows = monthWindows(new Date("2026-01-10T09:00:00Z"));
    expect(windows.lastMonthStart.toISOString()).toBe("2025-11-30T21:00:00.000Z");
    expect(windows.thisMonthStart.toISOString()).toBe("2025-12-31T21:00:00.000Z");
    expect(windows.nextMonthStart.toISOString()).toBe("2026-01-31T21:00:00.000Z");
    // New Year's Eve 21:00 UTC is already January in Istanbul.
    expect(monthWindows(new Date("2025-12-31T21:00:00Z")).thisMonthStart.toISOString()).toBe("2025-12-31T21:00:00.000Z");
    // In December, next month is January of the next year.
    expect(monthWindows(new Date("2025-12-15T09:00:00Z")).nextMonthStart.toISOString()).toBe("2025-12-31T21:00:00.000Z");
  });
});

describe("the recent lists' texts (admin.md §2, §9)", () => {
  const now = new Date("2026-05-10T12:00:00Z");
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const MINUTE = 60_000;

  it("counts minutes below 60, hours below 1440 minutes, then days", () => {
    expect(formatRelativeAgeTr(ago(0), now)).toBe("0 dakika önce");
    expect(formatRelativeAgeTr(ago(59 * MINUTE + 59_999), now)).toBe("59 dakika önce");
    expect(formatRelativeAgeTr(ago(60 * MINUTE), now)).toBe("1 saat önce");
    expect(formatRelativeAgeTr(ago(119 * MINUTE), now)).toBe("1 saat önce");
    expect(formatRelativeAgeTr(ago(1439 * MINUTE), now)).toBe("23 saat önce");
    expect(formatRelativeAgeTr(ago(1440 * MINUTE), now)).toBe("1 gün önce");
    expect(formatRelativeAgeTr(ago(2879 * MINUTE), now)).toBe("1 gün önce");
    expect(formatRelativeAgeTr(ago(2880 * MINUTE), now)).toBe("2 gün önce");
  });

  it("never shows a negative age for a clock slightly ahead", () => {
    expect(formatRelativeAgeTr(new Date(now.getTime() + 5 * MINUTE), now)).toBe("0 dakika önce");
  });

  it("names the active promotion count of a casino", () => {
    expect(activePromotionsLabel(0)).toBe("0 promosyon aktif");
    expect(activePromotionsLabel(4)).toBe("4 promosyon aktif");
  });
});
