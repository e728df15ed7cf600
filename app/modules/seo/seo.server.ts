import { asc, eq } from "drizzle-orm";
import { SITE_TAG } from "~/lib/page-cache.server";
import { readShared } from "~/lib/shared-reads.server";
import { getDb } from "~/db/index.server";
import { seoSettings } from "~/db/schema";
import { getEnv } from "~/env.server";
import { reject, runCommand, type Actor, type CommandResult, type DomainCommands } from "~/lib/command.server";
import { isUuid } from "~/lib/ids";
import { cutAtWord, META_DESCRIPTION_LENGTH } from "~/lib/text";
import { compareTurkish } from "~/lib/turkish";
import { DEFAULT_SEO, FALLBACK_SOCIAL_IMAGE, SHARE_IMAGE_HEIGHT, SHARE_IMAGE_WIDTH, type PageSeo, type ShareImage } from "./seo";
import { shareCardImage } from "./share-image.server";
import { SEO_MESSAGES, SEO_PAGES, type SeoFormInput, type SeoSettingView } from "./seo.schema";

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
 * with neither, the built-in defaults. A field left empty counts as absent, so a page
 * whose row the SEO screen created empty (seo.schema.ts SEO_PAGES) still reads as "/".
 * A failed read is logged and the defaults stay.
 */
export async function getPathSeo(path: string): Promise<SeoText> {
  try {
    // All rows (one per page of the site), kept between renders; any path picks from them.
    const rows = await readShared("seo-settings", () =>
      getDb().select({ pagePath: seoSettings.pagePath, title: seoSettings.title, description: seoSettings.description, keywords: seoSettings.keywords }).from(seoSettings),
    );
    const own = rows.find((r) => r.pagePath === path);
    const root = rows.find((r) => r.pagePath === "/");
    const pick = (field: keyof SeoText) => own?.[field] || root?.[field] || DEFAULT_SEO[field];
    return { title: pick("title"), description: pick("description"), keywords: pick("keywords") };
  } catch (error) {
    console.error("SEO settings read failed; using defaults:", error);
    return DEFAULT_SEO;
  }
}

/** The title of page `page` of a list: page 1 keeps it, later pages name their number. */
export function pagedTitle(title: string, page: number | undefined): string {
  return page && page > 1 ? `${title} – Sayfa ${page}` : title;
}

/** The site's own 1200x630 PNG, for pages without a subject of their own (public-site.md §2.11). */
export function fallbackShareImage(origin: string): ShareImage {
  return { url: `${origin}${FALLBACK_SOCIAL_IMAGE}`, width: SHARE_IMAGE_WIDTH, height: SHARE_IMAGE_HEIGHT, alt: getEnv().SITE_NAME, type: "image/png" };
}

type PageSeoOptions = {
  /** The page's path: its SEO settings row and its canonical address. */
  path?: string;
  /** Page N of a list: its own canonical (`?sayfa=N`) and title (issue 10 §2). */
  page?: number;
  title?: string;
  description?: string;
  keywords?: string;
  /** The entity's image: the page gets a share card with its title and this image. */
  image?: string | null;
  /** A share card with a subtitle (and an image) of the page's choosing. */
  card?: { title?: string; subtitle?: string | null; image?: string | null };
  type?: PageSeo["type"];
  jsonLd?: (origin: string) => Record<string, unknown>[];
};

/**
 * The page's own texts, and the path's settings for each it leaves out: a page with a title
 * and a description but no keywords gets the settings' keywords (those of "/"), not the
 * built-in defaults (public-site.md §3). A page with all three reads no settings.
 */
async function pageTexts(path: string, own: Partial<SeoText>): Promise<SeoText> {
  const { title, description, keywords } = own;
  if (title !== undefined && description !== undefined && keywords !== undefined) return { title, description, keywords };
  const settings = await getPathSeo(path);
  return { title: title ?? settings.title, description: description ?? settings.description, keywords: keywords ?? settings.keywords };
}

/** Builds a page's SEO from its own texts, or from the path's settings where it has none. */
export async function pageSeo(request: Request, options: PageSeoOptions = {}): Promise<PageSeo> {
  const origin = siteOrigin(request);
  const path = options.path ?? new URL(request.url).pathname;
  const { title, description, keywords } = await pageTexts(path, options);
  const siteName = getEnv().SITE_NAME;
  const card = options.card ?? ("image" in options ? {} : null);
  return {
    title: pagedTitle(title, options.page),
    // Cut at a word, with an ellipsis (issue 10 §2: '…Kampany').
    description: cutAtWord(description, META_DESCRIPTION_LENGTH),
    keywords,
    canonical: `${origin}${path}${options.page && options.page > 1 ? `?sayfa=${options.page}` : ""}`,
    image: card ? shareCardImage(origin, { title: card.title ?? title, subtitle: card.subtitle, image: card.image ?? options.image, siteName }) : fallbackShareImage(origin),
    type: options.type,
    siteName,
    jsonLd: options.jsonLd?.(origin),
  };
}

// ---- Admin (issue 8): the SEO screen's read and audited command.

/** Page titles and descriptions appear in every cached page's head. */
const SEO_COMMANDS: DomainCommands = { entity: "seo", invalidates: [SITE_TAG] };

/**
 * admin.md §7: the rows ordered by page name (Turkish order; PGlite has no ICU collation).
 * The site's own pages get an empty row first when they have none, in one statement that
 * leaves existing rows alone; empty texts read as the home page's, so nothing public changes.
 */
export async function listSeoSettingsForAdmin(): Promise<SeoSettingView[]> {
  const db = getDb();
  await db
    .insert(seoSettings)
    .values(SEO_PAGES.map((page) => ({ ...page })))
    .onConflictDoNothing({ target: seoSettings.pagePath });
  const rows = await db.select().from(seoSettings).orderBy(asc(seoSettings.pageName), asc(seoSettings.pagePath));
  return rows
    .map((row) => ({
      id: row.id,
      pageName: row.pageName,
      pagePath: row.pagePath,
      title: row.title,
      description: row.description,
      keywords: row.keywords,
      updatedAt: row.updatedAt.toISOString(),
    }))
    .sort((a, b) => compareTurkish(a.pageName, b.pageName) || a.pagePath.localeCompare(b.pagePath));
}

/** admin.md §7: updates a page's title, description, keywords and updated_at. */
export function saveSeoSetting(actor: Actor, input: SeoFormInput): Promise<CommandResult<SeoSettingView>> {
  const { id, title, description, keywords } = input;
  return runCommand(
    SEO_COMMANDS,
    "update",
    actor,
    async (tx) => {
      const [row] = isUuid(id)
        ? await tx.update(seoSettings).set({ title, description, keywords, updatedAt: new Date() }).where(eq(seoSettings.id, id)).returning()
        : [];
      if (!row) return reject({ "": [SEO_MESSAGES.notFound] });
      const value = { ...row, updatedAt: row.updatedAt.toISOString() };
      return { value, target: { id: row.id, summary: `${row.pageName} (${row.pagePath})` } };
    },
    { id, summary: title },
  );
}
