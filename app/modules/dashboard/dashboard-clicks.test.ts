import { describe, expect, it } from "vitest";
import { clickChartSummary, clickDays, formatClickDay } from "./dashboard.schema";

describe("the chart's days", () => {
  it("lists every day of the window, adds each placement's clicks, and ignores rows outside it or of unknown placements", () => {
    const days = clickDays(
      [
        { day: "2026-02-27", placement: "card", clicks: 3 },
        { day: "2026-02-27", placement: "splash", clicks: 2 },
        { day: "2026-03-01", placement: "detail", clicks: 1 },
        { day: "2026-03-01", placement: "casino", clicks: 4 },
        { day: "2026-02-26", placement: "card", clicks: 50 },
        { day: "2026-03-02", placement: "card", clicks: 60 },
        { day: "2026-02-28", placement: "footer", clicks: 70 },
      ],
      "2026-02-27",
      "2026-03-01",
    );
    expect(days).toEqual([
      { day: "2026-02-27", total: 5, card: 3, detail: 0, casino: 0, splash: 2 },
      { day: "2026-02-28", total: 0, card: 0, detail: 0, casino: 0, splash: 0 },
      { day: "2026-03-01", total: 5, card: 0, detail: 1, casino: 4, splash: 0 },
    ]);
  });

  it("says in words what the chart shows", () => {
    const empty = clickDays([], "2026-11-20", "2026-11-22");
    expect(clickChartSummary(empty)).toBe("Son 3 günde tıklama yok.");
    const days = clickDays(
      [
        { day: "2026-11-21", placement: "card", clicks: 1200 },
        { day: "2026-11-22", placement: "card", clicks: 7 },
      ],
      "2026-11-20",
      "2026-11-22",
    );
    expect(clickChartSummary(days)).toBe("Son 3 günde toplam 1.207 tıklama; en çok 21 Kasım 2026 Cmt (1.200).");
  });

  it("names the first of two equally busy days as the busiest", () => {
    const days = clickDays(
      [
        { day: "2026-11-21", placement: "card", clicks: 5 },
        { day: "2026-11-22", placement: "card", clicks: 5 },
      ],
      "2026-11-21",
      "2026-11-22",
    );
    expect(clickChartSummary(days)).toBe("Son 2 günde toplam 10 tıklama; en çok 21 Kasım 2026 Cmt (5).");
  });

  it("writes days the Turkish way, short on the axis and long in the table", () => {
    expect(formatClickDay("2026-11-22")).toBe("22 Kas");
    expect(formatClickDay("2026-01-01", true)).toBe("1 Ocak 2026 Per");
  });
});
