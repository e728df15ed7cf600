import type { Route } from "./+types/sitemap";
import { siteOrigin } from "~/modules/seo/seo.server";
import { SHARED_RESOURCE_HEADERS } from "~/lib/page-cache.server";
import { listSitemapEntries, sitemapDocument } from "~/modules/seo/sitemap.server";
import { refuseUnlessRead } from "~/lib/request-body.server";

/** A sitemap part that does not exist (`/sitemaps/0.xml`, `/sitemaps/9.xml` of a small site): 404 in Turkish. */
function notFound(): Response {
  return new Response("Site haritası bulunamadı.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

/**
 * public-site.md §2.12: /sitemap.xml and /sitemap serve the same XML; past 50,000 URLs it
 * is an index of /sitemaps/{n}.xml.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const file = "file" in params ? params.file : undefined;
  const part = file === undefined ? null : /^([1-9]\d{0,4})\.xml$/.exec(file)?.[1];
  if (part === undefined) return notFound();
  try {
    const xml = sitemapDocument(siteOrigin(request), await listSitemapEntries(), part === null ? null : Number(part));
    if (xml === null) return notFound();
    return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8", ...SHARED_RESOURCE_HEADERS } });
  } catch (error) {
    console.error("Sitemap failed:", error);
    return new Response("Error generating sitemap", { status: 500, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
}

/** Only read: a form or any other method is 405 in Turkish (lib/request-body.server). */
export const action = refuseUnlessRead;
