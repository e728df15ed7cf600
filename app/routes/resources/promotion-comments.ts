import { data } from "react-router";
import type { Route } from "./+types/promotion-comments";
import { COMMENT_HONEYPOT_FIELD, COMMENT_MESSAGES, CommentSchema } from "~/modules/comments/comments.schema";
import { createComment } from "~/modules/comments/comments.server";
import { logRefusal, readBoundedForm, refuseUnlessPost } from "~/lib/request-body.server";
import { FRESH_COOKIE } from "~/lib/page-cache.server";

/** Only POST adds a comment: a GET, HEAD or OPTIONS is 405 in Turkish (lib/request-body.server). */
export const loader = refuseUnlessPost;

/** How long a visitor who just commented reads past the cache (FRESH_COOKIE). */
const FRESH_SECONDS = 10;

/** POST /api/promotions/{id}/comments: validates on the server, whatever the browser did. */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return refuseUnlessPost({ request });
  try {
    const body = await readBoundedForm(request);
    if (!body.ok) return data({ ok: false, message: body.message }, body.status);
    const form = body.form;
    const refuse = (status: number, message: string, reason: string) => {
      logRefusal(request, status, reason);
      return data({ ok: false, message }, status);
    };
    // A bot filled the field people cannot see: store nothing.
    if (String(form.get(COMMENT_HONEYPOT_FIELD) ?? "") !== "") return refuse(400, COMMENT_MESSAGES.saveFailed, "comment refused: hidden field filled");
    const parsed = CommentSchema.safeParse({
      userName: form.get("userName") ?? "",
      comment: form.get("comment") ?? "",
      rating: form.get("rating") ?? undefined,
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return refuse(400, issue?.message ?? COMMENT_MESSAGES.saveFailed, `comment refused: ${issue?.path.join(".") || "form"} invalid`);
    }
    const result = await createComment(params.id, parsed.data, context.clientAddress);
    if (!result.ok) return refuse(result.status, result.message, result.status === 429 ? "comment refused: over the limit for this address" : "comment refused: no such active promotion");
    // Read your own comment: for a few seconds this visitor's requests skip the shared cache
    // (a site cookie, `__` prefix), so a reload shows the comment while the cached page is
    // still being refreshed for everyone else (ADR 010).
    return data(
      { ok: true, message: COMMENT_MESSAGES.success, comment: result.comment },
      { status: 201, headers: { "Set-Cookie": `${FRESH_COOKIE}=1; Max-Age=${FRESH_SECONDS}; Path=/; HttpOnly; SameSite=Lax` } },
    );
  } catch (error) {
    console.error("Comment could not be saved:", error);
    return data({ ok: false, message: COMMENT_MESSAGES.saveFailed }, 500);
  }
}
