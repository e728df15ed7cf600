import { and, count, eq, sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { describeEachDriver, truncateAll } from "../../../tests/helpers/db";
import { callRoute, thrown, unwrap } from "../../../tests/helpers/routes";
import { validateSitemapXml } from "../../../tests/helpers/xmllint";
import { insertCasino, insertCategory, insertComment, insertPost, insertPromotion } from "~/seed/factories.server";
import { seedDemoContent } from "~/seed/demo.server";
import { blogPosts, casinos, heroSection, promotionCategories, promotionComments, promotions, settings } from "~/db/schema";
import { DEFAULT_HERO } from "~/modules/content/content";
import { DEFAULT_AUTHOR } from "~/modules/blog/blog.server";
import { htmlToText } from "~/lib/text";
import { calculateWagering } from "~/modules/promotions/bonus-details";
import { loader as homeLoader } from "./home";
import { loader as promotionsLoader } from "./promotions";
import { loader as detailLoader } from "./promotion-detail";
import { loader as casinosLoader } from "./casinos";
import { loader as casinoLoader } from "./casino-detail";
import { loader as blogLoader } from "./blog";
import { loader as postLoader } from "./blog-post";
import { loader as layoutLoader } from "./layout";
import { loader as sitemapLoader } from "../resources/sitemap";
import { loader as robotsLoader } from "../resources/robots";
import { action as commentAction } from "../resources/promotion-comments";
import { action as viewAction } from "../resources/post-view";

/** Where a loader's thrown redirect points, with its status. */
async function redirected(promise: Promise<unknown>): Promise<{ status: number; location: string | null }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Response) return { status: error.status, location: error.headers.get("Location") };
    throw error;
  }
  throw new Error("expected the loader to redirect");
}

/** The promotion detail loader answers data() with its cache tag; most tests want the data. */
const callDetail = (url: string, options: Parameters<typeof callRoute>[2] = {}) => callRoute(detailLoader, url, options).then((r) => r.data);

describeEachDriver("public loaders", ({ db }) => {
  beforeAll(async () => {
    await truncateAll(db());
    await seedDemoContent();
  });

  describe("home", () => {
    it("serves the hero row, active promotions newest first, 12 casinos in Turkish order, 4 posts and the section text", async () => {
      const data = await callRoute(homeLoader, "/");
      expect(data.hero.mainTitle).toBe("Güvenilir sitelerden kazandıran casino bonusları");
      expect(data.promotions).toHaveLength(12);
      const dates = data.promotions.map((p) => p.createdAt);
      expect(dates).toEqual([...dates].sort().reverse());
      const names = data.casinos.map((c) => c.name);
      expect(names.slice(0, 5)).toEqual(["Anadolu Casino", "Boğaziçi Bet", "Cem Casino", "Çınar Slot", "Defne Casino"]);
      expect(names.indexOf("Işıltı Bet")).toBeLessThan(names.indexOf("İzmir Casino"));
      expect(data.posts).toHaveLength(4);
      expect(data.blogSectionText).toContain("<strong>çevrim şartını</strong>");
      expect(data.seo.title).toBe("Casino Bonusları ve Promosyonlar 2026 | Bonus Rehberi");
      expect(data.seo.jsonLd!.map((j) => j["@type"])).toEqual(["Organization", "WebSite"]);
    });

    it("never lists an inactive promotion", async () => {
      const inactive = await db().select({ id: promotions.id }).from(promotions).where(eq(promotions.isActive, false));
      const data = await callRoute(promotionsLoader, "/bonuslar?sayfa=1");
      const shown = new Set(data.items.map((p) => p.id));
      expect(inactive.length).toBeGreaterThan(0);
      for (const { id } of inactive) expect(shown.has(id)).toBe(false);
    });

    it("falls back to the built-in hero and hides an empty section text", async () => {
      const [hero] = await db().select().from(heroSection);
      const [setting] = await db().select().from(settings);
      await db().delete(heroSection);
      await db().update(settings).set({ blogSectionText: "<p> </p>" });
      const data = await callRoute(homeLoader, "/");
      expect(data.hero).toEqual(DEFAULT_HERO);
      expect(data.blogSectionText).toBe("");
      await db().insert(heroSection).values(hero!);
      await db().update(settings).set({ blogSectionText: setting!.blogSectionText });
    });
  });

  describe("/bonuslar", () => {
    it("searches title and short description the Turkish way", async () => {
      const upper = await callRoute(promotionsLoader, `/bonuslar?q=${encodeURIComponent("HOŞ GELDİN")}`);
      expect(upper.total).toBeGreaterThan(0);
      expect(upper.items.every((p) => /Hoş Geldin|hoş geldin/.test(p.title + p.shortDescription))).toBe(true);
      const dotless = await callRoute(promotionsLoader, `/bonuslar?q=${encodeURIComponent("ışıltı")}`);
      const dotted = await callRoute(promotionsLoader, `/bonuslar?q=${encodeURIComponent("IŞILTI")}`);
      expect(dotless.total).toBeGreaterThan(0);
      expect(dotted.total).toBe(dotless.total);
      // Found by the short description only.
      const byDescription = await callRoute(promotionsLoader, `/bonuslar?q=${encodeURIComponent("pazartesi")}`);
      expect(byDescription.total).toBeGreaterThan(0);
    });

    it("treats LIKE wildcards in a query as plain text", async () => {
      expect((await callRoute(promotionsLoader, "/bonuslar?q=%25%25%25")).total).toBe(0);
      expect((await callRoute(promotionsLoader, "/bonuslar?q=_")).total).toBe(0);
    });

    it("filters by the category that owns the slug, with chips of active counts in Turkish order", async () => {
      const all = await callRoute(promotionsLoader, "/bonuslar");
      expect(all.chips.map((c) => c.name)).toEqual(["Bedava Dönüş", "Deneme Bonusu", "Hoş Geldin Bonusu", "Kayıp Bonusu", "Yatırım Bonusu"]);
      expect(all.chips.reduce((n, c) => n + c.count, 0)).toBe(all.total);
      const chip = all.chips.find((c) => c.slug === "kayip-bonusu")!;
      const filtered = await callRoute(promotionsLoader, "/bonuslar/kayip-bonusu", { params: { categorySlug: "kayip-bonusu" } });
      expect(filtered.total).toBe(chip.count);
      expect(filtered.items.every((p) => p.category === "Kayıp Bonusu")).toBe(true);
    });

    it("pages with ?sayfa=N", async () => {
      for (let i = 0; i < 30; i++) await insertPromotion(db(), { title: `Sayfalama Bonusu ${i}` });
      const first = await callRoute(promotionsLoader, "/bonuslar");
      const second = await callRoute(promotionsLoader, "/bonuslar?sayfa=2");
      expect(first.items).toHaveLength(24);
      expect(first.pageCount).toBe(Math.ceil(first.total / 24));
      expect(second.items.map((p) => p.id)).not.toContain(first.items[0]!.id);
      expect((await callRoute(promotionsLoader, "/bonuslar?sayfa=abc")).filter.page).toBe(1);
    });
  });

  describe("promotion detail", () => {
    it("resolves /bonuslar/{casino}/{promotion}, /promotion/{id} and ?id= to the same promotion", async () => {
      const bySlugs = await callDetail("/bonuslar/anadolu-casino/anadolu-casino-100-hos-geldin-bonusu", {
        params: { casinoSlug: "anadolu-casino", promotionSlug: "anadolu-casino-100-hos-geldin-bonusu" },
      });
      expect(bySlugs.promotion.title).toBe("Anadolu Casino %100 Hoş Geldin Bonusu");
      const byId = await callDetail(`/promotion/${bySlugs.promotion.id}`, { params: { id: bySlugs.promotion.id } });
      const byQuery = await callDetail(`/promotion?id=${bySlugs.promotion.id}`);
      expect(byId.promotion.id).toBe(bySlugs.promotion.id);
      expect(byQuery.promotion.id).toBe(bySlugs.promotion.id);
      expect(bySlugs.seo.canonical).toBe("http://localhost/bonuslar/anadolu-casino/anadolu-casino-100-hos-geldin-bonusu");
    });

    it("sends a slightly different slug (word overlap) to the promotion's own address, keeping the query", async () => {
      const own = "/bonuslar/anadolu-casino/anadolu-casino-100-hos-geldin-bonusu";
      const params = { casinoSlug: "anadolu-casino", promotionSlug: "anadolu-casino-hos-geldin-bonusu" };
      expect(await redirected(callRoute(detailLoader, "/bonuslar/anadolu-casino/anadolu-casino-hos-geldin-bonusu", { params }))).toEqual({ status: 301, location: own });
      expect(await redirected(callRoute(detailLoader, "/bonuslar/anadolu-casino/anadolu-casino-hos-geldin-bonusu?yorum-sayfa=2&utm_source=bulten", { params }))).toEqual({
        status: 301,
        location: `${own}?yorum-sayfa=2&utm_source=bulten`,
      });
      // Turkish letters and capitals in the address are another spelling of the same page.
      const turkish = { casinoSlug: "Anadolu-Casino", promotionSlug: "anadolu-casino-100-hoş-geldin-bonusu" };
      expect(await redirected(callRoute(detailLoader, "/x", { params: turkish }))).toEqual({ status: 301, location: own });
    });

    it("lists related promotions of the same casino and comments newest first", async () => {
      const data = await callDetail("/x", { params: { casinoSlug: "anadolu-casino", promotionSlug: "anadolu-casino-100-hos-geldin-bonusu" } });
      expect(data.related.length).toBeGreaterThan(0);
      expect(data.related.length).toBeLessThanOrEqual(10);
      expect(data.related.every((p) => p.casino?.slug === "anadolu-casino" && p.id !== data.promotion.id)).toBe(true);
      const older = await insertComment(db(), { promotionId: data.promotion.id, comment: "eski", createdAt: new Date("2020-01-01") });
      const newer = await insertComment(db(), { promotionId: data.promotion.id, comment: "yeni", createdAt: new Date("2030-01-01") });
      const again = await callDetail(`/promotion/${data.promotion.id}`, { params: { id: data.promotion.id } });
      expect(again.comments[0]!.id).toBe(newer.id);
      expect(again.comments.at(-1)!.id).toBe(older.id);
    });

    it("answers 'Promosyon bulunamadı (...)' for unknown, malformed and inactive promotions", async () => {
      expect(await thrown(callRoute(detailLoader, "/promotion/abc", { params: { id: "abc" } }))).toEqual({ status: 404, data: { message: "Promosyon bulunamadı (abc)" } });
      const [inactive] = await db().select().from(promotions).where(eq(promotions.isActive, false)).limit(1);
      expect((await thrown(callRoute(detailLoader, "/x", { params: { id: inactive!.id } }))).status).toBe(404);
      expect(await thrown(callRoute(detailLoader, "/x", { params: { casinoSlug: "yok", promotionSlug: "hic-boyle-bir-sey-yok" } }))).toEqual({
        status: 404,
        data: { message: "Promosyon bulunamadı (yok/hic-boyle-bir-sey-yok)" },
      });
    });
  });

  describe("casinos", () => {
    it("lists every casino in Turkish order with counts of its listed (active, unexpired) promotions", async () => {
      const data = await callRoute(casinosLoader, "/guvenilir-siteler");
      const names = data.casinos.map((c) => c.name);
      expect(names.indexOf("Cem Casino")).toBeLessThan(names.indexOf("Çınar Slot"));
      expect(names.indexOf("Çınar Slot")).toBeLessThan(names.indexOf("Defne Casino"));
      expect(names.at(-1)).toBe("Şahin Bet");
      const [anadolu] = await db().select().from(casinos).where(eq(casinos.slug, "anadolu-casino"));
      const [active] = await db()
        .select({ n: count() })
        .from(promotions)
        .where(and(eq(promotions.casinoId, anadolu!.id), eq(promotions.isActive, true), sql`(${promotions.expiryDate} is null or ${promotions.expiryDate} > now())`));
      expect(data.casinos.find((c) => c.slug === "anadolu-casino")!.activePromotionCount).toBe(active!.n);
    });

    it("finds a casino by uuid, by name slug and by partial name; all but the slug answer 301 to the slug's page", async () => {
      const [izmir] = await db().select().from(casinos).where(eq(casinos.slug, "izmir-casino"));
      const data = await callRoute(casinoLoader, "/casino/izmir-casino", { params: { id: "izmir-casino" } });
      expect(data.casino.name).toBe("İzmir Casino");
      expect(data.seo.canonical).toBe("http://localhost/casino/izmir-casino");
      expect(data.seo.description.length).toBeLessThanOrEqual(160);
      expect(data.promotions.every((p) => p.casino?.id === izmir!.id)).toBe(true);
      // Issue 10 §2: /casino/{uuid} was a duplicate of the slug's page.
      for (const id of [izmir!.id, "izmir", "İZMİR"]) {
        expect(await redirected(callRoute(casinoLoader, `/casino/${id}`, { params: { id } })), id).toEqual({ status: 301, location: "/casino/izmir-casino" });
      }
    });

    it("finds a renamed casino by its new name, though its address kept the old one", async () => {
      // A save that changes only other fields keeps the slug; here the name changed with SQL.
      const casino = await insertCasino(db(), { name: "Karadeniz Yıldızı", slug: "eski-karadeniz" });
      for (const id of ["karadeniz-yildizi", "yildizi", "-karadeniz-"]) {
        expect(await redirected(callRoute(casinoLoader, `/casino/${id}`, { params: { id } })), id).toEqual({ status: 301, location: `/casino/${casino.slug}` });
      }
    });

    it("serves the casino whose slug was asked for, though a casino earlier in the alphabet has its name inside its own", async () => {
      const mavi = await insertCasino(db(), { name: "Mavi Bet" });
      await insertCasino(db(), { name: "Açık Mavi Bet" });
      const data = await callRoute(casinoLoader, `/casino/${mavi.slug}`, { params: { id: mavi.slug } });
      expect(data.casino).toMatchObject({ id: mavi.id, name: "Mavi Bet", slug: "mavi-bet" });
    });

    it("finds a casino by two letters of its name, in capitals or between hyphens, though their slug would be too short to match", async () => {
      const casino = await insertCasino(db(), { name: "Üçgen Casino" });
      for (const id of ["-ÜÇ-", "ÜÇ", "-üç"]) {
        expect(await redirected(callRoute(casinoLoader, `/casino/${id}`, { params: { id } })), id).toEqual({ status: 301, location: `/casino/${casino.slug}` });
      }
    });

    it("answers 'Geçersiz casino URL' and 'Casino bulunamadı'", async () => {
      expect(await thrown(callRoute(casinoLoader, "/casino"))).toEqual({ status: 400, data: { message: "Geçersiz casino URL" } });
      expect(await thrown(callRoute(casinoLoader, "/x", { params: { id: "hic-olmayan-casino" } }))).toEqual({ status: 404, data: { message: "Casino bulunamadı" } });
    });

    it("cuts a long casino description to at most 160 characters, at a word, with an ellipsis", async () => {
      const casino = await insertCasino(db(), { name: "Uzun Açıklamalı Casino", description: `<p>${"çok uzun bir açıklama ".repeat(30)}</p>` });
      const data = await callRoute(casinoLoader, "/x", { params: { id: casino.slug } });
      expect(data.seo.description.length).toBeLessThanOrEqual(160);
      expect(data.seo.description.length).toBeGreaterThan(140);
      // Issue 10 §2: '…Kampany'. Whole words only, then '…'.
      expect(data.seo.description.endsWith("…")).toBe(true);
      for (const word of data.seo.description.slice(0, -1).trim().split(" ")) expect(["çok", "uzun", "bir", "açıklama"]).toContain(word);
    });
  });

  describe("blog", () => {
    it("lists published posts only, newest first", async () => {
      const data = await callRoute(blogLoader, "/blog");
      const drafts = await db().select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.isPublished, false));
      expect(data.posts.length).toBeGreaterThan(0);
      for (const { id } of drafts) expect(data.posts.map((p) => p.id)).not.toContain(id);
    });

    it("shows a post by slug or id, counts each view once, and lists similar posts", async () => {
      const slug = "cevrim-sarti-nedir-ve-nasil-hesaplanir";
      const first = await callRoute(postLoader, `/blog/${slug}`, { params: { id: slug } });
      const byId = await callRoute(postLoader, `/blog/${first.post.id}`, { params: { id: first.post.id } });
      expect(byId.post.id).toBe(first.post.id);
      // The page is cached; the browser counts each view with a small request.
      const view = (id: string, client?: string) => callRoute(viewAction, `/api/blog/${id}/view`, { params: { id }, method: "POST", client }).then(unwrap);
      expect(await view(first.post.id)).toEqual({ status: 200, data: { viewCount: first.post.viewCount + 1 } });
      expect(await view(first.post.id, "10.0.0.2")).toEqual({ status: 200, data: { viewCount: first.post.viewCount + 2 } });
      expect((await view("abc")).status).toBe(404);
      expect(first.similar.length).toBeLessThanOrEqual(3);
      expect(first.similar.every((p) => p.category === first.post.category && p.id !== first.post.id)).toBe(true);
      expect(first.promotions.length).toBeGreaterThan(5);
      expect(first.seo.jsonLd!.map((j) => j["@type"])).toEqual(["BlogPosting", "BreadcrumbList"]);
    });

    it("never shows a draft, and sanitises content; an empty author gets the default label", async () => {
      const draft = await insertPost(db(), { title: "Gizli Taslak", isPublished: false });
      expect(await thrown(callRoute(postLoader, "/x", { params: { id: draft.slug } }))).toEqual({ status: 404, data: { message: "Blog yazısı bulunamadı" } });
      expect((await unwrap(await callRoute(viewAction, "/x", { params: { id: draft.id }, method: "POST" }))).status).toBe(404);
      const [before] = await db().select({ v: blogPosts.viewCount }).from(blogPosts).where(eq(blogPosts.id, draft.id));
      expect(before!.v).toBe(0);
      const dirty = await insertPost(db(), { title: "Kirli İçerik", author: " ", content: '<p onclick="x()">metin</p><script>alert(1)</script>' });
      const data = await callRoute(postLoader, "/x", { params: { id: dirty.slug } });
      expect(data.post.content).toBe("<p>metin</p>");
      expect(data.post.author).toBe(DEFAULT_AUTHOR);
    });
  });

  // Issue 10 §2: pages search engines can rank.
  describe("pages search engines can rank", () => {
    const sitemapXml = async () => ((await callRoute(sitemapLoader, "/sitemap.xml")) as Response).text();
    const promotionRows = () =>
      db()
        .select({ id: promotions.id, slug: promotions.slug, title: promotions.title, description: promotions.description, casinoSlug: casinos.slug, isActive: promotions.isActive, expiryDate: promotions.expiryDate, updatedAt: promotions.updatedAt })
        .from(promotions)
        .leftJoin(casinos, eq(casinos.id, promotions.casinoId));
    const pathOf = (p: { id: string; slug: string; casinoSlug: string | null }) => (p.casinoSlug ? `/bonuslar/${p.casinoSlug}/${p.slug}` : `/promotion/${p.id}`);
    const isListed = (p: { isActive: boolean; expiryDate: Date | null }) => p.isActive && (p.expiryDate === null || p.expiryDate > new Date());

    it("lists every active, unexpired promotion page in the sitemap with its updated_at as lastmod, and no other", async () => {
      const rows = await promotionRows();
      const listed = rows.filter(isListed);
      const hidden = rows.filter((p) => !isListed(p));
      expect(listed.filter((p) => p.casinoSlug).length).toBeGreaterThanOrEqual(27);
      expect(hidden.length).toBeGreaterThan(0);
      const xml = await sitemapXml();
      for (const p of listed) expect(xml, p.title).toContain(`<loc>http://localhost${pathOf(p)}</loc><lastmod>${p.updatedAt.toISOString()}</lastmod>`);
      for (const p of hidden) expect(xml, p.title).not.toContain(`<loc>http://localhost${pathOf(p)}</loc>`);
      await validateSitemapXml(xml, "sitemap.xsd");
    });

    it("lists every active category's landing page, with the newest change of the category or its promotions", async () => {
      await insertCategory(db(), { name: "Gizli Kategori", isActive: false });
      const active = await db().select().from(promotionCategories).where(eq(promotionCategories.isActive, true));
      expect(active.length).toBe(5);
      // The category itself changed long ago; its newest promotion since.
      await db().update(promotionCategories).set({ updatedAt: new Date("2026-01-01T00:00:00Z") }).where(eq(promotionCategories.slug, "kayip-bonusu"));
      const [newest] = await db()
        .select({ at: sql<string>`max(${promotions.updatedAt})` })
        .from(promotions)
        .innerJoin(promotionCategories, eq(promotionCategories.id, promotions.categoryId))
        .where(eq(promotionCategories.slug, "kayip-bonusu"));
      const xml = await sitemapXml();
      for (const category of active) expect(xml).toMatch(new RegExp(`<loc>http://localhost/bonuslar/${category.slug}</loc><lastmod>[^<]+</lastmod>`));
      expect(xml).toContain(`<loc>http://localhost/bonuslar/kayip-bonusu</loc><lastmod>${new Date(newest!.at).toISOString()}</lastmod>`);
      expect(xml).not.toContain("/bonuslar/gizli-kategori<");
    });

    it("dates a casino by the newest of its own change and its promotions'", async () => {
      const [casino] = await db().select().from(casinos).where(eq(casinos.slug, "defne-casino"));
      await db().update(casinos).set({ updatedAt: new Date("2026-01-01T00:00:00Z") }).where(eq(casinos.id, casino!.id));
      const [promotion] = await db().select().from(promotions).where(eq(promotions.casinoId, casino!.id)).limit(1);
      const edited = new Date(Date.now() - 60_000);
      edited.setMilliseconds(0);
      await db().update(promotions).set({ updatedAt: edited }).where(eq(promotions.id, promotion!.id));
      expect(await sitemapXml()).toContain(`<loc>http://localhost/casino/defne-casino</loc><lastmod>${edited.toISOString()}</lastmod>`);
    });

    it("gives each active category a landing page of its own at /bonuslar/{slug}", async () => {
      const list = await callRoute(promotionsLoader, "/bonuslar");
      const page = await callRoute(promotionsLoader, "/bonuslar/kayip-bonusu", { params: { categorySlug: "kayip-bonusu" } });
      expect(page.category).toEqual({ name: "Kayıp Bonusu", description: "Kayıpların bir kısmını geri veren kampanyalar" });
      expect(page.seo.canonical).toBe("http://localhost/bonuslar/kayip-bonusu");
      expect(page.seo.title).toContain("Kayıp Bonusu");
      expect(page.seo.title).not.toBe(list.seo.title);
      expect(page.seo.description).toContain("Kayıpların bir kısmını geri veren kampanyalar");
      expect(page.seo.description).not.toBe(list.seo.description);
      expect(page.items.length).toBeGreaterThan(0);
      expect(page.items.every((p) => p.category === "Kayıp Bonusu")).toBe(true);
      const titles = new Set<string>();
      for (const chip of list.chips) {
        const other = await callRoute(promotionsLoader, `/bonuslar/${chip.slug}`, { params: { categorySlug: chip.slug } });
        titles.add(other.seo.title);
        expect(other.seo.canonical).toBe(`http://localhost/bonuslar/${chip.slug}`);
      }
      expect(titles.size).toBe(list.chips.length);
    });

    it("answers 404 for a slug that is not an active category", async () => {
      await insertCategory(db(), { name: "Kapalı Kategori", isActive: false });
      for (const slug of ["olmayan-kategori", "kapali-kategori", "anadolu-casino"]) {
        expect((await thrown(callRoute(promotionsLoader, `/bonuslar/${slug}`, { params: { categorySlug: slug } }))).status, slug).toBe(404);
      }
    });

    it("answers the old /bonuslar?kategori= form with 301 to the category's page, keeping the search and the page", async () => {
      expect(await redirected(callRoute(promotionsLoader, "/bonuslar?kategori=kayip-bonusu"))).toEqual({ status: 301, location: "/bonuslar/kayip-bonusu" });
      expect(await redirected(callRoute(promotionsLoader, "/bonuslar?kategori=kayip-bonusu&q=bet&sayfa=2&utm_source=x"))).toEqual({
        status: 301,
        location: "/bonuslar/kayip-bonusu?q=bet&sayfa=2",
      });
    });

    it("makes each page of a list its own canonical", async () => {
      for (let i = 0; i < 26; i++) await insertPost(db(), { title: `Sayfalı Yazı ${i}` });
      expect((await callRoute(promotionsLoader, "/bonuslar")).seo.canonical).toBe("http://localhost/bonuslar");
      const second = await callRoute(promotionsLoader, "/bonuslar?sayfa=2");
      expect(second.items.length).toBeGreaterThan(0);
      expect(second.seo.canonical).toBe("http://localhost/bonuslar?sayfa=2");
      expect(second.seo.title).toMatch(/Sayfa 2$/);
      expect((await callRoute(blogLoader, "/blog?sayfa=2")).seo.canonical).toBe("http://localhost/blog?sayfa=2");
      expect((await callRoute(blogLoader, "/blog?sayfa=1")).seo.canonical).toBe("http://localhost/blog");
      // A search points at the list it searched.
      expect((await callRoute(promotionsLoader, "/bonuslar?q=bonus&sayfa=2")).seo.canonical).toBe("http://localhost/bonuslar");
    });

    it("answers 404 for a page past the last, not an empty 200", async () => {
      for (const [loader, url, params] of [
        [promotionsLoader, "/bonuslar?sayfa=99", {}],
        [promotionsLoader, "/bonuslar/kayip-bonusu?sayfa=99", { categorySlug: "kayip-bonusu" }],
        [promotionsLoader, "/bonuslar?q=bonus&sayfa=99", {}],
        [blogLoader, "/blog?sayfa=99", {}],
      ] as const) {
        expect((await thrown(callRoute(loader as typeof promotionsLoader, url, { params }))).status, url).toBe(404);
      }
      // The first page always exists, empty or not.
      expect((await callRoute(promotionsLoader, "/bonuslar?q=olmayanbonus")).total).toBe(0);
    });

    it("gives every promotion page a meta description of its own, cut at a word", async () => {
      const rows = (await promotionRows()).filter((p) => p.isActive && p.casinoSlug);
      expect(rows.length).toBeGreaterThanOrEqual(27);
      const descriptions = new Set<string>();
      for (const p of rows) {
        const { seo } = await callDetail(pathOf(p), { params: { casinoSlug: p.casinoSlug!, promotionSlug: p.slug } });
        expect(seo.description.length, p.title).toBeLessThanOrEqual(160);
        expect(seo.description, p.title).toContain(p.title);
        // Cut at a word (issue 10 §2: '…Kampany'): the last word before '…' is a whole word of the text.
        if (seo.description.endsWith("…")) {
          const last = seo.description.slice(0, -1).split(" ").at(-1)!;
          const words = `${p.title} ${htmlToText(p.description)}`.split(/[\s.,;:!?]+/);
          expect(words, `${p.title}: ${last}`).toContain(last.replace(/[.,;:!?]+$/, ""));
        }
        descriptions.add(seo.description);
      }
      expect(descriptions.size).toBe(rows.length);
    });
  });

  describe("layout, sitemap and robots", () => {
    it("gives the layout the active splash ads only", async () => {
      const data = await callRoute(layoutLoader, "/");
      expect(data.splashAds).toHaveLength(2);
    });

    it("serves the sitemap as XML with static entries, casinos and published posts only", async () => {
      const response = (await callRoute(sitemapLoader, "/sitemap.xml")) as Response;
      expect(response.headers.get("Content-Type")).toMatch(/^application\/xml/);
      const xml = await response.text();
      expect(xml).toContain("<loc>http://localhost/</loc><changefreq>weekly</changefreq><priority>1.0</priority>");
      expect(xml).toContain("<loc>http://localhost/bonuslar</loc><changefreq>daily</changefreq><priority>0.9</priority>");
      expect(xml).toMatch(/<loc>http:\/\/localhost\/casino\/izmir-casino<\/loc><lastmod>[^<]+<\/lastmod><changefreq>weekly<\/changefreq><priority>0.8<\/priority>/);
      expect(xml).toMatch(/<loc>http:\/\/localhost\/blog\/cevrim-sarti-nedir-ve-nasil-hesaplanir<\/loc><lastmod>/);
      expect(xml).not.toContain("gizli-taslak");
    });

    it("names the sitemap in robots.txt and keeps crawlers out of /admin", async () => {
      const body = await ((await callRoute(robotsLoader, "/robots.txt")) as Response).text();
      expect(body).toContain("Disallow: /admin");
      expect(body).toContain("Sitemap: http://localhost/sitemap.xml");
    });
  });
});

describeEachDriver("comment action", ({ db }) => {
  let promotionId = "";
  let inactiveId = "";
  afterEach(() => {
    vi.restoreAllMocks();
  });
  beforeAll(async () => {
    await truncateAll(db());
    promotionId = (await insertPromotion(db(), { title: "Yorumlu Bonus" })).id;
    inactiveId = (await insertPromotion(db(), { title: "Pasif Bonus", isActive: false })).id;
  });

  const total = async () => (await db().select({ n: count() }).from(promotionComments))[0]!.n;
  const post = (form: Record<string, string>, id = promotionId, client = "10.1.1.1") =>
    callRoute(commentAction, `/api/promotions/${id}/comments`, { params: { id }, form, client }).then(unwrap);

  it("stores a trimmed plain-text comment and answers with the success message", async () => {
    const result = await post({ userName: "  Ayşe  ", comment: "  <b>Harika</b> bonus  ", rating: "4" });
    expect(result).toMatchObject({ status: 201, data: { ok: true, message: "Yorumunuz başarıyla eklendi", comment: { userName: "Ayşe", comment: "<b>Harika</b> bonus", rating: 4 } } });
  });

  it.each([
    ["blank name", { userName: "   ", comment: "metin", rating: "5" }, "Lütfen kullanıcı adınızı girin"],
    ["blank comment", { userName: "Ali", comment: "  ", rating: "5" }, "Lütfen yorumunuzu yazın"],
    ["name too long", { userName: "a".repeat(61), comment: "metin", rating: "5" }, "Kullanıcı adı en fazla 60 karakter olabilir"],
    ["comment too long", { userName: "Ali", comment: "b".repeat(2001), rating: "5" }, "Yorum en fazla 2000 karakter olabilir"],
    ["rating 0", { userName: "Ali", comment: "metin", rating: "0" }, "Lütfen 1 ile 5 arasında bir puan seçin"],
    ["rating 6", { userName: "Ali", comment: "metin", rating: "6" }, "Lütfen 1 ile 5 arasında bir puan seçin"],
    ["rating abc", { userName: "Ali", comment: "metin", rating: "abc" }, "Lütfen 1 ile 5 arasında bir puan seçin"],
    ["rating 2.5", { userName: "Ali", comment: "metin", rating: "2.5" }, "Lütfen 1 ile 5 arasında bir puan seçin"],
    // Number() reads these as stars; no star sends them.
    ["rating 0x5", { userName: "Ali", comment: "metin", rating: "0x5" }, "Lütfen 1 ile 5 arasında bir puan seçin"],
    ["rating 5e0", { userName: "Ali", comment: "metin", rating: "5e0" }, "Lütfen 1 ile 5 arasında bir puan seçin"],
    ["honeypot filled", { userName: "Bot", comment: "spam", rating: "5", website: "http://spam.example" }, "Yorumunuz eklenirken bir hata oluştu"],
  ])("rejects %s with a Turkish message, stores nothing and logs one line", async (_, form, message) => {
    const before = await total();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const result = await post(form);
    expect(result).toEqual({ status: 400, data: { ok: false, message } });
    expect(await total()).toBe(before);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toMatch(new RegExp(`^400 POST "/api/promotions/${promotionId}/comments": comment refused: [^\n]+$`));
  });

  it("logs which field a refused comment failed on, and that a hidden field was filled", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    await post({ userName: "Ali", comment: "metin", rating: "9" });
    await post({ userName: "Bot", comment: "spam", rating: "5", website: "x" });
    expect(warn.mock.calls.map((call) => String(call[0]).split(": ").slice(1).join(": "))).toEqual([
      "comment refused: rating invalid",
      "comment refused: hidden field filled",
    ]);
  });

  it("rejects comments on unknown, malformed and inactive promotions, one log line each", async () => {
    const before = await total();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    for (const id of [inactiveId, "00000000-0000-4000-8000-000000000000", "abc"]) {
      expect(await post({ userName: "Ali", comment: "metin", rating: "5" }, id)).toMatchObject({ status: 404, data: { ok: false } });
    }
    expect(await total()).toBe(before);
    expect(warn.mock.calls.map((call) => String(call[0]).replace(/"[^"]*"/, "PATH"))).toEqual(Array(3).fill("404 POST PATH: comment refused: no such active promotion"));
  });

  it("allows 5 comments per client in 10 minutes, then refuses with a clear message", async () => {
    for (let i = 0; i < 5; i++) expect((await post({ userName: "Ali", comment: `yorum ${i}`, rating: "5" }, promotionId, "10.2.2.2")).status).toBe(201);
    const before = await total();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const refused = await post({ userName: "Ali", comment: "altıncı", rating: "5" }, promotionId, "10.2.2.2");
    expect(refused.status).toBe(429);
    expect(warn.mock.calls.map((call) => String(call[0]))).toEqual([`429 POST "/api/promotions/${promotionId}/comments": comment refused: over the limit for this address`]);
    expect((refused.data as { message: string }).message).toMatch(/^Çok fazla yorum gönderdiniz\. Lütfen \d+ dakika sonra tekrar deneyin\.$/);
    expect(await total()).toBe(before);
    // Another visitor is not affected.
    expect((await post({ userName: "Veli", comment: "merhaba", rating: "5" }, promotionId, "10.3.3.3")).status).toBe(201);
  });
});

// Issue 11 §2: an expired offer keeps its page ('Süresi doldu' and the casino's active
// offers) and leaves every list and the sitemap; offers carry their terms and rating.
describeEachDriver("expired offers and scannable terms", ({ db }) => {
  const HOUR = 60 * 60 * 1000;
  let expired: { id: string; slug: string };
  let live: { id: string; slug: string };
  let other: { id: string; slug: string };
  const detailOf = (slug: string) => callDetail(`/bonuslar/sureli-casino/${slug}`, { params: { casinoSlug: "sureli-casino", promotionSlug: slug } });

  beforeAll(async () => {
    await truncateAll(db());
    const casino = await insertCasino(db(), { name: "Süreli Casino" });
    const category = await insertCategory(db(), { name: "Süreli Kategori" });
    const inCategory = { casinoId: casino.id, categoryId: category.id, category: category.name };
    expired = await insertPromotion(db(), { ...inCategory, title: "Süresi Geçmiş Hoş Geldin Bonusu", expiryDate: new Date(Date.now() - HOUR), promotionCode: "ESKI100" });
    live = await insertPromotion(db(), {
      ...inCategory,
      title: "Süreli Casino Yatırım Bonusu",
      expiryDate: new Date(Date.now() + 24 * HOUR),
      bonusType: "deposit",
      bonusPercent: 100,
      bonusCap: 5000,
      minDeposit: 100,
      wageringMultiplier: 35.5,
      wageringBasis: "deposit_bonus",
      maxCashout: 25000,
      lastVerifiedAt: "2026-11-01",
    });
    other = await insertPromotion(db(), { ...inCategory, title: "Süreli Casino Deneme Bonusu" });
    // Ratings 5, 4 and 4 (the trigger keeps count and total): 4,3 / 5 · 3 yorum.
    for (const rating of [5, 4, 4]) await insertComment(db(), { promotionId: live.id, rating });
  });

  it("leaves the expired offer out of the home page, /bonuslar, the category's page and chip, and the casino's page", async () => {
    const listedOn = (items: { id: string }[]) => items.map((p) => p.id).sort();
    const expected = [live.id, other.id].sort();
    expect(listedOn((await callRoute(homeLoader, "/")).promotions)).toEqual(expected);
    const all = await callRoute(promotionsLoader, "/bonuslar");
    expect(listedOn(all.items)).toEqual(expected);
    expect(all.total).toBe(2);
    expect(all.chips.map((chip) => [chip.name, chip.count])).toEqual([["Süreli Kategori", 2]]);
    const slug = all.chips[0]!.slug;
    expect(listedOn((await callRoute(promotionsLoader, `/bonuslar/${slug}`, { params: { categorySlug: slug } })).items)).toEqual(expected);
    const casinoPage = await callRoute(casinoLoader, "/casino/sureli-casino", { params: { id: "sureli-casino" } });
    expect(listedOn(casinoPage.promotions)).toEqual(expected);
    // The count beside the casino's name says what the page lists.
    expect(casinoPage.casino.activePromotionCount).toBe(2);
    const card = (await callRoute(casinosLoader, "/guvenilir-siteler")).casinos.find((c) => c.slug === "sureli-casino");
    expect(card?.activePromotionCount).toBe(2);
  });

  it("leaves the expired offer out of the sitemap", async () => {
    const xml = await ((await callRoute(sitemapLoader, "/sitemap.xml")) as Response).text();
    expect(xml).toContain(`/bonuslar/sureli-casino/${live.slug}</loc>`);
    expect(xml).toContain(`/bonuslar/sureli-casino/${other.slug}</loc>`);
    expect(xml).not.toContain(expired.slug);
  });

  it("keeps the expired offer's page, marked expired, with the casino's active offers", async () => {
    const page = await detailOf(expired.slug);
    expect(page.promotion.id).toBe(expired.id);
    expect(page.expired).toBe(true);
    expect(page.related.map((p) => p.id).sort()).toEqual([live.id, other.id].sort());
    const current = await detailOf(live.slug);
    expect(current.expired).toBe(false);
    expect(current.related.map((p) => p.id)).toEqual([other.id]);
  });

  it("gives the offer page's calculator the stored terms: both wagering bases and the cash-out cap", async () => {
    const { promotion } = await detailOf(live.slug);
    // 100 % up to 5.000 TL, 35,5x on deposit plus bonus, at most 25.000 TL cashed out.
    expect(calculateWagering(promotion.bonus, 1000)).toMatchObject({ bonus: 1000, capped: false, turnover: 71000, maxCashout: 25000 });
    expect(calculateWagering(promotion.bonus, 8000)).toMatchObject({ bonus: 5000, capped: true, turnover: 461500, maxCashout: 25000 });
    expect(calculateWagering(promotion.bonus, 50)).toMatchObject({ bonus: 0, belowMinimum: true, turnover: null });
    // The same offer wagered on the bonus alone, as an operator would switch it.
    await db().update(promotions).set({ wageringBasis: "bonus", maxCashout: null }).where(eq(promotions.id, live.id));
    const onBonus = (await detailOf(live.slug)).promotion;
    expect(calculateWagering(onBonus.bonus, 1000)).toMatchObject({ bonus: 1000, turnover: 35500, maxCashout: null });
    await db().update(promotions).set({ wageringBasis: "deposit_bonus", maxCashout: 25000 }).where(eq(promotions.id, live.id));
  });

  it("gives every offer its structured terms and its visitors' rating", async () => {
    const item = (await callRoute(promotionsLoader, "/bonuslar")).items.find((p) => p.id === live.id)!;
    expect(item.bonus).toEqual({
      bonusType: "deposit",
      bonusAmount: null,
      bonusPercent: 100,
      bonusCap: 5000,
      freeSpins: null,
      minDeposit: 100,
      wageringMultiplier: 35.5,
      wageringBasis: "deposit_bonus",
      maxBet: null,
      maxCashout: 25000,
      eligibleGames: null,
      lastVerifiedAt: "2026-11-01",
    });
    expect({ count: item.ratingCount, total: item.ratingTotal }).toEqual({ count: 3, total: 13 });
    const unrated = (await detailOf(other.slug)).promotion;
    expect({ count: unrated.ratingCount, total: unrated.ratingTotal }).toEqual({ count: 0, total: 0 });
  });
});
