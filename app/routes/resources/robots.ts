import type { Route } from "./+types/robots";
import { siteOrigin } from "~/modules/seo/seo.server";
import { SHARED_RESOURCE_HEADERS } from "~/lib/page-cache.server";

export function loader({ request }: Route.LoaderArgs) {
  const body = ["User-agent: *", "Allow: /", "Disallow: /admin", "Disallow: /api/", "Disallow: /git/", "", `Sitemap: ${siteOrigin(request)}/sitemap.xml`, ""].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", ...SHARED_RESOURCE_HEADERS } });
}
