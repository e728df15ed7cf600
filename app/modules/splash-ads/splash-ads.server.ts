import { eq } from "drizzle-orm";
import { getDb } from "~/db/index.server";
import { splashAds } from "~/db/schema";

export type PublicSplashAd = { id: string; title: string; imageUrl: string; href: string };

/** public-site.md §7 "Splash ad": active ads only; the browser picks one at random. */
export async function listActiveSplashAds(): Promise<PublicSplashAd[]> {
  return getDb()
    .select({ id: splashAds.id, title: splashAds.title, imageUrl: splashAds.imageUrl, href: splashAds.href })
    .from(splashAds)
    .where(eq(splashAds.isActive, true));
}
