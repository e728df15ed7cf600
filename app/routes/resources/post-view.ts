import { data } from "react-router";
import type { Route } from "./+types/post-view";
import { REQUEST_MESSAGES } from "~/lib/request-body.server";
import { recordPostView } from "~/modules/blog/blog.server";

export function loader() {
  throw data(null, { status: 405 });
}

/** POST /api/blog/{id}/view: counts a visitor's view of a published post (once a day) and answers the count. */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return data({ message: REQUEST_MESSAGES.postOnly }, 405);
  const viewCount = await recordPostView(params.id, context.clientAddress);
  if (viewCount === null) return data({ message: "Blog yazısı bulunamadı" }, 404);
  return { viewCount };
}
