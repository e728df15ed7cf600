import { formatDecimalTr, formatNumberTr } from "~/lib/numbers";
import { formatShortDateTr } from "~/lib/dates";

// Issue 11 §1-2: a promotion's structured bonus terms and what the offer cards make of
// them: the headline value, the chips and the rating line. Pure and browser-safe (no zod):
// every card imports it; promotions.schema.ts builds the editor's validation on these
// limits. What only an offer's own page shows is in bonus-details.ts.

export const BONUS_TYPES = ["deposit", "no_deposit", "free_spins", "cashback", "freebet", "other"] as const;
export type BonusType = (typeof BONUS_TYPES)[number];

/** The editor's names for the types (issue 11 §1). */
export const BONUS_TYPE_LABELS: Record<BonusType, string> = {
  deposit: "Yatırım bonusu",
  no_deposit: "Deneme bonusu",
  free_spins: "Freespin",
  cashback: "Kayıp bonusu",
  freebet: "Freebet",
  other: "Diğer",
};

/** What the headline calls a fixed amount of each type ('500 TL Deneme Bonusu'). */
const HEADLINE_NOUNS: Record<BonusType, string> = {
  deposit: "Yatırım Bonusu",
  no_deposit: "Deneme Bonusu",
  free_spins: "Freespin",
  cashback: "Kayıp Bonusu",
  freebet: "Freebet",
  other: "Bonus",
};

export const WAGERING_BASES = ["bonus", "deposit_bonus"] as const;
export type WageringBasis = (typeof WAGERING_BASES)[number];

export const WAGERING_BASIS_LABELS: Record<WageringBasis, string> = {
  bonus: "Bonus tutarı",
  deposit_bonus: "Yatırım + bonus",
};

export function isBonusType(value: unknown): value is BonusType {
  return typeof value === "string" && (BONUS_TYPES as readonly string[]).includes(value);
}

export function isWageringBasis(value: unknown): value is WageringBasis {
  return typeof value === "string" && (WAGERING_BASES as readonly string[]).includes(value);
}

// ---- Limits (the editor's validation; amounts are whole TL) ---------------------------
export const MAX_BONUS_TL = 10_000_000;
export const MAX_BET_TL = 1_000_000;
export const MIN_BONUS_PERCENT = 1;
export const MAX_BONUS_PERCENT = 1000;
export const MAX_FREE_SPINS = 100_000;
export const MAX_WAGERING_MULTIPLIER = 200;
export const ELIGIBLE_GAMES_MAX_LENGTH = 300;
/** An offer not verified for this many days is stale (issue 11 §6). */
export const VERIFICATION_STALE_DAYS = 30;

/** The structured terms of one promotion; every one optional (null = not stated). */
export type BonusTerms = {
  bonusType: BonusType | null;
  /** A fixed bonus in whole TL (no-deposit, freebet...). */
  bonusAmount: number | null;
  /** A percentage of the deposit, 1-1000. */
  bonusPercent: number | null;
  /** The most a percentage bonus gives, in TL. */
  bonusCap: number | null;
  freeSpins: number | null;
  minDeposit: number | null;
  /** Times the basis must be wagered, one decimal; 0 = no wagering. */
  wageringMultiplier: number | null;
  wageringBasis: WageringBasis | null;
  maxBet: number | null;
  maxCashout: number | null;
  eligibleGames: string | null;
  /** 'YYYY-MM-DD', the day an operator last checked the offer. */
  lastVerifiedAt: string | null;
};

export const NO_BONUS_TERMS: BonusTerms = {
  bonusType: null,
  bonusAmount: null,
  bonusPercent: null,
  bonusCap: null,
  freeSpins: null,
  minDeposit: null,
  wageringMultiplier: null,
  wageringBasis: null,
  maxBet: null,
  maxCashout: null,
  eligibleGames: null,
  lastVerifiedAt: null,
};

// ---- Turkish numbers ---------------------------------------------------------------

/** 5000 -> '5.000 TL'. */
export function formatTl(value: number): string {
  return `${formatNumberTr(value)} TL`;
}

/** The headline value a visitor reads first: '%100 · 5.000 TL'ye kadar', '500 TL Deneme Bonusu', '200 Freespin'. */
export function headlineOf(terms: Pick<BonusTerms, "bonusType" | "bonusAmount" | "bonusPercent" | "bonusCap" | "freeSpins">): string | null {
  const type = terms.bonusType;
  let value: string | null = null;
  if (terms.bonusPercent !== null && terms.bonusPercent > 0) {
    // A deposit bonus is the usual case: its percentage alone says what it is.
    const noun = type && type !== "deposit" && type !== "other" ? ` ${HEADLINE_NOUNS[type]}` : "";
    value = `%${formatNumberTr(terms.bonusPercent)}${noun}`;
    if (terms.bonusCap !== null && terms.bonusCap > 0) value += ` · ${formatTl(terms.bonusCap)}'ye kadar`;
  } else if (terms.bonusAmount !== null && terms.bonusAmount > 0) {
    value = `${formatTl(terms.bonusAmount)} ${HEADLINE_NOUNS[type ?? "other"]}`;
  }
  const spins = terms.freeSpins !== null && terms.freeSpins > 0 ? `${formatNumberTr(terms.freeSpins)} Freespin` : null;
  if (value && spins) return `${value} + ${spins}`;
  return value ?? spins;
}

/** 35 -> '35x', 12.5 -> '12,5x'. */
export function formatMultiplier(multiplier: number): string {
  return `${formatNumberTr(multiplier)}x`;
}

export type TermChip = { kind: "wagering" | "minDeposit" | "expiry"; text: string };

/** The chips under a headline: çevrim, minimum yatırım, son tarih (issue 11 §2). */
export function chipsOf(terms: Pick<BonusTerms, "wageringMultiplier" | "minDeposit">, expiryDate: Date | string | null): TermChip[] {
  const chips: TermChip[] = [];
  if (terms.wageringMultiplier !== null) {
    chips.push({ kind: "wagering", text: terms.wageringMultiplier === 0 ? "Çevrimsiz" : `Çevrim ${formatMultiplier(terms.wageringMultiplier)}` });
  }
  if (terms.minDeposit !== null && terms.minDeposit > 0) chips.push({ kind: "minDeposit", text: `Min. yatırım ${formatTl(terms.minDeposit)}` });
  if (expiryDate !== null) chips.push({ kind: "expiry", text: `Son tarih ${formatShortDateTr(expiryDate)}` });
  return chips;
}

/** The visitors' average, '4,3 / 5 · 12 yorum', from the columns a trigger keeps; null without comments. */
export function ratingText(ratingTotal: number, ratingCount: number): string | null {
  if (ratingCount <= 0) return null;
  return `${formatDecimalTr(Math.round((ratingTotal / ratingCount) * 10) / 10, 1, 1)} / 5 · ${formatNumberTr(ratingCount)} yorum`;
}
