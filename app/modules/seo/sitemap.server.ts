import { desc, eq } from "drizzle-orm";
import { getDb } from "~/db/index.server";
import { blogPosts, casinos } from "~/db/schema";

export type SitemapEntry = { path: string; changefreq: "daily" | "weekly" | "monthly"; priority: string; lastmod?: Date };

// public-site.md §2.12
export const STATIC_SITEMAP_ENTRIES: SitemapEntry[] = [
  { path: "/", changefreq: "weekly", priority: "1.0" },
  { path: "/blog", changefreq: "weekly", priority: "0.7" },
  { path: "/bonuslar", changefreq: "daily", priority: "0.9" },
  { path: "/guvenilir-siteler", changefreq: "weekly", priority: "0.8" },
];

/** Static pages, every casino (weekly, 0.8) and every published post (monthly, 0.6). */
export async function listSitemapEntries(): Promise<SitemapEntry[]> {
  const db = getDb();
  const [casinoRows, postRows] = await Promise.all([
    db.select({ slug: casinos.slug, updatedAt: casinos.updatedAt }).from(casinos).orderBy(casinos.slug),
    db.select({ slug: blogPosts.slug, updatedAt: blogPosts.updatedAt }).from(blogPosts).where(eq(blogPosts.isPublished, true)).orderBy(desc(blogPosts.createdAt)),
  ]);
  return [
    ...STATIC_SITEMAP_ENTRIES,
    ...casinoRows.map((c) => ({ path: `/casino/${c.slug}`, changefreq: "weekly" as const, priority: "0.8", lastmod: c.updatedAt })),
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
