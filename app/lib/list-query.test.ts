import { describe, expect, it } from "vitest";
import { ADMIN_PAGE_SIZE, countAheadLimit, lastPageHref, likePattern, listHref, MAX_SEARCH_LENGTH, pageCountOf, pickAllowed, pagedCount, parseListQuery } from "./list-query";

const SORTS = ["name", "createdAt"] as const;
const parse = (search: string) => parseListQuery(new URL(`http://x/admin/casinos${search}`), SORTS, { sort: "createdAt", dir: "desc" });

describe("admin list parameters", () => {
  it("reads page, search, sort and direction from the URL", () => {
    expect(parse("?sayfa=3&q=%20Ege%20Bet%20&sirala=name&yon=asc")).toEqual({ page: 3, q: "Ege Bet", sort: "name", dir: "asc" });
  });

  it("falls back to the defaults for anything missing or malformed", () => {
    expect(parse("")).toEqual({ page: 1, q: "", sort: "createdAt", dir: "desc" });
    expect(parse("?sayfa=0&sirala=password&yon=sideways")).toEqual({ page: 1, q: "", sort: "createdAt", dir: "desc" });
    expect(parse("?sayfa=-2").page).toBe(1);
    expect(parse("?sayfa=1.5").page).toBe(1);
    expect(parse("?sayfa=abc").page).toBe(1);
    expect(parse("?sayfa=100000").page).toBe(100_000);
    expect(parse("?sayfa=100001").page).toBe(1);
  });

  it("reads a page number as written, with spaces around it", () => {
    expect(parse("?sayfa=%203%20").page).toBe(3);
    expect(parse("?sayfa=").page).toBe(1);
  });

  it("keeps a filter's value only when it is one of the filter's options, exactly as written", () => {
    const statuses = ["active", "expired"] as const;
    expect(pickAllowed(statuses, "expired")).toBe("expired");
    expect(pickAllowed(statuses, "EXPIRED")).toBeNull();
    expect(pickAllowed(statuses, "")).toBeNull();
    expect(pickAllowed(statuses, null)).toBeNull();
    expect(pickAllowed(statuses, "toString")).toBeNull();
  });

  it("reads a descending order on a list whose default is ascending (a sort header clicked twice)", () => {
    const byName = (search: string) => parseListQuery(new URL(`http://x/admin/categories${search}`), SORTS, { sort: "name", dir: "asc" });
    expect(byName("?sirala=name&yon=desc")).toEqual({ page: 1, q: "", sort: "name", dir: "desc" });
    expect(byName("?yon=asc")).toEqual({ page: 1, q: "", sort: "name", dir: "asc" });
  });

  it("drops control characters and cuts an overlong search instead of refusing it", () => {
    expect(parse("?q=a%00b%1Fc%7F").q).toBe("abc");
    const long = parse(`?q=${"x".repeat(MAX_SEARCH_LENGTH + 20)}`).q;
    expect(long).toHaveLength(MAX_SEARCH_LENGTH);
  });

  it("counts pages of 25, never fewer than one", () => {
    expect(ADMIN_PAGE_SIZE).toBe(25);
    expect(pageCountOf(0)).toBe(1);
    expect(pageCountOf(25)).toBe(1);
    expect(pageCountOf(26)).toBe(2);
    expect(pageCountOf(51, 10)).toBe(6);
  });

  it("builds the same list URL with some parameters changed, page 1 and empty values left out", () => {
    expect(listHref("/admin/casinos?q=ege&sayfa=2", { sayfa: 3 })).toBe("/admin/casinos?q=ege&sayfa=3");
    expect(listHref("/admin/casinos?q=ege&sayfa=2", { sayfa: 1 })).toBe("/admin/casinos?q=ege");
    expect(listHref("/admin/casinos?q=ege&sayfa=2", { q: "" })).toBe("/admin/casinos?sayfa=2");
    expect(listHref("/admin/casinos?q=ege", { q: null, sirala: "name" })).toBe("/admin/casinos?sirala=name");
    expect(listHref("/admin/casinos", { sirala: "name", yon: "asc" })).toBe("/admin/casinos?sirala=name&yon=asc");
    expect(listHref("/admin/casinos?sayfa=4", { q: "x" })).toBe("/admin/casinos?sayfa=4&q=x");
    // Only the page is left out at 1: another parameter set to 1 (the category dialog's ?yeni=1) stays.
    expect(listHref("/admin/categories?q=ege", { yeni: 1 })).toBe("/admin/categories?q=ege&yeni=1");
  });

  it("sends a page past the last to the last page, keeping the search, and leaves pages in range alone", () => {
    const url = new URL("http://x/admin/casinos?q=ege&sayfa=4");
    expect(lastPageHref(url, { page: 4, pageCount: 3 })).toBe("/admin/casinos?q=ege&sayfa=3");
    expect(lastPageHref(new URL("http://x/admin/casinos?sayfa=2"), { page: 2, pageCount: 1 })).toBe("/admin/casinos");
    expect(lastPageHref(url, { page: 3, pageCount: 3 })).toBeNull();
  });

  it("escapes LIKE wildcards so a search matches them as letters", () => {
    expect(likePattern("100%_\\")).toBe("%100\\%\\_\\\\%");
    expect(likePattern("ege")).toBe("%ege%");
  });

  it("counts a growing list in blocks of 1,000 rows, one more to know there are more, so the page shown always has a next", () => {
    expect([1, 2, 39, 40, 79, 80].map((page) => countAheadLimit(page))).toEqual([1001, 1001, 1001, 2001, 2001, 3001]);
    expect([99, 100].map((page) => countAheadLimit(page, 10))).toEqual([1001, 2001]);
    // Under the limit the count is exact; at it, the list says '1.000+' and offers 40 pages.
    expect(pagedCount(0, 1)).toEqual({ total: 0, pageCount: 1, more: false });
    expect(pagedCount(1000, 1)).toEqual({ total: 1000, pageCount: 40, more: false });
    expect(pagedCount(1001, 1)).toEqual({ total: 1000, pageCount: 40, more: true });
    expect(pagedCount(1001, 39)).toEqual({ total: 1000, pageCount: 40, more: true });
    // Page 40 counts on to 2,000: 80 pages, so it has a next page.
    expect(pagedCount(2001, 40)).toEqual({ total: 2000, pageCount: 80, more: true });
    expect(pagedCount(1030, 40)).toEqual({ total: 1030, pageCount: 42, more: false });
    expect(pagedCount(2001, 100, 10)).toEqual({ total: 2000, pageCount: 200, more: true });
  });
});
