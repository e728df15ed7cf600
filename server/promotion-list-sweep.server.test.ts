import { eq } from "drizzle-orm";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDriver, truncateAll } from "../tests/helpers/db";
import { pageStore, SITE_TAG } from "~/lib/page-cache.server";
import { promotions } from "~/db/schema";
import { createComment } from "~/modules/comments/comments.server";
import { databaseNow, sweepPromotionLists } from "~/modules/promotions/list-sweep.server";
import { insertCasino, insertComment, insertPromotion } from "~/seed/factories.server";

// Issue 11 §2 through the production build and its page cache: a comment renders again only
// its offer's page; the lists (home, /bonuslar, the casino's page) keep being served from
// the cache until the minute's sweep marks them stale, and the next reader's request brings
// the new rating in (ADR 010). An expiry written outside the domain functions leaves them
// with the page's lifetime.
const BUILD = path.resolve(process.env.BUILD_DIR ?? "build", "server/index.js");
delete process.env.PUBLIC_SITE_URL;

describeEachDriver("the promotion list sweep and the page cache", ({ db }) => {
  let server: http.Server;
  let base = "";
  const store = pageStore();
  const LISTS = ["/", "/bonuslar", "/casino/lacivert-casino"];
  let rated: { id: string; slug: string };
  let ending: { id: string; slug: string };

  beforeAll(async () => {
    if (!fs.existsSync(BUILD)) throw new Error("No production build: run `npm run build` (npm test does it)");
    await truncateAll(db());
    const built = (await import(/* @vite-ignore */ pathToFileURL(BUILD).href)) as {
      createApp: () => http.RequestListener;
      serveCachedPage: (req: http.IncomingMessage, res: http.ServerResponse, proxyHops: number) => boolean;
    };
    const app = built.createApp();
    server = http.createServer((req, res) => {
      if (!built.serveCachedPage(req, res, 0)) app(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const casino = await insertCasino(db(), { name: "Lacivert Casino" });
    rated = await insertPromotion(db(), { title: "Lacivert Casino Yatırım Bonusu", casinoId: casino.id, bonusType: "deposit", bonusPercent: 50, bonusCap: 2500 });
    ending = await insertPromotion(db(), { title: "Lacivert Casino Bitmek Üzere Bonusu", casinoId: casino.id, expiryDate: new Date(Date.now() + 60 * 60 * 1000) });
    await insertComment(db(), { promotionId: rated.id, rating: 5 });
    await insertComment(db(), { promotionId: rated.id, rating: 4 });
  });
  afterAll(async () => {
    store.invalidate([SITE_TAG]);
    await new Promise<void>((resolve) => server?.close(() => resolve()));
  });

  const get = async (url: string) => {
    const response = await fetch(base + url);
    return { cache: response.headers.get("x-cache"), body: (await response.text()).replaceAll("<!-- -->", "") };
  };

  it("keeps serving the lists from the cache after a comment, and shows the new rating after the sweep", async () => {
    store.invalidate([SITE_TAG]);
    for (const list of LISTS) {
      expect((await get(list)).body, list).toContain("4,5 / 5 · 2 yorum");
      expect((await get(list)).cache, list).toBe("HIT");
    }
    const detail = `/bonuslar/lacivert-casino/${rated.slug}`;
    await get(detail);
    const since = await databaseNow();
    const posted = await createComment(rated.id, { userName: "Zeynep", comment: "Bonus hesabıma hemen geçti.", rating: 3 }, "10.9.9.9");
    expect(posted.ok).toBe(true);
    // The offer's own page follows at once (rendered again; 5 + 4 + 3 = 12 over 3 is 4,0), the lists not yet.
    await expect.poll(async () => (await get(detail)).body, { timeout: 5_000 }).toContain("4,0 / 5 · 3 yorum");
    for (const list of LISTS) {
      const page = await get(list);
      expect(page.cache, list).toBe("HIT");
      expect(page.body, list).toContain("4,5 / 5 · 2 yorum");
    }
    expect((await sweepPromotionLists(since)).refreshed).toEqual(["promotion-lists"]);
    for (const list of LISTS) {
      // Served at once as it was, while one render in the background brings the rating in.
      const page = await get(list);
      expect(page.cache, list).toBe("STALE");
      await expect.poll(async () => (await get(list)).body, { timeout: 5_000 }).toContain("4,0 / 5 · 3 yorum");
      expect((await get(list)).cache, list).toBe("HIT");
    }
    // The sweep left the offer's page as it was.
    expect((await get(detail)).cache).toBe("HIT");
  });

  it("drops an offer whose expiry was written by SQL from the lists within a page's lifetime, and its page says 'Süresi doldu'", async () => {
    store.invalidate([SITE_TAG]);
    const detail = `/bonuslar/lacivert-casino/${ending.slug}`;
    for (const list of LISTS) {
      await get(list);
      expect((await get(list)).body, list).toContain("Lacivert Casino Bitmek Üzere Bonusu");
    }
    expect((await get(detail)).body).not.toContain("Süresi doldu");
    const since = await databaseNow();
    // Written outside the domain functions (an operator's SQL): no write drops a page.
    await db().update(promotions).set({ expiryDate: new Date(since.getTime() - 1000) }).where(eq(promotions.id, ending.id));
    expect((await get("/bonuslar")).cache).toBe("HIT");
    // A minute later every page has lived its lifetime (docs/decisions/002-page-cache.md).
    store.now = () => Date.now() + 60_000;
    try {
      for (const list of LISTS) {
        const page = await get(list);
        expect(page.cache, list).toBe("MISS");
        expect(page.body, list).not.toContain("Lacivert Casino Bitmek Üzere Bonusu");
      }
      const expiredPage = await get(detail);
      expect(expiredPage.body).toContain("Süresi doldu");
      expect(expiredPage.body).toContain("Lacivert Casino Güncel Promosyonları");
    } finally {
      store.now = Date.now;
    }
  });
});
