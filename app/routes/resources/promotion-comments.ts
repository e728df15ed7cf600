import { data } from "react-router";
import type { Route } from "./+types/promotion-comments";
import { COMMENT_HONEYPOT_FIELD, COMMENT_MESSAGES, CommentSchema } from "~/modules/comments/comments.schema";
import { createComment } from "~/modules/comments/comments.server";
import { readBoundedForm } from "~/lib/request-body.server";

export function loader() {
  throw data(null, { status: 405 });
}

/** POST /api/promotions/{id}/comments: validates on the server, whatever the browser did. */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return data({ ok: false, message: COMMENT_MESSAGES.saveFailed }, 405);
  try {
    const body = await readBoundedForm(request);
    if (!body.ok) return data({ ok: false, message: body.message }, body.status);
    const form = body.form;
    // A bot filled the field people cannot see: store nothing.
    if (String(form.get(COMMENT_HONEYPOT_FIELD) ?? "") !== "") return data({ ok: false, message: COMMENT_MESSAGES.saveFailed }, 400);
    const parsed = CommentSchema.safeParse({
      userName: form.get("userName") ?? "",
      comment: form.get("comment") ?? "",
      rating: form.get("rating") ?? undefined,
    });
    if (!parsed.success) return data({ ok: false, message: parsed.error.issues[0]?.message ?? COMMENT_MESSAGES.saveFailed }, 400);
    const result = await createComment(params.id, parsed.data, context.clientAddress);
    if (!result.ok) return data({ ok: false, message: result.message }, result.status);
    return data({ ok: true, message: COMMENT_MESSAGES.success, comment: result.comment }, 201);
  } catch (error) {
    console.error("Comment could not be saved:", error);
    return data({ ok: false, message: COMMENT_MESSAGES.saveFailed }, 500);
  }
}
