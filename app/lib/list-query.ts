// Issue 8: admin tables page on the server, 25 rows a page, with search and sort in the URL
// (?sayfa=2&q=...&sirala=name&yon=asc) so that every view can be linked and reloaded.
export const ADMIN_PAGE_SIZE = 25;
/** Search text longer than this is no search; it is cut, not refused. */
export const MAX_SEARCH_LENGTH = 100;

export type ListQuery<S extends string> = { page: number; q: string; sort: S; dir: "asc" | "desc" };

/**
 * Reads the list parameters from a URL; anything malformed falls back to the defaults. Plain
 * checks rather than zod schemas built per call: every admin list and its filters run this
 * on every load (building the schemas cost 0.1 ms a request, issue 8 §5).
 */
export function parseListQuery<S extends string>(url: URL, sorts: readonly [S, ...S[]], defaults: { sort: S; dir: "asc" | "desc" }): ListQuery<S> {
  const params = url.searchParams;
  // Read as Number() reads it, as before (" 3 " is 3, "1e2" 100); anything but a whole number
  // from 1 to 100,000 ("1.5", "abc", "", 0) is page 1.
  const wanted = Number(params.get("sayfa") ?? 1);
  const page = Number.isInteger(wanted) && wanted >= 1 && wanted <= 100_000 ? wanted : 1;
  // NUL and other control characters never reach a query.
  // eslint-disable-next-line no-control-regex
  const q = (params.get("q") ?? "").replace(/[\u0000-\u001f\u007f]/g, "").trim().slice(0, MAX_SEARCH_LENGTH);
  const sort = pickAllowed(sorts, params.get("sirala")) ?? defaults.sort;
  const dir = pickAllowed(DIRECTIONS, params.get("yon")) ?? defaults.dir;
  return { page, q, sort, dir };
}

const DIRECTIONS = ["asc", "desc"] as const;

/** `value` when it is one of `allowed` (a filter's or a sort's names), otherwise null. */
export function pickAllowed<T extends string>(allowed: readonly T[], value: string | null): T | null {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : null;
}

/** `more`: the count stopped at `total` and there are more rows (a list counted with countAheadLimit). */
export type Paged<T> = { items: T[]; total: number; page: number; pageCount: number; more?: boolean };

export function pageCountOf(total: number, pageSize = ADMIN_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * Lists of what grows without bound (visitors' comments, the audit log) count only as far as
 * an operator can page, in blocks of this many rows: pages 1 to 39 count to 1,000 ('1.000+',
 * 40 pages), pages 40 to 79 to 2,000 (80 pages), and so on, so the page shown always has a
 * next one while there are more. Counting all 20,000 comments cost PostgreSQL 4 to 10 ms on
 * every load, a search of them 14 to 39 ms; counted to 1,000, under 1 and about 5 (ADR 018).
 */
export const COUNT_AHEAD = 1_000;

/** How many rows to count for `page`: to the end of the block after its last row, plus one to know whether there are more. */
export function countAheadLimit(page: number, pageSize = ADMIN_PAGE_SIZE): number {
  return (Math.floor((page * pageSize) / COUNT_AHEAD) + 1) * COUNT_AHEAD + 1;
}

/** The total, page count and `more` of a list counted with countAheadLimit(page). */
export function pagedCount(counted: number, page: number, pageSize = ADMIN_PAGE_SIZE): Pick<Paged<never>, "total" | "pageCount" | "more"> {
  const limit = countAheadLimit(page, pageSize);
  const more = counted >= limit;
  const total = more ? limit - 1 : counted;
  return { total, pageCount: pageCountOf(total, pageSize), more };
}

/**
 * A page past the last (the last row of the last page was just deleted, or a hand-typed
 * ?sayfa=99) goes to the last page instead of showing an empty table; null when in range.
 */
export function lastPageHref(url: URL, list: { page: number; pageCount: number }): string | null {
  return list.page > list.pageCount ? listHref(url.pathname + url.search, { sayfa: list.pageCount }) : null;
}

/** The same list URL with some parameters changed (page links, sort headers). */
export function listHref(current: URL | string, changes: Record<string, string | number | null>): string {
  const url = new URL(current, "http://x");
  for (const [name, value] of Object.entries(changes)) {
    if (value === null || value === "" || (name === "sayfa" && value === 1)) url.searchParams.delete(name);
    else url.searchParams.set(name, String(value));
  }
  const search = url.searchParams.toString();
  return `${url.pathname}${search ? `?${search}` : ""}`;
}

/** A LIKE pattern that matches the text literally (%, _ and \ escaped). */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
