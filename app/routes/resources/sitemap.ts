import type { Route } from "./+types/sitemap";
import { siteOrigin } from "~/modules/seo/seo.server";
import { listSitemapEntries, renderSitemapXml } from "~/modules/seo/sitemap.server";

/** public-site.md §2.12: /sitemap.xml and /sitemap serve the same XML. */
export async function loader({ request }: Route.LoaderArgs) {
  try {
    const xml = renderSitemapXml(siteOrigin(request), await listSitemapEntries());
    return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
  } catch (error) {
    console.error("Sitemap failed:", error);
    return new Response("Error generating sitemap", { status: 500, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
}
