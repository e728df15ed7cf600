import { z } from "zod";
import { isSitePath, isWebUrl, MAX_URL_LENGTH, optionalText, richText, text } from "~/lib/validation";
import { isHelplineHref, SPLASH_FREQUENCY_HOURS, type Compliance, type Hero } from "./content";

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
  helplineLabelRequired: "Bağlantı girildiğinde yardım hattı adı da gereklidir",
  helplineUrl: "Geçerli bir bağlantı giriniz (https://... veya tel:115)",
  helplineUrlRequired: "Yardım hattı adı girildiğinde bağlantısı da gereklidir",
  splashFrequencyHours: `Splash reklam sıklığı ${SPLASH_FREQUENCY_HOURS.min} ile ${SPLASH_FREQUENCY_HOURS.max} saat arasında bir tam sayı olmalıdır`,
  heroSaved: "Hero bölümü kaydedildi",
  complianceSaved: "Sorumlu oyun ayarları kaydedildi",
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

export const COMPLIANCE_LIMITS = { helplineLabel: 120, helplineUrl: MAX_URL_LENGTH } as const;

/**
 * Issue 11 §5: the helpline shown on every public page and the splash ad's period. The
 * label and the link are optional together (empty: the built-in defaults, content.ts); one
 * without the other would pair a custom name with the default number, so it is refused.
 */
export const ComplianceFormSchema = z
  .object({
    intent: z.literal("compliance"),
    helplineLabel: optionalText(COMPLIANCE_LIMITS.helplineLabel),
    helplineUrl: z
      .string()
      .trim()
      .max(COMPLIANCE_LIMITS.helplineUrl, SETTINGS_MESSAGES.helplineUrl)
      .optional()
      .refine((value) => !value || isHelplineHref(value), SETTINGS_MESSAGES.helplineUrl)
      .transform((value) => (value ? value : null)),
    splashFrequencyHours: z
      .number({ error: SETTINGS_MESSAGES.splashFrequencyHours })
      .int(SETTINGS_MESSAGES.splashFrequencyHours)
      .min(SPLASH_FREQUENCY_HOURS.min, SETTINGS_MESSAGES.splashFrequencyHours)
      .max(SPLASH_FREQUENCY_HOURS.max, SETTINGS_MESSAGES.splashFrequencyHours),
  })
  .superRefine((value, ctx) => {
    if (value.helplineUrl && !value.helplineLabel) ctx.addIssue({ code: "custom", path: ["helplineLabel"], message: SETTINGS_MESSAGES.helplineLabelRequired });
    if (value.helplineLabel && !value.helplineUrl) ctx.addIssue({ code: "custom", path: ["helplineUrl"], message: SETTINGS_MESSAGES.helplineUrlRequired });
  });

/** The settings page's three forms, told apart by `intent`. */
export const SettingsIntentSchema = z.discriminatedUnion("intent", [HeroFormSchema, ContentFormSchema, ComplianceFormSchema]);

export type HeroFormInput = z.infer<typeof HeroFormSchema>;
export type ContentFormInput = z.infer<typeof ContentFormSchema>;
export type ComplianceFormInput = z.infer<typeof ComplianceFormSchema>;

/** What the settings screen is filled with. */
export type SettingsEditorValue = {
  hero: Hero & { updatedAt: string | null };
  blogSectionText: string;
  contentUpdatedAt: string | null;
  /** As stored: an empty label and link mean the defaults (DEFAULT_COMPLIANCE). */
  compliance: Compliance;
};

export const SETTINGS_TABS = [
  { id: "hero", label: "Hero Bölümü" },
  { id: "content", label: "İçerik Alanları" },
  { id: "compliance", label: "Sorumlu Oyun" },
] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number]["id"];
