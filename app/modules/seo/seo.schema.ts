import { z } from "zod";
import { CONTROL_CHARACTER_MESSAGE } from "~/lib/validation";

// admin.md §2 "SEO settings", §3 seo_settings, §5 "SEO guidance", §8 "SEO".
/**
 * admin.md §5 calls 60 and 160 guidance: the counters turn red past them and the form
 * warns, but a longer text is saved (a search engine shortens it; the site itself cuts
 * the meta description at 160, public-site.md §9). Refusing would leave an operator
 * unable to keep a deliberate 61-character title. The hard limits below only bound the input.
 */
export const SEO_GUIDANCE = { title: 60, description: 160 } as const;
export const SEO_LIMITS = { title: 200, description: 500, keywords: 500 } as const;

export const SEO_MESSAGES = {
  titleTooLong: `Başlık en fazla ${SEO_LIMITS.title} karakter olabilir`,
  descriptionTooLong: `Açıklama en fazla ${SEO_LIMITS.description} karakter olabilir`,
  keywordsTooLong: `Anahtar kelimeler en fazla ${SEO_LIMITS.keywords} karakter olabilir`,
  titleOverGuidance: `Başlık ${SEO_GUIDANCE.title} karakteri aşıyor; arama motorları kısaltarak gösterebilir.`,
  descriptionOverGuidance: `Açıklama ${SEO_GUIDANCE.description} karakteri aşıyor; ${SEO_GUIDANCE.description}. karakterden sonrası gösterilmez.`,
  notFound: "SEO ayarı bulunamadı",
  saved: "SEO ayarları kaydedildi",
  saveFailed: "SEO ayarları kaydedilirken bir hata oluştu",
  loadFailed: "SEO ayarları yüklenirken bir hata oluştu",
} as const;

/**
 * The public pages that read their title and description from seo_settings (the detail
 * pages use their own). The SEO screen makes sure each has a row, so an operator of a
 * fresh site has something to edit; an empty text falls back to the home page's.
 */
export const SEO_PAGES = [
  { pageName: "Ana Sayfa", pagePath: "/" },
  { pageName: "Bonuslar", pagePath: "/bonuslar" },
  { pageName: "Güvenilir Siteler", pagePath: "/guvenilir-siteler" },
  { pageName: "Blog", pagePath: "/blog" },
] as const;

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/** Optional text: the column is not null, so empty is stored as "" and reads as the home page's. */
function seoText(max: number, tooLong: string) {
  return z
    .string()
    .trim()
    .max(max, tooLong)
    .refine((value) => !CONTROL_CHARACTERS.test(value), CONTROL_CHARACTER_MESSAGE)
    .optional()
    .transform((value) => value ?? "");
}

/** admin.md §5: keywords are comma separated; stored as 'a, b, c' without empties or repeats. */
export function normalizeKeywords(keywords: string): string {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const raw of keywords.split(",")) {
    const keyword = raw.replace(/\s+/g, " ").trim();
    const key = keyword.toLocaleLowerCase("tr-TR");
    if (!keyword || seen.has(key)) continue;
    seen.add(key);
    kept.push(keyword);
  }
  return kept.join(", ");
}

/** One page's form; the row id tells the page's forms apart. */
export const SeoFormSchema = z.object({
  id: z.uuid(SEO_MESSAGES.notFound),
  title: seoText(SEO_LIMITS.title, SEO_MESSAGES.titleTooLong),
  description: seoText(SEO_LIMITS.description, SEO_MESSAGES.descriptionTooLong),
  keywords: seoText(SEO_LIMITS.keywords, SEO_MESSAGES.keywordsTooLong).transform(normalizeKeywords),
});

export type SeoFormInput = z.infer<typeof SeoFormSchema>;

/** A row of the SEO screen. */
export type SeoSettingView = { id: string; pageName: string; pagePath: string; title: string; description: string; keywords: string; updatedAt: string };

/** The counter beside a field: 'N/60', and whether it is past the guidance. */
export function seoCounter(value: string, guidance: number): { text: string; over: boolean } {
  return { text: `${value.length}/${guidance}`, over: value.length > guidance };
}
