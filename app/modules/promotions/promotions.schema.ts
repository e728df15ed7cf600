import { z } from "zod";
import { formatNumberTr } from "~/lib/numbers";
import { firstTabWithErrorsIn } from "~/lib/form-tabs";
import { istanbulToday, readCalendarDay, SITE_TIME_ZONE } from "~/lib/dates";
import { SLUG_MAX_LENGTH, slugify } from "~/lib/slug";
import { cutText, htmlToText, SHORT_DESCRIPTION_LENGTH } from "~/lib/text";
import { foldForSearch } from "~/lib/turkish";
import { checkbox, editedVersionFields, optionalId, optionalImageUrl, optionalParsed, optionalText, richText, text, webUrl } from "~/lib/validation";
import type { CasinoOption } from "~/modules/casinos/casinos.schema";
import {
  BONUS_TYPES,
  ELIGIBLE_GAMES_MAX_LENGTH,
  MAX_BET_TL,
  MAX_BONUS_PERCENT,
  MAX_BONUS_TL,
  MAX_FREE_SPINS,
  MAX_WAGERING_MULTIPLIER,
  MIN_BONUS_PERCENT,
  WAGERING_BASES,
  type BonusTerms,
} from "./bonus-terms";

/** public-site.md §3: shortDescription is the first 150 characters of the description. */
export function shortDescriptionOf(descriptionHtml: string): string {
  return cutText(htmlToText(descriptionHtml), SHORT_DESCRIPTION_LENGTH);
}

/** Columns derived from the title and description; every promotion write sets them. */
export function derivePromotionFields(title: string, descriptionHtml: string): { slug: string; searchText: string } {
  return {
    slug: slugify(title),
    searchText: foldForSearch(`${title}\n${shortDescriptionOf(descriptionHtml)}`),
  };
}

/** The slug with a number after it ('-2'), cut so that the whole stays within the slug rule's length. */
function numberedSlug(base: string, n: number): string {
  const suffix = `-${n}`;
  return `${base.slice(0, SLUG_MAX_LENGTH - suffix.length).replace(/-+$/, "")}${suffix}`;
}

/**
 * ADR 023: a promotion's address is unique within its casino. The title's slug when no other
 * promotion of the casino has it, else the first free '-2', '-3', ... as WordPress numbers
 * its posts. A promotion keeps the numbered slug it has while its title gives the same slug,
 * so its address does not move when the offer that caused the number is deleted.
 * `taken`: the slugs of the casino's other promotions.
 */
export function freePromotionSlug(base: string, taken: ReadonlySet<string>, current: string | null = null): string {
  const numbered = current?.match(/-(\d+)$/);
  const keepsNumber = numbered !== null && numbered !== undefined && Number(numbered[1]) >= 2 && numberedSlug(base, Number(numbered[1])) === current;
  if (current !== null && (current === base || keepsNumber) && !taken.has(current)) return current;
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = numberedSlug(base, n);
    if (!taken.has(candidate)) return candidate;
  }
}

// ---- The stored description (admin.md §3) --------------------------------------------
// The form has a plain-text short description and an HTML full description; the database
// keeps one HTML column: the short description as a leading paragraph, then the full HTML.

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/** admin.md §3: the short description wrapped in a paragraph, followed by the full HTML. */
export function composePromotionDescription(shortDescription: string, fullDescriptionHtml: string): string {
  return `<p>${escapeHtml(shortDescription.trim())}</p>${fullDescriptionHtml.trim()}`;
}

const LEADING_PARAGRAPH = /^\s*<p(?:\s[^>]*)?>([\s\S]*?)<\/p>/i;

/**
 * admin.md §3, read back: the first paragraph is the short description; with no leading
 * paragraph, the first 150 characters of the text (tags stripped) are.
 */
export function splitPromotionDescription(description: string): { shortDescription: string; fullDescription: string } {
  const leading = LEADING_PARAGRAPH.exec(description);
  if (leading) return { shortDescription: htmlToText(leading[1]!), fullDescription: description.slice(leading[0].length).trim() };
  return { shortDescription: shortDescriptionOf(description), fullDescription: description.trim() };
}

/** admin.md §5: terms are one per line; blank lines are dropped. */
export function splitTerms(value: string): string[] {
  return value
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

// ---- Expiry dates -------------------------------------------------------------------
// The form's datetime-local value is a wall-clock time in Istanbul (DESIGN.md: the site's
// time zone), whatever zone the operator's browser or the server runs in.

// Built on first use: a public page that imports this module must not pay for Intl as it
// starts (ADR 014).
let istanbulParts: Intl.DateTimeFormat | undefined;
const ISTANBUL_PARTS_OPTIONS: Intl.DateTimeFormatOptions = {
  timeZone: SITE_TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
};

function wallClockOf(instant: number): { year: number; month: number; day: number; hour: number; minute: number; second: number } {
  const parts = Object.fromEntries((istanbulParts ??= new Intl.DateTimeFormat("en-US", ISTANBUL_PARTS_OPTIONS)).formatToParts(new Date(instant)).map((part) => [part.type, part.value]));
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day), hour: Number(parts.hour) % 24, minute: Number(parts.minute), second: Number(parts.second) };
}

/** How far Istanbul's wall clock is ahead of UTC at this instant. */
function istanbulOffsetMs(instant: number): number {
  const wall = wallClockOf(instant);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** 'YYYY-MM-DDTHH:mm' read as Istanbul time; null when it is no real date and time. */
export function istanbulLocalToDate(value: string): Date | null {
  const match = LOCAL_DATE_TIME.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute, second = 0] = match.slice(1).map((part) => Number(part ?? 0)) as number[];
  const wall = Date.UTC(year!, month! - 1, day!, hour!, minute!, second);
  const check = new Date(wall);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month! - 1 || check.getUTCDate() !== day || hour! > 23 || minute! > 59 || second > 59) return null;
  let instant = wall - istanbulOffsetMs(wall);
  // Near a change of offset the first guess can be an hour out; one correction settles it.
  const corrected = wall - istanbulOffsetMs(instant);
  if (corrected !== instant) instant = corrected;
  return new Date(instant);
}

/** A stored instant as the datetime-local value an Istanbul operator sees. */
export function dateToIstanbulLocal(value: Date | string): string {
  const wall = wallClockOf(new Date(value).getTime());
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${wall.year}-${pad(wall.month)}-${pad(wall.day)}T${pad(wall.hour)}:${pad(wall.minute)}`;
}

/** admin.md §4: a promotion whose expiry date has come is expired (the public lists drop it then). */
export function isExpired(expiryDate: Date | string | null, now: Date = new Date()): boolean {
  return expiryDate !== null && new Date(expiryDate).getTime() <= now.getTime();
}

// ---- The promotion form (admin.md §2, §5, §8, §9) ------------------------------------

export const PROMOTION_TITLE_MIN_LENGTH = 2;
export const PROMOTION_TITLE_MAX_LENGTH = 200;
export const PROMOTION_SHORT_DESCRIPTION_MIN_LENGTH = 10;
export const PROMOTION_SHORT_DESCRIPTION_MAX_LENGTH = 500;
export const PROMOTION_DESCRIPTION_MAX_LENGTH = 100_000;
export const PROMOTION_TERMS_MAX_LENGTH = 20_000;
export const PROMOTION_CODE_MAX_LENGTH = 100;

/** Why a save or a toggle failed, in admin.md §8's sentence. */
export const promotionFailure = {
  create: (reason: string) => `Promosyon eklenirken hata: ${reason}`,
  update: (reason: string) => `Promosyon güncellenirken hata: ${reason}`,
  delete: (reason: string) => `Promosyon silinirken hata: ${reason}`,
};

export const PROMOTION_MESSAGES = {
  title: `Promosyon başlığı en az ${PROMOTION_TITLE_MIN_LENGTH} karakter olmalıdır`,
  shortDescription: `Kısa açıklama en az ${PROMOTION_SHORT_DESCRIPTION_MIN_LENGTH} karakter olmalıdır`,
  url: "Geçerli bir URL giriniz",
  imageUrl: "Geçerli bir görsel URL giriniz",
  expiryDate: "Geçerli bir tarih ve saat giriniz",
  casinoMissing: "Seçilen casino bulunamadı",
  categoryMissing: "Seçilen kategori bulunamadı",
  created: "Promosyon başarıyla eklendi",
  updated: "Promosyon başarıyla güncellendi",
  deleted: "Promosyon silindi",
  activated: "Promosyon yayına alındı",
  deactivated: "Promosyon yayından kaldırıldı",
  notFound: "Promosyon bulunamadı",
  expiredToggle: "Süresi dolmuş bir promosyonun durumu değiştirilemez",
  loadFailed: "Promosyon bilgileri yüklenirken bir hata oluştu",
  // admin.md §8, with its fallback reason.
  createFailed: (reason = "Bilinmeyen hata") => `Promosyon eklenirken hata: ${reason}`,
  updateFailed: (reason = "Bilinmeyen hata") => `Promosyon güncellenirken hata: ${reason}`,
  noCasino: "Diğer",
  noCode: "Kod yok",
  noExpiry: "Süresiz",
  noCategory: "Kategori bulunamadı",
  imageHint: "PNG, JPG, max 2MB",
} as const;

const wholeRange = (label: string, min: number, max: number, unit = " TL") => `${label} ${formatNumberTr(min)} ile ${formatNumberTr(max)}${unit} arasında tam sayı olmalıdır`;

/** Issue 11 §1: the structured terms' messages, shown beside their fields. */
export const BONUS_TERMS_MESSAGES = {
  bonusType: "Geçerli bir bonus türü seçin",
  bonusAmount: wholeRange("Bonus tutarı", 1, MAX_BONUS_TL),
  bonusPercent: wholeRange("Bonus yüzdesi", MIN_BONUS_PERCENT, MAX_BONUS_PERCENT, ""),
  bonusCap: wholeRange("Üst limit", 1, MAX_BONUS_TL),
  capNeedsPercent: "Üst limit yalnızca yüzde olarak verilen bonusa girilebilir",
  amountOrPercent: "Bonus TL tutarı veya yüzde olarak girilir, ikisi birden girilemez",
  freeSpins: wholeRange("Freespin sayısı", 1, MAX_FREE_SPINS, ""),
  minDeposit: wholeRange("Minimum yatırım", 0, MAX_BONUS_TL),
  wageringMultiplier: `Çevrim katı 0 ile ${MAX_WAGERING_MULTIPLIER} arasında, en fazla bir ondalıklı olmalıdır (örn. 35 veya 12,5)`,
  wageringBasis: "Geçerli bir çevrim tabanı seçin",
  maxBet: wholeRange("Maksimum bahis", 1, MAX_BET_TL),
  maxCashout: wholeRange("Maksimum çekim", 1, MAX_BONUS_TL),
  lastVerifiedAt: "Geçerli bir tarih giriniz",
  verifiedInFuture: "Doğrulama tarihi bugünden ileri olamaz",
} as const;

// Whole numbers as typed: '5000' or with Turkish thousands dots, '5.000'.
const WHOLE_NUMBER = /^(?:\d{1,9}|\d{1,3}(?:\.\d{3}){1,2})$/;

/** An optional whole number in [min, max]; empty is null (admin.md §5). */
function optionalWhole(min: number, max: number, message: string) {
  return optionalParsed((value) => {
    const number = WHOLE_NUMBER.test(value) ? Number(value.replace(/\./g, "")) : Number.NaN;
    return number >= min && number <= max ? number : null;
  }, message);
}

/** An optional choice among `values`; empty is null. */
function optionalChoice<T extends string>(values: readonly T[], message: string) {
  return optionalParsed((value) => ((values as readonly string[]).includes(value) ? (value as T) : null), message);
}

/** One decimal, with a point or the Turkish comma: '35', '12.5', '12,5'; null when not a multiple in range. */
function readWageringMultiplier(value: string): number | null {
  const number = /^\d{1,3}(?:[.,]\d)?$/.test(value) ? Number(value.replace(",", ".")) : Number.NaN;
  return number >= 0 && number <= MAX_WAGERING_MULTIPLIER ? number : null;
}

export const PromotionFormSchema = z.object({
  // Tab 'Promosyon Detayları'
  title: text({ min: PROMOTION_TITLE_MIN_LENGTH, max: PROMOTION_TITLE_MAX_LENGTH, message: PROMOTION_MESSAGES.title }),
  casinoId: optionalId(PROMOTION_MESSAGES.casinoMissing),
  categoryId: optionalId(PROMOTION_MESSAGES.categoryMissing),
  imageUrl: optionalImageUrl(PROMOTION_MESSAGES.imageUrl),
  shortDescription: text({ min: PROMOTION_SHORT_DESCRIPTION_MIN_LENGTH, max: PROMOTION_SHORT_DESCRIPTION_MAX_LENGTH, message: PROMOTION_MESSAGES.shortDescription }),
  fullDescription: richText({ max: PROMOTION_DESCRIPTION_MAX_LENGTH }),
  terms: optionalText(PROMOTION_TERMS_MAX_LENGTH).transform((value) => (value ? splitTerms(value) : [])),
  // Tab 'Promosyon Ayarları'
  url: webUrl(PROMOTION_MESSAGES.url),
  promotionCode: optionalText(PROMOTION_CODE_MAX_LENGTH),
  expiryDate: optionalParsed(istanbulLocalToDate, PROMOTION_MESSAGES.expiryDate),
  isActive: checkbox(),
  // Tab 'Bonus Şartları' (issue 11 §1); the code and the expiry above belong to the terms too.
  bonusType: optionalChoice(BONUS_TYPES, BONUS_TERMS_MESSAGES.bonusType),
  bonusAmount: optionalWhole(1, MAX_BONUS_TL, BONUS_TERMS_MESSAGES.bonusAmount),
  bonusPercent: optionalWhole(MIN_BONUS_PERCENT, MAX_BONUS_PERCENT, BONUS_TERMS_MESSAGES.bonusPercent),
  bonusCap: optionalWhole(1, MAX_BONUS_TL, BONUS_TERMS_MESSAGES.bonusCap),
  freeSpins: optionalWhole(1, MAX_FREE_SPINS, BONUS_TERMS_MESSAGES.freeSpins),
  minDeposit: optionalWhole(0, MAX_BONUS_TL, BONUS_TERMS_MESSAGES.minDeposit),
  wageringMultiplier: optionalParsed(readWageringMultiplier, BONUS_TERMS_MESSAGES.wageringMultiplier),
  wageringBasis: optionalChoice(WAGERING_BASES, BONUS_TERMS_MESSAGES.wageringBasis),
  maxBet: optionalWhole(1, MAX_BET_TL, BONUS_TERMS_MESSAGES.maxBet),
  maxCashout: optionalWhole(1, MAX_BONUS_TL, BONUS_TERMS_MESSAGES.maxCashout),
  eligibleGames: optionalText(ELIGIBLE_GAMES_MAX_LENGTH),
  lastVerifiedAt: optionalParsed(readCalendarDay, BONUS_TERMS_MESSAGES.lastVerifiedAt)
    // 'YYYY-MM-DD' compares as text; today is Istanbul's. `abort`, as a failed read does:
    // the cross-field rules below wait until every field reads.
    .refine((day) => day === null || day <= istanbulToday(), { message: BONUS_TERMS_MESSAGES.verifiedInFuture, abort: true }),
  ...editedVersionFields(),
}).superRefine((input, ctx) => {
  // The bonus is a TL amount or a percentage of the deposit (with an optional cap), not both.
  if (input.bonusAmount !== null && input.bonusPercent !== null) ctx.addIssue({ code: "custom", path: ["bonusAmount"], message: BONUS_TERMS_MESSAGES.amountOrPercent });
  if (input.bonusCap !== null && input.bonusPercent === null) ctx.addIssue({ code: "custom", path: ["bonusCap"], message: BONUS_TERMS_MESSAGES.capNeedsPercent });
});

export type PromotionFormInput = z.infer<typeof PromotionFormSchema>;

/** The structured terms as the form gave them; a multiple without a basis is wagered on the bonus. */
export function bonusTermsOf(input: PromotionFormInput): BonusTerms {
  return {
    bonusType: input.bonusType,
    bonusAmount: input.bonusAmount,
    bonusPercent: input.bonusPercent,
    bonusCap: input.bonusCap,
    freeSpins: input.freeSpins,
    minDeposit: input.minDeposit,
    wageringMultiplier: input.wageringMultiplier,
    wageringBasis: input.wageringMultiplier === null ? null : (input.wageringBasis ?? "bonus"),
    maxBet: input.maxBet,
    maxCashout: input.maxCashout,
    eligibleGames: input.eligibleGames,
    lastVerifiedAt: input.lastVerifiedAt,
  };
}

/** Which tab of the editor holds each field, so a tab can show that it has errors. */
export const PROMOTION_TABS = [
  { id: "details", label: "Promosyon Detayları", fields: ["title", "casinoId", "categoryId", "imageUrl", "shortDescription", "fullDescription", "terms"] },
  { id: "settings", label: "Promosyon Ayarları", fields: ["url", "promotionCode", "expiryDate", "isActive"] },
  {
    id: "terms",
    label: "Bonus Şartları",
    fields: ["bonusType", "bonusAmount", "bonusPercent", "bonusCap", "freeSpins", "minDeposit", "wageringMultiplier", "wageringBasis", "maxBet", "maxCashout", "eligibleGames", "lastVerifiedAt"],
  },
] as const satisfies readonly { id: string; label: string; fields: readonly (keyof PromotionFormInput)[] }[];

export type PromotionTabId = (typeof PROMOTION_TABS)[number]["id"];

/** The tab of the first field with an error, in the editor's order. */
export function firstTabWithErrors(errorFields: Iterable<string>): PromotionTabId | null {
  return firstTabWithErrorsIn(PROMOTION_TABS, errorFields);
}

export type PromotionStatus = "active" | "inactive" | "expired";

export const PROMOTION_STATUS_LABELS: Record<PromotionStatus, string> = { active: "Aktif", inactive: "Pasif", expired: "Süresi dolmuş" };

/** admin.md §4: expired when the expiry date is past (no toggle), else active or inactive. */
export function promotionStatusOf(promotion: { isActive: boolean; expiryDate: Date | string | null }, now: Date = new Date()): PromotionStatus {
  if (isExpired(promotion.expiryDate, now)) return "expired";
  return promotion.isActive ? "active" : "inactive";
}

/** A row of the admin promotion list (admin.md §2 Promotion list). */
export type PromotionListItem = {
  id: string;
  title: string;
  casinoName: string | null;
  category: string | null;
  promotionCode: string | null;
  status: PromotionStatus;
  /** False for expired promotions: the list offers no toggle (admin.md §4). */
  canToggle: boolean;
  isActive: boolean;
  expiryDate: string | null;
  createdAt: string;
  /** Issue 11 §6: 'Son doğrulama: …' and whether it is older than 30 days; null if never verified. */
  verification: { text: string; stale: boolean } | null;
  /** Issue 11 §4: outbound clicks of the last 30 days. */
  clicks30d: number;
};

export const PROMOTION_SORTS = ["createdAt", "title", "expiryDate"] as const;
export type PromotionSort = (typeof PROMOTION_SORTS)[number];

export const PROMOTION_STATUS_FILTERS = ["aktif", "pasif", "suresi-dolmus"] as const;
export type PromotionStatusFilter = (typeof PROMOTION_STATUS_FILTERS)[number];
export const STATUS_OF_FILTER: Record<PromotionStatusFilter, PromotionStatus> = { aktif: "active", pasif: "inactive", "suresi-dolmus": "expired" };

/** Issue 11 §6: `?dogrulama=gerekli` lists the offers not verified for 30 days (or never). */
export const VERIFICATION_FILTER = "gerekli";

/** What the promotion editor is filled with: the stored description split back (admin.md §3). */
export type PromotionEditorValue = {
  id: string;
  title: string;
  casinoId: string | null;
  categoryId: string | null;
  imageUrl: string | null;
  shortDescription: string;
  fullDescription: string;
  /** One term a line, as the textarea shows them. */
  terms: string;
  url: string;
  promotionCode: string | null;
  /** datetime-local in Istanbul time, or "" for none. */
  expiryDate: string;
  isActive: boolean;
  /** The version it was opened on (its updated_at, ISO), posted back so a save can tell a change made since (ADR 022). */
  version: string;
  /** Its public address as saved (promotionPublicPath), numbered when the title's slug was taken (ADR 023). */
  address: string;
} & BonusTermsEditorValue;

/** The structured terms as the editor's inputs hold them ("" for none). */
export type BonusTermsEditorValue = { [K in keyof BonusTerms]: string };

/** Stored terms as the editor's inputs show them. */
export function bonusTermsEditorValue(terms: BonusTerms): BonusTermsEditorValue {
  const shown = (value: string | number | null) => (value === null ? "" : String(value));
  return Object.fromEntries(Object.entries(terms).map(([key, value]) => [key, shown(value)])) as BonusTermsEditorValue;
}

/** A category as the promotion editor offers it; shared between requests, so readonly. */
export type PromotionCategoryOption = { readonly id: string; readonly name: string; readonly isActive: boolean };

export type PromotionEditorOptions = {
  casinos: readonly CasinoOption[];
  /** Active categories by name (admin.md §3), plus the promotion's own if it was deactivated. */
  categories: readonly PromotionCategoryOption[];
};

/**
 * The public address of a promotion (admin.md §4, public-site.md §2.1): under its casino
 * and its slug, or by id when it has no casino.
 */
export function promotionPublicPath(promotion: { id: string; slug: string; casinoSlug: string | null }): string {
  return promotion.casinoSlug ? `/bonuslar/${promotion.casinoSlug}/${promotion.slug}` : `/promotion/${promotion.id}`;
}

// The view of a promotion that public pages render (safe in the browser).
/** A promotion as the public pages show it: the joined casino and the derived fields of public-site.md §3. */
export type PublicPromotion = {
  id: string;
  title: string;
  slug: string;
  /** Sanitised HTML. */
  description: string;
  shortDescription: string;
  terms: string[];
  claimLink: string;
  expiryDate: string | null;
  imageUrl: string | null;
  promotionCode: string | null;
  category: string | null;
  categoryId: string | null;
  createdAt: string;
  casino: { id: string; name: string; slug: string; logoUrl: string | null } | null;
  /** Issue 11 §1: the structured terms. */
  bonus: BonusTerms;
  /** Issue 11 §2: the visitors' ratings, kept by a trigger on promotion_comments. */
  ratingCount: number;
  ratingTotal: number;
};
