import { eq } from "drizzle-orm";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeEachDriver, truncateAll } from "../tests/helpers/db";
import { seedDemoContent } from "~/db/seed/demo.server";
import { blogPosts, casinos, promotionCategories, promotions, splashAds } from "~/db/schema";
import { createPost, deletePost, recordPostView, setPostPublished, updatePost } from "~/modules/blog/blog.server";
import { createCasino, deleteCasino, updateCasino } from "~/modules/casinos/casinos.server";
import { createCategory, deleteCategory, updateCategory } from "~/modules/categories/categories.server";
import { createComment } from "~/modules/comments/comments.server";
import { saveBlogSectionText, saveHero } from "~/modules/content/content.server";
import { DEFAULT_HERO } from "~/modules/content/content";
import { createPromotion, deletePromotion, setPromotionActive, updatePromotion } from "~/modules/promotions/promotions.server";
import { saveSeoSettings } from "~/modules/seo/seo.server";
import { createSplashAd, setSplashAdActive } from "~/modules/splash-ads/splash-ads.server";

// Issue 4: every kind of write shows on the very next request of a cached page. The
// requests go through the production server build, cache included.
const BUILD = path.resolve(process.env.BUILD_DIR ?? "build", "server/index.js");

type Page = { status: number; cache: string | null; etag: string | null; body: string };

describeEachDriver("page cache freshness", ({ db }) => {
  let server: http.Server;
  let base = "";

  beforeAll(async () => {
    if (!fs.existsSync(BUILD)) throw new Error("No production build: run `npm run build` (npm test does it)");
    await truncateAll(db());
    await seedDemoContent();
    const { createApp } = (await import(/* @vite-ignore */ pathToFileURL(BUILD).href)) as { createApp: () => http.RequestListener };
    server = http.createServer(createApp());
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server?.close(() => resolve())));

  const get = async (path: string, headers: Record<string, string> = {}): Promise<Page> => {
    const response = await fetch(base + path, { headers, redirect: "manual" });
    return { status: response.status, cache: response.headers.get("x-cache"), etag: response.headers.get("etag"), body: await response.text() };
  };
  /** Requests a page twice and checks the second answer came from the cache. */
  const warm = async (path: string): Promise<Page> => {
    await get(path);
    const page = await get(path);
    expect(page.cache, `${path} should be cached`).toBe("HIT");
    return page;
  };
  const idOf = async (slug: string) => (await db().select({ id: casinos.id }).from(casinos).where(eq(casinos.slug, slug)))[0]!.id;

  describe("HTTP caching", () => {
    it("answers a matching If-None-Match with 304 and no body, and gives a changed page a new ETag", async () => {
      const page = await warm("/guvenilir-siteler");
      const conditional = await fetch(`${base}/guvenilir-siteler`, { headers: { "If-None-Match": page.etag! } });
      expect(conditional.status).toBe(304);
      expect(await conditional.text()).toBe("");
      await updateCasino(await idOf("ege-bet"), { name: "Ege Bet", url: "https://ege.example", logoUrl: null, description: "<p>Yeni açıklama metni burada.</p>", featured: true });
      const changed = await get("/guvenilir-siteler", { "If-None-Match": page.etag! });
      expect(changed.status).toBe(200);
      expect(changed.etag).not.toBe(page.etag);
    });

    it("stores compressed bytes and sends them to clients that accept them", async () => {
      await warm("/blog");
      const response = await fetch(`${base}/blog`, { headers: { "Accept-Encoding": "gzip" } });
      expect(response.headers.get("content-encoding")).toBe("gzip");
      expect(response.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=30");
      expect(response.headers.get("cdn-cache-control")).toMatch(/max-age=\d+, stale-while-revalidate=\d+/);
      expect(response.headers.get("vary")).toBe("Accept-Encoding");
    });

    it("never caches or shares admin pages, API answers or a page carrying a flash toast", async () => {
      const admin = await fetch(`${base}/admin/login`);
      expect(admin.headers.get("cache-control")).toBe("private, no-store");
      expect(admin.headers.get("x-cache")).toBeNull();
      const guarded = await fetch(`${base}/admin/dashboard`, { redirect: "manual" });
      expect(guarded.headers.get("cache-control")).toBe("private, no-store");
      const toast = await fetch(`${base}/`, { headers: { Cookie: "__toast=abc" } });
      expect(toast.headers.get("x-cache")).toBeNull();
      expect(toast.headers.get("cache-control")).not.toMatch(/public/);
    });
  });

  describe("every kind of write shows on the next request", () => {
    it("a comment: its promotion's page (document and data) changes, other pages stay cached", async () => {
      const [promotion] = await db().select().from(promotions).where(eq(promotions.slug, "anadolu-casino-100-hos-geldin-bonusu"));
      const path = `/bonuslar/anadolu-casino/${promotion!.slug}`;
      await warm(path);
      await warm(`${path}.data`);
      await warm("/");
      const result = await createComment(promotion!.id, { userName: "Önbellek", comment: "Taze yorum görünmeli", rating: 4 }, "9.9.9.9");
      expect(result.ok).toBe(true);
      expect((await get(path)).body).toContain("Taze yorum görünmeli");
      expect((await get(`${path}.data`)).body).toContain("Taze yorum görünmeli");
      expect((await get("/")).cache).toBe("HIT");
    });

    it("a post view: counted without re-rendering the cached page", async () => {
      const [post] = await db().select().from(blogPosts).where(eq(blogPosts.slug, "cevrim-sarti-nedir-ve-nasil-hesaplanir"));
      await warm(`/blog/${post!.slug}`);
      const response = await fetch(`${base}/api/blog/${post!.id}/view`, { method: "POST" });
      expect(await response.json()).toEqual({ viewCount: post!.viewCount + 1 });
      expect(await recordPostView(post!.id)).toBe(post!.viewCount + 2);
      expect((await get(`/blog/${post!.slug}`)).cache).toBe("HIT");
    });

    it("promotions: create, update, deactivate, delete", async () => {
      await warm("/bonuslar");
      const created = await createPromotion({ title: "Önbellek Testi Yeni Bonus", description: "<p>Yeni eklenen bonus açıklaması</p>", url: "https://example.com/yeni", terms: ["Şart"], casinoId: await idOf("galata-casino") });
      expect((await get("/bonuslar")).body).toContain("Önbellek Testi Yeni Bonus");

      await warm("/bonuslar");
      await updatePromotion(created.id, { title: "Önbellek Testi Güncel Bonus", description: "<p>Güncel açıklama</p>", url: "https://example.com/yeni", casinoId: created.casinoId });
      const updated = await get("/bonuslar");
      expect(updated.body).toContain("Önbellek Testi Güncel Bonus");
      expect(updated.body).not.toContain("Önbellek Testi Yeni Bonus");

      await warm("/casino/galata-casino");
      await setPromotionActive(created.id, false);
      expect((await get("/casino/galata-casino")).body).not.toContain("Önbellek Testi Güncel Bonus");

      await setPromotionActive(created.id, true);
      await warm("/bonuslar");
      await deletePromotion(created.id);
      expect((await get("/bonuslar")).body).not.toContain("Önbellek Testi Güncel Bonus");
    });

    it("casinos: create, rename, delete", async () => {
      await warm("/guvenilir-siteler");
      const casino = await createCasino({ name: "Önbellek Casino", url: "https://onbellek.example", logoUrl: null, description: "<p>Önbellek testi için casino.</p>" });
      expect((await get("/guvenilir-siteler")).body).toContain("Önbellek Casino");
      await warm("/sitemap.xml");
      await updateCasino(casino.id, { name: "Tazelik Casino", url: "https://tazelik.example", logoUrl: null, description: "<p>Yeni adıyla casino.</p>" });
      expect((await get("/guvenilir-siteler")).body).toContain("Tazelik Casino");
      expect((await get("/sitemap.xml")).body).toContain("/casino/tazelik-casino");
      await warm("/guvenilir-siteler");
      await deleteCasino(casino.id);
      expect((await get("/guvenilir-siteler")).body).not.toContain("Tazelik Casino");
    });

    it("categories: create, rename (chips and cards), delete", async () => {
      await warm("/bonuslar");
      const category = await createCategory({ name: "Turnuva Bonusu", slug: "turnuva-bonusu" });
      await createPromotion({ title: "Turnuva Ödül Bonusu", description: "<p>Turnuva ödülü açıklaması</p>", url: "https://example.com/t", categoryId: category.id });
      expect((await get("/bonuslar")).body).toContain("Turnuva Bonusu");
      await warm("/bonuslar");
      await updateCategory(category.id, { name: "Turnuva Ödülleri", slug: "turnuva-bonusu" });
      const renamed = await get("/bonuslar");
      expect(renamed.body).toContain("Turnuva Ödülleri");
      expect(renamed.body).not.toContain("Turnuva Bonusu<");
      const empty = await createCategory({ name: "Boş Kategori", slug: "bos-kategori" });
      await warm("/bonuslar");
      expect(await deleteCategory(category.id)).toEqual({ ok: false, message: "Bu kategori kullanımda olduğu için silinemez" });
      expect(await deleteCategory(empty.id)).toEqual({ ok: true });
      expect((await get("/bonuslar")).cache).toBe("MISS");
      expect(await db().select().from(promotionCategories).where(eq(promotionCategories.id, empty.id))).toEqual([]);
    });

    it("posts: create, publish, edit, unpublish, delete", async () => {
      await warm("/blog");
      const post = await createPost({ title: "Önbellek Yazısı", excerpt: "Önbellek yazısının özeti burada.", content: "<p>İçerik en az elli karakter uzunluğunda olmalı, öyle.</p>", category: "Rehber" });
      expect((await get("/blog")).body).not.toContain("Önbellek Yazısı"); // a draft
      await setPostPublished(post.id, true);
      expect((await get("/blog")).body).toContain("Önbellek Yazısı");
      await warm(`/blog/${post.slug}`);
      await updatePost(post.id, { title: "Önbellek Yazısı", slug: post.slug, excerpt: "Değişmiş özet metni burada.", content: post.content, category: "Rehber" });
      expect((await get(`/blog/${post.slug}`)).body).toContain("Değişmiş özet metni burada.");
      await warm("/");
      await setPostPublished(post.id, false);
      expect((await get(`/blog/${post.slug}`)).status).toBe(404);
      await setPostPublished(post.id, true);
      await warm(`/blog/${post.slug}`);
      await deletePost(post.id);
      expect((await get(`/blog/${post.slug}`)).status).toBe(404);
    });

    it("the hero and the blog section text", async () => {
      await warm("/");
      await saveHero({ ...DEFAULT_HERO, mainTitle: "Önbellek tazeliği için yeni başlık" });
      expect((await get("/")).body).toContain("Önbellek tazeliği için yeni başlık");
      await warm("/");
      await saveBlogSectionText("<p>Yeni bölüm metni önbellekten geçmeli</p>");
      expect((await get("/")).body).toContain("Yeni bölüm metni önbellekten geçmeli");
    });

    it("SEO settings", async () => {
      await warm("/bonuslar");
      await saveSeoSettings({ pagePath: "/bonuslar", pageName: "Bonuslar", title: "Yepyeni Bonus Başlığı", description: "Yeni açıklama", keywords: "yeni" });
      expect((await get("/bonuslar")).body).toContain("<title>Yepyeni Bonus Başlığı</title>");
    });

    it("splash ads: create and deactivate", async () => {
      await warm("/blog");
      const ad = await createSplashAd({ title: "Önbellek Reklamı", href: "https://example.com/r", imageUrl: "/demo/splash-1.svg" });
      expect((await get("/blog")).body).toContain("Önbellek Reklamı");
      await warm("/blog");
      await setSplashAdActive(ad.id, false);
      expect((await get("/blog")).body).not.toContain("Önbellek Reklamı");
      expect((await db().select().from(splashAds).where(eq(splashAds.id, ad.id)))[0]!.isActive).toBe(false);
    });
  });
});
