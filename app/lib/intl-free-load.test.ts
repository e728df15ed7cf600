import { afterAll, describe, expect, it } from "vitest";

// ADR 014: no public page builds an Intl object while it starts (a browser's first one costs
// 60 to 150 ms of a throttled phone's main thread). Intl's constructors are counted from
// before the modules load: this file's own imports, so each test file loads them afresh.
const INTL_CONSTRUCTORS = ["DateTimeFormat", "NumberFormat", "Collator"] as const;
const originals = Object.fromEntries(INTL_CONSTRUCTORS.map((name) => [name, Intl[name]]));
let built = 0;
for (const name of INTL_CONSTRUCTORS) {
  Object.assign(Intl, {
    [name]: new Proxy(originals[name]!, {
      construct(target, args, newTarget) {
        built++;
        return Reflect.construct(target, args, newTarget) as object;
      },
    }),
  });
}
const [dates, numbers, turkish, terms] = await Promise.all([import("./dates"), import("./numbers"), import("./turkish"), import("~/modules/promotions/bonus-terms")]);
const builtByLoading = built;
afterAll(() => {
  Object.assign(Intl, originals);
});

// The tests run in order: each Intl fallback, once built, is kept.
describe("what builds an Intl object", () => {
  it("builds none to load the modules and write the dates and numbers a public page shows, and writes them right", () => {
    expect(builtByLoading).toBe(0);
    const since = Date.UTC(2016, 9, 1);
    for (const instant of [since, Date.UTC(2026, 10, 26, 21), Date.UTC(9999, 0, 1) - 1]) {
      dates.formatDateTr(instant);
      dates.formatShortDateTr(instant);
      dates.currentYearTr(new Date(instant));
      dates.istanbulDay(instant);
    }
    expect(built).toBe(0);
    // Istanbul's next day from 21:00 UTC, Turkish months and digits.
    expect(dates.formatDateTr(Date.UTC(2026, 10, 26, 21))).toBe("27 Kasım 2026");
    expect(dates.formatDateTr(since)).toBe("1 Ekim 2016");
    expect(dates.formatShortDateTr(Date.UTC(2026, 1, 3, 10))).toBe("03.02.2026");
    expect(dates.currentYearTr(new Date(Date.UTC(2026, 11, 31, 21)))).toBe("2027");
    expect(dates.istanbulDay(Date.UTC(2026, 11, 31, 21))).toBe("2027-01-01");
    expect(dates.istanbulDay(Date.UTC(2026, 8, 4, 12))).toBe("2026-09-04");
    expect([0, -0, 5000, 35.5, 0.015, 1234.5, 999999999999999].map(numbers.formatNumberTr)).toEqual(["0", "-0", "5.000", "35,5", "0,02", "1.234,5", "999.999.999.999.999"]);
    expect(terms.formatTl(5000)).toBe("5.000 TL");
    expect(built).toBe(0);
  });

  it("leaves to Intl, built once, the instants before Istanbul's year-round UTC+3 and from the year 9999", () => {
    const before = built;
    expect(dates.formatDateTr(Date.UTC(2016, 9, 1) - 1)).toBe("1 Ekim 2016");
    expect(built).toBe(before + 1);
    // Winter time before 2016 (UTC+2): 22:30 UTC is still the same day.
    expect(dates.formatDateTr(Date.UTC(2015, 11, 1, 21, 30))).toBe("1 Aralık 2015");
    expect(built).toBe(before + 1);
    expect(dates.formatShortDateTr(Date.UTC(9999, 0, 1))).toBe("01.01.9999");
    expect(dates.currentYearTr(new Date(Date.UTC(2015, 11, 31, 22, 30)))).toBe("2016");
    expect(dates.istanbulDay(Date.UTC(2015, 11, 31, 22, 30))).toBe("2016-01-01");
    expect(built).toBe(before + 4);
  });

  it("leaves to Intl, built once per kind, the numbers JavaScript writes in exponent form, and NaN", () => {
    const before = built;
    expect(numbers.formatNumberTr(1e21)).toBe("1.000.000.000.000.000.000.000");
    expect(built).toBe(before + 1);
    expect(numbers.formatNumberTr(Number.NaN)).toBe("NaN");
    expect(numbers.formatNumberTr(5e-7)).toBe("0");
    expect(built).toBe(before + 1);
    expect(numbers.formatDecimalTr(5e-7, 1, 1)).toBe("0,0");
    expect(built).toBe(before + 2);
  });

  it("builds the Turkish collator on first use only", () => {
    const before = built;
    expect(turkish.sortByTurkishName([{ name: "Şans" }, { name: "Çark" }, { name: "Sahil" }, { name: "Cem" }, { name: "ılık" }, { name: "İnci" }]).map((item) => item.name)).toEqual(["Cem", "Çark", "ılık", "İnci", "Sahil", "Şans"]);
    expect(built).toBe(before + 1);
  });
});
