import crypto from "node:crypto";
import { count } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import { describeEachDriver, truncateAll } from "../../../tests/helpers/db";
import { promotionComments } from "~/db/schema";
import { insertComment, insertPromotion } from "~/seed/factories.server";
import { createComment, isCommentablePromotion, listCommentPage } from "./comments.server";

// The public side's reads and the comment insert, called as the routes call them.
describeEachDriver("comments module", ({ db }) => {
  beforeEach(async () => {
    await truncateAll(db());
  });

  const stored = async () => (await db().select({ n: count() }).from(promotionComments))[0]!.n;
  const commentsOf = async (promotionId: string, n: number) => {
    for (let i = 0; i < n; i++) await insertComment(db(), { promotionId, comment: `yorum ${i}`, createdAt: new Date(Date.UTC(2026, 3, 1, 0, i)) });
  };

  it("offers no 'Daha fazla yorum' when the page holds the last comment exactly, and offers it for one more", async () => {
    const promotion = await insertPromotion(db(), { title: "Sınır Bonusu" });
    await commentsOf(promotion.id, 20);
    const full = await listCommentPage(promotion.id, { offset: 0 });
    expect(full.items).toHaveLength(20);
    expect(full.hasMore).toBe(false);
    // Pages of 3 over the 20: the first has more after it, the one ending at the oldest has not.
    const small = await listCommentPage(promotion.id, { offset: 0 }, 3);
    expect(small.items.map((c) => c.comment)).toEqual(["yorum 19", "yorum 18", "yorum 17"]);
    expect(small.hasMore).toBe(true);
    expect((await listCommentPage(promotion.id, { offset: 17 }, 3)).hasMore).toBe(false);
  });

  it("takes comments only for an existing, active promotion, and a malformed id is a plain no", async () => {
    const active = await insertPromotion(db(), { title: "Açık Bonus", isActive: true });
    const inactive = await insertPromotion(db(), { title: "Kapalı Bonus", isActive: false });
    expect(await isCommentablePromotion(active.id)).toBe(true);
    expect(await isCommentablePromotion(inactive.id)).toBe(false);
    expect(await isCommentablePromotion(crypto.randomUUID())).toBe(false);
    for (const id of ["abc", "1 or 1=1", ""]) expect(await isCommentablePromotion(id)).toBe(false);
  });

  it("lets a failed insert fail loudly, not as 'Promosyon bulunamadı', and gives the visitor's allowance back", async () => {
    const promotion = await insertPromotion(db(), { title: "Hatalı Bonus", isActive: true });
    // Past the schema (a caller bug): the database refuses a rating of 9 stars.
    await expect(createComment(promotion.id, { userName: "Ali", comment: "metin", rating: 9 }, "10.4.4.4")).rejects.toThrow();
    expect(await stored()).toBe(0);
    // All five comments of the limit are still this client's.
    for (let i = 0; i < 5; i++) expect(await createComment(promotion.id, { userName: "Ali", comment: `yorum ${i}`, rating: 4 }, "10.4.4.4")).toMatchObject({ ok: true });
    expect(await createComment(promotion.id, { userName: "Ali", comment: "altıncı", rating: 4 }, "10.4.4.4")).toMatchObject({ ok: false, status: 429 });
    expect(await stored()).toBe(5);
  });
});
