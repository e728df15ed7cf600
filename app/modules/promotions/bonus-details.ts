import { daysSince, formatDateTr, formatDayTr } from "~/lib/dates";
import { formatNumberTr } from "~/lib/numbers";
import { BONUS_TYPE_LABELS, formatMultiplier, formatTl, VERIFICATION_STALE_DAYS, WAGERING_BASIS_LABELS, type BonusTerms } from "./bonus-terms";

// Issue 11 §2: what only an offer's own page shows of its terms: the verification date,
// the wagering calculator and the terms table. Apart from bonus-terms.ts so that the list
// pages' cards do not carry it (the public JavaScript budget). Pure and browser-safe.

export type Verification = { text: string; stale: boolean };

/**
 * 'Son doğrulama: 12.11.2026 (bugün)' / '(dün)' / '(5 gün önce)'; stale after
 * VERIFICATION_STALE_DAYS. Null when the offer was never verified.
 */
export function verificationOf(lastVerifiedAt: string | null, now: Date = new Date()): Verification | null {
  if (!lastVerifiedAt) return null;
  const days = daysSince(lastVerifiedAt, now);
  const ago = days <= 0 ? "bugün" : days === 1 ? "dün" : `${formatNumberTr(days)} gün önce`;
  return { text: `Son doğrulama: ${formatDayTr(lastVerifiedAt)} (${ago})`, stale: days > VERIFICATION_STALE_DAYS };
}

// ---- The wagering calculator (issue 11 §2) -----------------------------------------

/** The calculator needs a bonus it can compute: a percentage of the deposit or a fixed amount. */
export function hasCalculator(terms: Pick<BonusTerms, "bonusPercent" | "bonusAmount">): boolean {
  return (terms.bonusPercent ?? 0) > 0 || (terms.bonusAmount ?? 0) > 0;
}

/** Whether the bonus depends on what the visitor deposits (else the deposit field is not asked). */
export function dependsOnDeposit(terms: Pick<BonusTerms, "bonusPercent" | "wageringBasis" | "minDeposit" | "bonusType">): boolean {
  return (terms.bonusPercent ?? 0) > 0 || terms.wageringBasis === "deposit_bonus" || ((terms.minDeposit ?? 0) > 0 && terms.bonusType !== "no_deposit");
}

export const MAX_CALCULATOR_DEPOSIT = 100_000_000;

export type WageringResult = {
  deposit: number;
  /** The bonus received: the percentage (capped) of the deposit, or the fixed amount. */
  bonus: number;
  /** The percentage reached the cap. */
  capped: boolean;
  /** The deposit is below the minimum: no bonus. */
  belowMinimum: boolean;
  /** Turnover required before cashing out; null when the terms state no wagering multiple. */
  turnover: number | null;
  /** The most that can be cashed out from the bonus; null when not limited. */
  maxCashout: number | null;
  /** What the visitor should know about these figures, or null. */
  note: string | null;
};

const kurus = (value: number) => Math.round(value * 100) / 100;

/**
 * The figures for a deposit: the bonus received (the percentage of the deposit, capped, or
 * the fixed amount), the turnover required (multiple × the bonus, or × deposit plus bonus),
 * and the maximum cash-out. A deposit below the minimum receives nothing.
 */
export function calculateWagering(terms: BonusTerms, deposit: number): WageringResult {
  const amount = Math.max(0, deposit);
  const minimum = terms.minDeposit ?? 0;
  const belowMinimum = dependsOnDeposit(terms) && minimum > 0 && amount < minimum;
  let bonus = 0;
  let capped = false;
  if (!belowMinimum) {
    if ((terms.bonusPercent ?? 0) > 0) {
      bonus = kurus((amount * terms.bonusPercent!) / 100);
      if (terms.bonusCap !== null && terms.bonusCap > 0 && bonus >= terms.bonusCap) {
        capped = true;
        bonus = terms.bonusCap;
      }
    } else if ((terms.bonusAmount ?? 0) > 0) {
      bonus = terms.bonusAmount!;
    }
  }
  let turnover: number | null = null;
  if (!belowMinimum && terms.wageringMultiplier !== null) {
    const basis = terms.wageringBasis === "deposit_bonus" ? amount + bonus : bonus;
    turnover = kurus(terms.wageringMultiplier * basis);
  }
  let note: string | null = null;
  if (belowMinimum) note = `Minimum yatırım ${formatTl(minimum)}: bu tutarla bonus alınamaz.`;
  else if (capped) note = `Bonus ${formatTl(terms.bonusCap!)} üst limitine ulaştı; daha yüksek yatırım bonusu artırmaz.`;
  else if (terms.wageringMultiplier === 0) note = "Çevrim şartı yok: bonus doğrudan çekilebilir.";
  else if (terms.wageringMultiplier === null) note = "Çevrim şartı belirtilmemiş; sitenin kurallarını kontrol edin.";
  return { deposit: amount, bonus, capped, belowMinimum, turnover, maxCashout: terms.maxCashout, note };
}

/** The deposit the calculator starts with (and the server renders): 1.000 TL, or the minimum when higher. */
export function defaultDeposit(terms: Pick<BonusTerms, "minDeposit">): number {
  return Math.max(1000, terms.minDeposit ?? 0);
}

/** A typed deposit: digits, Turkish thousands dots or a decimal comma; null when unreadable. */
export function parseDeposit(value: string): number | null {
  const text = value.trim().replace(/\s|TL$/gi, "");
  if (!text) return null;
  const normalised = /^\d{1,3}(\.\d{3})+(,\d{1,2})?$/.test(text) ? text.replace(/\./g, "").replace(",", ".") : text.replace(",", ".");
  if (!/^\d+(\.\d{1,2})?$/.test(normalised)) return null;
  const amount = Number(normalised);
  return amount <= MAX_CALCULATOR_DEPOSIT ? amount : null;
}

// ---- The detail page's terms table -------------------------------------------------

/** The value of the bonus in words for the terms table: '%100 (en fazla 5.000 TL)', '500 TL'. */
function bonusValueOf(terms: BonusTerms): string | null {
  if ((terms.bonusPercent ?? 0) > 0) return `%${formatNumberTr(terms.bonusPercent!)}${(terms.bonusCap ?? 0) > 0 ? ` (en fazla ${formatTl(terms.bonusCap!)})` : ""}`;
  if ((terms.bonusAmount ?? 0) > 0) return formatTl(terms.bonusAmount!);
  return null;
}

/**
 * The structured terms as label and value rows (the detail page's 'Bonus Şartları' table),
 * only those stated; the code and the expiry join them.
 */
export function termRowsOf(terms: BonusTerms, extra: { promotionCode: string | null; expiryDate: string | Date | null }): [label: string, value: string][] {
  const rows: [string, string | null][] = [
    ["Bonus türü", terms.bonusType ? BONUS_TYPE_LABELS[terms.bonusType] : null],
    ["Bonus", bonusValueOf(terms)],
    ["Freespin", (terms.freeSpins ?? 0) > 0 ? formatNumberTr(terms.freeSpins!) : null],
    ["Minimum yatırım", (terms.minDeposit ?? 0) > 0 ? formatTl(terms.minDeposit!) : null],
    [
      "Çevrim şartı",
      terms.wageringMultiplier === null
        ? null
        : terms.wageringMultiplier === 0
          ? "Çevrimsiz"
          : `${formatMultiplier(terms.wageringMultiplier)} (${WAGERING_BASIS_LABELS[terms.wageringBasis ?? "bonus"].toLocaleLowerCase("tr-TR")})`,
    ],
    ["Maksimum bahis", terms.maxBet !== null ? formatTl(terms.maxBet) : null],
    ["Maksimum çekim", terms.maxCashout !== null ? formatTl(terms.maxCashout) : null],
    ["Geçerli oyunlar", terms.eligibleGames],
    ["Promosyon kodu", extra.promotionCode],
    ["Son tarih", extra.expiryDate ? formatDateTr(extra.expiryDate) : null],
  ];
  return rows.filter((row): row is [string, string] => row[1] !== null && row[1] !== "");
}
