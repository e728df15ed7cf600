import { describe, expect, it } from "vitest";
import { calculateWagering, defaultDeposit, dependsOnDeposit, hasCalculator, parseDeposit, termRowsOf, verificationOf } from "./bonus-details";
import { NO_BONUS_TERMS, type BonusTerms } from "./bonus-terms";

const terms = (values: Partial<BonusTerms>): BonusTerms => ({ ...NO_BONUS_TERMS, ...values });

describe("verification freshness", () => {
  // 10:00 in Istanbul on 20 November 2026.
  const now = new Date("2026-11-20T07:00:00.000Z");
  it("says when, and how long ago in Istanbul days", () => {
    expect(verificationOf("2026-11-20", now)).toEqual({ text: "Son doğrulama: 20.11.2026 (bugün)", stale: false });
    expect(verificationOf("2026-11-19", now)).toEqual({ text: "Son doğrulama: 19.11.2026 (dün)", stale: false });
    expect(verificationOf("2026-11-15", now)).toEqual({ text: "Son doğrulama: 15.11.2026 (5 gün önce)", stale: false });
  });

  it("is stale after 30 days, not at 30", () => {
    expect(verificationOf("2026-10-21", now)).toEqual({ text: "Son doğrulama: 21.10.2026 (30 gün önce)", stale: false });
    expect(verificationOf("2026-10-20", now)).toEqual({ text: "Son doğrulama: 20.10.2026 (31 gün önce)", stale: true });
  });

  it("counts the Istanbul day, not the UTC one", () => {
    // 22:30 UTC on the 19th is 01:30 on the 20th in Istanbul.
    expect(verificationOf("2026-11-19", new Date("2026-11-19T22:30:00.000Z"))?.text).toBe("Son doğrulama: 19.11.2026 (dün)");
    expect(verificationOf(null, now)).toBeNull();
  });
});

describe("the wagering calculator", () => {
  const welcome = terms({ bonusType: "deposit", bonusPercent: 100, bonusCap: 5000, minDeposit: 100, wageringMultiplier: 30, wageringBasis: "bonus", maxCashout: 50000 });

  it("gives the percentage of the deposit and wagers the bonus", () => {
    expect(calculateWagering(welcome, 1000)).toEqual({ deposit: 1000, bonus: 1000, capped: false, belowMinimum: false, turnover: 30000, maxCashout: 50000, note: null });
  });

  it("wagers deposit plus bonus when that is the basis", () => {
    const both = { ...welcome, wageringBasis: "deposit_bonus" as const, wageringMultiplier: 35 };
    expect(calculateWagering(both, 1000)).toMatchObject({ bonus: 1000, turnover: 70000 });
    expect(calculateWagering(both, 250)).toMatchObject({ bonus: 250, turnover: 17500 });
  });

  it("stops at the cap: exactly at it, and above it", () => {
    expect(calculateWagering(welcome, 5000)).toMatchObject({ bonus: 5000, capped: true, turnover: 150000, note: "Bonus 5.000 TL üst limitine ulaştı; daha yüksek yatırım bonusu artırmaz." });
    expect(calculateWagering(welcome, 4999)).toMatchObject({ bonus: 4999, capped: false, turnover: 149970 });
    expect(calculateWagering(welcome, 20000)).toMatchObject({ bonus: 5000, capped: true, turnover: 150000 });
    // Deposit plus bonus above the cap: the deposit still counts in full.
    expect(calculateWagering({ ...welcome, wageringBasis: "deposit_bonus" }, 20000)).toMatchObject({ bonus: 5000, turnover: 750000 });
  });

  it("gives nothing below the minimum deposit, and says so; the minimum itself qualifies", () => {
    expect(calculateWagering(welcome, 99)).toEqual({
      deposit: 99,
      bonus: 0,
      capped: false,
      belowMinimum: true,
      turnover: null,
      maxCashout: 50000,
      note: "Minimum yatırım 100 TL: bu tutarla bonus alınamaz.",
    });
    expect(calculateWagering(welcome, 100)).toMatchObject({ bonus: 100, belowMinimum: false, turnover: 3000 });
  });

  it("keeps kuruş of an odd percentage", () => {
    expect(calculateWagering(terms({ bonusPercent: 33, wageringMultiplier: 10 }), 155)).toMatchObject({ bonus: 51.15, turnover: 511.5 });
  });

  it("with no wagering the turnover is nothing and the note says the bonus can be cashed out", () => {
    const cashback = terms({ bonusType: "cashback", bonusPercent: 20, wageringMultiplier: 0 });
    expect(calculateWagering(cashback, 2000)).toEqual({ deposit: 2000, bonus: 400, capped: false, belowMinimum: false, turnover: 0, maxCashout: null, note: "Çevrim şartı yok: bonus doğrudan çekilebilir." });
  });

  it("without a stated multiple gives no turnover and asks to check the site's rules", () => {
    expect(calculateWagering(terms({ bonusPercent: 50 }), 1000)).toMatchObject({ bonus: 500, turnover: null, note: "Çevrim şartı belirtilmemiş; sitenin kurallarını kontrol edin." });
  });

  it("gives a fixed no-deposit amount whatever is deposited, capped on cash-out", () => {
    const trial = terms({ bonusType: "no_deposit", bonusAmount: 250, minDeposit: 100, wageringMultiplier: 20, wageringBasis: "bonus", maxCashout: 1000 });
    expect(dependsOnDeposit(trial)).toBe(false);
    expect(calculateWagering(trial, 0)).toEqual({ deposit: 0, bonus: 250, capped: false, belowMinimum: false, turnover: 5000, maxCashout: 1000, note: null });
  });

  it("is offered only for a bonus it can compute, and starts at 1.000 TL or the minimum", () => {
    expect(hasCalculator(terms({ freeSpins: 100, wageringMultiplier: 25 }))).toBe(false);
    expect(hasCalculator(welcome)).toBe(true);
    expect(hasCalculator(terms({ bonusAmount: 250 }))).toBe(true);
    expect(defaultDeposit(welcome)).toBe(1000);
    expect(defaultDeposit(terms({ minDeposit: 2500 }))).toBe(2500);
  });
});

describe("when the calculator asks for a deposit (mutation run)", () => {
  it("asks for it when a percentage, a deposit-plus-bonus basis or a deposit bonus's minimum makes the figures depend on it", () => {
    // A percentage alone, with no minimum and no basis stated.
    expect(dependsOnDeposit(terms({ bonusPercent: 50 }))).toBe(true);
    // A fixed amount wagered with the deposit: the turnover grows with the deposit.
    const withDeposit = terms({ bonusType: "deposit", bonusAmount: 500, wageringMultiplier: 10, wageringBasis: "deposit_bonus" });
    expect(dependsOnDeposit(withDeposit)).toBe(true);
    expect(calculateWagering(withDeposit, 2000)).toMatchObject({ bonus: 500, turnover: 25000 });
    // A fixed deposit bonus with a minimum: a smaller deposit receives nothing.
    const fixedDeposit = terms({ bonusType: "deposit", bonusAmount: 500, minDeposit: 200, wageringMultiplier: 10, wageringBasis: "bonus" });
    expect(dependsOnDeposit(fixedDeposit)).toBe(true);
    expect(calculateWagering(fixedDeposit, 100)).toMatchObject({ bonus: 0, belowMinimum: true, turnover: null, note: "Minimum yatırım 200 TL: bu tutarla bonus alınamaz." });
  });

  it("does not ask for it for a fixed amount wagered on the bonus alone without a minimum", () => {
    expect(dependsOnDeposit(terms({ bonusType: "freebet", bonusAmount: 500, wageringMultiplier: 10, wageringBasis: "bonus" }))).toBe(false);
    expect(dependsOnDeposit(terms({ bonusType: "freebet", bonusAmount: 500, minDeposit: 0 }))).toBe(false);
  });

  it("gives a bonus of 0 TL, not a missing one, when the terms state neither an amount nor a percentage", () => {
    // No offer page shows the calculator for such terms (hasCalculator), so no visitor sees this
    // figure; it pins the result's type, which promises a number, never null.
    const wageringOnly = terms({ wageringMultiplier: 10, wageringBasis: "deposit_bonus" });
    expect(hasCalculator(wageringOnly)).toBe(false);
    expect(calculateWagering(wageringOnly, 1000)).toEqual({ deposit: 1000, bonus: 0, capped: false, belowMinimum: false, turnover: 10000, maxCashout: null, note: null });
  });

  it("reads a stored cap of 0 as no cap", () => {
    expect(calculateWagering(terms({ bonusPercent: 100, bonusCap: 0, wageringMultiplier: 10 }), 1000)).toEqual({
      deposit: 1000,
      bonus: 1000,
      capped: false,
      belowMinimum: false,
      turnover: 10000,
      maxCashout: null,
      note: null,
    });
  });
});

describe("a typed deposit", () => {
  it("reads digits, Turkish thousands and a decimal comma", () => {
    expect(parseDeposit("1000")).toBe(1000);
    expect(parseDeposit(" 1.000 ")).toBe(1000);
    expect(parseDeposit("2.500,50")).toBe(2500.5);
    expect(parseDeposit("250,5")).toBe(250.5);
    expect(parseDeposit("1000 TL")).toBe(1000);
  });

  it("reads every thousands group, a trailing space after TL and the largest deposit (mutation run)", () => {
    expect(parseDeposit("12.500")).toBe(12500);
    expect(parseDeposit("1.000.000")).toBe(1000000);
    expect(parseDeposit("1000 TL ")).toBe(1000);
    expect(parseDeposit("100.000.000")).toBe(100000000);
  });

  it("refuses a misplaced thousands dot and TL inside the number (mutation run)", () => {
    expect(parseDeposit("1.0000")).toBeNull();
    expect(parseDeposit("1234.567")).toBeNull();
    expect(parseDeposit("1 TL 500")).toBeNull();
  });

  it("refuses what is no amount", () => {
    expect(parseDeposit("")).toBeNull();
    expect(parseDeposit("-5")).toBeNull();
    expect(parseDeposit("abc")).toBeNull();
    expect(parseDeposit("1e5")).toBeNull();
    expect(parseDeposit("100000001")).toBeNull();
  });
});

describe("the detail page's terms table", () => {
  it("lists the stated terms in words, with the code and the expiry in Istanbul", () => {
    const rows = termRowsOf(
      terms({ bonusType: "deposit", bonusPercent: 100, bonusCap: 5000, freeSpins: 200, minDeposit: 100, wageringMultiplier: 35, wageringBasis: "deposit_bonus", maxBet: 50, maxCashout: 25000, eligibleGames: "Slot oyunları" }),
      { promotionCode: "HOSGELDIN100", expiryDate: "2026-12-31T21:30:00.000Z" },
    );
    expect(rows).toEqual([
      ["Bonus türü", "Yatırım bonusu"],
      ["Bonus", "%100 (en fazla 5.000 TL)"],
      ["Freespin", "200"],
      ["Minimum yatırım", "100 TL"],
      ["Çevrim şartı", "35x (yatırım + bonus)"],
      ["Maksimum bahis", "50 TL"],
      ["Maksimum çekim", "25.000 TL"],
      ["Geçerli oyunlar", "Slot oyunları"],
      ["Promosyon kodu", "HOSGELDIN100"],
      ["Son tarih", "1 Ocak 2027"],
    ]);
  });

  it("says 'Çevrimsiz' for no wagering, wagers on the bonus without a basis, and leaves out what is not stated", () => {
    expect(termRowsOf(terms({ bonusAmount: 500, wageringMultiplier: 0 }), { promotionCode: null, expiryDate: null })).toEqual([
      ["Bonus", "500 TL"],
      ["Çevrim şartı", "Çevrimsiz"],
    ]);
    expect(termRowsOf(terms({ wageringMultiplier: 12.5 }), { promotionCode: null, expiryDate: null })).toEqual([["Çevrim şartı", "12,5x (bonus tutarı)"]]);
    expect(termRowsOf(NO_BONUS_TERMS, { promotionCode: null, expiryDate: null })).toEqual([]);
  });

  it("gives a percentage without a cap (or with a stored cap of 0) no 'en fazla', and leaves out an empty code or games text (mutation run)", () => {
    const none = { promotionCode: null, expiryDate: null };
    expect(termRowsOf(terms({ bonusPercent: 50 }), none)).toEqual([["Bonus", "%50"]]);
    expect(termRowsOf(terms({ bonusPercent: 50, bonusCap: 0 }), none)).toEqual([["Bonus", "%50"]]);
    expect(termRowsOf(terms({ bonusAmount: 500, eligibleGames: "" }), { promotionCode: "", expiryDate: null })).toEqual([["Bonus", "500 TL"]]);
  });
});
