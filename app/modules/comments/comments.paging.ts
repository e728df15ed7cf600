// Issue 7 finding 7: a promotion's comments come a page at a time, newest first. Safe in the
// browser: the comment list builds the next cursor and merges pages with these.

export const COMMENTS_PAGE_SIZE = 20;
/** The query parameter of the crawlable comment pages: /bonuslar/{casino}/{promotion}?yorum-sayfa=2 */
export const COMMENT_PAGE_PARAM = "yorum-sayfa";
/** Far beyond any real promotion; bounds the OFFSET a hostile link can ask for. */
export const MAX_COMMENT_PAGE = 10_000;

export const COMMENT_PAGING_MESSAGES = {
  badCursor: "Geçersiz yorum sayfası isteği",
  loadFailed: "Yorumlar yüklenirken bir hata oluştu",
  more: "Daha fazla yorum",
  loading: "Yükleniyor...",
  newest: "En yeni yorumlara dön",
} as const;

/**
 * createdAt carries PostgreSQL's microseconds ("2026-05-01T10:00:00.123456Z"): a cursor cut
 * to JavaScript's milliseconds would repeat or skip comments written in the same millisecond.
 */
export type CommentKey = { createdAt: string; id: string };

/** A comment as visitors see it; createdAt as above when listed, milliseconds when just posted. */
export type PublicComment = CommentKey & { userName: string; comment: string; rating: number };
export type CommentPage = { items: PublicComment[]; hasMore: boolean };

const CURSOR = /^([1-9]\d{3}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)~([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** The cursor that asks for the comments after this one (older, or as old with a smaller id). */
export function commentCursor(comment: CommentKey): string {
  return `${comment.createdAt}~${comment.id}`;
}

/** The key of a valid cursor, or null; a date that does not exist (Feb 30) is refused here, not by PostgreSQL. */
export function parseCommentCursor(value: string | null): CommentKey | null {
  const match = value ? CURSOR.exec(value) : null;
  if (!match) return null;
  const [, createdAt, id] = match;
  const millis = `${createdAt!.slice(0, 23)}Z`;
  const date = new Date(millis);
  if (Number.isNaN(date.getTime()) || date.toISOString() !== millis) return null;
  return { createdAt: createdAt!, id: id! };
}

/** Sorts like the database (created_at desc, id desc); a millisecond time sorts as its microsecond form. */
function sortKey(comment: CommentKey): string {
  return comment.createdAt.replace(/\.(\d{3})Z$/, ".$1000Z");
}

/**
 * The union of pages already shown and a new one, newest first, each comment once. Later
 * lists win for the same id. Keeping what was shown means a comment posted at the top does
 * not push one off the first page and out of sight between it and the pages loaded after it.
 */
export function mergeComments<T extends CommentKey>(...lists: T[][]): T[] {
  const byId = new Map<string, T>();
  for (const list of lists) for (const comment of list) byId.set(comment.id, comment);
  return [...byId.values()].sort((a, b) => {
    const ka = sortKey(a);
    const kb = sortKey(b);
    if (ka !== kb) return ka < kb ? 1 : -1;
    return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
  });
}
