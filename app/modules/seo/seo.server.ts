import { inArray } from "drizzle-orm";
import { invalidatePages, SITE_TAG } from "~/modules/page-cache/page-cache.server";
import { getDb } from "~/db/index.server";
import { seoSettings } from "~/db/schema";
import { getEnv } from "~/env.server";
import { cutText, META_DESCRIPTION_LENGTH } from "~/lib/text";
import { DEFAULT_SEO, FALLBACK_SOCIAL_IMAGE, type PageSeo } from "./seo";

/** PUBLIC_SITE_URL, or the origin the request came in on. */
export function siteOrigin(request: Request): string {
  return (getEnv().PUBLIC_SITE_URL ?? new URL(request.url).origin).replace(/\/+$/, "");
}

export function absoluteUrl(origin: string, pathOrUrl: string | null | undefined): string {
  if (!pathOrUrl) return `${origin}${FALLBACK_SOCIAL_IMAGE}`;
  return /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${origin}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
}

type SeoText = { title: string; description: string; keywords: string };

/**
 * public-site.md §3: the settings of a path; for a path with no row, those of "/";
 * with neither, the built-in defaults. A failed read is logged and the defaults stay.
 */
export async function getPathSeo(path: string): Promise<SeoText> {
  try {
    const rows = await getDb().select().from(seoSettings).where(inArray(seoSettings.pagePath, [path, "/"]));
    const row = rows.find((r) => r.pagePath === path) ?? rows.find((r) => r.pagePath === "/");
    if (!row) return DEFAULT_SEO;
    return { title: row.title || DEFAULT_SEO.title, description: row.description || DEFAULT_SEO.description, keywords: row.keywords || DEFAULT_SEO.keywords };
  } catch (error) {
    console.error("SEO settings read failed; using defaults:", error);
    return DEFAULT_SEO;
  }
}

/** Builds a page's SEO from its own texts, or from the path's settings where it has none. */
export async function pageSeo(
  request: Request,
  options: { path?: string; title?: string; description?: string; keywords?: string; image?: string | null; type?: PageSeo["type"]; jsonLd?: (origin: string) => Record<string, unknown>[] } = {},
): Promise<PageSeo> {
  const origin = siteOrigin(request);
  const path = options.path ?? new URL(request.url).pathname;
  const fallback = options.title && options.description ? null : await getPathSeo(path);
  return {
    title: options.title ?? fallback!.title,
    description: cutText(options.description ?? fallback!.description, META_DESCRIPTION_LENGTH),
    keywords: options.keywords ?? fallback?.keywords ?? DEFAULT_SEO.keywords,
    canonical: `${origin}${path}`,
    image: absoluteUrl(origin, options.image),
    type: options.type,
    siteName: getEnv().SITE_NAME,
    jsonLd: options.jsonLd?.(origin),
  };
}

/** Saves a path's search-engine texts (admin.md "SEO settings"); every page may fall back to "/". */
export async function saveSeoSettings(input: { pagePath: string; pageName: string } & SeoText): Promise<void> {
  const values = { ...input, updatedAt: new Date() };
  await getDb().insert(seoSettings).values(values).onConflictDoUpdate({ target: seoSettings.pagePath, set: values });
  await invalidatePages(SITE_TAG);
}
