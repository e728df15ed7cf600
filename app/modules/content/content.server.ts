import { eq } from "drizzle-orm";
import { getDb } from "~/db/index.server";
import { heroSection, settings } from "~/db/schema";
import { sanitizeRichText } from "~/lib/sanitize.server";
import { invalidatePages, SITE_TAG } from "~/modules/page-cache/page-cache.server";
import { DEFAULT_HERO, type Hero } from "./content";

/** The hero row, or the built-in defaults (public-site.md §2.3). A failed read is logged and the defaults stay. */
export async function getHero(): Promise<Hero> {
  try {
    const [row] = await getDb().select().from(heroSection).where(eq(heroSection.id, 1)).limit(1);
    if (!row) return DEFAULT_HERO;
    const { upperTitle, mainTitle, highlightedText, description, buttonText, buttonUrl } = row;
    return { upperTitle, mainTitle, highlightedText, description, buttonText, buttonUrl: buttonUrl || DEFAULT_HERO.buttonUrl };
  } catch (error) {
    console.error("Hero read failed; using defaults:", error);
    return DEFAULT_HERO;
  }
}

/** settings.blog_section_text, sanitised; empty when unset (public-site.md §2.3 shows it only when non-empty). */
export async function getBlogSectionText(): Promise<string> {
  const [row] = await getDb().select({ text: settings.blogSectionText }).from(settings).where(eq(settings.id, 1)).limit(1);
  const html = sanitizeRichText(row?.text);
  return html.replace(/<[^>]*>/g, "").trim() ? html : "";
}

/** Writes the single hero row (admin.md "Settings"), then invalidates the cached pages. */
export async function saveHero(hero: Hero): Promise<void> {
  const values = { ...hero, updatedAt: new Date() };
  await getDb().insert(heroSection).values({ id: 1, ...values }).onConflictDoUpdate({ target: heroSection.id, set: values });
  await invalidatePages(SITE_TAG);
}

export async function saveBlogSectionText(html: string | null): Promise<void> {
  const values = { blogSectionText: html, updatedAt: new Date() };
  await getDb().insert(settings).values({ id: 1, ...values }).onConflictDoUpdate({ target: settings.id, set: values });
  await invalidatePages(SITE_TAG);
}
