import type { Route } from "./+types/robots";
import { siteOrigin } from "~/modules/seo/seo.server";
import { SHARED_RESOURCE_HEADERS } from "~/lib/page-cache.server";
import { refuseUnlessRead } from "~/lib/request-body.server";

/** Only read: a form or any other method is 405 in Turkish (lib/request-body.server). */
export const action = refuseUnlessRead;

export function loader({ request }: Route.LoaderArgs) {
  const body = ["User-agent: *", "Allow: /", "Disallow: /admin", "Disallow: /api/", "Disallow: /git/", "", `Sitemap: ${siteOrigin(request)}/sitemap.xml`, ""].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", ...SHARED_RESOURCE_HEADERS } });
}
