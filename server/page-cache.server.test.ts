import { and, eq, ne } from "drizzle-orm";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import routes from "~/routes";
import { adminRoutePaths, adminSpellings } from "../tests/helpers/admin-paths";
import { describeEachDriver, truncateAll } from "../tests/helpers/db";
import { sendRaw } from "../tests/helpers/hostile-inputs";
import { makePng } from "../tests/helpers/images";
import { uploadsRoot } from "~/modules/media/media.server";
import { commitSessionCookie, createAdminUser, signIn } from "~/modules/auth/auth.server";
import { invalidatePages, listenForInvalidations, pageStore, SITE_TAG } from "~/lib/page-cache.server";

import { derivePromotionFields } from "~/modules/promotions/promotions.schema";
import { seedDemoContent } from "~/seed/demo.server";
import { blogPosts, casinos, promotionCategories, promotionComments, promotions, splashAds } from "~/db/schema";
import type { Actor, CommandResult } from "~/lib/command.server";
import { recordPostView, removePost, savePost, setPostPublished } from "~/modules/blog/blog.server";
import { CasinoFormSchema } from "~/modules/casinos/casinos.schema";
import { removeCasino, saveCasino } from "~/modules/casinos/casinos.server";
import { CategoryFormSchema } from "~/modules/categories/categories.schema";
import { removeCategory, saveCategory } from "~/modules/categories/categories.server";
import { CommentEditSchema } from "~/modules/comments/comments-admin.schema";
import { removeComment, updateComment } from "~/modules/comments/comments-admin.server";
import { createComment } from "~/modules/comments/comments.server";
import { ContentFormSchema, HeroFormSchema } from "~/modules/content/content.schema";
import { saveContentSettings, saveHeroSettings } from "~/modules/content/content.server";
import { DEFAULT_HERO } from "~/modules/content/content";
import { PromotionFormSchema } from "~/modules/promotions/promotions.schema";
import { removePromotion, savePromotion, setPromotionActiveByAdmin } from "~/modules/promotions/promotions.server";
import { SeoFormSchema } from "~/modules/seo/seo.schema";
import { listSeoSettingsForAdmin, saveSeoSetting } from "~/modules/seo/seo.server";
import { SplashAdFormSchema } from "~/modules/splash-ads/splash-ads.schema";
import { removeSplashAd, saveSplashAd, setSplashAdActiveAs } from "~/modules/splash-ads/splash-ads.server";

// ADR 010: a stale page is rendered again at most once a second (the rule, not the constant).
const STALE_REFRESH_MS = 1_000;

// Issue 4: every kind of write shows on the very next request of a cached page. The
// requests go through the production server build, cache included, and its hot path
// before Express, as server.js wires them.
const BUILD = path.resolve(process.env.BUILD_DIR ?? "build", "server/index.js");
// Behind one proxy, with no PUBLIC_SITE_URL: X-Forwarded-Host feeds the rendered links (issue 7, finding 2).
process.env.TRUST_PROXY = "true";
delete process.env.PUBLIC_SITE_URL;

type Page = { status: number; cache: string | null; etag: string | null; body: string; headers: Headers };

// The writes go through the back office's commands (ADR 003), the only write path there is;
// their inputs are what the admin forms' schemas make of a submitted form.
const actor: Actor = { userId: null, email: "onbellek-test@example.com", address: "127.0.0.1" };

/** The saved value of a command that must succeed. */
function saved<T>(result: CommandResult<T>): T {
  if (!result.ok) throw new Error(`command refused: ${JSON.stringify(result.fieldErrors)}`);
  return result.value;
}

const casinoForm = (name: string, description: string) => CasinoFormSchema.parse({ name, url: "https://onbellek.example", logoUrl: "", description });
const promotionForm = (fields: { title: string; shortDescription: string; casinoId?: string; categoryId?: string }) =>
  PromotionFormSchema.parse({ casinoId: "", categoryId: "", imageUrl: "", fullDescription: "", terms: "Şart", url: "https://example.com/yeni", promotionCode: "", expiryDate: "", isActive: "on", ...fields });

describeEachDriver("page cache freshness", ({ db, database, driver }) => {
  let server: http.Server;
  let base = "";

  beforeAll(async () => {
    if (!fs.existsSync(BUILD)) throw new Error("No production build: run `npm run build` (npm test does it)");
    await truncateAll(db());
    await seedDemoContent();
    const built = (await import(/* @vite-ignore */ pathToFileURL(BUILD).href)) as {
      createApp: () => http.RequestListener;
      serveCachedPage: (req: http.IncomingMessage, res: http.ServerResponse, proxyHops: number) => boolean;
    };
    const app = built.createApp();
    server = http.createServer((req, res) => {
      if (!built.serveCachedPage(req, res, 1)) app(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server?.close(() => resolve())));

  const get = async (path: string, headers: Record<string, string> = {}): Promise<Page> => {
    const response = await fetch(base + path, { headers, redirect: "manual" });
    return { status: response.status, cache: response.headers.get("x-cache"), etag: response.headers.get("etag"), body: await response.text(), headers: response.headers };
  };
  /** Requests a page twice and checks the second answer came from the cache. */
  const warm = async (path: string): Promise<Page> => {
    await get(path);
    const page = await get(path);
    expect(page.cache, `${path} should be cached`).toBe("HIT");
    return page;
  };
  /** Asks again (up to 5 s) until the answer passes `done`; the background render is quick. */
  const eventually = async (ask: () => Promise<Page>, done: (page: Page) => boolean): Promise<Page> => {
    const until = Date.now() + 5_000;
    for (;;) {
      const page = await ask();
      if (done(page) || Date.now() > until) return page;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const idOf = async (slug: string) => (await db().select({ id: casinos.id }).from(casinos).where(eq(casinos.slug, slug)))[0]!.id;

  describe("HTTP caching", () => {
    it("answers a matching If-None-Match with 304 and no body, and gives a changed page a new ETag", async () => {
      const page = await warm("/guvenilir-siteler");
      const conditional = await fetch(`${base}/guvenilir-siteler`, { headers: { "If-None-Match": page.etag! } });
      expect(conditional.status).toBe(304);
      expect(await conditional.text()).toBe("");
      // The seeded logo is removed: the list's card changes.
      saved(await saveCasino(actor, await idOf("ege-bet"), casinoForm("Ege Bet", "<p>Yeni açıklama metni burada.</p>")));
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

    // A hostile run got brotli for `br;q=0, gzip;q=0, identity` and for `x-br`.
    it.each([
      ["br, gzip", "br"],
      ["gzip, deflate, br;q=0.5", "br"],
      ["GZIP", "gzip"],
      ["br;q=0, gzip", "gzip"],
      ["br; q=0.0, gzip;q=1", "gzip"],
      ["br;q=0, gzip;q=0, identity", null],
      ["x-br, x-gzip", null],
      ["deflate", null],
      ["", null],
    ])("answers Accept-Encoding %j in %s", async (acceptEncoding, encoding) => {
      await warm("/blog");
      const response = await fetch(`${base}/blog`, { headers: { "Accept-Encoding": acceptEncoding } });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-encoding")).toBe(encoding);
      expect(await response.text()).toContain("</html>");
    });

    // A hostile run: through the page cache an image lost its ETag and length, and each query
    // string read the whole file into memory again.
    it("serves uploaded files as their route does, with ETag and length, never through the page cache", async () => {
      const name = "promotion_1764300000000_abcdefghijkl.png";
      const png = await makePng(40, 30);
      fs.mkdirSync(path.join(uploadsRoot(), "promotions"), { recursive: true });
      fs.writeFileSync(path.join(uploadsRoot(), "promotions", name), png);
      for (const address of [`/media/promotions/${name}`, `/media/promotions/${name}?v=2`, `/MEDIA/promotions/${name}`]) {
        const response = await fetch(base + address);
        expect(response.status, address).toBe(200);
        expect(response.headers.get("x-cache"), address).toBeNull();
        expect(response.headers.get("etag"), address).toMatch(/^"/);
        expect(response.headers.get("content-length"), address).toBe(String(png.length));
        expect(Buffer.from(await response.arrayBuffer()).equals(png)).toBe(true);
      }
      const head = await fetch(`${base}/media/promotions/${name}`, { method: "HEAD" });
      expect(head.headers.get("content-length")).toBe(String(png.length));
      // A file has no route data: React Router answered `.data` with the file serialised as text.
      for (const address of [`/media/promotions/${name}.data`, `/Media/promotions/${name}.data`, `/og/x.jpg.data`]) {
        const data = await fetch(base + address);
        expect(data.status, address).toBe(404);
        expect(await data.text()).toBe("İstek karşılanamadı.");
      }
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
    it("a comment: its promotion's page (document and data) is served once more as it was while one render brings the comment in; other pages stay cached", async () => {
      const [promotion] = await db().select().from(promotions).where(eq(promotions.slug, "anadolu-casino-100-hos-geldin-bonusu"));
      const path = `/bonuslar/anadolu-casino/${promotion!.slug}`;
      await warm(path);
      await warm(`${path}.data`);
      await warm("/");
      const result = await createComment(promotion!.id, { userName: "Önbellek", comment: "Taze yorum görünmeli", rating: 4 }, "9.9.9.9");
      expect(result.ok).toBe(true);
      const store = pageStore();
      // A second after the pages were rendered: a stale page may be rendered again.
      store.now = () => Date.now() + STALE_REFRESH_MS;
      try {
        for (const target of [path, `${path}.data`]) {
          const stale = await get(target);
          expect(stale.cache, target).toBe("STALE");
          expect(stale.body, target).not.toContain("Taze yorum görünmeli");
          expect((await eventually(() => get(target), (page) => page.body.includes("Taze yorum görünmeli"))).cache, target).toBe("HIT");
        }
      } finally {
        store.now = Date.now;
      }
      expect((await get("/")).cache).toBe("HIT");
    });

    it("a comment: the visitor who wrote it sees it on reload at once, while others get the cached page until it is refreshed", async () => {
      const [promotion] = await db().select().from(promotions).where(eq(promotions.slug, "anadolu-casino-100-hos-geldin-bonusu"));
      const path = `/bonuslar/anadolu-casino/${promotion!.slug}`;
      await warm(path);
      const posted = await fetch(`${base}/api/promotions/${promotion!.id}/comments`, {
        method: "POST",
        headers: { "X-Forwarded-For": "9.9.9.21" },
        body: new URLSearchParams({ userName: "Kendi Yorumu", comment: "Yazan hemen görmeli bunu", rating: "5" }),
      });
      expect(posted.status).toBe(201);
      const cookie = posted.headers.getSetCookie().find((c) => c.startsWith("__"))?.split(";")[0];
      expect(cookie).toBeTruthy();
      const own = await get(path, { Cookie: cookie! });
      expect(own.body).toContain("Yazan hemen görmeli bunu");
      expect(own.headers.get("cache-control")).toMatch(/private/);
      // Within the second after the page's render, everyone else still gets the stored page.
      const other = await get(path);
      expect(other.cache).toBe("STALE");
      expect(other.body).not.toContain("Yazan hemen görmeli bunu");
    });

    it("a post view: counted without re-rendering the cached page", async () => {
      const [post] = await db().select().from(blogPosts).where(eq(blogPosts.slug, "cevrim-sarti-nedir-ve-nasil-hesaplanir"));
      await warm(`/blog/${post!.slug}`);
      const response = await fetch(`${base}/api/blog/${post!.id}/view`, { method: "POST" });
      expect(await response.json()).toEqual({ viewCount: post!.viewCount + 1 });
      expect(await recordPostView(post!.id, "another-visitor")).toBe(post!.viewCount + 2);
      expect((await get(`/blog/${post!.slug}`)).cache).toBe("HIT");
    });

    it("a comment edited or deleted by an admin: its promotion's page changes, other pages stay cached", async () => {
      const [promotion] = await db().select().from(promotions).where(eq(promotions.slug, "anadolu-casino-100-hos-geldin-bonusu"));
      const path = `/bonuslar/anadolu-casino/${promotion!.slug}`;
      const posted = await createComment(promotion!.id, { userName: "Moderasyon", comment: "Düzenlenecek yorum burada", rating: 2 }, "9.9.9.10");
      if (!posted.ok) throw new Error(posted.message);
      // The visitor's comment is in once its background render is done (see the test above).
      const store = pageStore();
      store.now = () => Date.now() + STALE_REFRESH_MS;
      try {
        for (const target of [path, `${path}.data`]) await eventually(() => get(target), (page) => page.cache === "HIT" && page.body.includes("Düzenlenecek yorum burada"));
      } finally {
        store.now = Date.now;
      }
      await warm(path);
      await warm(`${path}.data`);
      await warm("/");
      saved(await updateComment(actor, CommentEditSchema.parse({ intent: "update", id: posted.comment.id, userName: "Moderasyon", comment: "Yönetici düzeltti bu yorumu", rating: "3" })));
      const edited = await get(path);
      expect(edited.body).toContain("Yönetici düzeltti bu yorumu");
      expect(edited.body).not.toContain("Düzenlenecek yorum burada");
      expect((await get(`${path}.data`)).body).toContain("Yönetici düzeltti bu yorumu");
      await warm(path);
      saved(await removeComment(actor, posted.comment.id));
      expect((await get(path)).body).not.toContain("Yönetici düzeltti bu yorumu");
      expect((await get("/")).cache).toBe("HIT");
      expect(await db().select().from(promotionComments).where(eq(promotionComments.id, posted.comment.id))).toEqual([]);
    });

    it("promotions: create, update, deactivate, activate, delete", async () => {
      const galata = await idOf("galata-casino");
      await warm("/bonuslar");
      const created = saved(await savePromotion(actor, null, promotionForm({ title: "Önbellek Testi Yeni Bonus", shortDescription: "Yeni eklenen bonus açıklaması", casinoId: galata })));
      expect((await get("/bonuslar")).body).toContain("Önbellek Testi Yeni Bonus");

      await warm("/bonuslar");
      saved(await savePromotion(actor, created.id, promotionForm({ title: "Önbellek Testi Güncel Bonus", shortDescription: "Güncel açıklama metni", casinoId: galata })));
      const updated = await get("/bonuslar");
      expect(updated.body).toContain("Önbellek Testi Güncel Bonus");
      expect(updated.body).not.toContain("Önbellek Testi Yeni Bonus");

      await warm("/casino/galata-casino");
      saved(await setPromotionActiveByAdmin(actor, created.id, false));
      expect((await get("/casino/galata-casino")).body).not.toContain("Önbellek Testi Güncel Bonus");

      await warm("/casino/galata-casino");
      saved(await setPromotionActiveByAdmin(actor, created.id, true));
      expect((await get("/casino/galata-casino")).body).toContain("Önbellek Testi Güncel Bonus");

      await warm("/bonuslar");
      saved(await removePromotion(actor, created.id));
      expect((await get("/bonuslar")).body).not.toContain("Önbellek Testi Güncel Bonus");
    });

    it("casinos: create, rename, delete", async () => {
      await warm("/guvenilir-siteler");
      const casino = saved(await saveCasino(actor, null, casinoForm("Önbellek Casino", "<p>Önbellek testi için casino.</p>")));
      expect((await get("/guvenilir-siteler")).body).toContain("Önbellek Casino");
      await warm("/sitemap.xml");
      saved(await saveCasino(actor, casino.id, casinoForm("Tazelik Casino", "<p>Yeni adıyla casino.</p>")));
      expect((await get("/guvenilir-siteler")).body).toContain("Tazelik Casino");
      expect((await get("/sitemap.xml")).body).toContain("/casino/tazelik-casino");
      await warm("/guvenilir-siteler");
      saved(await removeCasino(actor, casino.id));
      expect((await get("/guvenilir-siteler")).body).not.toContain("Tazelik Casino");
    });

    it("categories: create, rename (chips and cards), delete", async () => {
      await warm("/bonuslar");
      const category = saved(await saveCategory(actor, CategoryFormSchema.parse({ intent: "create", name: "Turnuva Bonusu", slug: "turnuva-bonusu", description: "", isActive: "on" })));
      saved(await savePromotion(actor, null, promotionForm({ title: "Turnuva Ödül Bonusu", shortDescription: "Turnuva ödülü açıklaması", categoryId: category.id })));
      expect((await get("/bonuslar")).body).toContain("Turnuva Bonusu");
      await warm("/bonuslar");
      saved(await saveCategory(actor, CategoryFormSchema.parse({ intent: "update", id: category.id, name: "Turnuva Ödülleri", slug: "turnuva-bonusu", description: "", isActive: "on" })));
      const renamed = await get("/bonuslar");
      expect(renamed.body).toContain("Turnuva Ödülleri");
      expect(renamed.body).not.toContain("Turnuva Bonusu<");
      const empty = saved(await saveCategory(actor, CategoryFormSchema.parse({ intent: "create", name: "Boş Kategori", slug: "bos-kategori", description: "", isActive: "on" })));
      await warm("/bonuslar");
      // A refused delete writes nothing and drops nothing; the allowed one drops the pages.
      expect(await removeCategory(actor, category.id)).toEqual({ ok: false, fieldErrors: { "": ["Bu kategori kullanımda olduğu için silinemez"] } });
      expect((await get("/bonuslar")).cache).toBe("HIT");
      saved(await removeCategory(actor, empty.id));
      expect((await get("/bonuslar")).cache).toBe("MISS");
      expect(await db().select().from(promotionCategories).where(eq(promotionCategories.id, empty.id))).toEqual([]);
    });

    it("posts: create, publish, edit, unpublish, delete", async () => {
      await warm("/blog");
      const content = "<p>İçerik en az elli karakter uzunluğunda olmalı, öyle.</p>";
      const post = saved(await savePost(actor, null, { title: "Önbellek Yazısı", excerpt: "Önbellek yazısının özeti burada.", content, category: "Rehber" }));
      expect((await get("/blog")).body).not.toContain("Önbellek Yazısı"); // a draft
      saved(await setPostPublished(actor, post.id, true));
      expect((await get("/blog")).body).toContain("Önbellek Yazısı");
      await warm(`/blog/${post.slug}`);
      saved(await savePost(actor, post.id, { title: "Önbellek Yazısı", slug: post.slug, excerpt: "Değişmiş özet metni burada.", content, category: "Rehber" }));
      expect((await get(`/blog/${post.slug}`)).body).toContain("Değişmiş özet metni burada.");
      await warm("/");
      saved(await setPostPublished(actor, post.id, false));
      expect((await get(`/blog/${post.slug}`)).status).toBe(404);
      saved(await setPostPublished(actor, post.id, true));
      await warm(`/blog/${post.slug}`);
      saved(await removePost(actor, post.id));
      expect((await get(`/blog/${post.slug}`)).status).toBe(404);
    });

    it("the hero and the blog section text", async () => {
      await warm("/");
      saved(await saveHeroSettings(actor, HeroFormSchema.parse({ intent: "hero", ...DEFAULT_HERO, mainTitle: "Önbellek tazeliği için yeni başlık" })));
      expect((await get("/")).body).toContain("Önbellek tazeliği için yeni başlık");
      await warm("/");
      saved(await saveContentSettings(actor, ContentFormSchema.parse({ intent: "content", blogSectionText: "<p>Yeni bölüm metni önbellekten geçmeli</p>" })));
      expect((await get("/")).body).toContain("Yeni bölüm metni önbellekten geçmeli");
    });

    it("SEO settings", async () => {
      // The SEO screen lists (and, the first time, creates) a row per page; the form saves one by id.
      const row = (await listSeoSettingsForAdmin()).find((setting) => setting.pagePath === "/bonuslar")!;
      await warm("/bonuslar");
      saved(await saveSeoSetting(actor, SeoFormSchema.parse({ id: row.id, title: "Yepyeni Bonus Başlığı", description: "Yeni açıklama", keywords: "yeni" })));
      expect((await get("/bonuslar")).body).toContain("<title>Yepyeni Bonus Başlığı</title>");
    });

    it("splash ads: create, edit, deactivate, activate, delete", async () => {
      const form = (title: string) => SplashAdFormSchema.parse({ title, href: "https://example.com/r", imageUrl: "/demo/splash-1.svg", isActive: "on" });
      await warm("/blog");
      const ad = saved(await saveSplashAd(actor, null, form("Önbellek Reklamı")));
      expect((await get("/blog")).body).toContain("Önbellek Reklamı");
      await warm("/blog");
      saved(await saveSplashAd(actor, ad.id, form("Önbellek Reklamı Yeni")));
      expect((await get("/blog")).body).toContain("Önbellek Reklamı Yeni");
      await warm("/blog");
      saved(await setSplashAdActiveAs(actor, ad.id, false));
      expect((await get("/blog")).body).not.toContain("Önbellek Reklamı");
      expect((await db().select().from(splashAds).where(eq(splashAds.id, ad.id)))[0]!.isActive).toBe(false);
      await warm("/blog");
      saved(await setSplashAdActiveAs(actor, ad.id, true));
      expect((await get("/blog")).body).toContain("Önbellek Reklamı Yeni");
      await warm("/blog");
      saved(await removeSplashAd(actor, ad.id));
      expect((await get("/blog")).body).not.toContain("Önbellek Reklamı");
    });

  });
  describe("what may be shared (issue 7, findings 1 and 2)", () => {
    const ADMIN_EMAIL = "onbellek-admin@example.com";
    let sessionCookie = "";

    beforeAll(async () => {
      await createAdminUser(ADMIN_EMAIL, "onbellek-sifre-123");
      const signedIn = await signIn({ email: ADMIN_EMAIL, password: "onbellek-sifre-123" }, "10.20.30.40");
      if (!signedIn.ok) throw new Error(signedIn.message);
      sessionCookie = (await commitSessionCookie(new Request("http://127.0.0.1/"), signedIn.token)).split(";")[0]!;
    });

    const adminPaths = adminRoutePaths(routes);

    it("finds every admin route of routes.ts, guarded or not", () => {
      expect(adminPaths).toEqual(expect.arrayContaining(["/admin", "/admin/login", "/admin/logout", "/admin/dashboard", "/admin/settings", "/admin/blog/new"]));
      expect(adminPaths.length).toBeGreaterThanOrEqual(22);
    });

    it("never stores or shares an admin page, however its URL is spelled, with or without a session", async () => {
      const storedBefore = pageStore().stats.stored;
      const signedBodies: string[] = [];
      for (const adminPath of adminPaths) {
        for (const spelling of [adminPath, ...adminSpellings(adminPath)]) {
          // A signed-in admin follows a link to the odd spelling first; then anyone asks for it.
          // Sent as written: fetch would turn a backslash into a slash.
          const signed = await sendRaw(base, { method: "GET", path: spelling, headers: { Cookie: sessionCookie } });
          signedBodies.push(signed.body);
          const anonymous = await sendRaw(base, { method: "GET", path: spelling });
          for (const [who, response] of [["signed in", signed], ["anonymous", anonymous]] as const) {
            const where = `${who} ${spelling}`;
            expect(response.headers["cache-control"], where).toBe("private, no-store");
            expect(response.headers["x-cache"], where).toBeUndefined();
            expect(response.headers["x-cache-share"], where).toBeUndefined();
          }
          expect(anonymous.body, spelling).not.toContain(ADMIN_EMAIL);
        }
      }
      // The session works under these spellings: the admin saw their pages, so the sweep meant something.
      expect(signedBodies.filter((body) => body.includes(ADMIN_EMAIL)).length).toBeGreaterThan(adminPaths.length);
      expect(pageStore().stats.stored).toBe(storedBefore);
    });

    it("answers a visitor carrying the site's cookies from no cache and keeps nothing rendered for them", async () => {
      await warm("/guvenilir-siteler");
      for (const cookie of [sessionCookie, "__toast=abc", "__fresh=1", `_ga=GA1.1; ${sessionCookie}`]) {
        const storedBefore = pageStore().stats.stored;
        const page = await get("/guvenilir-siteler", { Cookie: cookie });
        expect(page.status).toBe(200);
        expect(page.cache, cookie).toBeNull();
        expect(page.headers.get("cache-control"), cookie).toMatch(/^private/);
        expect(page.headers.get("x-cache-share"), cookie).toBeNull();
        expect(pageStore().stats.stored).toBe(storedBefore);
      }
      // Someone else's cookies (analytics, a CDN's bot check) do not make a page personal,
      // not even those whose names start like the site's own.
      for (const cookie of ["_ga=GA1.1", "__cf_bm=abc.def; __utma=1.2.3", "__admin_sessionx=1; __toast_=2"]) {
        expect((await get("/guvenilir-siteler", { Cookie: cookie })).cache, cookie).toBe("HIT");
      }
    });

    it("never sends its own headers, on a miss, a hit or a page rendered for one visitor", async () => {
      const [promotion] = await db().select().from(promotions).where(eq(promotions.slug, "anadolu-casino-100-hos-geldin-bonusu"));
      const detail = `/bonuslar/anadolu-casino/${promotion!.slug}`;
      pageStore().invalidate([SITE_TAG]);
      for (const page of [await get(detail), await get(detail), await get(detail, { Cookie: sessionCookie }), await get("/api/promotions/x/comments")]) {
        for (const name of ["x-cache-share", "x-cache-tags", "x-cache-params"]) expect(page.headers.get(name), name).toBeNull();
      }
    });

    it("never lets a forwarded host poison the pages other visitors get", async () => {
      const [post] = await db().select().from(blogPosts).where(eq(blogPosts.isPublished, true)).limit(1);
      for (const target of ["/", "/sitemap.xml", "/robots.txt", "/bonuslar", `/blog/${post!.slug}`]) {
        // The attacker's answer does carry their host: the header feeds the links...
        await get(target, { "X-Forwarded-Host": "evil.example" });
        const poisoned = await get(target, { "X-Forwarded-Host": "evil.example" });
        expect(poisoned.body, target).toContain("evil.example");
        // ...but the site's visitors, through the proxy or not, never get it.
        const visitor = await get(target, { "X-Forwarded-Host": "bonus.example" });
        expect(visitor.status, target).toBe(200);
        expect(visitor.body, target).toContain("//bonus.example");
        expect(visitor.body, target).not.toContain("evil.example");
        expect((await get(target)).body, target).not.toContain("evil.example");
        expect((await get(target, { "X-Forwarded-Host": "bonus.example" })).body, target).not.toContain("evil.example");
      }
    });

    it("never lets a raw '#' in the target put one page in the cache under another page's query", async () => {
      // helper-68: the key read 'q=anadolu' behind the '#', the render's URL ended at it, and
      // everyone's search for 'anadolu' then got the unfiltered list; '/blog?#&sayfa=2' put
      // page 1 where 'no page 2' belongs. A browser never sends a fragment: refused, on the
      // hot path too (the second round asks with the real pages already cached).
      const searched = 'name="q" value="anadolu"';
      for (const round of ["cold", "warm"]) {
        for (const raw of ["/bonuslar?_=#&q=anadolu", "/bonuslar#?q=anadolu", "/blog?#&sayfa=2"]) {
          const refused = await sendRaw(base, { method: "GET", path: raw });
          expect(refused.status, `${round} ${raw}`).toBe(400);
          expect(refused.body, `${round} ${raw}`).toBe("Geçersiz istek. Lütfen adresi kontrol edip tekrar deneyin.");
        }
        const search = await get("/bonuslar?q=anadolu");
        expect(search.status, round).toBe(200);
        expect(search.body, round).toContain(searched);
        expect((await get("/blog?sayfa=2")).status, round).toBe(404);
        if (round === "cold") expect((await get("/bonuslar?q=anadolu")).cache).toBe("HIT");
      }
    });
  });

  describe("the cache under writes, floods and time (issue 7, finding 14)", () => {
    const store = pageStore();
    afterEach(() => {
      store.onRender = undefined;
      store.now = Date.now;
      store.resize();
    });
    /** Renders per cache key while `run` runs. */
    const countRenders = async (run: () => Promise<void>): Promise<Map<string, number>> => {
      const renders = new Map<string, number>();
      store.onRender = (key) => renders.set(new URL(key).pathname + new URL(key).search, (renders.get(new URL(key).pathname + new URL(key).search) ?? 0) + 1);
      await run();
      store.onRender = undefined;
      return renders;
    };
    const slugsOf = async () => {
      const [a] = await db().select().from(promotions).where(eq(promotions.slug, "anadolu-casino-100-hos-geldin-bonusu"));
      const [b] = await db()
        .select({ slug: promotions.slug, casinoSlug: casinos.slug })
        .from(promotions)
        .innerJoin(casinos, eq(casinos.id, promotions.casinoId))
        .where(and(eq(promotions.isActive, true), ne(promotions.id, a!.id), ne(promotions.casinoId, a!.casinoId!)))
        .limit(1);
      return { a: a!, aPath: `/bonuslar/anadolu-casino/${a!.slug}`, bPath: `/bonuslar/${b!.casinoSlug}/${b!.slug}` };
    };

    it("64 concurrent misses for one page cause one render", async () => {
      store.invalidate([SITE_TAG]);
      let answers: Page[] = [];
      const renders = await countRenders(async () => {
        answers = await Promise.all(Array.from({ length: 64 }, () => get("/bonuslar")));
      });
      expect(renders.get("/bonuslar")).toBe(1);
      expect(new Set(answers.map((a) => `${a.status} ${a.etag}`))).toEqual(new Set([`200 ${answers[0]!.etag}`]));
    });

    it("keeps every page that does not show a promotion cached under a steady stream of comments on it", async () => {
      const { a, aPath, bPath } = await slugsOf();
      const others = ["/", "/bonuslar", "/blog", "/guvenilir-siteler", bPath, `${bPath}.data`];
      store.invalidate([SITE_TAG]);
      let lastComment = "";
      let reading = true;
      let written = 0;
      const streamStarted = Date.now();
      const renders = await countRenders(async () => {
        // Comments keep coming for as long as the pages are read.
        const comment = async () => {
          lastComment = `Akış yorumu numara ${written} burada`;
          const result = await createComment(a.id, { userName: `Akış ${written}`, comment: lastComment, rating: 5 }, `10.77.${written % 250}.${Math.floor(written / 250) + 1}`);
          expect(result.ok).toBe(true);
          written++;
        };
        await comment();
        const comments = (async () => {
          while (reading) {
            await comment();
            // PGlite answers without a turn of the event loop: let the readers' requests in.
            await new Promise((resolve) => setImmediate(resolve));
          }
        })();
        await Promise.all(
          Array.from({ length: 3 }, async () => {
            for (let round = 0; round < 15; round++) await Promise.all([...others, aPath].map((p) => get(p)));
          }),
        );
        reading = false;
        await comments;
      });
      expect(written).toBeGreaterThan(10);
      for (const other of others) expect(renders.get(other), other).toBe(1);
      for (const other of others) expect((await get(other)).cache, other).toBe("HIT");
      // The promotion's own page follows its comments, a render at most once a second.
      // The first request after the cache was emptied renders; then one render a second at most.
      expect(renders.get(aPath) ?? 0).toBeLessThanOrEqual(1 + Math.ceil((Date.now() - streamStarted) / STALE_REFRESH_MS));
      store.now = () => Date.now() + STALE_REFRESH_MS;
      expect((await eventually(() => get(aPath), (page) => page.body.includes(lastComment))).cache).toBe("HIT");
    });

    it("lets a stale page start a background render once a second, also when the last one could not replace it", () => {
      let clock = 1_000_000;
      store.now = () => clock;
      const page = { status: 200, headers: [], body: Buffer.from("x"), encoded: {}, etag: "W/\"x\"", tags: [SITE_TAG], renderedAt: clock, expiresAt: clock + store.maxAgeMs, stale: true };
      // Rendered just now: not yet.
      expect(store.refreshDue(page)).toBe(false);
      clock += STALE_REFRESH_MS;
      expect(store.refreshDue(page)).toBe(true);
      // That render failed (the page is still the old one): the next waits another second.
      expect(store.refreshDue(page)).toBe(false);
      clock += STALE_REFRESH_MS - 1;
      expect(store.refreshDue(page)).toBe(false);
      clock += 1;
      expect(store.refreshDue(page)).toBe(true);
    });

    it("serves a page whose comments changed from the cache while one render replaces it, at most one render a second", async () => {
      const { a, aPath } = await slugsOf();
      await warm(aPath);
      let clock = Date.now();
      store.now = () => clock;
      const renders = await countRenders(async () => {
        for (let n = 0; n < 5; n++) {
          const result = await createComment(a.id, { userName: `Saniye ${n}`, comment: `Aynı saniyede yorum ${n} burada`, rating: 4 }, `10.78.0.${n + 1}`);
          expect(result.ok).toBe(true);
          // Within the second after the render: served stale, nothing rendered.
          const page = await get(aPath);
          expect(page.cache).toBe("STALE");
          expect(page.body).not.toContain(`Aynı saniyede yorum ${n} burada`);
        }
      });
      expect(renders.get(aPath) ?? 0).toBe(0);
      clock += STALE_REFRESH_MS;
      const refreshed = await countRenders(async () => {
        await Promise.all(Array.from({ length: 20 }, () => get(aPath)));
        await eventually(() => get(aPath), (page) => page.body.includes("Aynı saniyede yorum 4 burada"));
      });
      expect(refreshed.get(aPath)).toBe(1);
    });

    it("lets no unique query string evict the pages everyone reads, nor create entries for parameters pages ignore", async () => {
      // Room for the hot pages, and for a few searches: far less than the flood below.
      store.resize({ probation: 256 * 1024, main: 1024 * 1024 });
      const hot = ["/", "/bonuslar", "/blog"];
      for (const page of hot) await warm(page);
      // Parameters the pages do not read, or read as the default: the cached page answers.
      const ignored = await countRenders(async () => {
        for (let i = 0; i < 60; i++) {
          await get(`/?x=${i}`);
          await get(`/blog?utm_source=${i}&sayfa=1`);
          await get(`/bonuslar?q=&sayfa=abc${i}&kategori=&fbclid=${i}`);
        }
      });
      expect([...ignored.keys()]).toEqual([]);
      // Searches are pages of their own: each is rendered, none pushes the hot pages out.
      const searches = await countRenders(async () => {
        for (let i = 0; i < 80; i++) await get(`/bonuslar?q=${i % 2 ? "bonus" : "casino"}+${i}`);
      });
      expect([...searches.values()].reduce((sum, n) => sum + n, 0)).toBe(80);
      for (const page of hot) expect((await get(page)).cache, page).toBe("HIT");
      expect(store.bytes).toBeLessThanOrEqual(1280 * 1024);
    });

    it("drops a promotion from the lists the moment its expiry passes", async () => {
      const soon = new Date(Date.now() + 10_000);
      // The form's expiry has minutes; this one passes within the test, so the parsed input gets an exact moment.
      const form = promotionForm({ title: "Süresi Dolan Önbellek Bonusu", shortDescription: "Birazdan sona eren bonus", casinoId: await idOf("galata-casino") });
      saved(await savePromotion(actor, null, { ...form, expiryDate: soon }));
      for (const list of ["/", "/bonuslar", "/casino/galata-casino"]) expect((await warm(list)).body, list).toContain("Süresi Dolan Önbellek Bonusu");
      await store.expirySettled();
      // Ten seconds pass (the page lifetime is longer): the store's clock, and the row as the database sees it.
      store.now = () => Date.now() + 10_001;
      await db().update(promotions).set({ expiryDate: new Date(Date.now() - 1) }).where(eq(promotions.title, "Süresi Dolan Önbellek Bonusu"));
      for (const list of ["/", "/bonuslar", "/casino/galata-casino"]) {
        const page = await get(list);
        expect(page.cache, list).toBe("MISS");
        expect(page.body, list).not.toContain("Süresi Dolan Önbellek Bonusu");
      }
    });

    it("shows a write made outside the domain functions once the page lifetime has passed", async () => {
      await warm("/bonuslar");
      const title = "Elle Eklenen Önbellek Bonusu";
      const description = "<p>Doğrudan veritabanına yazıldı</p>";
      await db().insert(promotions).values({ title, description, url: "https://example.com/elle", terms: [], ...derivePromotionFields(title, description) });
      const before = await get("/bonuslar");
      expect(before.cache).toBe("HIT");
      expect(before.body).not.toContain(title);
      store.now = () => Date.now() + store.maxAgeMs;
      const after = await get("/bonuslar");
      expect(after.cache).toBe("MISS");
      expect(after.body).toContain(title);
    });

    it("keeps no page longer than the oldest kept read it was rendered from (ADR 013), so a write made with SQL still shows within a lifetime", async () => {
      await warm("/guvenilir-siteler"); // the casino directory is read now...
      store.now = () => Date.now() + store.maxAgeMs - 1_000; // ...and / is first rendered from it a second before it must go
      const name = "Aa Elle Eklenen Casino"; // first in Turkish order: among the home page's casinos
      await db().insert(casinos).values({ name, slug: "aa-elle-eklenen-casino", url: "https://elle.example.com" });
      expect((await get("/")).body).not.toContain(name);
      expect((await get("/")).cache).toBe("HIT");
      store.now = () => Date.now() + store.maxAgeMs;
      const after = await get("/");
      expect(after.cache).toBe("MISS");
      expect(after.body).toContain(name);
    });

    it.runIf(driver === "postgres")("tells other processes only about writes that drop pages: a write that drops none sends no notice", async () => {
      // Another process reads a notice without tags as "drop every page".
      const listener = await database().pool!.connect();
      const notices: string[] = [];
      listener.on("notification", (message) => notices.push(message.payload ?? ""));
      try {
        await listener.query("listen page_cache_invalidate");
        await invalidatePages();
        await invalidatePages("promotion:00000000-0000-4000-8000-000000000001");
        await vi.waitFor(() => expect(notices.length).toBeGreaterThan(0), { timeout: 5_000 });
        expect(notices).toHaveLength(1);
        expect(notices[0]).toContain("promotion:00000000-0000-4000-8000-000000000001");
      } finally {
        await listener.query("unlisten page_cache_invalidate").catch(() => {});
        listener.release();
      }
    });

    it.runIf(driver === "postgres")("listens again after its connection is cut: one listener, and other processes' writes are heard again", async () => {
      const pool = database().pool!;
      const listeners = async () =>
        (await pool.query<{ pid: number }>("select pid from pg_stat_activity where datname = current_database() and query = 'listen page_cache_invalidate' and pid <> pg_backend_pid()")).rows;
      const stopListening = listenForInvalidations(pool);
      try {
        await vi.waitFor(async () => expect(await listeners()).toHaveLength(1), { timeout: 10_000 });
        const [cut] = await listeners();
        await pool.query("select pg_terminate_backend($1)", [cut!.pid]);
        // One new listener (a second would hold a pooled connection for ever).
        await vi.waitFor(async () => expect((await listeners()).map((row) => row.pid !== cut!.pid)).toEqual([true]), { timeout: 10_000 });
        // Another process's write (its notice) drops this process's page again.
        await warm("/blog");
        await pool.query("select pg_notify('page_cache_invalidate', 'from:another-process site')");
        await vi.waitFor(async () => expect((await get("/blog")).cache).toBe("MISS"), { timeout: 5_000 });
      } finally {
        await stopListening();
      }
      expect(await listeners()).toHaveLength(0);
    });

    it.runIf(driver === "postgres")("shows what seed:scale added at once: the command tells the running server", async () => {
      const stopListening = listenForInvalidations(database().pool!);
      try {
        // The listener starts by dropping everything; wait until it is in place.
        await vi.waitFor(async () => expect((await warm("/bonuslar")).cache).toBe("HIT"), { timeout: 10_000 });
        const seed = spawnSync(process.execPath, ["node_modules/tsx/dist/cli.mjs", "scripts/seed-scale.ts", "--promotions", "3"], {
          env: { ...process.env, DATABASE_URL: (database().pool!.options as { connectionString: string }).connectionString },
          encoding: "utf8",
        });
        expect(seed.status, seed.stderr).toBe(0);
        // The notice arrives asynchronously, well within the page lifetime.
        await vi.waitFor(async () => expect((await get("/bonuslar")).body).toContain("Ölçek Bonusu 1 "), { timeout: 10_000 });
        // ...and what every page reads once between writes (ADR 013): the new category's chip.
        expect((await get("/bonuslar")).body).toContain("Ölçek Kategorisi");
      } finally {
        await stopListening();
      }
    });
  });
});
