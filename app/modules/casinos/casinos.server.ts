import { and, count, eq } from "drizzle-orm";
import { getDb } from "~/db/index.server";
import { casinos, promotions, type Casino, type NewCasino } from "~/db/schema";
import { invalidatePages, SITE_TAG } from "~/modules/page-cache/page-cache.server";
import { isUuid } from "~/lib/ids";
import { sanitizeRichText } from "~/lib/sanitize.server";
import { slugify } from "~/lib/slug";
import { foldTurkish, sortByTurkishName } from "~/lib/turkish";

export type CasinoCard = {
  id: string;
  name: string;
  slug: string;
  logoUrl: string | null;
  featured: boolean;
  activePromotionCount: number;
};

export type CasinoDetail = CasinoCard & { url: string; description: string; rating: number; updatedAt: string };

async function activeCountsByCasino(): Promise<Map<string, number>> {
  const rows = await getDb()
    .select({ casinoId: promotions.casinoId, n: count() })
    .from(promotions)
    .where(eq(promotions.isActive, true))
    .groupBy(promotions.casinoId);
  return new Map(rows.filter((r) => r.casinoId).map((r) => [r.casinoId!, r.n]));
}

/** Every casino in Turkish alphabetical order with its active promotion count (public-site.md §2.6-2.7). */
export async function listCasinoCards(): Promise<CasinoCard[]> {
  const [rows, counts] = await Promise.all([
    getDb()
      .select({ id: casinos.id, name: casinos.name, slug: casinos.slug, logoUrl: casinos.logoUrl, featured: casinos.featured })
      .from(casinos),
    activeCountsByCasino(),
  ]);
  return sortByTurkishName(rows).map((row) => ({ ...row, activePromotionCount: counts.get(row.id) ?? 0 }));
}

/**
 * public-site.md §2.1: the id may be a uuid, a slug of the name, or a partial name.
 * Partial names match the Turkish way ('izmir' finds 'İzmir Casino').
 */
export async function findCasino(idOrName: string): Promise<CasinoDetail | null> {
  const db = getDb();
  let [row] = isUuid(idOrName) ? await db.select().from(casinos).where(eq(casinos.id, idOrName)).limit(1) : [];
  row ??= (await db.select().from(casinos).where(eq(casinos.slug, slugify(idOrName))).limit(1))[0];
  if (!row) {
    const wanted = foldTurkish(idOrName.replace(/-/g, " ").trim());
    const all = sortByTurkishName(await db.select({ id: casinos.id, name: casinos.name, slug: casinos.slug }).from(casinos));
    const match = all.find((c) => foldTurkish(c.name).includes(wanted) || c.slug.includes(slugify(idOrName)));
    if (match) [row] = await db.select().from(casinos).where(eq(casinos.id, match.id)).limit(1);
  }
  if (!row) return null;
  const [active] = await db
    .select({ n: count() })
    .from(promotions)
    .where(and(eq(promotions.casinoId, row.id), eq(promotions.isActive, true)));
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    logoUrl: row.logoUrl,
    featured: row.featured,
    url: row.url,
    rating: row.rating,
    description: sanitizeRichText(row.description),
    updatedAt: row.updatedAt.toISOString(),
    activePromotionCount: active?.n ?? 0,
  };
}

// Writes; each invalidates the cached pages before it returns (issue 4).
export type CasinoInput = Pick<NewCasino, "name" | "url" | "logoUrl" | "description"> & Partial<Pick<NewCasino, "details" | "featured" | "rating">>;

export async function createCasino(input: CasinoInput): Promise<Casino> {
  const [row] = await getDb().insert(casinos).values({ ...input, slug: slugify(input.name) }).returning();
  await invalidatePages(SITE_TAG);
  return row!;
}

export async function updateCasino(id: string, input: CasinoInput): Promise<Casino | null> {
  const [row] = await getDb()
    .update(casinos)
    .set({ ...input, slug: slugify(input.name), updatedAt: new Date() })
    .where(eq(casinos.id, id))
    .returning();
  await invalidatePages(SITE_TAG);
  return row ?? null;
}

export async function deleteCasino(id: string): Promise<void> {
  await getDb().delete(casinos).where(eq(casinos.id, id));
  await invalidatePages(SITE_TAG);
}
