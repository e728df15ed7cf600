import { Fragment, useEffect, useRef, useState, type MouseEvent } from "react";
import { useFetcher } from "react-router";
import { Link } from "./link";
import { formatDateTr } from "~/lib/dates";
import {
  COMMENT_PAGE_PARAM,
  COMMENT_PAGING_MESSAGES,
  COMMENTS_PAGE_SIZE,
  commentCursor,
  mergeComments,
  type CommentPage,
  type PublicComment,
} from "~/modules/comments/comments.paging";
import { COMMENT_HONEYPOT_FIELD, COMMENT_MESSAGES, DEFAULT_COMMENT_RATING, firstCommentProblem } from "~/modules/comments/comments.rules";
import { Stars } from "./stars";
import { notify } from "./toaster";

export type CommentActionResult = { ok: boolean; message: string; comment?: PublicComment };

/** Which comment page the server rendered (?yorum-sayfa=N), of how many comments in all. */
export type CommentPaging = { page: number; total: number; hasMore: boolean; path: string };

type Shown = {
  /** The loader's page this state last merged: a new one (after a post) is merged in once. */
  source: PublicComment[];
  /** The post whose comment was merged in. */
  posted: CommentActionResult | undefined;
  list: PublicComment[];
  /** What the last 'Daha fazla yorum' answer said; null until one was loaded. */
  fetchedHasMore: boolean | null;
  pagesLoaded: number;
};

/**
 * public-site.md §2.9, §4.3 and §5.1: comments newest first and the 'Yorum Yap' form.
 * Issue 7: the HTML carries one page; 'Daha fazla yorum' is a link to the next numbered page
 * (crawlers and visitors without scripts follow it) that, with scripts, appends the comments
 * after the last one shown, fetched by cursor, instead.
 */
export function CommentsSection({ promotionId, comments, paging }: { promotionId: string; comments: PublicComment[]; paging: CommentPaging }) {
  const fetcher = useFetcher<CommentActionResult>();
  const form = useRef<HTMLFormElement>(null);
  const submitting = fetcher.state !== "idle";
  const handled = useRef<CommentActionResult | undefined>(undefined);
  const [loadingMore, setLoadingMore] = useState(false);
  const pending = useRef<AbortController | null>(null);
  const [shown, setShown] = useState<Shown>({ source: comments, posted: undefined, list: comments, fetchedHasMore: null, pagesLoaded: 0 });

  // Adjusted while rendering, not in an effect: the page the loader sends again after a post
  // (with the new comment first) joins what is shown, and so does the posted comment itself
  // on a page that does not show the newest ones (§4.3: it goes to the top).
  let next = shown;
  if (next.source !== comments) next = { ...next, source: comments, list: mergeComments(next.list, comments) };
  const posted = fetcher.state === "idle" ? fetcher.data : undefined;
  if (posted?.ok && posted.comment && next.posted !== posted) next = { ...next, posted, list: mergeComments([posted.comment], next.list) };
  if (next !== shown) setShown(next);

  const hasMore = next.fetchedHasMore ?? (paging.hasMore && (paging.page - 1) * COMMENTS_PAGE_SIZE + next.list.length < paging.total);
  const nextPageHref = `${paging.path}?${COMMENT_PAGE_PARAM}=${paging.page + next.pagesLoaded + 1}#yorumlar`;

  useEffect(() => () => pending.current?.abort(), []);

  const loadMore = async (event: MouseEvent<HTMLAnchorElement>) => {
    // A new tab or window still opens the numbered page.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    const last = next.list.at(-1);
    if (loadingMore || !last) return;
    setLoadingMore(true);
    const controller = new AbortController();
    pending.current = controller;
    try {
      const response = await fetch(`/api/promotions/${promotionId}/comments/page?cursor=${encodeURIComponent(commentCursor(last))}`, { signal: controller.signal });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const page = (await response.json()) as CommentPage;
      setShown((current) => ({ ...current, list: mergeComments(current.list, page.items), fetchedHasMore: page.hasMore, pagesLoaded: current.pagesLoaded + 1 }));
    } catch {
      if (!controller.signal.aborted) notify.error(COMMENT_PAGING_MESSAGES.loadFailed);
    } finally {
      if (!controller.signal.aborted) setLoadingMore(false);
    }
  };

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
    <section id="yorumlar" aria-labelledby="comments-title" className="mt-12 grid scroll-mt-24 gap-8 lg:grid-cols-2">
      <div>
        <h2 id="comments-title" className="text-xl font-bold">
          Yorumlar ({paging.total})
        </h2>
        {paging.page > 1 && (
          <p className="mt-1 text-sm text-slate-600">
            Sayfa {paging.page} / {Math.max(paging.page, Math.ceil(paging.total / COMMENTS_PAGE_SIZE))} ·{" "}
            <Link to={`${paging.path}#yorumlar`} className="font-semibold underline">
              {COMMENT_PAGING_MESSAGES.newest}
            </Link>
          </p>
        )}
        {next.list.length === 0 ? (
          <p className="mt-4 text-slate-600">{COMMENT_MESSAGES.empty}</p>
        ) : (
          <ul className="mt-4 space-y-4" data-testid="comment-list">
            {next.list.map((comment) => (
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
        {hasMore && (
          <div className="mt-6 text-center">
            <a
              href={nextPageHref}
              onClick={loadMore}
              aria-busy={loadingMore}
              aria-disabled={loadingMore}
              className={`inline-block rounded-lg border border-slate-300 bg-white px-6 py-2.5 font-semibold hover:border-brand-500 ${loadingMore ? "opacity-60" : ""}`}
            >
              {loadingMore ? COMMENT_PAGING_MESSAGES.loading : COMMENT_PAGING_MESSAGES.more}
            </a>
          </div>
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
