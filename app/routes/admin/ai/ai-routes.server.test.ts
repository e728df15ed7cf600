import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { callKind, MODEL_NOT_FOUND, postHtml, promptOf, RATE_LIMITED, startFakeOpenAi, type FakeAnswer, type FakeOpenAi } from "../../../../tests/helpers/fake-openai";
import { describeEachDriver, truncateAll } from "../../../../tests/helpers/db";
import { callAdmin, createAdminSession, createNonAdminSession, outcomeOf, type TestSession } from "../../../../tests/helpers/admin";
import { aiJobs, blogPosts } from "~/db/schema";
import { configureAi } from "~/modules/ai/ai.server";
import { runNextBulkJob } from "~/modules/ai/bulk.server";
import { insertCasino, insertPost, insertPromotion } from "~/seed/factories.server";
import * as blogRoute from "./blog";
import * as bulkJobRoute from "./bulk-job";
import * as bulkRoute from "./bulk";
import * as expandRoute from "./expand";
import * as pageSeoRoute from "./page-seo";
import * as seoRoute from "./seo";
import { loader as seoSettingsLoader } from "../seo-settings/seo-settings";
import { loader as dashboardLoader } from "../dashboard";
import { action as blogEditAction } from "../blog/edit";
import { action as blogNewAction } from "../blog/new";

type RouteModule = { loader: (args: never) => unknown; action: (args: never) => unknown };
const SAMPLE = "00000000-0000-4000-8000-000000000000";
// Control characters other than tab, line feed and carriage return: C0, DEL and C1.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** Every string inside a JSON value. */
function stringsOf(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (value && typeof value === "object") return Object.values(value).flatMap(stringsOf);
  return [];
}

/** `n` characters of Turkish words (a model that ignores every length it was given). */
function longText(n: number, word = "uzunluk"): string {
  return `${word} `.repeat(Math.ceil(n / (word.length + 1))).slice(0, n).trim();
}

/** Status and JSON body of what a route answered (a redirect has no body). */
async function answerOf(result: unknown): Promise<{ status: number; location: string | null; body: Record<string, unknown> | null }> {
  const response = result as Response;
  const location = response.headers.get("Location");
  return { status: response.status, location, body: location ? null : ((await response.json()) as Record<string, unknown>) };
}

describeEachDriver("admin AI routes", ({ db }) => {
  let fake: FakeOpenAi;
  let answers: Partial<Record<ReturnType<typeof callKind>, FakeAnswer>>;
  let admin: TestSession;
  beforeAll(async () => {
    fake = await startFakeOpenAi((request) => answers[callKind(request)] ?? { status: 500, error: { message: "unscripted" } });
  });
  afterAll(async () => {
    configureAi(undefined);
    await fake?.close();
  });
  beforeEach(async () => {
    await truncateAll(db());
    fake.requests.length = 0;
    answers = {};
    configureAi({ apiKey: "sk-test", baseURL: fake.baseURL, model: "gpt-test", timeoutMs: 2_000 });
    admin = await createAdminSession("ai@example.com");
    vi.spyOn(console, "warn").mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  const post = async (route: RouteModule, url: string, form: Record<string, string>, params: Record<string, string> = {}) =>
    answerOf(await callAdmin(route.action, url, { session: admin, form, params }));
  const get = async (route: RouteModule, url: string, params: Record<string, string> = {}) => answerOf(await callAdmin(route.loader, url, { session: admin, params }));

  describe("access", () => {
    const routes: [string, RouteModule, Record<string, string>, Record<string, string>][] = [
      ["/admin/ai/blog", blogRoute, { topic: "bonus" }, {}],
      ["/admin/ai/seo", seoRoute, { title: "Başlık", content: "<p>İçerik</p>" }, {}],
      ["/admin/ai/expand", expandRoute, { title: "Başlık", content: "<p>İçerik</p>" }, {}],
      ["/admin/ai/page-seo", pageSeoRoute, { pageName: "Bonuslar", pagePath: "/bonuslar" }, {}],
      ["/admin/ai/bulk", bulkRoute, { topic: "bonus", count: "1", perDay: "1" }, {}],
      [`/admin/ai/bulk/${SAMPLE}`, bulkJobRoute, { intent: "discard" }, { id: SAMPLE }],
    ];
    it.each([
      ["anonymous", () => Promise.resolve(null)],
      ["a signed-in non-admin", () => createNonAdminSession()],
    ])("sends %s to sign-in from every AI route, asks the model nothing and writes nothing", async (_, sessionOf) => {
      const session = await sessionOf();
      for (const [url, route, form, params] of routes) {
        for (const fn of [route.loader, route.action]) {
          const outcome = await answerOf(await callAdmin(fn, url, { session, form: fn === route.action ? form : undefined, params }));
          expect(outcome.status, url).toBe(302);
          expect(outcome.location, url).toMatch(/^\/admin\/login/);
        }
      }
      expect(fake.requests).toEqual([]);
      expect(await db().select().from(aiJobs)).toEqual([]);
    });

    it("answers a GET of a POST-only route with 405 for an admin", async () => {
      for (const route of [blogRoute, seoRoute, expandRoute, pageSeoRoute, bulkRoute]) {
        const outcome = await get(route, "/admin/ai/x");
        expect(outcome).toMatchObject({ status: 405, body: { ok: false, error: "Bu adres yalnızca POST isteklerini kabul eder." } });
      }
    });

    it("refuses a body that is not a form with 415 and its Turkish message", async () => {
      const request = new Request("http://localhost/admin/ai/blog", { method: "POST", headers: { Cookie: admin.cookie, "Content-Type": "application/json" }, body: '{"topic":"bonus"}' });
      const outcome = await answerOf(await blogRoute.action({ request, params: {}, context: { clientAddress: "1.1.1.1" } } as never));
      expect(outcome).toMatchObject({ status: 415, body: { ok: false, error: "Bu istek biçimi desteklenmiyor. Lütfen sayfadaki formu kullanın." } });
    });
  });

  describe("POST /admin/ai/blog", () => {
    it("answers the generated post, its word count and no warning at 300 words", async () => {
      answers.blog = { json: { title: "Başlık", excerpt: "Özet metni burada.", content: postHtml(300), suggested_keywords: "a, b" } };
      const outcome = await post(blogRoute, "/admin/ai/blog", { topic: "  yatırım bonusu  " });
      expect(outcome).toEqual({
        status: 200,
        location: null,
        body: { ok: true, post: { title: "Başlık", excerpt: "Özet metni burada.", content: postHtml(300), keywords: "a, b" }, wordCount: 300 },
      });
      expect(promptOf(fake.requests[0]!)).toContain('"yatırım bonusu"');
      expect(await db().select().from(blogPosts)).toEqual([]);
    });

    it("carries the short-content warning under 250 words", async () => {
      answers.blog = { json: { title: "Başlık", content: postHtml(120) } };
      const outcome = await post(blogRoute, "/admin/ai/blog", { topic: "bonus" });
      expect(outcome.body).toMatchObject({ ok: true, wordCount: 120, warning: "Oluşturulan içerik kısa (120 kelime). En az 300 kelime önerilir." });
    });

    it("refuses an empty topic with 'Lütfen bir konu girin' and asks nothing", async () => {
      const outcome = await post(blogRoute, "/admin/ai/blog", { topic: "   " });
      expect(outcome).toMatchObject({ status: 400, body: { ok: false, error: "Lütfen bir konu girin", fieldErrors: { topic: ["Lütfen bir konu girin"] } } });
      expect(fake.requests).toEqual([]);
    });

    it("answers a model error with 502 and its Turkish message", async () => {
      answers.blog = MODEL_NOT_FOUND;
      expect(await post(blogRoute, "/admin/ai/blog", { topic: "bonus" })).toMatchObject({ status: 502, body: { ok: false, error: "Seçilen AI modeli kullanılamıyor." } });
    });

    it("answers 503 and says AI is not configured when there is no key", async () => {
      configureAi({ apiKey: null, model: "m", timeoutMs: 1_000 });
      const message = "AI servisi yapılandırılmamış: sunucuda OPENAI_API_KEY tanımlı değil.";
      expect(await post(blogRoute, "/admin/ai/blog", { topic: "bonus" })).toMatchObject({ status: 503, body: { ok: false, error: message } });
      expect(await post(seoRoute, "/admin/ai/seo", { title: "t", content: "<p>c</p>" })).toMatchObject({ status: 503, body: { error: message } });
      expect(await post(expandRoute, "/admin/ai/expand", { title: "t", content: "<p>c</p>" })).toMatchObject({ status: 503, body: { error: message } });
      expect(await post(pageSeoRoute, "/admin/ai/page-seo", { pageName: "Blog", pagePath: "/blog" })).toMatchObject({ status: 503, body: { error: `SEO önerileri oluşturulurken bir hata oluştu: ${message}` } });
      expect(await post(bulkRoute, "/admin/ai/bulk", { topic: "bonus", count: "3", perDay: "1" })).toMatchObject({ status: 503, body: { error: message } });
      expect(fake.requests).toEqual([]);
      // The screens with AI controls know, so the controls can say so.
      expect((await callAdmin(seoSettingsLoader, "/admin/seo-settings", { session: admin })) as { aiConfigured: boolean }).toMatchObject({ aiConfigured: false });
      const dashboard = (await callAdmin(dashboardLoader, "/admin/dashboard", { session: admin })) as { aiConfigured: boolean; stats: unknown; recent: unknown; clicks: unknown };
      expect(dashboard).toMatchObject({ aiConfigured: false, pendingAiJob: null });
      // Its streamed figures are read to the end here: left running, they met the next test's
      // truncation on PostgreSQL (a deadlock, once in a full run).
      await Promise.allSettled([dashboard.stats, dashboard.recent, dashboard.clicks]);
      configureAi({ apiKey: "sk-test", baseURL: fake.baseURL, model: "gpt-test", timeoutMs: 2_000 });
      expect((await callAdmin(seoSettingsLoader, "/admin/seo-settings", { session: admin })) as { aiConfigured: boolean }).toMatchObject({ aiConfigured: true });
    });
  });

  describe("POST /admin/ai/seo and /admin/ai/expand", () => {
    it("answers { ok, seo } for the editor", async () => {
      answers.seo = { json: { title: "SEO Başlık", description: "SEO açıklama", keywords: "a, b" } };
      expect(await post(seoRoute, "/admin/ai/seo", { title: "Yazı", content: "<p>İçerik metni</p>" })).toEqual({
        status: 200,
        location: null,
        body: { ok: true, seo: { title: "SEO Başlık", description: "SEO açıklama", keywords: "a, b" } },
      });
    });

    it("answers { ok, content } for the editor", async () => {
      answers.expand = { json: { content: "<p>Eski.</p><p>Yeni eklenen.</p>" } };
      expect(await post(expandRoute, "/admin/ai/expand", { title: "Yazı", content: "<p>Eski.</p>" })).toMatchObject({ status: 200, body: { ok: true, content: "<p>Eski.</p><p>Yeni eklenen.</p>" } });
    });

    it.each([
      [seoRoute, "/admin/ai/seo"],
      [expandRoute, "/admin/ai/expand"],
    ])("refuses empty content with 'İçerik alanı boş olamaz' (%#)", async (route, url) => {
      for (const content of ["", "<p></p>", "<p> &nbsp; </p>"]) {
        expect(await post(route, url, { title: "Yazı", content })).toMatchObject({ status: 400, body: { ok: false, error: "İçerik alanı boş olamaz" } });
      }
      expect(fake.requests).toEqual([]);
    });

    it("says 'SEO meta verileri oluşturulamadı.' for an unreadable SEO answer and maps a 429", async () => {
      answers.seo = { text: "{{" };
      expect(await post(seoRoute, "/admin/ai/seo", { title: "Yazı", content: "<p>x</p>" })).toMatchObject({ status: 502, body: { error: "SEO meta verileri oluşturulamadı." } });
      answers.expand = RATE_LIMITED;
      expect(await post(expandRoute, "/admin/ai/expand", { title: "Yazı", content: "<p>x</p>" })).toMatchObject({ status: 502, body: { error: "API istek limiti aşıldı. Lütfen daha sonra tekrar deneyin." } });
    });
  });

  describe("POST /admin/ai/page-seo", () => {
    it("collects the page's public text on the server and answers three suggestions", async () => {
      const casino = await insertCasino(db(), { name: "Yıldız Casino" });
      await insertPromotion(db(), { title: "Yıldız Hoş Geldin Bonusu", casinoId: casino.id, isActive: true });
      await insertPromotion(db(), { title: "Gizli Pasif Bonus", casinoId: casino.id, isActive: false });
      const suggestions = [
        { title: "Bonuslar", description: "Açıklama bir.", keywords: "a" },
        { title: "B".repeat(70), description: "Açıklama iki.", keywords: "b" },
        { title: "Üçüncü", description: "D".repeat(170), keywords: "c" },
      ];
      answers["page-seo"] = { json: { suggestions } };
      const outcome = await post(pageSeoRoute, "/admin/ai/page-seo", { pageName: "Bonuslar", pagePath: "/bonuslar" });
      expect(outcome).toMatchObject({ status: 200, body: { ok: true, suggestions } });
      const prompt = promptOf(fake.requests[0]!);
      expect(prompt).toContain("Bonuslar");
      expect(prompt).toContain("Yıldız Hoş Geldin Bonusu (Yıldız Casino)");
      expect(prompt).not.toContain("Gizli Pasif Bonus");
    });

    it("reads the blog page's published posts, never its drafts", async () => {
      await insertPost(db(), { title: "Yayındaki Yazı", isPublished: true });
      await insertPost(db(), { title: "Taslak Yazı", isPublished: false });
      answers["page-seo"] = { json: { suggestions: [{ title: "t", description: "d", keywords: "k" }] } };
      await post(pageSeoRoute, "/admin/ai/page-seo", { pageName: "Blog", pagePath: "/blog" });
      expect(promptOf(fake.requests[0]!)).toContain("Yayındaki Yazı");
      expect(promptOf(fake.requests[0]!)).not.toContain("Taslak Yazı");
    });

    it("says 'SEO önerileri oluşturulamadı' for an unreadable answer and prefixes other failures (admin.md §8)", async () => {
      answers["page-seo"] = { text: "öneri yok" };
      expect(await post(pageSeoRoute, "/admin/ai/page-seo", { pageName: "Blog", pagePath: "/blog" })).toMatchObject({ status: 502, body: { ok: false, error: "SEO önerileri oluşturulamadı" } });
      answers["page-seo"] = RATE_LIMITED;
      expect(await post(pageSeoRoute, "/admin/ai/page-seo", { pageName: "Blog", pagePath: "/blog" })).toMatchObject({
        status: 502,
        body: { ok: false, error: "SEO önerileri oluşturulurken bir hata oluştu: API istek limiti aşıldı. Lütfen daha sonra tekrar deneyin." },
      });
    });

    it("refuses a path that is not one of this site's", async () => {
      for (const pagePath of ["https://evil.example/", "//evil.example", "bonuslar"]) {
        expect((await post(pageSeoRoute, "/admin/ai/page-seo", { pageName: "Blog", pagePath })).status).toBe(400);
      }
      expect(fake.requests).toEqual([]);
    });
  });

  describe("bulk creation", () => {
    beforeEach(() => {
      answers.ideas = { json: { ideas: [{ title: "Bir", brief: "" }, { title: "İki", brief: "" }] } };
      answers.blog = { json: { title: "Yazı", excerpt: "Yazının özeti burada.", content: postHtml(300), suggested_keywords: "a, b" } };
      answers.seo = { json: { title: "SEO", description: "Açıklama", keywords: "k" } };
    });

    it.each([
      [{ topic: "", count: "3", perDay: "1" }, "topic", "Lütfen bir konu girin"],
      [{ topic: "bonus", count: "0", perDay: "1" }, "count", "En az 1 içerik oluşturmalısınız"],
      [{ topic: "bonus", count: "11", perDay: "1" }, "count", "En fazla 10 içerik oluşturabilirsiniz"],
      [{ topic: "bonus", count: "2.5", perDay: "1" }, "count", "En az 1 içerik oluşturmalısınız"],
      [{ topic: "bonus", count: "3", perDay: "6" }, "perDay", "Günlük yayın sayısı 0 ile 5 arasında olmalıdır"],
      [{ topic: "bonus", count: "3", perDay: "-1" }, "perDay", "Günlük yayın sayısı 0 ile 5 arasında olmalıdır"],
    ])("refuses %j with its message and starts nothing", async (form, field, message) => {
      const outcome = await post(bulkRoute, "/admin/ai/bulk", form);
      expect(outcome).toMatchObject({ status: 400, body: { ok: false, fieldErrors: { [field]: [message] } } });
      expect(await db().select().from(aiJobs)).toEqual([]);
    });

    it("starts a job with the defaults 3 and 1, shows its progress and results, and saves it", async () => {
      const started = await post(bulkRoute, "/admin/ai/bulk", { topic: "bonus" });
      expect(started).toMatchObject({ status: 202, body: { ok: true, jobId: expect.any(String) } });
      const jobId = started.body!.jobId as string;
      const [row] = await db().select().from(aiJobs).where(eq(aiJobs.id, jobId));
      expect(row!.input).toEqual({ topic: "bonus", count: 3, perDay: 1 });
      expect(await get(bulkJobRoute, `/admin/ai/bulk/${jobId}`, { id: jobId })).toMatchObject({ status: 200, body: { ok: true, job: { id: jobId, status: "queued", progress: [] } } });

      await runNextBulkJob();
      const view = await get(bulkJobRoute, `/admin/ai/bulk/${jobId}`, { id: jobId });
      expect(view.body).toMatchObject({ ok: true, job: { status: "done", progress: [{ step: "done" }, { step: "done" }], results: [{ sequenceNumber: 1 }, { sequenceNumber: 2 }] } });
      expect(JSON.stringify(view.body)).not.toContain("<p>");

      const saved = await post(bulkJobRoute, `/admin/ai/bulk/${jobId}`, { intent: "save", publishCount: "1" }, { id: jobId });
      expect(saved).toMatchObject({ status: 200, body: { ok: true, saved: 2, failed: 0, published: 1, drafts: 1 } });
      expect((await db().select().from(blogPosts)).map((p) => p.isPublished).sort()).toEqual([false, true]);
    });

    it("discards a job, and refuses an unknown intent or job", async () => {
      const jobId = (await post(bulkRoute, "/admin/ai/bulk", { topic: "bonus", count: "1", perDay: "0" })).body!.jobId as string;
      expect(await post(bulkJobRoute, `/admin/ai/bulk/${jobId}`, { intent: "publish" }, { id: jobId })).toMatchObject({ status: 400, body: { ok: false } });
      expect(await post(bulkJobRoute, `/admin/ai/bulk/${jobId}`, { intent: "save", publishCount: "-1" }, { id: jobId })).toMatchObject({ status: 400, body: { error: "Yayınlanacak yazı sayısı geçersiz" } });
      expect(await post(bulkJobRoute, `/admin/ai/bulk/${jobId}`, { intent: "discard" }, { id: jobId })).toMatchObject({ status: 200, body: { ok: true } });
      expect(await get(bulkJobRoute, `/admin/ai/bulk/${jobId}`, { id: jobId })).toMatchObject({ body: { job: { status: "discarded" } } });
      expect(await get(bulkJobRoute, `/admin/ai/bulk/${SAMPLE}`, { id: SAMPLE })).toMatchObject({ status: 404, body: { ok: false, error: "Toplu oluşturma işi bulunamadı" } });
      expect(await get(bulkJobRoute, "/admin/ai/bulk/bozuk", { id: "bozuk" })).toMatchObject({ status: 404 });
    });
  });

  describe("hostile model answers and inputs", () => {
    beforeEach(() => {
      answers.ideas = { json: { ideas: [{ title: "Bir", brief: "" }, { title: "İki", brief: "" }] } };
      answers.blog = { json: { title: "Yazı", excerpt: "Yazının özeti burada.", content: postHtml(300), suggested_keywords: "a, b" } };
      answers.seo = { json: { title: "SEO", description: "Açıklama", keywords: "k" } };
    });

    /** A form with repeated fields, as a hand-made request can send it. */
    const postPairs = async (route: RouteModule, url: string, pairs: [string, string][], params: Record<string, string> = {}) => {
      const request = new Request(new URL(url, "http://localhost"), {
        method: "POST",
        headers: { Cookie: admin.cookie },
        body: new URLSearchParams(pairs),
      });
      return answerOf(await route.action({ request, params, context: { clientAddress: "10.0.0.1" } } as never));
    };

    /** The editor's form for a stored post, field by field as it was saved. */
    const editorFormOf = (row: typeof blogPosts.$inferSelect): Record<string, string> => ({
      title: row.title,
      category: row.category,
      excerpt: row.excerpt,
      content: row.content,
      imageUrl: row.imageUrl ?? "",
      seoTitle: row.seoTitle ?? "",
      seoDescription: row.seoDescription ?? "",
      seoKeywords: row.seoKeywords ?? "",
      slug: row.slug,
    });

    /** Re-saves every stored post unchanged through /admin/blog/edit/{id}: each must be accepted. */
    const expectEditorAcceptsAll = async () => {
      const rows = await db().select().from(blogPosts);
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        const outcome = outcomeOf(await callAdmin(blogEditAction, `/admin/blog/edit/${row.id}`, { session: admin, params: { id: row.id }, form: editorFormOf(row) }));
        expect({ id: row.id, status: outcome.status, errors: outcome.errors }).toEqual({ id: row.id, status: 302, errors: null });
      }
      return rows;
    };

    const runAndSave = async (topic: string) => {
      const started = await post(bulkRoute, "/admin/ai/bulk", { topic, count: "2", perDay: "0" });
      expect(started).toMatchObject({ status: 202 });
      const jobId = started.body!.jobId as string;
      expect(await runNextBulkJob()).toBe(jobId);
      const view = await get(bulkJobRoute, `/admin/ai/bulk/${jobId}`, { id: jobId });
      expect(view.body).toMatchObject({ job: { status: "done", results: [{}, {}] } });
      expect(await post(bulkJobRoute, `/admin/ai/bulk/${jobId}`, { intent: "save", publishCount: "1" }, { id: jobId })).toMatchObject({ status: 200, body: { ok: true, saved: 2 } });
    };

    it("never hands a control character of the model's answer to the browser", async () => {
      answers.blog = {
        json: { title: "Başlık\u0000NUL", excerpt: "Özet\u0001 metni\u0085 burada.", content: `<p>Bir\u0000iki\u007f</p>${postHtml(300)}`, suggested_keywords: "a\u0000, b\u009f" },
      };
      const blog = await post(blogRoute, "/admin/ai/blog", { topic: "bonus" });
      expect(blog).toMatchObject({ status: 200, body: { ok: true, post: { title: "BaşlıkNUL", excerpt: "Özet metni burada.", keywords: "a, b" } } });
      expect(stringsOf(blog.body).filter((s) => CONTROL.test(s))).toEqual([]);

      // A prose answer (kept as the content) is the model's text as it came.
      answers.blog = { text: `Düz\u0000 metin yanıtı\u0007 burada.\n\n${longText(400, "kelime")}` };
      const prose = await post(blogRoute, "/admin/ai/blog", { topic: "bonus" });
      expect(prose).toMatchObject({ status: 200, body: { ok: true } });
      expect(stringsOf(prose.body).filter((s) => CONTROL.test(s))).toEqual([]);

      answers.seo = { json: { title: "SEO\u0000 Başlık", description: "Açıklama\u001b metni", keywords: "k\u0000, l" } };
      const seo = await post(seoRoute, "/admin/ai/seo", { title: "Yazı", content: "<p>İçerik metni</p>" });
      expect(seo).toMatchObject({ status: 200, body: { ok: true, seo: { title: "SEO Başlık", description: "Açıklama metni", keywords: "k, l" } } });

      answers.expand = { json: { content: "<p>Eski.</p><p>Yeni\u0000 eklenen\u0080.</p>" } };
      const expand = await post(expandRoute, "/admin/ai/expand", { title: "Yazı", content: "<p>Eski.</p>" });
      expect(expand).toMatchObject({ status: 200, body: { ok: true, content: "<p>Eski.</p><p>Yeni eklenen.</p>" } });

      answers["page-seo"] = { json: { suggestions: [{ title: "Bonus\u0000lar", description: "Açık\u0002lama", keywords: "a\u0000" }] } };
      const pageSeo = await post(pageSeoRoute, "/admin/ai/page-seo", { pageName: "Bonuslar", pagePath: "/bonuslar" });
      expect(pageSeo).toMatchObject({ status: 200, body: { ok: true, suggestions: [{ title: "Bonuslar", description: "Açıklama", keywords: "a" }] } });
    });

    it("finishes a bulk run whose answers carry a NUL, and saves posts without it", async () => {
      answers.ideas = { json: { ideas: [{ title: "Bir\u0000", brief: "kısa\u0000" }, { title: "İki", brief: "" }] } };
      answers.blog = { json: { title: "Başlık\u0000NUL", excerpt: "Yazının\u0000 özeti burada.", content: postHtml(300), suggested_keywords: "a\u0000, b" } };
      answers.seo = { json: { title: "SEO\u0000", description: "Açıklama\u0000", keywords: "k\u0000" } };
      await runAndSave("bonus");
      const rows = await expectEditorAcceptsAll();
      expect(rows.map((row) => [row.title, row.excerpt, row.seoTitle, row.seoDescription, row.seoKeywords])).toEqual([
        ["BaşlıkNUL", "Yazının özeti burada.", "SEO", "Açıklama", "k"],
        ["BaşlıkNUL", "Yazının özeti burada.", "SEO", "Açıklama", "k"],
      ]);
    });

    it("saves over-long model answers as posts the blog editor accepts unchanged", async () => {
      answers.blog = { json: { title: longText(5_010), excerpt: longText(3_000, "özet"), content: postHtml(300), suggested_keywords: Array.from({ length: 80 }, (_, i) => `anahtar kelime ${i}`).join(", ") } };
      // The SEO step fails: its fallback is the post's own title, excerpt and keywords.
      answers.seo = { text: "{{" };
      await runAndSave("bonus");
      for (const row of await expectEditorAcceptsAll()) {
        // Cut between words, not inside one.
        expect(row.title).toMatch(/^(uzunluk )+uzunluk…$/);
        expect(row.excerpt).toMatch(/^(özet )+özet…$/);
      }
      await db().delete(blogPosts);

      // A model past every SEO length.
      answers.seo = { json: { title: longText(400), description: longText(900), keywords: Array.from({ length: 80 }, (_, i) => `seo kelime ${i}`).join(", ") } };
      await runAndSave("bonus");
      await expectEditorAcceptsAll();
      await db().delete(blogPosts);

      // A model that answers almost nothing for the title and excerpt.
      answers.blog = { json: { title: "A", excerpt: "Kısa", content: postHtml(300), suggested_keywords: "a" } };
      await runAndSave("bonus");
      await expectEditorAcceptsAll();
    });

    it("takes a bulk topic that fits a category, and refuses a longer one", async () => {
      const topic = `${"konu ".repeat(19)}bonus`;
      expect(topic).toHaveLength(100);
      expect(await post(bulkRoute, "/admin/ai/bulk", { topic: `${topic}x`, count: "2", perDay: "0" })).toMatchObject({
        status: 400,
        body: { ok: false, fieldErrors: { topic: ["Konu en fazla 100 karakter olabilir"] } },
      });
      expect(await db().select().from(aiJobs)).toEqual([]);
      await runAndSave(topic);
      const rows = await expectEditorAcceptsAll();
      expect(rows.map((row) => row.category)).toEqual([topic, topic]);
    });

    it("hands the editor a generated post and SEO that its form accepts unchanged", async () => {
      answers.blog = { json: { title: longText(5_010), excerpt: longText(3_000), content: postHtml(300), suggested_keywords: Array.from({ length: 80 }, (_, i) => `anahtar kelime ${i}`).join(", ") } };
      const generated = await post(blogRoute, "/admin/ai/blog", { topic: "bonus" });
      expect(generated.status).toBe(200);
      const draft = generated.body!.post as { title: string; excerpt: string; content: string; keywords: string };
      answers.seo = { json: { title: longText(400), description: longText(900), keywords: longText(900) } };
      const seo = (await post(seoRoute, "/admin/ai/seo", { title: draft.title, content: draft.content })).body!.seo as { title: string; description: string; keywords: string };
      const form = { title: draft.title, category: "Rehber", excerpt: draft.excerpt, content: draft.content, imageUrl: "", seoTitle: seo.title, seoDescription: seo.description, seoKeywords: draft.keywords, slug: "" };
      expect(outcomeOf(await callAdmin(blogNewAction, "/admin/blog/new", { session: admin, form }))).toMatchObject({ status: 302, errors: null });
      const [row] = await db().select().from(blogPosts);
      // The editor's keywords field gets the SEO step's keywords as well.
      expect(outcomeOf(await callAdmin(blogEditAction, `/admin/blog/edit/${row!.id}`, { session: admin, params: { id: row!.id }, form: { ...editorFormOf(row!), seoKeywords: seo.keywords } }))).toMatchObject({ status: 302 });
    });

    it.each([
      [seoRoute, "/admin/ai/seo"],
      [expandRoute, "/admin/ai/expand"],
    ])("refuses a control character in the title or the content with 'Geçersiz karakter içeriyor' (%#)", async (route, url) => {
      expect(await post(route, url, { title: "Yazı", content: "a\u0000b" })).toMatchObject({ status: 400, body: { ok: false, error: "Geçersiz karakter içeriyor", fieldErrors: { content: ["Geçersiz karakter içeriyor"] } } });
      expect(await post(route, url, { title: "Ya\u0001zı", content: "<p>İçerik</p>" })).toMatchObject({ status: 400, body: { ok: false, fieldErrors: { title: ["Geçersiz karakter içeriyor"] } } });
      expect(fake.requests).toEqual([]);
    });

    it("refuses a repeated field on every AI form instead of taking one of its values", async () => {
      answers.blog = { json: { title: "Başlık", excerpt: "Yazının özeti burada.", content: postHtml(300) } };
      answers.seo = { json: { title: "t", description: "d", keywords: "k" } };
      answers.expand = { json: { content: "<p>x</p>" } };
      answers["page-seo"] = { json: { suggestions: [{ title: "t", description: "d", keywords: "k" }] } };
      const cases: [RouteModule, string, [string, string][], string][] = [
        [blogRoute, "/admin/ai/blog", [["topic", "bir"], ["topic", "iki"]], "topic"],
        [bulkRoute, "/admin/ai/bulk", [["topic", "bir"], ["topic", "iki"], ["count", "1"], ["perDay", "0"]], "topic"],
        [bulkRoute, "/admin/ai/bulk", [["topic", "bir"], ["count", "1"], ["count", "2"], ["perDay", "0"]], "count"],
        [bulkRoute, "/admin/ai/bulk", [["topic", "bir"], ["count", "1"], ["perDay", "0"], ["perDay", "1"]], "perDay"],
        [seoRoute, "/admin/ai/seo", [["title", "a"], ["title", "b"], ["content", "<p>x</p>"]], "title"],
        [seoRoute, "/admin/ai/seo", [["title", "a"], ["content", "<p>x</p>"], ["content", "<p>y</p>"]], "content"],
        [expandRoute, "/admin/ai/expand", [["title", "a"], ["content", "<p>x</p>"], ["content", "<p>y</p>"]], "content"],
        [pageSeoRoute, "/admin/ai/page-seo", [["pageName", "Blog"], ["pageName", "Bonuslar"], ["pagePath", "/blog"]], "pageName"],
        [pageSeoRoute, "/admin/ai/page-seo", [["pageName", "Blog"], ["pagePath", "/blog"], ["pagePath", "/bonuslar"]], "pagePath"],
      ];
      for (const [route, url, pairs, field] of cases) {
        const outcome = await postPairs(route, url, pairs);
        expect({ url, status: outcome.status, ok: outcome.body?.ok }).toEqual({ url, status: 400, ok: false });
        const messages = (outcome.body!.fieldErrors as Record<string, string[]>)[field];
        expect(messages, url).toHaveLength(1);
        // A Turkish message, not zod's English one.
        expect(messages![0], url).not.toMatch(/Invalid|expected/);
      }
      expect(fake.requests).toEqual([]);
      expect(await db().select().from(aiJobs)).toEqual([]);

      const jobId = (await post(bulkRoute, "/admin/ai/bulk", { topic: "bonus", count: "1", perDay: "0" })).body!.jobId as string;
      const twice = await postPairs(bulkJobRoute, `/admin/ai/bulk/${jobId}`, [["intent", "save"], ["intent", "discard"]], { id: jobId });
      expect(twice).toMatchObject({ status: 400, body: { ok: false, error: "Geçersiz işlem" } });
      expect(await get(bulkJobRoute, `/admin/ai/bulk/${jobId}`, { id: jobId })).toMatchObject({ body: { job: { status: "queued" } } });
    });

    it.each([
      ["1e1", "count", "En az 1 içerik oluşturmalısınız"],
      ["0x3", "count", "En az 1 içerik oluşturmalısınız"],
      ["3.0", "count", "En az 1 içerik oluşturmalısınız"],
      ["+3", "count", "En az 1 içerik oluşturmalısınız"],
      ["999999999999999999999", "count", "En fazla 10 içerik oluşturabilirsiniz"],
      ["0x3", "perDay", "Günlük yayın sayısı 0 ile 5 arasında olmalıdır"],
      ["1e0", "perDay", "Günlük yayın sayısı 0 ile 5 arasında olmalıdır"],
      ["999999999999999999999", "perDay", "Günlük yayın sayısı 0 ile 5 arasında olmalıdır"],
    ])("takes only plain digits: %s as %s is refused with %j", async (value, field, message) => {
      const form = { topic: "bonus", count: "3", perDay: "1", [field]: value };
      expect(await post(bulkRoute, "/admin/ai/bulk", form)).toMatchObject({ status: 400, body: { ok: false, fieldErrors: { [field]: [message] } } });
      expect(await db().select().from(aiJobs)).toEqual([]);
    });

    it("takes only plain digits for the publish count", async () => {
      answers.ideas = { json: { ideas: [{ title: "Bir", brief: "" }] } };
      answers.blog = { json: { title: "Yazı", excerpt: "Yazının özeti burada.", content: postHtml(300) } };
      answers.seo = { json: { title: "SEO", description: "Açıklama", keywords: "k" } };
      const jobId = (await post(bulkRoute, "/admin/ai/bulk", { topic: "bonus", count: "1", perDay: "0" })).body!.jobId as string;
      await runNextBulkJob();
      for (const publishCount of ["1e0", "0x1", "1.0", "999999999999999999999"]) {
        expect(await post(bulkJobRoute, `/admin/ai/bulk/${jobId}`, { intent: "save", publishCount }, { id: jobId })).toMatchObject({ status: 400, body: { error: "Yayınlanacak yazı sayısı geçersiz" } });
      }
      const twice = await postPairs(bulkJobRoute, `/admin/ai/bulk/${jobId}`, [["intent", "save"], ["publishCount", "0"], ["publishCount", "1"]], { id: jobId });
      expect(twice).toMatchObject({ status: 400, body: { ok: false, error: "Yayınlanacak yazı sayısı geçersiz" } });
      expect(await db().select().from(blogPosts)).toEqual([]);
      expect(await post(bulkJobRoute, `/admin/ai/bulk/${jobId}`, { intent: "save", publishCount: "1" }, { id: jobId })).toMatchObject({ status: 200, body: { ok: true, saved: 1 } });
    });
  });
});
