import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { describeEachDriver, truncateAll } from "../../../tests/helpers/db";
import { pageStore, PROMOTION_LISTS_TAG, promotionTag, SITE_TAG, type CachedPage } from "~/lib/page-cache.server";
import { createComment } from "~/modules/comments/comments.server";
import { insertComment, insertPromotion } from "~/seed/factories.server";
import { databaseNow, startListSweep, sweepPromotionLists } from "./list-sweep.server";

const SECOND = 1000;
const page = (tags: string[]): CachedPage => ({ status: 200, headers: [], body: Buffer.from("x"), encoded: {}, etag: 'W/"x"', tags, expiresAt: Number.POSITIVE_INFINITY });

describeEachDriver("promotion list sweep (issue 11 §2)", ({ db }) => {
  const store = pageStore();
  /** Cached pages as the routes tag them: a list of cards, a promotion's page, a blog post. */
  const cachePages = (promotionId: string) => {
    store.invalidate([SITE_TAG]);
    store.set("/bonuslar", page([SITE_TAG, PROMOTION_LISTS_TAG]), store.sequence);
    store.set("/", page([SITE_TAG, PROMOTION_LISTS_TAG]), store.sequence);
    store.set("/bonuslar/ege-bet/bonus", page([SITE_TAG, promotionTag(promotionId)]), store.sequence);
    store.set("/blog/yazi", page([SITE_TAG]), store.sequence);
  };
  /** The pages served as they are: neither dropped nor marked for a fresh render. */
  const cached = () =>
    ["/bonuslar", "/", "/bonuslar/ege-bet/bonus", "/blog/yazi"].filter((key) => {
      const entry = store.get(key) as { stale?: boolean } | undefined;
      return entry !== undefined && !entry.stale;
    });

  beforeEach(async () => {
    await truncateAll(db());
  });
  afterAll(() => store.invalidate([SITE_TAG]));

  it("drops nothing when no comment arrived and no offer expired since the last sweep", async () => {
    const now = await databaseNow();
    const promotion = await insertPromotion(db(), { expiryDate: new Date(now.getTime() + 60 * SECOND) });
    await insertComment(db(), { promotionId: promotion.id, createdAt: new Date(now.getTime() - 30 * SECOND) });
    cachePages(promotion.id);
    const sweep = await sweepPromotionLists(new Date(now.getTime() - 20 * SECOND));
    expect(sweep).toMatchObject({ expired: false, commented: false, invalidated: [] });
    expect(cached()).toEqual(["/bonuslar", "/", "/bonuslar/ege-bet/bonus", "/blog/yazi"]);
    // The next sweep starts from the database's clock, not the host's.
    expect(Math.abs(sweep.at.getTime() - now.getTime())).toBeLessThan(10 * SECOND);
  });

  it("a visitor's comment refreshes only its promotion's page; the next sweep drops the lists, and only them", async () => {
    const promotion = await insertPromotion(db());
    const since = await databaseNow();
    cachePages(promotion.id);
    const posted = await createComment(promotion.id, { userName: "Ayşe", comment: "Çevrim şartı anlatıldığı gibi.", rating: 4 }, "10.1.1.1");
    expect(posted.ok).toBe(true);
    expect(cached()).toEqual(["/bonuslar", "/", "/blog/yazi"]);
    const sweep = await sweepPromotionLists(since);
    expect(sweep).toMatchObject({ expired: false, commented: true, invalidated: [PROMOTION_LISTS_TAG] });
    expect(cached()).toEqual(["/blog/yazi"]);
  });

  it("sees a comment written just before the last sweep read its clock (5 s look-back), not one older", async () => {
    const now = await databaseNow();
    const promotion = await insertPromotion(db());
    await insertComment(db(), { promotionId: promotion.id, createdAt: new Date(now.getTime() - 3 * SECOND) });
    cachePages(promotion.id);
    expect((await sweepPromotionLists(now)).commented).toBe(true);
    await truncateAll(db());
    const older = await insertPromotion(db());
    await insertComment(db(), { promotionId: older.id, createdAt: new Date(now.getTime() - 6 * SECOND) });
    expect((await sweepPromotionLists(now)).commented).toBe(false);
  });

  it("drops every page when an active offer's expiry passed since the last sweep", async () => {
    const now = await databaseNow();
    const promotion = await insertPromotion(db(), { expiryDate: new Date(now.getTime() - 30 * SECOND) });
    cachePages(promotion.id);
    const sweep = await sweepPromotionLists(new Date(now.getTime() - 60 * SECOND));
    expect(sweep).toMatchObject({ expired: true, invalidated: [SITE_TAG] });
    expect(cached()).toEqual([]);
  });

  it("ignores an expiry before the last sweep, one still ahead, and an inactive offer's", async () => {
    const now = await databaseNow();
    const before = await insertPromotion(db(), { expiryDate: new Date(now.getTime() - 90 * SECOND) });
    await insertPromotion(db(), { expiryDate: new Date(now.getTime() + 30 * SECOND) });
    await insertPromotion(db(), { isActive: false, expiryDate: new Date(now.getTime() - 30 * SECOND) });
    cachePages(before.id);
    expect(await sweepPromotionLists(new Date(now.getTime() - 60 * SECOND))).toMatchObject({ expired: false, commented: false, invalidated: [] });
    expect(cached()).toEqual(["/bonuslar", "/", "/bonuslar/ege-bet/bonus", "/blog/yazi"]);
  });

  describe("the background sweep", () => {
    it("first reads the clock, then sweeps once a minute until stopped", async () => {
      vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
      try {
        const promotion = await insertPromotion(db());
        const sweeper = startListSweep({ intervalMs: 60_000 });
        // The first sweep only reads the clock: nothing was cached before the process started.
        expect(await sweeper.sweep()).toBeNull();
        cachePages(promotion.id);
        await insertComment(db(), { promotionId: promotion.id });
        expect(cached()).toEqual(["/bonuslar", "/", "/bonuslar/ege-bet/bonus", "/blog/yazi"]);
        // A minute passes: the timer's sweep drops the lists, and only them.
        vi.advanceTimersByTime(60_000);
        await vi.waitFor(() => expect(cached()).toEqual(["/bonuslar/ege-bet/bonus", "/blog/yazi"]));
        await sweeper.stop();
        // Stopped: no tick sweeps any more.
        cachePages(promotion.id);
        vi.advanceTimersByTime(120_000);
        expect(await sweeper.sweep()).toBeNull();
        expect(cached()).toEqual(["/bonuslar", "/", "/bonuslar/ege-bet/bonus", "/blog/yazi"]);
      } finally {
        vi.useRealTimers();
      }
    });
  });
});
