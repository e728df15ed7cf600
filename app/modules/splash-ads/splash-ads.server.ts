import { eq } from "drizzle-orm";
import { getDb } from "~/db/index.server";
import { splashAds, type SplashAd } from "~/db/schema";
import { invalidatePages, SITE_TAG } from "~/modules/page-cache/page-cache.server";

export type PublicSplashAd = { id: string; title: string; imageUrl: string; href: string };

/** public-site.md §7 "Splash ad": active ads only; the browser picks one at random. */
export async function listActiveSplashAds(): Promise<PublicSplashAd[]> {
  return getDb()
    .select({ id: splashAds.id, title: splashAds.title, imageUrl: splashAds.imageUrl, href: splashAds.href })
    .from(splashAds)
    .where(eq(splashAds.isActive, true));
}

// Writes; every public page carries the active ads, so each invalidates the cached pages.
export type SplashAdInput = { title: string; href: string; imageUrl: string; isActive?: boolean };

export async function createSplashAd(input: SplashAdInput): Promise<SplashAd> {
  const [row] = await getDb().insert(splashAds).values(input).returning();
  await invalidatePages(SITE_TAG);
  return row!;
}

export async function updateSplashAd(id: string, input: SplashAdInput): Promise<void> {
  await getDb().update(splashAds).set({ ...input, updatedAt: new Date() }).where(eq(splashAds.id, id));
  await invalidatePages(SITE_TAG);
}

export async function setSplashAdActive(id: string, isActive: boolean): Promise<void> {
  await getDb().update(splashAds).set({ isActive, updatedAt: new Date() }).where(eq(splashAds.id, id));
  await invalidatePages(SITE_TAG);
}

export async function deleteSplashAd(id: string): Promise<void> {
  await getDb().delete(splashAds).where(eq(splashAds.id, id));
  await invalidatePages(SITE_TAG);
}
