import { describe, expect, it } from "vitest";
import { chipsOf, headlineOf, isBonusType, isWageringBasis, NO_BONUS_TERMS, ratingText, type BonusTerms } from "./bonus-terms";

const terms = (values: Partial<BonusTerms>): BonusTerms => ({ ...NO_BONUS_TERMS, ...values });

describe("the headline value (issue 11 §2)", () => {
  it("shows a deposit percentage with its cap", () => {
    expect(headlineOf(terms({ bonusType: "deposit", bonusPercent: 100, bonusCap: 5000 }))).toBe("%100 · 5.000 TL'ye kadar");
    expect(headlineOf(terms({ bonusType: "deposit", bonusPercent: 50 }))).toBe("%50");
  });

  it("names the type of a fixed amount and of a non-deposit percentage", () => {
    expect(headlineOf(terms({ bonusType: "no_deposit", bonusAmount: 500 }))).toBe("500 TL Deneme Bonusu");
    expect(headlineOf(terms({ bonusType: "freebet", bonusAmount: 1500 }))).toBe("1.500 TL Freebet");
    expect(headlineOf(terms({ bonusAmount: 250 }))).toBe("250 TL Bonus");
    expect(headlineOf(terms({ bonusType: "cashback", bonusPercent: 20, bonusCap: 2500 }))).toBe("%20 Kayıp Bonusu · 2.500 TL'ye kadar");
  });

  it("shows free spins alone or added to the bonus", () => {
    expect(headlineOf(terms({ bonusType: "free_spins", freeSpins: 200 }))).toBe("200 Freespin");
    expect(headlineOf(terms({ bonusType: "deposit", bonusPercent: 100, bonusCap: 5000, freeSpins: 1000 }))).toBe("%100 · 5.000 TL'ye kadar + 1.000 Freespin");
  });

  it("has nothing to say without an amount, a percentage or spins", () => {
    expect(headlineOf(terms({ bonusType: "deposit" }))).toBeNull();
    expect(headlineOf(terms({ bonusAmount: 0, freeSpins: 0 }))).toBeNull();
  });
});

describe("the chips", () => {
  it("show çevrim, minimum yatırım and son tarih (the day in Istanbul)", () => {
    // 21:30 UTC on 31 December is already 1 January in Istanbul.
    expect(chipsOf(terms({ wageringMultiplier: 35, minDeposit: 100 }), "2026-12-31T20:59:00.000Z").map((c) => c.text)).toEqual([
      "Çevrim 35x",
      "Min. yatırım 100 TL",
      "Son tarih 31.12.2026",
    ]);
    expect(chipsOf(terms({}), "2026-12-31T21:30:00.000Z").map((c) => c.text)).toEqual(["Son tarih 01.01.2027"]);
  });

  it("write a half multiple with a comma and no wagering as 'Çevrimsiz'; skip what is not stated", () => {
    expect(chipsOf(terms({ wageringMultiplier: 12.5, minDeposit: 2500 }), null).map((c) => c.text)).toEqual(["Çevrim 12,5x", "Min. yatırım 2.500 TL"]);
    expect(chipsOf(terms({ wageringMultiplier: 0, minDeposit: 0 }), null).map((c) => c.text)).toEqual(["Çevrimsiz"]);
    expect(chipsOf(terms({}), null)).toEqual([]);
  });

  it("say which kind each chip is, which picks its colour (mutation run)", () => {
    expect(chipsOf(terms({ wageringMultiplier: 35, minDeposit: 100 }), "2026-12-31T20:59:00.000Z")).toEqual([
      { kind: "wagering", text: "Çevrim 35x" },
      { kind: "minDeposit", text: "Min. yatırım 100 TL" },
      { kind: "expiry", text: "Son tarih 31.12.2026" },
    ]);
  });
});

describe("the rating line", () => {
  it("gives the average to a tenth with the count", () => {
    expect(ratingText(52, 12)).toBe("4,3 / 5 · 12 yorum");
    expect(ratingText(5, 1)).toBe("5,0 / 5 · 1 yorum");
    // 4.25 rounds up to 4.3; 1,234 comments are written with a dot.
    expect(ratingText(17, 4)).toBe("4,3 / 5 · 4 yorum");
    expect(ratingText(4936, 1234)).toBe("4,0 / 5 · 1.234 yorum");
  });

  it("is absent without comments", () => {
    expect(ratingText(0, 0)).toBeNull();
  });
});

describe("what a card shows at the edges of the terms (mutation run)", () => {
  it("reads zero amounts, caps and spins as absent, and names the kind of a percentage bonus that is not a deposit bonus", () => {
    expect(headlineOf(terms({ bonusPercent: 0, bonusAmount: 0, freeSpins: 0 }))).toBeNull();
    expect(headlineOf(terms({ bonusType: "deposit", bonusPercent: 0, bonusAmount: 250 }))).toBe("250 TL Yatırım Bonusu");
    expect(headlineOf(terms({ bonusType: "deposit", bonusPercent: 50, bonusCap: 0 }))).toBe("%50");
    expect(headlineOf(terms({ bonusType: "other", bonusPercent: 50 }))).toBe("%50");
    expect(headlineOf(terms({ bonusType: "no_deposit", bonusPercent: 50, bonusCap: 1000 }))).toBe("%50 Deneme Bonusu · 1.000 TL'ye kadar");
    expect(headlineOf(terms({ bonusAmount: 100, freeSpins: 0 }))).toBe("100 TL Bonus");
    expect(chipsOf(terms({ wageringMultiplier: 0, minDeposit: 0 }), null)).toEqual([{ kind: "wagering", text: "Çevrimsiz" }]);
  });

  it("knows the bonus types and wagering bases the editor offers, and nothing else", () => {
    expect(["deposit", "no_deposit", "free_spins", "cashback", "freebet", "other"].every(isBonusType)).toBe(true);
    expect([null, undefined, 5, "", "Deposit", "bonus"].some(isBonusType)).toBe(false);
    expect(["bonus", "deposit_bonus"].every(isWageringBasis)).toBe(true);
    expect([null, 1, "", "deposit", "Bonus"].some(isWageringBasis)).toBe(false);
  });
});
