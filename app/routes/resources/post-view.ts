import { data } from "react-router";
import type { Route } from "./+types/post-view";
import { logRefusal, refuseUnlessPost } from "~/lib/request-body.server";
import { recordPostView } from "~/modules/blog/blog.server";

/** Only POST counts a view: a GET, HEAD or OPTIONS is 405 in Turkish (lib/request-body.server). */
export const loader = refuseUnlessPost;

/** POST /api/blog/{id}/view: counts a visitor's view of a published post (once a day) and answers the count. */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return refuseUnlessPost({ request });
  const viewCount = await recordPostView(params.id, context.clientAddress);
  if (viewCount === null) {
    // Not published, or no post at all: one line, as every refused request.
    logRefusal(request, 404, "no published post with this id");
    return data({ message: "Blog yazısı bulunamadı" }, 404);
  }
  return { viewCount };
}
