import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { describeEachDriver, truncateAll } from "../../../tests/helpers/db";
import { setDatabase } from "~/db/index.server";
import { pageStore, PROMOTION_LISTS_TAG, promotionTag, SITE_TAG, type CachedPage } from "~/lib/page-cache.server";
import { createComment } from "~/modules/comments/comments.server";
import { insertComment, insertPromotion } from "~/seed/factories.server";
import { databaseNow, startListSweep, sweepPromotionLists } from "./list-sweep.server";

const SECOND = 1000;
const page = (tags: string[]): CachedPage => ({ status: 200, headers: [], body: Buffer.from("x"), encoded: {}, etag: 'W/"x"', tags, renderedAt: 0, expiresAt: Number.POSITIVE_INFINITY });

describeEachDriver("promotion list sweep (issue 11 §2)", ({ db, database }) => {
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

  /** The pages still served but due for a render in the background (ADR 010). */
  const stale = () =>
    ["/bonuslar", "/", "/bonuslar/ege-bet/bonus", "/blog/yazi"].filter((key) => (store.get(key) as { stale?: boolean } | undefined)?.stale === true);

  it("marks nothing when no comment arrived since the last sweep", async () => {
    const now = await databaseNow();
    const promotion = await insertPromotion(db(), { expiryDate: new Date(now.getTime() + 60 * SECOND) });
    await insertComment(db(), { promotionId: promotion.id, createdAt: new Date(now.getTime() - 30 * SECOND) });
    cachePages(promotion.id);
    const sweep = await sweepPromotionLists(new Date(now.getTime() - 20 * SECOND));
    expect(sweep).toMatchObject({ commented: false, refreshed: [] });
    expect(cached()).toEqual(["/bonuslar", "/", "/bonuslar/ege-bet/bonus", "/blog/yazi"]);
    // The next sweep starts from the database's clock, not the host's.
    expect(Math.abs(sweep.at.getTime() - now.getTime())).toBeLessThan(10 * SECOND);
  });

  it("a visitor's comment refreshes only its promotion's page; the next sweep marks the lists stale, and only them", async () => {
    const promotion = await insertPromotion(db());
    const since = await databaseNow();
    cachePages(promotion.id);
    const posted = await createComment(promotion.id, { userName: "Ayşe", comment: "Çevrim şartı anlatıldığı gibi.", rating: 4 }, "10.1.1.1");
    expect(posted.ok).toBe(true);
    expect(cached()).toEqual(["/bonuslar", "/", "/blog/yazi"]);
    const sweep = await sweepPromotionLists(since);
    expect(sweep).toMatchObject({ commented: true, refreshed: [PROMOTION_LISTS_TAG] });
    expect(cached()).toEqual(["/blog/yazi"]);
    // Still served while one render each brings the new rating in: readers never wait.
    expect(stale()).toEqual(["/bonuslar", "/", "/bonuslar/ege-bet/bonus"]);
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

  describe("the background sweep", () => {
    it("first reads the clock, then sweeps once a minute until stopped", async () => {
      vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
      try {
        const promotion = await insertPromotion(db());
        const sweeper = startListSweep();
        // The first sweep only reads the clock: nothing was cached before the process started.
        expect(await sweeper.sweep()).toBeNull();
        cachePages(promotion.id);
        await insertComment(db(), { promotionId: promotion.id });
        expect(cached()).toEqual(["/bonuslar", "/", "/bonuslar/ege-bet/bonus", "/blog/yazi"]);
        // A minute passes (issue 11 §2: a list's rating lags a comment by a minute at most):
        // the timer's sweep marks the lists stale, and only them.
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

    it("logs a failed sweep and answers null, and the next one starts over from the clock", async () => {
      const logged = vi.spyOn(console, "error").mockImplementation(() => {});
      const promotion = await insertPromotion(db());
      // The database is not open (as while the process shuts down): the sweep cannot read it.
      setDatabase(undefined);
      const sweeper = startListSweep();
      try {
        expect(await sweeper.sweep()).toBeNull();
        setDatabase(database());
        expect(logged.mock.calls).toEqual([["Promotion list sweep failed:", new Error("The database is not open yet")]]);
        // Back: the first good sweep reads the clock, the next one sees a comment after it.
        expect(await sweeper.sweep()).toBeNull();
        cachePages(promotion.id);
        await insertComment(db(), { promotionId: promotion.id });
        expect(await sweeper.sweep()).toMatchObject({ commented: true, refreshed: [PROMOTION_LISTS_TAG] });
        expect(cached()).toEqual(["/bonuslar/ege-bet/bonus", "/blog/yazi"]);
      } finally {
        setDatabase(database());
        logged.mockRestore();
        await sweeper.stop();
      }
    });
  });
});
