import { Fragment, useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { formatDateTr } from "~/lib/dates";
import { COMMENT_HONEYPOT_FIELD, COMMENT_MESSAGES, DEFAULT_COMMENT_RATING, firstCommentProblem } from "~/modules/comments/comments.rules";
import type { PublicComment } from "~/modules/comments/comments.server";
import { Stars } from "./stars";
import { notify } from "./toaster";

export type CommentActionResult = { ok: boolean; message: string };

/** public-site.md §2.9, §4.3 and §5.1: comments newest first and the 'Yorum Yap' form. */
export function CommentsSection({ promotionId, comments }: { promotionId: string; comments: PublicComment[] }) {
  const fetcher = useFetcher<CommentActionResult>();
  const form = useRef<HTMLFormElement>(null);
  const submitting = fetcher.state !== "idle";
  const handled = useRef<CommentActionResult | undefined>(undefined);

  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result || handled.current === result) return;
    handled.current = result;
    if (result.ok) {
      notify.success(result.message);
      // Also puts the rating back to 5 (its default).
      form.current?.reset();
    } else {
      // The form keeps its content.
      notify.error(result.message || COMMENT_MESSAGES.saveFailed);
    }
  }, [fetcher.state, fetcher.data]);

  return (
    <section aria-labelledby="comments-title" className="mt-12 grid gap-8 lg:grid-cols-2">
      <div>
        <h2 id="comments-title" className="text-xl font-bold">
          Yorumlar ({comments.length})
        </h2>
        {comments.length === 0 ? (
          <p className="mt-4 text-slate-600">{COMMENT_MESSAGES.empty}</p>
        ) : (
          <ul className="mt-4 space-y-4" data-testid="comment-list">
            {comments.map((comment) => (
              <li key={comment.id} className="rounded-xl border border-slate-200 bg-white p-4">
                <div className="flex items-center justify-between gap-2">
                  <span className="font-semibold">{comment.userName}</span>
                  <Stars rating={comment.rating} />
                </div>
                <p className="mt-2 whitespace-pre-line text-slate-700">{comment.comment}</p>
                <p className="mt-2 text-xs text-slate-500">{formatDateTr(comment.createdAt)}</p>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div>
        <h2 className="text-xl font-bold">Yorum Yap</h2>
        <fetcher.Form
          ref={form}
          method="post"
          action={`/api/promotions/${promotionId}/comments`}
          noValidate
          className="mt-4 space-y-4 rounded-xl border border-slate-200 bg-white p-5"
          onSubmit={(event) => {
            // public-site.md §5.1: blank fields get the spec's toasts; the server checks again.
            const problem = firstCommentProblem(Object.fromEntries(new FormData(event.currentTarget)));
            if (problem) {
              event.preventDefault();
              notify.error(problem);
            }
          }}
        >
          <div>
            <label htmlFor="comment-user-name" className="block text-sm font-medium">
              Kullanıcı adı
            </label>
            <input id="comment-user-name" name="userName" required maxLength={60} autoComplete="nickname" className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2" />
          </div>
          <fieldset>
            <legend className="text-sm font-medium">Puanınız</legend>
            <div className="star-rating mt-1">
              {[5, 4, 3, 2, 1].map((value) => (
                <Fragment key={value}>
                  <input type="radio" id={`rating-${value}`} name="rating" value={value} defaultChecked={value === DEFAULT_COMMENT_RATING} />
                  <label htmlFor={`rating-${value}`}>
                    <span aria-hidden="true">★</span>
                    <span className="sr-only">{value} yıldız</span>
                  </label>
                </Fragment>
              ))}
            </div>
          </fieldset>
          <div>
            <label htmlFor="comment-text" className="block text-sm font-medium">
              Yorumunuz
            </label>
            <textarea id="comment-text" name="comment" required rows={4} maxLength={2000} className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2" />
          </div>
          <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
            <label>
              Web siteniz
              <input name={COMMENT_HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
            </label>
          </div>
          <button type="submit" disabled={submitting} className="rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:opacity-60">
            {submitting ? COMMENT_MESSAGES.submitting : "Yorum Gönder"}
          </button>
        </fetcher.Form>
      </div>
    </section>
  );
}
