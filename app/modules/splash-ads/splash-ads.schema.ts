import { z } from "zod";
import { checkbox, isImageAddress, MAX_URL_LENGTH, optionalId, text, webUrl } from "~/lib/validation";
import type { CasinoOption } from "~/modules/casinos/casinos.schema";

// admin.md §5 and §9: the splash ad form's rules and messages; §8 its toasts.
export const SPLASH_TITLE_MIN_LENGTH = 2;
export const SPLASH_TITLE_MAX_LENGTH = 200;
export const SPLASH_IMAGE_URL_MIN_LENGTH = 10;

export const SPLASH_AD_MESSAGES = {
  title: `Başlık en az ${SPLASH_TITLE_MIN_LENGTH} karakter olmalıdır`,
  href: "Geçerli bir URL giriniz",
  imageUrl: "Geçerli bir resim yükleyin veya URL girin",
  created: "Splash reklam başarıyla eklendi",
  updated: "Splash reklam başarıyla güncellendi",
  deleted: "Splash reklam silindi",
  activated: "Splash reklam yayına alındı",
  deactivated: "Splash reklam yayından kaldırıldı",
  toggleFailed: "Durum değiştirilemedi",
  deleteFailed: "Splash reklam silinemedi",
  notFound: "Splash reklam bulunamadı",
  imageHint: "Önerilen boyut 600x600 (kare)",
  // Issue 11 §3: an ad for a casino leads through /git/{casino} (counted as a splash click).
  casinoMissing: "Seçilen casino bulunamadı",
  noCasino: "Casino yok (doğrudan Hedef URL)",
  casinoHint: "Bir casino seçilirse reklam, casinonun güncel adresine site üzerinden yönlenir ve tıklamalar sayılır; Hedef URL yalnızca casino seçilmezse (veya casino silinirse) kullanılır.",
} as const;

export const SplashAdFormSchema = z.object({
  title: text({ min: SPLASH_TITLE_MIN_LENGTH, max: SPLASH_TITLE_MAX_LENGTH, message: SPLASH_AD_MESSAGES.title }),
  href: webUrl(SPLASH_AD_MESSAGES.href),
  // admin.md §5: at least 10 characters; and an address an <img> may load (http(s) or our /media/ path).
  imageUrl: z
    .string({ error: SPLASH_AD_MESSAGES.imageUrl })
    .trim()
    .min(SPLASH_IMAGE_URL_MIN_LENGTH, SPLASH_AD_MESSAGES.imageUrl)
    .max(MAX_URL_LENGTH, SPLASH_AD_MESSAGES.imageUrl)
    .refine(isImageAddress, SPLASH_AD_MESSAGES.imageUrl),
  isActive: checkbox(),
  casinoId: optionalId(SPLASH_AD_MESSAGES.casinoMissing),
});

export type SplashAdFormInput = z.infer<typeof SplashAdFormSchema>;

/**
 * What the public overlay gets (public-site.md §7 "Splash ad"). With a casino the ad links
 * to /git/{casinoSlug}?yer=splash, else straight to `href`.
 */
export type PublicSplashAd = { id: string; title: string; imageUrl: string; href: string; casinoSlug: string | null };

/** A row of the admin splash ad list. */
export type SplashAdListItem = { id: string; title: string; href: string; imageUrl: string; isActive: boolean; createdAt: string; casinoName: string | null };

/** What the splash ad editor is filled with. */
export type SplashAdEditorValue = { id: string; title: string; href: string; imageUrl: string; isActive: boolean; casinoId: string | null };

/** The casinos the editor offers. */
export type SplashAdCasinoOption = CasinoOption;

export const SPLASH_AD_SORTS = ["createdAt", "title"] as const;
export type SplashAdSort = (typeof SPLASH_AD_SORTS)[number];
