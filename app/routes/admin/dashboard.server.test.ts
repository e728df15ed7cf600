import { sql } from "drizzle-orm";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { prerenderToNodeStream } from "react-dom/static";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { describeEachDriver, truncateAll } from "../../../tests/helpers/db";
import { callAdmin, createAdminSession, createNonAdminSession, outcomeOf, type TestSession } from "../../../tests/helpers/admin";
import { allowConsoleError } from "../../../tests/helpers/setup";
import { insertCasino, insertPost, insertPromotion } from "~/seed/factories.server";
import { getDashboardStats, readDashboardClicks, readDashboardStats } from "~/modules/dashboard/dashboard.server";
import { pageStore } from "~/lib/page-cache.server";
import { actorOf } from "~/lib/command.server";
import { recordPostView } from "~/modules/blog/blog.server";
import { removePromotion, setPromotionActiveByAdmin } from "~/modules/promotions/promotions.server";
import type { DashboardRecent, DashboardStats } from "~/modules/dashboard/dashboard.schema";
import Dashboard, { action, loader } from "./dashboard";

type LoaderData = { now: string; stats: Promise<DashboardStats | null>; recent: Promise<DashboardRecent | null> };

/** The dashboard as an admin's browser gets it once every streamed part has arrived. */
async function renderSettled(loaderData: LoaderData): Promise<string> {
  const element = createElement(MemoryRouter, null, createElement(Dashboard as never, { loaderData }));
  const { prelude } = await prerenderToNodeStream(element);
  let html = "";
  for await (const chunk of prelude) html += String(chunk);
  return html.replaceAll("<!-- -->", "");
}

/** Text of the element with the given heading's section, tags removed. */
function sectionText(html: string, heading: string): string {
  const start = html.indexOf(`>${heading}</h2>`);
  expect(start, `section ${heading}`).toBeGreaterThan(-1);
  const end = html.indexOf("</section>", start);
  return html.slice(start, end);
}

const MINUTE = 60_000;

describeEachDriver("admin dashboard", ({ db }) => {
  let admin: TestSession;
  beforeEach(async () => {
    await truncateAll(db());
    admin = await createAdminSession("operator@example.com");
  });

  // The loader streams its parts: a test that reads one of them must not leave the others
  // querying while the next test empties the tables (PostgreSQL reports that as a deadlock).
  let streamed: Promise<unknown>[] = [];
  afterEach(async () => {
    await Promise.allSettled(streamed);
    streamed = [];
  });
  const load = async () => {
    const data = outcomeOf(await callAdmin(loader, "/admin/dashboard", { session: admin })).data as LoaderData;
    for (const value of Object.values(data) as unknown[]) if (value instanceof Promise) streamed.push(value);
    return data;
  };

  describe("the four figures", () => {
    it("counts posts (drafts too), promotions, casinos with an active promotion, and sums post views", async () => {
      await insertPost(db(), { title: "Yayında", viewCount: 120 });
      await insertPost(db(), { title: "Taslak", isPublished: false, viewCount: 0 });
      await insertPost(db(), { title: "Çok okunan", viewCount: 1_000 });
      const active = await insertCasino(db(), { name: "Aktif Casino" });
      const alsoActive = await insertCasino(db(), { name: "Bir Aktif Daha" });
      const inactiveOnly = await insertCasino(db(), { name: "Pasif Casino" });
      await insertCasino(db(), { name: "Promosyonsuz Casino" });
      await insertPromotion(db(), { casinoId: active.id, isActive: true });
      await insertPromotion(db(), { casinoId: active.id, isActive: true });
      await insertPromotion(db(), { casinoId: alsoActive.id, isActive: true });
      await insertPromotion(db(), { casinoId: inactiveOnly.id, isActive: false });
      await insertPromotion(db(), { casinoId: null, isActive: true });

      const stats = (await (await load()).stats)!;
      expect(stats.posts.total).toBe(3);
      expect(stats.promotions.total).toBe(5);
      expect(stats.activeCasinos.total).toBe(2);
      expect(stats.views.total).toBe(1_120);
    });

    it("compares this calendar month with the last in Istanbul time, boundaries included", async () => {
      // 15 May 2026 in Istanbul; May starts at 30 April 21:00 UTC, April at 31 March 21:00 UTC.
      const now = new Date("2026-05-15T12:00:00Z");
      const mayFirstInstant = new Date("2026-04-30T21:00:00Z");
      const lastAprilSecond = new Date("2026-04-30T20:59:59Z");
      const aprilFirstInstant = new Date("2026-03-31T21:00:00Z");
      const lastMarchSecond = new Date("2026-03-31T20:59:59Z");
      const juneFirstInstant = new Date("2026-05-31T21:00:00Z");

      // Posts: 3 this month, 2 last month, 1 older, 1 next month.
      for (const createdAt of [mayFirstInstant, now, new Date("2026-05-31T20:59:59Z"), lastAprilSecond, aprilFirstInstant, lastMarchSecond, juneFirstInstant]) {
        await insertPost(db(), { createdAt, publishedAt: createdAt });
      }
      // Promotions: 1 this month, 4 last month.
      for (const createdAt of [mayFirstInstant, lastAprilSecond, aprilFirstInstant, new Date("2026-04-10T09:00:00Z"), new Date("2026-04-20T09:00:00Z")]) {
        await insertPromotion(db(), { createdAt });
      }
      // Active casinos: 1 added this month, 1 last month; one added this month has no active offer.
      const mayCasino = await insertCasino(db(), { createdAt: mayFirstInstant });
      const aprilCasino = await insertCasino(db(), { createdAt: lastAprilSecond });
      const idleCasino = await insertCasino(db(), { createdAt: now });
      await insertPromotion(db(), { casinoId: mayCasino.id, isActive: true, createdAt: lastMarchSecond });
      await insertPromotion(db(), { casinoId: aprilCasino.id, isActive: true, createdAt: lastMarchSecond });
      await insertPromotion(db(), { casinoId: idleCasino.id, isActive: false, createdAt: lastMarchSecond });

      const stats = await getDashboardStats(now);
      expect(stats.posts).toEqual({ total: 7, thisMonth: 3, lastMonth: 2 });
      expect(stats.promotions).toEqual({ total: 8, thisMonth: 1, lastMonth: 4 });
      expect(stats.activeCasinos).toEqual({ total: 2, thisMonth: 1, lastMonth: 1 });
    });

    it("compares the views of posts published this month with those published last month", async () => {
      const now = new Date("2026-05-15T12:00:00Z");
      await insertPost(db(), { viewCount: 300, publishedAt: new Date("2026-05-02T08:00:00Z") });
      await insertPost(db(), { viewCount: 50, publishedAt: new Date("2026-04-30T21:00:00Z") });
      await insertPost(db(), { viewCount: 200, publishedAt: new Date("2026-04-12T08:00:00Z") });
      await insertPost(db(), { viewCount: 1_000, publishedAt: new Date("2026-01-12T08:00:00Z") });
      // A draft written this month but never published counts for neither month.
      await insertPost(db(), { viewCount: 7, isPublished: false, publishedAt: null, createdAt: new Date("2026-05-03T08:00:00Z") });

      const stats = await getDashboardStats(now);
      expect(stats.views).toEqual({ total: 1_557, thisMonth: 350, lastMonth: 200 });
    });

    it("shows each card's figure and its change against last month, and N/A with nothing last month", async () => {
      const stats: DashboardStats = {
        posts: { total: 1_234, thisMonth: 112, lastMonth: 100 },
        promotions: { total: 40, thisMonth: 19, lastMonth: 20 },
        activeCasinos: { total: 6, thisMonth: 2, lastMonth: 0 },
        views: { total: 980, thisMonth: 0, lastMonth: 0 },
      };
      const html = await renderSettled({ now: new Date().toISOString(), stats: Promise.resolve(stats), recent: Promise.resolve({ posts: [], promotions: [], casinos: [] }) });
      const card = (label: string) => html.slice(html.indexOf(`>${label}</h3>`), html.indexOf("</article>", html.indexOf(`>${label}</h3>`)));
      expect(card("Toplam Blog Yazısı")).toContain(">1.234<");
      expect(card("Toplam Blog Yazısı")).toContain(">+12%<");
      expect(card("Toplam Promosyon")).toContain(">-5%<");
      expect(card("Aktif Casino")).toContain(">6<");
      expect(card("Aktif Casino")).toContain(">N/A<");
      expect(card("Toplam Görüntülenme")).toContain(">980<");
      expect(card("Toplam Görüntülenme")).toContain(">N/A<");
    });
  });

  describe("the recent lists", () => {
    it("lists the 3 newest posts, promotions and casinos with their links and texts", async () => {
      const base = Date.now();
      const at = (minutesAgo: number) => new Date(base - minutesAgo * MINUTE);
      await insertPost(db(), { title: "En eski yazı", createdAt: at(5 * 1440) });
      const p1 = await insertPost(db(), { title: "Dünün yazısı", createdAt: at(1440 + 30) });
      const p2 = await insertPost(db(), { title: "Sabah yazısı", createdAt: at(150) });
      const p3 = await insertPost(db(), { title: "Taze taslak", isPublished: false, createdAt: at(5) });

      const ege = await insertCasino(db(), { name: "Ege Bet", createdAt: at(300) });
      const marmara = await insertCasino(db(), { name: "Marmara Casino", createdAt: at(200) });
      const karadeniz = await insertCasino(db(), { name: "Karadeniz Slot", createdAt: at(100) });
      await insertCasino(db(), { name: "Eski Casino", createdAt: at(9_000) });
      await insertPromotion(db(), { title: "Eski bonus", casinoId: null, createdAt: at(8_000) });
      const b1 = await insertPromotion(db(), { title: "Hoş geldin bonusu", casinoId: ege.id, createdAt: at(60) });
      const b2 = await insertPromotion(db(), { title: "Kayıp bonusu", casinoId: ege.id, isActive: false, createdAt: at(40) });
      const b3 = await insertPromotion(db(), { title: "Sahipsiz bonus", casinoId: null, createdAt: at(20) });
      await insertPromotion(db(), { title: "Marmara bonusu", casinoId: marmara.id, isActive: true, createdAt: at(9_500) });

      const data = await load();
      const recent = (await data.recent)!;
      expect(recent.posts.map((p) => p.id)).toEqual([p3.id, p2.id, p1.id]);
      expect(recent.promotions.map((p) => p.id)).toEqual([b3.id, b2.id, b1.id]);
      expect(recent.casinos.map((c) => c.id)).toEqual([karadeniz.id, marmara.id, ege.id]);

      const html = await renderSettled({ now: data.now, stats: Promise.resolve(null), recent: Promise.resolve(recent) });
      const posts = sectionText(html, "Son Blog Yazıları");
      expect(posts).toContain(`href="/admin/blog/edit/${p3.id}"`);
      expect(posts).toMatch(/Taze taslak<\/span><span[^>]*>5 dakika önce</);
      expect(posts).toMatch(/Sabah yazısı<\/span><span[^>]*>2 saat önce</);
      expect(posts).toMatch(/Dünün yazısı<\/span><span[^>]*>1 gün önce</);
      expect(posts).not.toContain("En eski yazı");

      const promotionsHtml = sectionText(html, "Son Promosyonlar");
      expect(promotionsHtml).toContain(`href="/admin/promotions/edit/${b1.id}"`);
      expect(promotionsHtml).toMatch(/Sahipsiz bonus<\/span><span[^>]*>Casino bulunamadı</);
      expect(promotionsHtml).toMatch(/Kayıp bonusu<\/span><span[^>]*>Ege Bet</);
      expect(promotionsHtml).not.toContain("Eski bonus");

      const casinosHtml = sectionText(html, "Son Casino Siteleri");
      expect(casinosHtml).toContain(`href="/admin/casinos/edit/${ege.id}"`);
      // Ege Bet: the welcome bonus is active, the loss bonus is not.
      expect(casinosHtml).toMatch(/Ege Bet<\/span><span[^>]*>1 promosyon aktif</);
      expect(casinosHtml).toMatch(/Marmara Casino<\/span><span[^>]*>1 promosyon aktif</);
      expect(casinosHtml).toMatch(/Karadeniz Slot<\/span><span[^>]*>0 promosyon aktif</);
      expect(casinosHtml).not.toContain("Eski Casino");
    });

    it("shows the three empty states and zero figures on an empty site", async () => {
      const data = await load();
      expect(await data.stats).toEqual({
        posts: { total: 0, thisMonth: 0, lastMonth: 0 },
        promotions: { total: 0, thisMonth: 0, lastMonth: 0 },
        activeCasinos: { total: 0, thisMonth: 0, lastMonth: 0 },
        views: { total: 0, thisMonth: 0, lastMonth: 0 },
      });
      const html = await renderSettled(data);
      expect(sectionText(html, "Son Blog Yazıları")).toContain("Henüz blog yazısı yok");
      expect(sectionText(html, "Son Promosyonlar")).toContain("Henüz promosyon yok");
      expect(sectionText(html, "Son Casino Siteleri")).toContain("Henüz casino sitesi yok");
    });

    it("shows skeletons, not empty states, while the figures and lists are still loading", () => {
      const pending = new Promise<never>(() => {});
      const html = renderToString(createElement(MemoryRouter, null, createElement(Dashboard as never, { loaderData: { now: new Date().toISOString(), stats: pending, recent: pending } })));
      expect(html.match(/data-skeleton/g)!.length).toBeGreaterThanOrEqual(4 * 2 + 3 * 3);
      expect(html).toContain("Toplam Blog Yazısı");
      expect(html).not.toContain("Henüz blog yazısı yok");
      expect(html).not.toContain("N/A");
    });
  });

  describe("kept between writes (issue 8 §5: eight operators' reloads do not count everything again)", () => {
    const store = pageStore();
    let clock = 0;
    beforeEach(() => {
      clock = 10_000_000;
      store.now = () => clock;
    });
    afterEach(() => {
      store.now = Date.now;
    });
    const actor = () => actorOf(admin, { clientAddress: "10.0.0.1" });
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * MINUTE);

    it("shows an operator's write on the very next reload, and a reload without one reads nothing again", async () => {
      const ege = await insertCasino(db(), { name: "Ege Bet" });
      const kept = await insertPromotion(db(), { title: "Kalan bonus", casinoId: ege.id, isActive: true, createdAt: at(30) });
      const removed = await insertPromotion(db(), { title: "Silinen bonus", casinoId: ege.id, isActive: true, createdAt: at(20) });
      const first = await load();
      expect((await first.stats)!.promotions.total).toBe(2);
      expect((await first.recent)!.promotions.map((p) => p.title)).toEqual(["Silinen bonus", "Kalan bonus"]);

      // Rows written behind the back office's back (psql, a script): the next reload is answered
      // from what was read, without counting again.
      await insertPromotion(db(), { title: "Elle eklenen", casinoId: null, createdAt: at(10) });
      await insertPromotion(db(), { title: "Betikle eklenen", casinoId: null, createdAt: at(40) });
      expect((await (await load()).stats)!.promotions.total).toBe(2);

      // An operator deletes a promotion: the very next reload counts again (4 - 1), and lists afresh.
      expect((await removePromotion(actor(), removed.id)).ok).toBe(true);
      const afterDelete = await load();
      expect((await afterDelete.stats)!.promotions.total).toBe(3);
      expect((await afterDelete.recent)!.promotions.map((p) => p.title)).toEqual(["Elle eklenen", "Kalan bonus", "Betikle eklenen"]);

      // Deactivating the casino's last active promotion takes it off the active-casino card at once.
      expect((await (await load()).stats)!.activeCasinos.total).toBe(1);
      expect((await setPromotionActiveByAdmin(actor(), kept.id, false)).ok).toBe(true);
      expect((await (await load()).stats)!.activeCasinos.total).toBe(0);
    });

    it("shows the views visitors add at most 60 seconds late", async () => {
      const post = await insertPost(db(), { viewCount: 10 });
      expect((await (await load()).stats)!.views.total).toBe(10);
      expect(await recordPostView(post.id, "203.0.113.9")).toBe(11);
      clock += 59_000;
      expect((await (await load()).stats)!.views.total).toBe(10);
      clock += 1_000;
      expect((await (await load()).stats)!.views.total).toBe(11);
    });

    it("reads the new month's figures and the new day's chart from Istanbul midnight on", async () => {
      await insertPost(db(), { createdAt: new Date("2026-05-20T10:00:00Z") });
      // 31 May, 23:59 in Istanbul, then 1 June, 00:00 (21:00 UTC).
      const mayLastMinute = new Date("2026-05-31T20:59:00Z");
      const juneFirst = new Date("2026-05-31T21:00:00Z");
      expect((await readDashboardStats(mayLastMinute)).posts).toEqual({ total: 1, thisMonth: 1, lastMonth: 0 });
      expect((await readDashboardStats(juneFirst)).posts).toEqual({ total: 1, thisMonth: 0, lastMonth: 1 });
      expect((await readDashboardClicks(mayLastMinute)).days.at(-1)!.day).toBe("2026-05-31");
      expect((await readDashboardClicks(juneFirst)).days.at(-1)!.day).toBe("2026-06-01");
    });
  });

  it("only logs a failed read and shows dashes instead of figures (admin.md §8)", async () => {
    allowConsoleError();
    const logged: unknown[][] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void logged.push(args);
    try {
      await db().execute(sql`alter table blog_posts rename to blog_posts_gone`);
      const data = await load();
      expect(await data.stats).toBeNull();
      expect(await data.recent).toBeNull();
      const html = await renderSettled(data);
      expect(html).not.toContain("Henüz blog yazısı yok");
      expect(html).toContain("—");
    } finally {
      console.error = original;
      await db().execute(sql`alter table blog_posts_gone rename to blog_posts`);
    }
    expect(logged.map((args) => String(args[0])).sort()).toEqual(["Dashboard figures could not be read:", "Dashboard recent lists could not be read:"]);
  });

  it.each([
    ["anonymous", () => null],
    ["a signed-in non-admin", () => createNonAdminSession()],
  ])("sends %s to sign-in from the loader and the action", async (_, sessionOf) => {
    const session = await sessionOf();
    for (const result of [await callAdmin(loader, "/admin/dashboard", { session }), await callAdmin(action, "/admin/dashboard", { session, form: { x: "1" } })]) {
      const outcome = outcomeOf(result);
      expect(outcome.status).toBe(302);
      expect(outcome.location).toMatch(/^\/admin\/login/);
    }
  });
});
