import { describe, expect, it } from "vitest";
import { isSplashDue } from "./splash-frequency";

// Issue 11 §5: the splash ad shows to a visitor at most once per configured period.
describe("isSplashDue", () => {
  const now = Date.parse("2026-06-01T12:00:00Z");
  const ago = (ms: number) => String(now - ms);

  it("is due for a visitor who never saw an ad, or whose stored time is unreadable", () => {
    expect(isSplashDue(null, now, 24)).toBe(true);
    expect(isSplashDue("", now, 24)).toBe(true);
    expect(isSplashDue("dün", now, 24)).toBe(true);
  });

  it("waits the whole period, to the millisecond", () => {
    expect(isSplashDue(ago(0), now, 24)).toBe(false);
    expect(isSplashDue(ago(24 * 3_600_000 - 1), now, 24)).toBe(false);
    expect(isSplashDue(ago(24 * 3_600_000), now, 24)).toBe(true);
    expect(isSplashDue(ago(59 * 60_000), now, 1)).toBe(false);
    expect(isSplashDue(ago(61 * 60_000), now, 1)).toBe(true);
  });

  it("does not let a time from the future (a clock set back) silence the ad for good", () => {
    expect(isSplashDue(String(now + 3_600_000), now, 8760)).toBe(true);
  });
});
