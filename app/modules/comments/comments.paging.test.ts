import { describe, expect, it } from "vitest";
import { commentCursor, mergeComments, parseCommentCursor } from "./comments.paging";

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const at = (minute: number) => `2026-05-01T10:${String(minute).padStart(2, "0")}:00.000000Z`;
/** Comment n is n minutes after 10:00, so a higher n is newer. */
const comment = (n: number) => ({ id: id(n), createdAt: at(n), comment: `yorum ${n}` });
const newestFirst = (from: number, to: number) => Array.from({ length: from - to + 1 }, (_, i) => comment(from - i));

describe("comment cursors", () => {
  it("name a comment exactly, microseconds included", () => {
    const key = { createdAt: "2026-05-01T10:00:00.123456Z", id: id(1) };
    expect(parseCommentCursor(commentCursor(key))).toEqual(key);
  });

  it.each([
    ["milliseconds only", `2026-05-01T10:00:00.123Z~${id(1)}`],
    ["February 30th", `2026-02-30T10:00:00.000000Z~${id(1)}`],
    ["minute 60", `2026-05-01T10:60:00.000000Z~${id(1)}`],
    ["upper-case id", `2026-05-01T10:00:00.000000Z~${id(1).toUpperCase().replace("0000-4000", "ABCD-4000")}`],
    ["trailing text", `2026-05-01T10:00:00.000000Z~${id(1)}x`],
    ["empty", ""],
  ])("refuse %s", (_, value) => {
    expect(parseCommentCursor(value)).toBeNull();
  });
});

describe("mergeComments", () => {
  it("keeps a comment pushed off the first page by a new one, between the first page and the pages loaded after it", () => {
    // Shown: the first page (24..15) and a loaded page (14..5); then a comment (25) is posted
    // and the first page comes again as 25..16.
    const shown = mergeComments(newestFirst(24, 15), newestFirst(14, 5));
    const merged = mergeComments(shown, newestFirst(25, 16));
    expect(merged.map((c) => c.comment)).toEqual(newestFirst(25, 5).map((c) => c.comment));
  });

  it("orders like the database: time first, then id, and a millisecond time in its microsecond place", () => {
    const a = { id: id(1), createdAt: "2026-05-01T10:00:00.500900Z" };
    const b = { id: id(2), createdAt: "2026-05-01T10:00:00.500Z" };
    const c = { id: id(3), createdAt: "2026-05-01T10:00:00.500000Z" };
    const d = { id: id(4), createdAt: "2026-05-01T10:00:00.499999Z" };
    expect(mergeComments([d, c], [a, b]).map((x) => x.id)).toEqual([a.id, c.id, b.id, d.id]);
  });

  it("orders comments written at the same moment by id, highest first, whatever order they arrive in", () => {
    // As the database's 'created_at desc, id desc': a page loaded later may bring them in any order.
    const same = "2026-05-01T10:00:00.250000Z";
    const tied = [1, 2, 3, 4, 5].map((n) => ({ id: id(n), createdAt: same }));
    const older = { id: id(9), createdAt: "2026-05-01T10:00:00.249999Z" };
    const newer = { id: id(0), createdAt: "2026-05-01T10:00:00.250001Z" };
    const order = (list: { id: string }[]) => list.map((c) => c.id);
    const expected = [id(0), id(5), id(4), id(3), id(2), id(1), id(9)];
    expect(order(mergeComments([older, ...tied], [newer]))).toEqual(expected);
    expect(order(mergeComments([newer], [...tied].reverse(), [older]))).toEqual(expected);
    expect(order(mergeComments([tied[2]!, tied[0]!, tied[4]!], [tied[1]!, tied[3]!]))).toEqual([id(5), id(4), id(3), id(2), id(1)]);
  });

  it("shows each comment once, the later copy winning", () => {
    const first = { ...comment(1), comment: "eski" };
    const again = { ...comment(1), comment: "yeni" };
    expect(mergeComments([first], [again])).toEqual([again]);
  });
});
