import { z } from "zod";
import { isSitePath, isWebUrl, MAX_URL_LENGTH, richText, text } from "~/lib/validation";
import type { Hero } from "./content";

// admin.md §2 "Settings", §3 hero_section and settings, §5 "Hero form", §8 "Settings".
// The limits are ours (the spec sets only "at least 1 character"): long enough for any
// real hero, short enough that the first screen of the home page stays a hero.
export const HERO_LIMITS = {
  upperTitle: 120,
  mainTitle: 200,
  highlightedText: 120,
  description: 600,
  buttonText: 60,
  buttonUrl: MAX_URL_LENGTH,
} as const;
export const BLOG_SECTION_TEXT_MAX_LENGTH = 50_000;

export const SETTINGS_MESSAGES = {
  upperTitle: "Üst başlık gereklidir",
  mainTitle: "Ana başlık gereklidir",
  highlightedText: "Vurgulanacak metin gereklidir",
  description: "Açıklama gereklidir",
  buttonText: "Buton metni gereklidir",
  buttonUrl: "Buton URL gereklidir",
  // Ours: a filled-in but unusable address (javascript:, a bare word) is refused.
  buttonUrlInvalid: "Geçerli bir URL giriniz (https://..., /sayfa veya #bolum)",
  heroSaved: "Hero bölümü kaydedildi",
  contentSaved: "İçerik ayarları kaydedildi",
  heroSaveFailed: "Hero bölümü kaydedilirken bir hata oluştu",
  contentSaveFailed: "İçerik ayarları kaydedilirken bir hata oluştu",
  checkFailed: "Ayarlar tablosu kontrolünde bir hata oluştu",
  unauthorized: "Yetkilendirme hatası oluştu",
} as const;

/** Where the hero button may lead: a web address, a path of this site or a section of the page. */
export function isHeroButtonTarget(value: string): boolean {
  if (value.startsWith("#")) return /^#[\w-]+$/.test(value);
  if (value.startsWith("/")) return isSitePath(value);
  return isWebUrl(value);
}

export const HeroFormSchema = z.object({
  intent: z.literal("hero"),
  upperTitle: text({ max: HERO_LIMITS.upperTitle, message: SETTINGS_MESSAGES.upperTitle }),
  mainTitle: text({ max: HERO_LIMITS.mainTitle, message: SETTINGS_MESSAGES.mainTitle }),
  highlightedText: text({ max: HERO_LIMITS.highlightedText, message: SETTINGS_MESSAGES.highlightedText }),
  description: text({ max: HERO_LIMITS.description, message: SETTINGS_MESSAGES.description }),
  buttonText: text({ max: HERO_LIMITS.buttonText, message: SETTINGS_MESSAGES.buttonText }),
  buttonUrl: text({ max: HERO_LIMITS.buttonUrl, message: SETTINGS_MESSAGES.buttonUrl }).refine((value) => !value || isHeroButtonTarget(value), SETTINGS_MESSAGES.buttonUrlInvalid),
});

/** admin.md §5: the content form's blog_section_text is optional (sanitised on the server). */
export const ContentFormSchema = z.object({
  intent: z.literal("content"),
  blogSectionText: richText({ max: BLOG_SECTION_TEXT_MAX_LENGTH }),
});

/** The settings page's two forms, told apart by `intent`. */
export const SettingsIntentSchema = z.discriminatedUnion("intent", [HeroFormSchema, ContentFormSchema]);

export type HeroFormInput = z.infer<typeof HeroFormSchema>;
export type ContentFormInput = z.infer<typeof ContentFormSchema>;

/** What the settings screen is filled with. */
export type SettingsEditorValue = { hero: Hero & { updatedAt: string | null }; blogSectionText: string; contentUpdatedAt: string | null };

export const SETTINGS_TABS = [
  { id: "hero", label: "Hero Bölümü" },
  { id: "content", label: "İçerik Alanları" },
] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number]["id"];
