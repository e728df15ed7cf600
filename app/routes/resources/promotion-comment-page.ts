import { data } from "react-router";
import type { Route } from "./+types/promotion-comment-page";
import { isUuid } from "~/lib/ids";
import { COMMENT_PAGING_MESSAGES, parseCommentCursor } from "~/modules/comments/comments.paging";
import { isCommentablePromotion, listCommentPage } from "~/modules/comments/comments.server";
import { refuseUnlessRead } from "~/lib/request-body.server";

/** Only read: a form or any other method is 405 in Turkish (lib/request-body.server). */
export const action = refuseUnlessRead;

/**
 * GET /api/promotions/{id}/comments/page?cursor=...: the comments after the cursor, newest
 * first, as JSON for 'Daha fazla yorum' (issue 7). The first page is in the promotion's HTML.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const after = parseCommentCursor(new URL(request.url).searchParams.get("cursor"));
  if (!after) {
    console.warn(`Comment page refused (400): bad cursor for promotion ${JSON.stringify(params.id.slice(0, 64))}`);
    return data({ message: COMMENT_PAGING_MESSAGES.badCursor }, 400);
  }
  const notFound = () => data({ message: "Promosyon bulunamadı" }, 404);
  // A malformed id would make PostgreSQL fail the uuid comparison.
  if (!isUuid(params.id)) return notFound();
  const [commentable, page] = await Promise.all([isCommentablePromotion(params.id), listCommentPage(params.id, { after })]);
  if (!commentable) return notFound();
  return data(page);
}
