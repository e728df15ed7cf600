import { describe, expect, it } from "vitest";
import { currentYearTr, formatDateTr, formatRelativeAgeTr } from "./dates";

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
});
