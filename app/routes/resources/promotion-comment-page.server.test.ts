import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { describeEachDriver, truncateAll } from "../../../tests/helpers/db";
import { callRoute, unwrap } from "../../../tests/helpers/routes";
import { insertCasino, insertComment, insertPromotion } from "~/seed/factories.server";
import type { Db } from "~/db/db.server";
import { loader as detailLoader } from "../public/promotion-detail";
import { loader as pageLoader } from "./promotion-comment-page";
import { action as commentAction } from "./promotion-comments";

// Issue 7 finding 7: a promotion's comments come a page at a time, newest first, and the
// pages loaded one after another neither repeat nor skip a comment.

type Listed = { id: string; comment: string; createdAt: string };
type Page = { items: Listed[]; hasMore: boolean };

/**
 * 45 comments whose order (newest first) the test fixes by construction, index 0 the newest.
 * 18 to 21 fall in one millisecond with different microseconds, across the first page's
 * end; 38 to 41 share one timestamp exactly (ordered by id), across the second page's end.
 */
function fortyFiveComments(): { id: string; comment: string; at: string }[] {
  const base = Date.parse("2026-03-01T12:00:00.000Z");
  const tiedIds = Array.from({ length: 4 }, () => crypto.randomUUID()).sort().reverse();
  return Array.from({ length: 45 }, (_, k) => {
    let at = `${new Date(base - k * 60_000).toISOString().slice(0, 19)}.000000Z`;
    if (k >= 18 && k <= 21) at = `2026-03-01T11:42:00.500${9 - 2 * (k - 18)}00Z`;
    if (k >= 38 && k <= 41) at = "2026-03-01T11:22:00.250000Z";
    return { id: k >= 38 && k <= 41 ? tiedIds[k - 38]! : crypto.randomUUID(), comment: `yorum ${k}`, at };
  });
}

async function insertAt(db: Db, promotionId: string, row: { id: string; comment: string; at: string }) {
  await db.execute(
    sql`insert into promotion_comments (id, promotion_id, user_name, comment, rating, created_at) values (${row.id}::uuid, ${promotionId}::uuid, ${"Ziyaretçi"}, ${row.comment}, 5, ${row.at}::timestamptz)`,
  );
}

const texts = (items: { comment: string }[]) => items.map((c) => c.comment);
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => `yorum ${from + i}`);

describeEachDriver("comment pages", ({ db }) => {
  let promotionId = "";
  let emptyId = "";
  let inactiveId = "";
  let path = "";

  const detail = async (query = "", id = promotionId) => (await callRoute(detailLoader, `/promotion/${id}${query}`, { params: { id } })).data;
  const more = async (cursor: string | null, id = promotionId) => {
    const query = cursor === null ? "" : `?cursor=${encodeURIComponent(cursor)}`;
    return unwrap(await callRoute(pageLoader, `/api/promotions/${id}/comments/page${query}`, { params: { id } }));
  };
  const cursorAfter = (item: Listed) => `${item.createdAt}~${item.id}`;
  /** What a redirect thrown by the detail loader says. */
  const redirected = async (query: string) => {
    try {
      await callRoute(detailLoader, `/promotion/${promotionId}${query}`, { params: { id: promotionId } });
    } catch (error) {
      if (error instanceof Response) return { status: error.status, location: error.headers.get("Location") };
      throw error;
    }
    throw new Error("expected a redirect");
  };

  beforeAll(async () => {
    await truncateAll(db());
    const casino = await insertCasino(db(), { name: "Sayfa Casino", slug: "sayfa-casino" });
    const promotion = await insertPromotion(db(), { title: "Yorumlu Bonus", slug: "yorumlu-bonus", casinoId: casino.id });
    promotionId = promotion.id;
    path = "/bonuslar/sayfa-casino/yorumlu-bonus";
    emptyId = (await insertPromotion(db(), { title: "Yorumsuz Bonus" })).id;
    inactiveId = (await insertPromotion(db(), { title: "Pasif Bonus", isActive: false })).id;
    // Stored out of order: only created_at and id decide the order.
    const rows = fortyFiveComments();
    for (const row of [...rows].sort((a, b) => a.id.localeCompare(b.id))) await insertAt(db(), promotionId, row);
    // Another promotion's comments never show here.
    await insertComment(db(), { promotionId: inactiveId, comment: "başka promosyon" });
  });

  it("puts only the 20 newest of 45 comments in the page, with the total", async () => {
    const data = await detail();
    expect(texts(data.comments)).toEqual(range(0, 20));
    expect(data.commentPaging).toMatchObject({ page: 1, total: 45, hasMore: true, path });
    // The promotion's canonical stays the page without the comment parameter.
    expect(data.seo.canonical).toBe(`http://localhost${path}`);
  });

  it("answers the next 20 by cursor, then the last 5, each once and in order", async () => {
    const first = await detail();
    const second = await more(cursorAfter(first.comments.at(-1)!));
    expect(second.status).toBe(200);
    const page2 = second.data as Page;
    expect(texts(page2.items)).toEqual(range(20, 40));
    expect(page2.hasMore).toBe(true);
    const third = (await more(cursorAfter(page2.items.at(-1)!))).data as Page;
    expect(texts(third.items)).toEqual(range(40, 45));
    expect(third.hasMore).toBe(false);
  });

  it("neither repeats nor skips a comment when one is posted between two pages", async () => {
    const first = await detail();
    const cursor = cursorAfter(first.comments.at(-1)!);
    const posted = unwrap(
      await callRoute(commentAction, `/api/promotions/${promotionId}/comments`, {
        params: { id: promotionId },
        form: { userName: "Yeni", comment: "arada gelen yorum", rating: "5" },
        client: "10.7.7.7",
      }),
    );
    try {
      expect(posted.status).toBe(201);
      const second = (await more(cursor)).data as Page;
      expect(texts(second.items)).toEqual(range(20, 40));
      // The page a visitor opens now starts with the new comment, and the count includes it.
      const again = await detail();
      expect(again.comments[0]!.comment).toBe("arada gelen yorum");
      expect(again.commentPaging.total).toBe(46);
    } finally {
      await db().execute(sql`delete from promotion_comments where comment = ${"arada gelen yorum"}`);
    }
  });

  it("serves numbered pages for crawlers and visitors without scripts", async () => {
    const page2 = await detail("?yorum-sayfa=2");
    expect(texts(page2.comments)).toEqual(range(20, 40));
    expect(page2.commentPaging).toMatchObject({ page: 2, total: 45, hasMore: true });
    expect(page2.seo.canonical).toBe(`http://localhost${path}`);
    const page3 = await detail("?yorum-sayfa=3");
    expect(texts(page3.comments)).toEqual(range(40, 45));
    expect(page3.commentPaging.hasMore).toBe(false);
  });

  it("sends malformed and unreachable page numbers to the promotion's own URL", async () => {
    for (const query of ["?yorum-sayfa=1", "?yorum-sayfa=02", "?yorum-sayfa=abc", "?yorum-sayfa=-3", "?yorum-sayfa=", "?yorum-sayfa=99999999999999999999"]) {
      expect(await redirected(query), query).toEqual({ status: 301, location: path });
    }
    expect(await redirected("?yorum-sayfa=4")).toEqual({ status: 302, location: path });
  });

  it("shows an empty list and a zero count for a promotion without comments", async () => {
    const data = await detail("", emptyId);
    expect(data.comments).toEqual([]);
    expect(data.commentPaging).toMatchObject({ page: 1, total: 0, hasMore: false });
  });

  describe("refuses what it cannot answer", () => {
    const badCursors: [string, string | null][] = [
      ["no cursor", null],
      ["garbage", "abc"],
      ["milliseconds only", "2026-03-01T11:42:00.500Z~6f1c0c1e-1d3a-4e55-9f0e-3b1f1e2a4c5d"],
      ["a day that does not exist", "2026-02-30T10:00:00.000000Z~6f1c0c1e-1d3a-4e55-9f0e-3b1f1e2a4c5d"],
      ["hour 25", "2026-03-01T25:00:00.000000Z~6f1c0c1e-1d3a-4e55-9f0e-3b1f1e2a4c5d"],
      ["year 0", "0000-03-01T10:00:00.000000Z~6f1c0c1e-1d3a-4e55-9f0e-3b1f1e2a4c5d"],
      ["a malformed id", "2026-03-01T10:00:00.000000Z~not-a-uuid"],
      ["SQL", "2026-03-01T10:00:00.000000Z~x' or '1'='1"],
      ["a NUL byte", "2026-03-01T10:00:00.000000Z\u0000~6f1c0c1e-1d3a-4e55-9f0e-3b1f1e2a4c5d"],
      ["very long", "9".repeat(5000)],
    ];
    it.each(badCursors)("answers 400 with a Turkish message for %s, and logs one line", async (_, cursor) => {
      const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
      try {
        expect(await more(cursor)).toEqual({ status: 400, data: { message: "Geçersiz yorum sayfası isteği" } });
        expect(warn).toHaveBeenCalledTimes(1);
      } finally {
        warn.mockRestore();
      }
    });

    it("answers 404 for unknown, malformed and inactive promotions", async () => {
      const cursor = "2026-03-01T10:00:00.000000Z~6f1c0c1e-1d3a-4e55-9f0e-3b1f1e2a4c5d";
      for (const id of [crypto.randomUUID(), "abc", inactiveId]) {
        expect((await more(cursor, id)).status, id).toBe(404);
      }
    });
  });
});
