import { asc, count, desc, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { describeEachDriver, truncateAll } from "../../../../tests/helpers/db";
import { callAdmin, createAdminSession, createNonAdminSession, outcomeOf, toastOf, type TestSession } from "../../../../tests/helpers/admin";
import { allowOnlyOutbound } from "../../../../tests/helpers/fake-indexnow";
import { callRoute } from "../../../../tests/helpers/routes";
import { auditLog, blogPosts, indexNowQueue, type BlogPost } from "~/db/schema";
import { pageStore, SITE_TAG } from "~/lib/page-cache.server";
import type { BlogPostEditorValue, BlogPostListItem } from "~/modules/blog/blog.schema";
import { configureAi } from "~/modules/ai/ai.server";
import { configureIndexNow } from "~/modules/indexing/indexing.server";
import { buildMeta } from "~/modules/seo/seo";
import { insertPost } from "~/seed/factories.server";
import { getDb } from "~/db/index.server";
import { actorOf } from "~/lib/command.server";
import { insertPostsInTx, publishDraftsInTx } from "~/modules/blog/blog.server";
import { loader as publicBlogLoader } from "../../public/blog";
import { loader as publicPostLoader } from "../../public/blog-post";
import { action as editorAction, loader as editLoader } from "./edit";
import { action as listAction, loader as listLoader } from "./list";
import { action as newAction, loader as newLoader } from "./new";

type ListData = { list: { items: BlogPostListItem[]; total: number; page: number; pageCount: number } };
type EditorData = { post: BlogPostEditorValue | null; categories: string[]; ai: { configured: boolean; pendingJob: unknown } };

const MISSING = "00000000-0000-4000-8000-000000000000";
const CONTENT = "<p>Çevrim şartı, bir bonusun çekilebilir hale gelmesi için yatırılması gereken tutardır.</p>";

/** The flash toast a redirect carries, as the next page would read it. */
const form = (change: Record<string, string> = {}): Record<string, string> => ({
  title: "Çevrim Şartı Nasıl Hesaplanır?",
  category: "Rehber",
  excerpt: "Çevrim şartını adım adım hesaplayın.",
  content: CONTENT,
  imageUrl: "https://cdn.example/cevrim.png",
  seoTitle: "Çevrim Şartı Hesaplama | Rehber",
  seoDescription: "Bonus çevrim şartı nedir, nasıl hesaplanır? Örneklerle anlatım.",
  seoKeywords: "çevrim şartı, bonus, hesaplama",
  slug: "",
  ...change,
});

describeEachDriver("admin blog", ({ db }) => {
  let admin: TestSession;
  let refused: string[];
  beforeEach(async () => {
    await truncateAll(db());
    await db().delete(indexNowQueue);
    admin = await createAdminSession("yazar@example.com");
    configureIndexNow(null);
    // A save never waits for a search engine: no outbound request at all.
    refused = allowOnlyOutbound();
  });
  afterEach(() => {
    configureIndexNow(undefined);
    vi.unstubAllGlobals();
    expect(refused, "unexpected outbound request").toEqual([]);
  });
  const useIndexNow = () => configureIndexNow({ key: "blog-test-key", endpoint: "http://127.0.0.1:9/indexnow", siteUrl: "https://bonus.example", timeoutMs: 1_000 });
  const queue = () => db().select({ path: indexNowQueue.path, reason: indexNowQueue.reason, entityType: indexNowQueue.entityType, entityId: indexNowQueue.entityId, status: indexNowQueue.status }).from(indexNowQueue).orderBy(asc(indexNowQueue.id));
  const postCount = async () => (await db().select({ n: count() }).from(blogPosts))[0]!.n;
  const rowOf = async (id: string): Promise<BlogPost> => (await db().select().from(blogPosts).where(eq(blogPosts.id, id)))[0]!;
  const onlyPost = async (): Promise<BlogPost> => {
    const rows = await db().select().from(blogPosts);
    expect(rows).toHaveLength(1);
    return rows[0]!;
  };
  const list = async (query = "") => (outcomeOf(await callAdmin(listLoader, `/admin/blog${query}`, { session: admin })).data as ListData).list;
  const post = (action: "publish" | "unpublish" | "delete", id: string, url = "/admin/blog") => callAdmin(listAction, url, { session: admin, form: { intent: action, id } });
  const isPublic = async (slug: string) => {
    try {
      await callRoute(publicPostLoader, `/blog/${slug}`, { params: { id: slug } });
      return true;
    } catch (error) {
      if ((error as { init?: { status?: number } }).init?.status === 404) return false;
      throw error;
    }
  };

  describe("the editor's action", () => {
    it("creates a draft with the slug built from the title and returns to the list with a toast", async () => {
      const result = await callAdmin(newAction, "/admin/blog/new", { session: admin, form: form() });
      expect(outcomeOf(result)).toMatchObject({ status: 302, location: "/admin/blog" });
      expect(await toastOf(result)).toBe("Blog yazısı başarıyla eklendi");
      const row = await onlyPost();
      expect(row).toMatchObject({
        title: "Çevrim Şartı Nasıl Hesaplanır?",
        slug: "cevrim-sarti-nasil-hesaplanir",
        category: "Rehber",
        excerpt: "Çevrim şartını adım adım hesaplayın.",
        content: CONTENT,
        imageUrl: "https://cdn.example/cevrim.png",
        seoTitle: "Çevrim Şartı Hesaplama | Rehber",
        seoDescription: "Bonus çevrim şartı nedir, nasıl hesaplanır? Örneklerle anlatım.",
        seoKeywords: "çevrim şartı, bonus, hesaplama",
        // admin.md §4: manually created posts start as drafts.
        isPublished: false,
        publishedAt: null,
        viewCount: 0,
      });
      expect(await isPublic("cevrim-sarti-nasil-hesaplanir")).toBe(false);
      const [entry] = await db().select().from(auditLog).orderBy(desc(auditLog.id));
      expect(entry).toMatchObject({ action: "blog-post.create", outcome: "success", entityId: row.id, actorId: admin.userId, summary: "Çevrim Şartı Nasıl Hesaplanır?" });
    });

    it("saves empty optional fields as null and sanitises the content", async () => {
      await callAdmin(newAction, "/admin/blog/new", {
        session: admin,
        form: form({ imageUrl: "", seoTitle: "  ", seoDescription: "", seoKeywords: "", content: `<p onclick="x()">${"Güvenli metin ".repeat(5)}<script>alert(1)</script></p>` }),
      });
      const row = await onlyPost();
      expect(row).toMatchObject({ imageUrl: null, seoTitle: null, seoDescription: null, seoKeywords: null });
      expect(row.content).toBe(`<p>${"Güvenli metin ".repeat(5)}</p>`);
    });

    it("builds a typed slug by the slug rule of public-site.md §5.2", async () => {
      await callAdmin(newAction, "/admin/blog/new", { session: admin, form: form({ slug: "  Özel Çevrim Adresi!  " }) });
      expect((await onlyPost()).slug).toBe("ozel-cevrim-adresi");
    });

    it.each([
      ["title", { title: "B" }, "Blog başlığı en az 2 karakter olmalıdır"],
      ["title", { title: "   " }, "Blog başlığı en az 2 karakter olmalıdır"],
      ["title", { title: "Başlık\u0000" }, "Geçersiz karakter içeriyor"],
      ["category", { category: "" }, "Kategori giriniz"],
      ["category", { category: "   " }, "Kategori giriniz"],
      ["excerpt", { excerpt: "Kısa özet" }, "Özet en az 10 karakter olmalıdır"],
      ["content", { content: `<p>${"ç".repeat(49)}</p>` }, "İçerik en az 50 karakter olmalıdır"],
      ["content", { content: "<p></p>".repeat(20) }, "İçerik en az 50 karakter olmalıdır"],
      ["content", { content: "" }, "İçerik en az 50 karakter olmalıdır"],
      ["imageUrl", { imageUrl: "resim" }, "Geçerli bir görsel URL giriniz"],
      ["imageUrl", { imageUrl: "javascript:alert(1)" }, "Geçerli bir görsel URL giriniz"],
    ])("refuses a bad %s with its §5 message beside the field and writes nothing", async (field, change, message) => {
      useIndexNow();
      const outcome = outcomeOf(await callAdmin(newAction, "/admin/blog/new", { session: admin, form: form(change) }));
      expect(outcome.status).toBe(400);
      expect(outcome.errors?.[field]).toEqual([message]);
      expect(await postCount()).toBe(0);
      expect(await queue()).toEqual([]);
    });

    it("counts content by its visible text: 50 characters are enough, 49 are not", async () => {
      const text = (n: number) => `<p><strong>${"a".repeat(n - 10)}</strong>${"b".repeat(10)}</p>`;
      expect(outcomeOf(await callAdmin(newAction, "/admin/blog/new", { session: admin, form: form({ content: text(49) }) })).errors?.content).toEqual(["İçerik en az 50 karakter olmalıdır"]);
      expect(outcomeOf(await callAdmin(newAction, "/admin/blog/new", { session: admin, form: form({ content: text(50) }) })).status).toBe(302);
      expect(await postCount()).toBe(1);
    });

    it("refuses a slug another post has, typed or built from the title, beside the slug field, never a 500", async () => {
      const other = await insertPost(db(), { title: "Başka Yazı", slug: "cevrim-sarti-nasil-hesaplanir" });
      const fromTitle = outcomeOf(await callAdmin(newAction, "/admin/blog/new", { session: admin, form: form() }));
      expect(fromTitle.status).toBe(400);
      expect(fromTitle.errors?.slug).toEqual(['Başlıktan oluşturulan "cevrim-sarti-nasil-hesaplanir" slug değeri zaten kullanılıyor. Lütfen farklı bir başlık veya slug girin.']);
      const typed = outcomeOf(await callAdmin(newAction, "/admin/blog/new", { session: admin, form: form({ slug: "Çevrim Şartı Nasıl Hesaplanır" }) }));
      expect(typed.status).toBe(400);
      expect(typed.errors?.slug).toEqual(["Bu slug değeri zaten kullanılıyor. Lütfen benzersiz bir değer girin."]);
      expect(await postCount()).toBe(1);
      expect((await rowOf(other.id)).title).toBe("Başka Yazı");

      // Editing: another post's slug is refused too; the post's own slug is not a clash.
      const mine = await insertPost(db(), { title: "Benim Yazım", slug: "benim-yazim" });
      const clash = outcomeOf(await callAdmin(editorAction, `/admin/blog/edit/${mine.id}`, { session: admin, params: { id: mine.id }, form: form({ slug: "cevrim-sarti-nasil-hesaplanir" }) }));
      expect(clash.errors?.slug).toEqual(["Bu slug değeri zaten kullanılıyor. Lütfen benzersiz bir değer girin."]);
      expect((await rowOf(mine.id)).title).toBe("Benim Yazım");
      const own = outcomeOf(await callAdmin(editorAction, `/admin/blog/edit/${mine.id}`, { session: admin, params: { id: mine.id }, form: form({ slug: "benim-yazim" }) }));
      expect(own.status).toBe(302);
      expect(await rowOf(mine.id)).toMatchObject({ slug: "benim-yazim", title: "Çevrim Şartı Nasıl Hesaplanır?" });
    });

    // ADR 022: two operators with the same post open; the second save would undo the first.
    it("refuses a save from an editor opened before another save, keeping that save, and saves over it with 'Yine de kaydet'", async () => {
      const post = await insertPost(db(), { title: "Açık Sekme Yazısı", slug: "acik-sekme-yazisi" });
      const edit = { session: admin, params: { id: post.id } };
      const opened = outcomeOf(await callAdmin(editLoader, `/admin/blog/edit/${post.id}`, edit)).data as { post: BlogPostEditorValue };
      const version = opened.post.version;
      expect(outcomeOf(await callAdmin(editorAction, `/admin/blog/edit/${post.id}`, { ...edit, form: form({ title: "Birinci Sekmenin Başlığı", slug: "acik-sekme-yazisi", version }) })).status).toBe(302);

      const stale = outcomeOf(await callAdmin(editorAction, `/admin/blog/edit/${post.id}`, { ...edit, form: form({ title: "İkinci Sekmenin Başlığı", slug: "acik-sekme-yazisi", version }) }));
      expect(stale.status).toBe(400);
      expect(stale.errors?.[""]).toEqual(["Bu kayıt siz düzenlerken başka bir yerden değiştirildi. Kaydederseniz o değişiklikler kaybolur."]);
      const [kept] = await db().select().from(blogPosts).where(eq(blogPosts.id, post.id));
      expect(kept!.title).toBe("Birinci Sekmenin Başlığı");

      const over = outcomeOf(await callAdmin(editorAction, `/admin/blog/edit/${post.id}`, { ...edit, form: form({ title: "İkinci Sekmenin Başlığı", slug: "acik-sekme-yazisi", version, overwrite: "on" }) }));
      expect(over.status).toBe(302);
      const [replaced] = await db().select().from(blogPosts).where(eq(blogPosts.id, post.id));
      expect(replaced!.title).toBe("İkinci Sekmenin Başlığı");
    });

    it("updates a post, sets updated_at and keeps the publish state, at both editor addresses", async () => {
      const publishedAt = new Date("2026-01-10T08:00:00Z");
      const old = new Date("2026-01-10T08:00:00Z");
      const live = await insertPost(db(), { title: "Yayındaki Yazı", slug: "yayindaki-yazi", isPublished: true, publishedAt, updatedAt: old });
      const draft = await insertPost(db(), { title: "Taslak Yazı", slug: "taslak-yazi", isPublished: false, updatedAt: old });

      const result = await callAdmin(editorAction, `/admin/blog/edit/${live.id}`, { session: admin, params: { id: live.id }, form: form({ title: "Yayındaki Yazı (güncel)", slug: "yayindaki-yazi" }) });
      expect(outcomeOf(result)).toMatchObject({ status: 302, location: "/admin/blog" });
      expect(await toastOf(result)).toBe("Blog yazısı başarıyla güncellendi");
      const updated = await rowOf(live.id);
      expect(updated).toMatchObject({ title: "Yayındaki Yazı (güncel)", isPublished: true, publishedAt });
      expect(updated.updatedAt.getTime()).toBeGreaterThan(old.getTime());
      expect((await callRoute(publicPostLoader, "/blog/yayindaki-yazi", { params: { id: "yayindaki-yazi" } })).post.title).toBe("Yayındaki Yazı (güncel)");

      // /admin/blog/{id} is the same editor and the same action.
      await callAdmin(editorAction, `/admin/blog/${draft.id}`, { session: admin, params: { id: draft.id }, form: form({ title: "Taslak Yazı (güncel)", slug: "" }) });
      expect(await rowOf(draft.id)).toMatchObject({ title: "Taslak Yazı (güncel)", slug: "taslak-yazi-guncel", isPublished: false, publishedAt: null });
      expect((await rowOf(draft.id)).updatedAt.getTime()).toBeGreaterThan(old.getTime());
      const actions = (await db().select().from(auditLog).orderBy(asc(auditLog.id))).map((entry) => `${entry.action}:${entry.outcome}`);
      expect(actions).toEqual(["blog-post.update:success", "blog-post.update:success"]);
    });

    it("answers an unknown post with the form message, a malformed id with 404 as its page does, and writes nothing", async () => {
      const outcome = outcomeOf(await callAdmin(editorAction, `/admin/blog/edit/${MISSING}`, { session: admin, params: { id: MISSING }, form: form() }));
      expect(outcome.status).toBe(400);
      expect(outcome.errors?.[""]).toEqual(["Blog yazısı bulunamadı"]);
      const malformed = outcomeOf(await callAdmin(editorAction, "/admin/blog/edit/yazi-degil", { session: admin, params: { id: "yazi-degil" }, form: form() }));
      expect(malformed.status).toBe(404);
      // The error page shows the route's words under its 404 title.
      expect(malformed.data).toEqual({ message: "Blog yazısı bulunamadı" });
      expect(outcomeOf(await callAdmin(editLoader, "/admin/blog/edit/yazi-degil", { session: admin, params: { id: "yazi-degil" } })).status).toBe(404);
      expect(await postCount()).toBe(0);
      // Only the unknown (well-formed) id reached the command and its audit row.
      expect((await db().select().from(auditLog)).map((entry) => `${entry.action}:${entry.outcome}:${entry.entityId}`)).toEqual([`blog-post.update:failure:${MISSING}`]);
    });
  });

  describe("the editor's loader", () => {
    it("fills the editor with the stored post at /admin/blog/edit/{id} and /admin/blog/{id}, and 404s unknown ids", async () => {
      const stored = await insertPost(db(), { title: "Dolu Yazı", slug: "dolu-yazi", category: "Strateji", seoTitle: "SEO Başlık", seoDescription: null, seoKeywords: "a, b", imageUrl: "/media/blog-images/x.webp", isPublished: false });
      for (const url of [`/admin/blog/edit/${stored.id}`, `/admin/blog/${stored.id}`]) {
        const data = outcomeOf(await callAdmin(editLoader, url, { session: admin, params: { id: stored.id } })).data as EditorData;
        expect(data.post).toEqual({
          id: stored.id,
          title: "Dolu Yazı",
          category: "Strateji",
          excerpt: stored.excerpt,
          content: stored.content,
          imageUrl: "/media/blog-images/x.webp",
          seoTitle: "SEO Başlık",
          seoDescription: null,
          seoKeywords: "a, b",
          slug: "dolu-yazi",
          isPublished: false,
          version: stored.updatedAt.toISOString(),
        });
      }
      for (const id of [MISSING, "abc"]) {
        expect(outcomeOf(await callAdmin(editLoader, `/admin/blog/edit/${id}`, { session: admin, params: { id } })).status).toBe(404);
      }
    });

    it("offers the categories in use, most used first, and says whether AI is configured", async () => {
      await insertPost(db(), { category: "Rehber" });
      await insertPost(db(), { category: "Strateji" });
      await insertPost(db(), { category: "Strateji" });
      try {
        configureAi({ apiKey: null, model: "gpt-4o-mini", timeoutMs: 1_000 });
        const data = outcomeOf(await callAdmin(newLoader, "/admin/blog/new", { session: admin })).data as EditorData;
        // No bulk run was started, so there is no open job to hand back.
        expect(data).toEqual({ post: null, categories: ["Strateji", "Rehber"], ai: { configured: false, pendingJob: null } });
        configureAi({ apiKey: "test-key", baseURL: "http://127.0.0.1:9/v1", model: "gpt-4o-mini", timeoutMs: 1_000 });
        expect((outcomeOf(await callAdmin(newLoader, "/admin/blog/new", { session: admin })).data as EditorData).ai).toEqual({ configured: true, pendingJob: null });
      } finally {
        configureAi(undefined);
      }
    });
  });

  describe("the list", () => {
    it("shows title, status, views and creation date, newest first", async () => {
      await insertPost(db(), { title: "Eski Yazı", isPublished: true, viewCount: 42, createdAt: new Date("2026-01-15T10:00:00Z") });
      await insertPost(db(), { title: "Yeni Taslak", slug: "yeni-taslak", isPublished: false, createdAt: new Date("2026-02-01T10:00:00Z") });
      const { items } = await list();
      expect(items.map(({ title, slug, isPublished, viewCount, createdAt }) => ({ title, slug, isPublished, viewCount, createdAt }))).toEqual([
        { title: "Yeni Taslak", slug: "yeni-taslak", isPublished: false, viewCount: 0, createdAt: "2026-02-01T10:00:00.000Z" },
        { title: "Eski Yazı", slug: "eski-yazi", isPublished: true, viewCount: 42, createdAt: "2026-01-15T10:00:00.000Z" },
      ]);
    });

    it("pages 25 a page over 1,000+ posts, searches the Turkish way, sorts and filters by status", async () => {
      const base = Date.UTC(2024, 0, 1);
      const rows = Array.from({ length: 1_030 }, (_, i) => ({
        title: `Yazı ${String(i).padStart(4, "0")}`,
        slug: `yazi-${i}`,
        excerpt: "Özet metni burada.",
        content: `<p>${"Uzun içerik. ".repeat(400)}</p>`,
        category: "Rehber",
        isPublished: i % 2 === 0,
        viewCount: i === 17 ? 9_999 : i,
        createdAt: new Date(base + i * 3_600_000),
      }));
      await db().insert(blogPosts).values(rows);
      await insertPost(db(), { title: "İSTANBUL'da Şanslı Günler", slug: "istanbul", createdAt: new Date(base - 86_400_000) });

      const first = await list();
      expect(first.total).toBe(1_031);
      expect(first.pageCount).toBe(42);
      expect(first.items).toHaveLength(25);
      expect(first.items[0]!.title).toBe("Yazı 1029");
      // The list never carries the posts' content.
      expect(Object.keys(first.items[0]!).sort()).toEqual(["createdAt", "id", "isPublished", "slug", "title", "viewCount"]);
      // 1,031 posts: 41 full pages and 6 on the last.
      const last = await list("?sayfa=42");
      expect(last.items.map((p) => p.title)).toEqual(["Yazı 0004", "Yazı 0003", "Yazı 0002", "Yazı 0001", "Yazı 0000", "İSTANBUL'da Şanslı Günler"]);

      for (const q of ["istanbul", "İstanbul", "ıstanbul", "şanslı", "ŞANSLI"]) {
        expect((await list(`?q=${encodeURIComponent(q)}`)).items.map((p) => p.title)).toEqual(["İSTANBUL'da Şanslı Günler"]);
      }
      expect((await list("?sirala=viewCount&yon=desc")).items[0]!.title).toBe("Yazı 0017");
      expect((await list("?sirala=title&yon=asc")).items[0]!.title).toBe("Yazı 0000");
      const drafts = await list("?durum=taslak");
      // 515 odd-numbered drafts; 515 even-numbered posts and the İstanbul post are published.
      expect(drafts.total).toBe(515);
      expect(drafts.items.every((p) => !p.isPublished)).toBe(true);
      expect((await list("?durum=yayinda")).total).toBe(516);
      // A page past the last goes to the last.
      expect(outcomeOf(await callAdmin(listLoader, "/admin/blog?durum=taslak&sayfa=99", { session: admin }))).toMatchObject({ status: 302, location: "/admin/blog?durum=taslak&sayfa=21" });
    });

    it("finds a title with Turkish letters however the operator types it (issue 10 §1)", async () => {
      await insertPost(db(), { title: "Boğaziçi Turnuvası", slug: "bogazici" });
      await insertPost(db(), { title: "Işıltılı Kazançlar", slug: "isiltili" });
      await insertPost(db(), { title: "Başka Bir Yazı", slug: "baska" });
      for (const q of ["bogazici", "BOGAZICI", "Boğaziçi", "BOĞAZİÇİ", "turnuvasi"]) {
        expect((await list(`?q=${encodeURIComponent(q)}`)).items.map((p) => p.title), q).toEqual(["Boğaziçi Turnuvası"]);
      }
      for (const q of ["isiltili", "IŞILTILI", "kazanclar"]) {
        expect((await list(`?q=${encodeURIComponent(q)}`)).items.map((p) => p.title), q).toEqual(["Işıltılı Kazançlar"]);
      }
    });

    it("treats % and _ in a search as letters", async () => {
      await insertPost(db(), { title: "Yüzde Yüz Bonus" });
      await insertPost(db(), { title: "%100 Bonus", slug: "yuzde-100" });
      await insertPost(db(), { title: "alt_cizgi", slug: "alt-cizgi" });
      expect((await list("?q=%25")).items.map((p) => p.title)).toEqual(["%100 Bonus"]);
      expect((await list("?q=_")).items.map((p) => p.title)).toEqual(["alt_cizgi"]);
    });

    it("is empty, with no rows, when there are no posts", async () => {
      expect(await list()).toEqual({ items: [], total: 0, page: 1, pageCount: 1 });
    });
  });

  describe("publishing, reverting to draft and deleting from the list", () => {
    it("publishes: sets published_at, shows the post on the public site on the next request and drops the cached pages", async () => {
      const draft = await insertPost(db(), { title: "Yayına Girecek", slug: "yayina-girecek", isPublished: false, indexed: true });
      const store = pageStore();
      const key = "http://localhost/blog";
      store.set(key, { status: 200, headers: [], body: Buffer.from("eski"), encoded: {}, etag: '"a"', tags: [SITE_TAG], renderedAt: Date.now(), expiresAt: Date.now() + 60_000 }, store.sequence);
      expect(await isPublic("yayina-girecek")).toBe(false);

      const before = Date.now();
      const result = await post("publish", draft.id, "/admin/blog?sayfa=1&q=yay");
      expect(outcomeOf(result)).toMatchObject({ status: 302, location: "/admin/blog?sayfa=1&q=yay" });
      expect(await toastOf(result)).toBe("Blog yazısı yayınlandı");
      const row = await rowOf(draft.id);
      expect(row.isPublished).toBe(true);
      expect(row.publishedAt!.getTime()).toBeGreaterThanOrEqual(before - 1_000);
      expect(row.publishedAt!.getTime()).toBeLessThanOrEqual(Date.now() + 1_000);
      // Submitted anew: indexed again only when the queue's sender succeeds.
      expect(row.indexed).toBe(false);
      expect(store.get(key)).toBeUndefined();
      expect(await isPublic("yayina-girecek")).toBe(true);
      expect((await callRoute(publicBlogLoader, "/blog")).posts.map((p: { title: string }) => p.title)).toContain("Yayına Girecek");
      expect((await list()).items[0]).toMatchObject({ title: "Yayına Girecek", isPublished: true });
    });

    it("reverts to draft: the post is gone from the public site on the very next request", async () => {
      const live = await insertPost(db(), { title: "Geri Alınacak", slug: "geri-alinacak", isPublished: true });
      const store = pageStore();
      const key = "http://localhost/blog/geri-alinacak";
      store.set(key, { status: 200, headers: [], body: Buffer.from("eski"), encoded: {}, etag: '"b"', tags: [SITE_TAG], renderedAt: Date.now(), expiresAt: Date.now() + 60_000 }, store.sequence);
      expect(await isPublic("geri-alinacak")).toBe(true);

      const result = await post("unpublish", live.id);
      expect(outcomeOf(result)).toMatchObject({ status: 302, location: "/admin/blog" });
      expect(await toastOf(result)).toBe("Blog yazısı taslağa alındı");
      expect(await rowOf(live.id)).toMatchObject({ isPublished: false, publishedAt: null });
      expect(store.get(key)).toBeUndefined();
      expect(await isPublic("geri-alinacak")).toBe(false);
      expect(await isPublic(live.id)).toBe(false);
      expect((await callRoute(publicBlogLoader, "/blog")).posts).toEqual([]);
    });

    it("a second publish from a stale page changes nothing", async () => {
      useIndexNow();
      const draft = await insertPost(db(), { slug: "iki-kez", isPublished: false });
      await post("publish", draft.id);
      const first = await rowOf(draft.id);
      await post("publish", draft.id);
      expect((await rowOf(draft.id)).publishedAt).toEqual(first.publishedAt);
      expect(await queue()).toHaveLength(1);
    });

    it("deletes after the confirm step, and answers an unknown post or a bad intent without writing", async () => {
      const doomed = await insertPost(db(), { title: "Silinecek", slug: "silinecek", isPublished: true });
      const result = await post("delete", doomed.id);
      expect(outcomeOf(result)).toMatchObject({ status: 302, location: "/admin/blog" });
      expect(await toastOf(result)).toBe("Blog yazısı silindi");
      expect(await postCount()).toBe(0);
      expect(await isPublic("silinecek")).toBe(false);

      const kept = await insertPost(db(), { title: "Kalacak", isPublished: false });
      for (const intent of ["publish", "unpublish", "delete"] as const) {
        const missing = outcomeOf(await post(intent, MISSING));
        expect(missing.status).toBe(404);
        expect(missing.errors?.[""]).toEqual(["Blog yazısı bulunamadı"]);
        expect(outcomeOf(await post(intent, "abc")).status).toBe(400);
      }
      expect(outcomeOf(await callAdmin(listAction, "/admin/blog", { session: admin, form: { intent: "toggle", id: kept.id } })).status).toBe(400);
      expect(await rowOf(kept.id)).toMatchObject({ title: "Kalacak", isPublished: false });
      expect(await postCount()).toBe(1);
    });
  });

  describe("the audit log of the list's writes", () => {
    it("names the post of each publish, unpublish and delete, and the id of each refused one", async () => {
      const written = await insertPost(db(), { title: "Denetlenen Yazı", isPublished: false });
      await post("publish", written.id);
      await post("unpublish", written.id);
      await post("delete", written.id);
      await post("publish", MISSING);
      await post("delete", MISSING);
      const rows = await db().select().from(auditLog).orderBy(asc(auditLog.id));
      expect(rows.map((r) => [r.action, r.outcome, r.entityId, r.summary || null])).toEqual([
        ["blog-post.publish", "success", written.id, "Denetlenen Yazı"],
        ["blog-post.unpublish", "success", written.id, "Denetlenen Yazı"],
        ["blog-post.delete", "success", written.id, "Denetlenen Yazı"],
        ["blog-post.publish", "failure", MISSING, null],
        ["blog-post.delete", "failure", MISSING, null],
      ]);
    });
  });

  describe("posts written by the scheduled publisher and the AI bulk save", () => {
    it("publishes drafts in the order asked, each audited and queued once, skipping one published meanwhile", async () => {
      useIndexNow();
      const first = await insertPost(db(), { title: "İlk Taslak", slug: "ilk-taslak", isPublished: false });
      const second = await insertPost(db(), { title: "İkinci Taslak", slug: "ikinci-taslak", isPublished: false });
      const already = await insertPost(db(), { title: "Zaten Yayında", slug: "zaten-yayinda", isPublished: true });
      const now = new Date("2026-11-26T09:00:00Z");
      const actor = actorOf(admin, { clientAddress: "10.0.0.1" });
      const published = await getDb().transaction((tx) => publishDraftsInTx(tx, actor, [second.id, already.id, first.id], now));
      expect(published.map((p) => p.title)).toEqual(["İkinci Taslak", "İlk Taslak"]);
      expect((await rowOf(second.id)).publishedAt).toEqual(now);
      const audit = await db().select().from(auditLog).orderBy(asc(auditLog.id));
      expect(audit.map((r) => [r.action, r.entityId, r.summary])).toEqual([
        ["blog-post.publish", second.id, "İkinci Taslak"],
        ["blog-post.publish", first.id, "İlk Taslak"],
      ]);
      expect(await queue()).toEqual([
        { path: "blog/ikinci-taslak", reason: "blog-post.publish", entityType: "blog-post", entityId: second.id, status: "pending" },
        { path: "blog/ilk-taslak", reason: "blog-post.publish", entityType: "blog-post", entityId: first.id, status: "pending" },
      ]);
      expect(await getDb().transaction((tx) => publishDraftsInTx(tx, actor, [], now))).toEqual([]);
    });

    it("inserts finished posts sanitised, queueing only the published ones", async () => {
      useIndexNow();
      const rows = await getDb().transaction((tx) =>
        insertPostsInTx(tx, [
          { title: "Yayında Gelen", slug: "yayinda-gelen", content: '<p>Metin<script>alert(1)</script></p>', isPublished: true, publishedAt: new Date() },
          { title: "Taslak Gelen", slug: "taslak-gelen", content: "<p>Taslak metni</p>", isPublished: false },
        ]),
      );
      expect(rows.map((r) => [r.title, r.isPublished])).toEqual([["Yayında Gelen", true], ["Taslak Gelen", false]]);
      expect((await rowOf(rows[0]!.id)).content).toBe("<p>Metin</p>");
      expect(await queue()).toEqual([{ path: "blog/yayinda-gelen", reason: "blog-post.publish", entityType: "blog-post", entityId: rows[0]!.id, status: "pending" }]);
      expect(await getDb().transaction((tx) => insertPostsInTx(tx, []))).toEqual([]);
    });
  });

  describe("search-engine submission through the IndexNow queue", () => {
    it("queues the public address on publish, unpublish and deletion of a published post", async () => {
      useIndexNow();
      const draft = await insertPost(db(), { slug: "kuyruk-yazisi", isPublished: false });
      await post("publish", draft.id);
      await post("unpublish", draft.id);
      await post("publish", draft.id);
      await post("delete", draft.id);
      expect(await queue()).toEqual([
        { path: "blog/kuyruk-yazisi", reason: "blog-post.publish", entityType: "blog-post", entityId: draft.id, status: "pending" },
        // A success for a page that is gone must not mark the draft indexed: no entity id.
        { path: "blog/kuyruk-yazisi", reason: "blog-post.unpublish", entityType: "blog-post", entityId: null, status: "pending" },
        { path: "blog/kuyruk-yazisi", reason: "blog-post.publish", entityType: "blog-post", entityId: draft.id, status: "pending" },
        { path: "blog/kuyruk-yazisi", reason: "blog-post.delete", entityType: "blog-post", entityId: draft.id, status: "pending" },
      ]);
    });

    it("queues the old and the new address when a published post's slug changes, its address when it is saved again, and nothing for drafts", async () => {
      useIndexNow();
      const live = await insertPost(db(), { slug: "eski-adres", isPublished: true, indexed: true });
      const draft = await insertPost(db(), { slug: "taslak-adres", isPublished: false });
      await callAdmin(editorAction, `/admin/blog/edit/${live.id}`, { session: admin, params: { id: live.id }, form: form({ slug: "yeni-adres" }) });
      await callAdmin(editorAction, `/admin/blog/edit/${live.id}`, { session: admin, params: { id: live.id }, form: form({ slug: "yeni-adres", title: "Aynı adres, yeni başlık" }) });
      await callAdmin(editorAction, `/admin/blog/edit/${draft.id}`, { session: admin, params: { id: draft.id }, form: form({ slug: "taslak-yeni-adres" }) });
      await callAdmin(newAction, "/admin/blog/new", { session: admin, form: form() });
      await post("delete", draft.id);
      expect(await queue()).toEqual([
        { path: "blog/eski-adres", reason: "blog-post.slug-change", entityType: "blog-post", entityId: null, status: "pending" },
        { path: "blog/yeni-adres", reason: "blog-post.slug-change", entityType: "blog-post", entityId: live.id, status: "pending" },
        { path: "blog/yeni-adres", reason: "blog-post.update", entityType: "blog-post", entityId: live.id, status: "pending" },
      ]);
      expect(await rowOf(live.id)).toMatchObject({ slug: "yeni-adres", indexed: false, isPublished: true });
      expect(await isPublic("yeni-adres")).toBe(true);
      expect(await isPublic("eski-adres")).toBe(false);
    });

    it("a published, indexed post saved at its address is queued there and waits to be indexed again", async () => {
      useIndexNow();
      const live = await insertPost(db(), { slug: "canli-yazi", isPublished: true, indexed: true });
      const saved = await callAdmin(editorAction, `/admin/blog/edit/${live.id}`, { session: admin, params: { id: live.id }, form: form({ slug: "canli-yazi", title: "Yeni bilgilerle güncellendi" }) });
      expect(outcomeOf(saved).status).toBe(302);
      expect(await queue()).toEqual([{ path: "blog/canli-yazi", reason: "blog-post.update", entityType: "blog-post", entityId: live.id, status: "pending" }]);
      // Until the search engine accepts the new text, the post is not counted as indexed.
      expect(await rowOf(live.id)).toMatchObject({ slug: "canli-yazi", indexed: false, isPublished: true });
    });

    it("queues nothing with IndexNow off, and nothing for a refused save", async () => {
      const draft = await insertPost(db(), { slug: "kapali", isPublished: false });
      await post("publish", draft.id);
      await post("unpublish", draft.id);
      expect(await queue()).toEqual([]);
      useIndexNow();
      const live = await insertPost(db(), { slug: "acik", isPublished: true });
      await insertPost(db(), { slug: "dolu-adres" });
      const refusedSave = outcomeOf(await callAdmin(editorAction, `/admin/blog/edit/${live.id}`, { session: admin, params: { id: live.id }, form: form({ slug: "dolu-adres" }) }));
      expect(refusedSave.status).toBe(400);
      expect(await queue()).toEqual([]);
    });
  });

  describe("the public post page", () => {
    it("uses the post's SEO title and description when set, and its title and excerpt otherwise", async () => {
      await insertPost(db(), { title: "Görünen Başlık", slug: "seo-li", excerpt: "Görünen özet metni.", seoTitle: "Arama Motoru Başlığı", seoDescription: "Arama motoru açıklaması.", seoKeywords: "bonus, seo" });
      await insertPost(db(), { title: "Yalın Yazı", slug: "seo-suz", excerpt: "Yalın yazının özeti.", seoTitle: null, seoDescription: null });
      const withSeo = await callRoute(publicPostLoader, "/blog/seo-li", { params: { id: "seo-li" } });
      const tags = buildMeta(withSeo.seo);
      expect(tags).toContainEqual({ title: "Arama Motoru Başlığı" });
      expect(tags).toContainEqual({ name: "description", content: "Arama motoru açıklaması." });
      expect(tags).toContainEqual({ name: "keywords", content: "bonus, seo" });
      expect(tags).toContainEqual({ property: "og:title", content: "Arama Motoru Başlığı" });
      const plain = buildMeta((await callRoute(publicPostLoader, "/blog/seo-suz", { params: { id: "seo-suz" } })).seo);
      expect(plain).toContainEqual({ title: "Yalın Yazı" });
      expect(plain).toContainEqual({ name: "description", content: "Yalın yazının özeti." });
    });
  });

  describe("access", () => {
    it.each([
      ["anonymous", () => null],
      ["a signed-in non-admin", () => createNonAdminSession()],
    ])("sends %s to sign-in from every loader and action and writes nothing", async (_, sessionOf) => {
      useIndexNow();
      const session = await sessionOf();
      const stored = await insertPost(db(), { title: "Korunan", slug: "korunan", isPublished: false });
      const calls = [
        callAdmin(listLoader, "/admin/blog", { session }),
        callAdmin(listAction, "/admin/blog", { session, form: { intent: "publish", id: stored.id } }),
        callAdmin(listAction, "/admin/blog", { session, form: { intent: "delete", id: stored.id } }),
        callAdmin(newLoader, "/admin/blog/new", { session }),
        callAdmin(newAction, "/admin/blog/new", { session, form: form() }),
        callAdmin(editLoader, `/admin/blog/edit/${stored.id}`, { session, params: { id: stored.id } }),
        callAdmin(editLoader, `/admin/blog/${stored.id}`, { session, params: { id: stored.id } }),
        callAdmin(editorAction, `/admin/blog/edit/${stored.id}`, { session, params: { id: stored.id }, form: form() }),
        callAdmin(editorAction, `/admin/blog/${stored.id}`, { session, params: { id: stored.id }, form: form() }),
        // A malformed id is no reason to answer before the sign-in check (a 404 here would come first).
        callAdmin(editorAction, "/admin/blog/edit/yazi-degil", { session, params: { id: "yazi-degil" }, form: form() }),
      ];
      for (const result of await Promise.all(calls)) {
        const outcome = outcomeOf(result);
        expect(outcome.status).toBe(302);
        expect(outcome.location).toMatch(/^\/admin\/login/);
      }
      expect(await onlyPost()).toMatchObject({ title: "Korunan", isPublished: false });
      expect(await queue()).toEqual([]);
      expect(await db().select().from(auditLog).where(eq(auditLog.entityType, "blog-post"))).toEqual([]);
    });
  });
});
