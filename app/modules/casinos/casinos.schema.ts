import { z } from "zod";
import { editedVersionFields, optionalImageUrl, optionalWebUrl, richText, text, webUrl } from "~/lib/validation";

// admin.md §5 and §9: the casino form's rules and messages.
export const CASINO_NAME_MIN_LENGTH = 2;
export const CASINO_NAME_MAX_LENGTH = 120;
export const CASINO_DESCRIPTION_MIN_LENGTH = 10;
export const CASINO_DESCRIPTION_MAX_LENGTH = 100_000;

export const CASINO_MESSAGES = {
  name: `Casino adı en az ${CASINO_NAME_MIN_LENGTH} karakter olmalıdır`,
  url: "Geçerli bir URL giriniz",
  currentAddress: "Geçerli bir URL giriniz",
  currentAddressHint:
    "Sitenin bugünkü adresi (adres değiştiğinde buraya yazın). Tüm 'Bonus Al' ve 'Siteye Git' bağlantıları /git/ üzerinden hemen bu adrese yönlenir; casinonun eski adreslerine yazılmış promosyon bağlantıları da taşınır. Boş: Site URL kullanılır.",
  logoUrl: "Geçerli bir logo URL giriniz",
  description: `Açıklama en az ${CASINO_DESCRIPTION_MIN_LENGTH} karakter olmalıdır`,
  // Issue 8: a name whose slug another casino has is refused beside the name.
  nameTaken: "Bu adla (veya aynı adrese dönüşen bir adla) kayıtlı bir casino zaten var. Lütfen farklı bir ad girin.",
  created: "Casino başarıyla eklendi",
  updated: "Casino başarıyla güncellendi",
  deleted: "Casino silindi",
  loadFailed: "Casino bilgileri yüklenirken bir hata oluştu",
  saveFailed: "Casino kaydedilirken bir hata oluştu",
  deleteFailed: "Casino silinirken bir hata oluştu",
  notFound: "Casino bulunamadı",
  noDescription: "Açıklama yok",
} as const;

export const CasinoFormSchema = z.object({
  name: text({ min: CASINO_NAME_MIN_LENGTH, max: CASINO_NAME_MAX_LENGTH, message: CASINO_MESSAGES.name }),
  url: webUrl(CASINO_MESSAGES.url),
  logoUrl: optionalImageUrl(CASINO_MESSAGES.logoUrl),
  // Issue 11 §3: the address outbound links lead to today (optional; empty = the Site URL).
  currentAddress: optionalWebUrl(CASINO_MESSAGES.currentAddress),
  description: richText({ min: CASINO_DESCRIPTION_MIN_LENGTH, max: CASINO_DESCRIPTION_MAX_LENGTH, message: CASINO_MESSAGES.description }),
  ...editedVersionFields(),
});

export type CasinoFormInput = z.infer<typeof CasinoFormSchema>;

/** A row of the admin casino list (admin.md §2 Casino list). */
export type CasinoListItem = {
  id: string;
  name: string;
  slug: string;
  url: string;
  logoUrl: string | null;
  descriptionText: string;
  activePromotionCount: number;
  createdAt: string;
  /** Issue 11 §4: outbound clicks of the last 30 days (casino and promotion links). */
  clicks30d: number;
  /** Where the casino's links lead now (its current address, or null: the URL). */
  currentAddress: string | null;
};

/** What the casino editor is filled with. */
export type CasinoEditorValue = {
  id: string;
  name: string;
  url: string;
  logoUrl: string | null;
  description: string;
  currentAddress: string | null;
  formerHosts: string[];
  /** The version it was opened on (its updated_at, ISO), posted back so a save can tell a change made since (ADR 022). */
  version: string;
};

export const CASINO_SORTS = ["name", "createdAt"] as const;
export type CasinoSort = (typeof CASINO_SORTS)[number];

/** A casino as the promotion and splash ad editors offer it; shared between requests, so readonly. */
export type CasinoOption = { readonly id: string; readonly name: string };

/** The public page of a casino. */
export { casinoPath } from "./casino-paths";

// What public casino pages render.
export type CasinoCard = {
  id: string;
  name: string;
  slug: string;
  logoUrl: string | null;
  featured: boolean;
  activePromotionCount: number;
};

export type CasinoDetail = CasinoCard & { url: string; description: string; rating: number; updatedAt: string };
