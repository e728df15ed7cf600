import { redirect } from "react-router";
import type { Route } from "./+types/indexnow-key";
import { SHARED_RESOURCE_HEADERS } from "~/lib/page-cache.server";
import { currentIndexNowOptions } from "~/modules/indexing/indexing.server";

/**
 * Issue 9 §7: IndexNow checks that the site owns the key by fetching /{key}.txt, whose body
 * is the key. Served only when INDEXNOW_KEY is set; any other single-segment path (another
 * .txt included) redirects to / exactly as the catch-all route does (public-site.md §2.1).
 * The same for every visitor, so the page cache may keep it.
 */
export function loader({ params }: Route.LoaderArgs) {
  const options = currentIndexNowOptions();
  if (!options || params.file !== `${options.key}.txt`) return redirect("/");
  return new Response(options.key, { headers: { "Content-Type": "text/plain; charset=utf-8", ...SHARED_RESOURCE_HEADERS } });
}

export function action() {
  return redirect("/");
}
