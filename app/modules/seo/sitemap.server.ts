import { and, desc, eq, gt, isNull, lte, max, or, sql } from "drizzle-orm";
import { getDb } from "~/db/index.server";
import { blogPosts, casinos, promotionCategories, promotions } from "~/db/schema";
import { promotionPublicPath } from "~/modules/promotions/promotions.schema";

export type SitemapEntry = { path: string; changefreq: "daily" | "weekly" | "monthly"; priority: string; lastmod?: Date };

// public-site.md §2.12
export const STATIC_SITEMAP_ENTRIES: SitemapEntry[] = [
  { path: "/", changefreq: "weekly", priority: "1.0" },
  { path: "/blog", changefreq: "weekly", priority: "0.7" },
  { path: "/bonuslar", changefreq: "daily", priority: "0.9" },
  { path: "/guvenilir-siteler", changefreq: "weekly", priority: "0.8" },
];

// Issue 10 §2: the category landing pages and the promotion pages (the site's money pages)
// are listed too; the spec names no frequency or priority for them.
const CATEGORY_ENTRY = { changefreq: "daily", priority: "0.8" } as const;
const PROMOTION_ENTRY = { changefreq: "weekly", priority: "0.7" } as const;

/** A promotion the public lists show: active, its expiry (if any) still ahead. */
const listed = () => and(eq(promotions.isActive, true), or(isNull(promotions.expiryDate), gt(promotions.expiryDate, sql`now()`)));

/**
 * When a page listing promotions last changed: its own row, any of its promotions (an edit,
 * a deactivation), or the expiry of one that has since left the list.
 */
const newestOf = (own: typeof casinos.updatedAt | typeof promotionCategories.updatedAt) =>
  sql<Date>`greatest(${own}, ${max(promotions.updatedAt)}, max(${promotions.expiryDate}) filter (where ${lte(promotions.expiryDate, sql`now()`)}))`.mapWith(own);

/**
 * Static pages, every active category's landing page, every casino, every listed promotion
 * and every published post, each with the date its page last changed.
 */
export async function listSitemapEntries(): Promise<SitemapEntry[]> {
  const db = getDb();
  const [categoryRows, casinoRows, promotionRows, postRows] = await Promise.all([
    db
      .select({ slug: promotionCategories.slug, lastmod: newestOf(promotionCategories.updatedAt) })
      .from(promotionCategories)
      .leftJoin(promotions, eq(promotions.categoryId, promotionCategories.id))
      .where(eq(promotionCategories.isActive, true))
      .groupBy(promotionCategories.id)
      .orderBy(promotionCategories.slug),
    db
      .select({ slug: casinos.slug, lastmod: newestOf(casinos.updatedAt) })
      .from(casinos)
      .leftJoin(promotions, eq(promotions.casinoId, casinos.id))
      .groupBy(casinos.id)
      .orderBy(casinos.slug),
    db
      .select({ id: promotions.id, slug: promotions.slug, casinoSlug: casinos.slug, updatedAt: promotions.updatedAt })
      .from(promotions)
      .leftJoin(casinos, eq(casinos.id, promotions.casinoId))
      .where(listed())
      .orderBy(desc(promotions.createdAt), desc(promotions.id)),
    db.select({ slug: blogPosts.slug, updatedAt: blogPosts.updatedAt }).from(blogPosts).where(eq(blogPosts.isPublished, true)).orderBy(desc(blogPosts.createdAt)),
  ]);
  return [
    ...STATIC_SITEMAP_ENTRIES,
    ...categoryRows.map((c) => ({ path: `/bonuslar/${c.slug}`, ...CATEGORY_ENTRY, lastmod: c.lastmod })),
    ...casinoRows.map((c) => ({ path: `/casino/${c.slug}`, changefreq: "weekly" as const, priority: "0.8", lastmod: c.lastmod })),
    ...promotionRows.map((p) => ({ path: promotionPublicPath(p), ...PROMOTION_ENTRY, lastmod: p.updatedAt })),
    ...postRows.map((p) => ({ path: `/blog/${p.slug}`, changefreq: "monthly" as const, priority: "0.6", lastmod: p.updatedAt })),
  ];
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);
}

export function renderSitemapXml(origin: string, entries: SitemapEntry[]): string {
  const urls = entries.map((entry) => {
    const lastmod = entry.lastmod ? `<lastmod>${entry.lastmod.toISOString()}</lastmod>` : "";
    return `<url><loc>${escapeXml(origin + entry.path)}</loc>${lastmod}<changefreq>${entry.changefreq}</changefreq><priority>${entry.priority}</priority></url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

// sitemaps.org: at most 50,000 URLs per file; past that, /sitemap.xml becomes an index of
// /sitemaps/{n}.xml files.
export const SITEMAP_URL_LIMIT = 50_000;

function renderSitemapIndexXml(origin: string, parts: SitemapEntry[][]): string {
  const items = parts.map((part, i) => {
    const newest = part.reduce<Date | undefined>((max, e) => (e.lastmod && (!max || e.lastmod > max) ? e.lastmod : max), undefined);
    return `<sitemap><loc>${escapeXml(`${origin}/sitemaps/${i + 1}.xml`)}</loc>${newest ? `<lastmod>${newest.toISOString()}</lastmod>` : ""}</sitemap>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join("\n")}\n</sitemapindex>\n`;
}

/**
 * The XML for /sitemap.xml (part null) or /sitemaps/{part}.xml: one urlset while the site
 * fits in one file, else an index and its parts. Null for a part that does not exist.
 */
export function sitemapDocument(origin: string, entries: SitemapEntry[], part: number | null, limit = SITEMAP_URL_LIMIT): string | null {
  const parts: SitemapEntry[][] = [];
  for (let i = 0; i < entries.length; i += limit) parts.push(entries.slice(i, i + limit));
  if (part === null) return parts.length <= 1 ? renderSitemapXml(origin, entries) : renderSitemapIndexXml(origin, parts);
  if (parts.length <= 1) return null;
  const chosen = parts[part - 1];
  return chosen ? renderSitemapXml(origin, chosen) : null;
}
