import { getEventListeners } from "node:events";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { callKind, postHtml, promptOf, RATE_LIMITED, startFakeOpenAi, type FakeAnswer, type FakeOpenAi, type FakeRequest } from "../../../tests/helpers/fake-openai";
import { describeEachDriver, truncateAll } from "../../../tests/helpers/db";
import { createAdminSession, type TestSession } from "../../../tests/helpers/admin";
import { callRoute } from "../../../tests/helpers/routes";
import { aiJobs, auditLog, blogPosts, indexNowQueue, scheduledPublishingSettings } from "~/db/schema";
import type { Actor } from "~/lib/command.server";
import { insertPost } from "~/seed/factories.server";
import { configureIndexNow } from "~/modules/indexing/indexing.server";
import { runDuePublishing } from "~/modules/publishing/publishing.server";
import { loader as publicBlogLoader } from "../../routes/public/blog";
import { BULK_JOB_KIND, type BulkPostProgress } from "./ai.schema";
import { configureAi } from "./ai.server";
import {
  claimNextBulkJob,
  discardBulkJob,
  getBulkJob,
  latestOpenBulkJob,
  requeueInterruptedBulkJobs,
  runNextBulkJob,
  saveBulkJob,
  startBulkJob,
  startBulkWorker,
} from "./bulk.server";

type Handlers = { ideas: (r: FakeRequest) => FakeAnswer | Promise<FakeAnswer>; blog: (r: FakeRequest) => FakeAnswer | Promise<FakeAnswer>; seo: (r: FakeRequest) => FakeAnswer | Promise<FakeAnswer> };

const ideaOf = (request: FakeRequest) => /odağı: "([^"]+)"/.exec(promptOf(request))?.[1] ?? "?";
const IDEAS = ["Çevrim Şartı", "Free Spin", "Kayıp Bonusu"];

function goodHandlers(): Handlers {
  return {
    ideas: () => ({ json: { ideas: IDEAS.map((title) => ({ title, brief: `${title} hakkında` })) } }),
    blog: (r) => ({ json: { title: `${ideaOf(r)} Rehberi`, excerpt: `${ideaOf(r)} özeti burada.`, content: postHtml(320, "kelime"), suggested_keywords: "bir, iki, üç, dört, beş, altı" } }),
    seo: (r) => ({ json: { title: `SEO ${/Başlık: (.*)/.exec(promptOf(r))?.[1]}`, description: "SEO açıklaması.", keywords: "seo, anahtar" } }),
  };
}

describeEachDriver("AI bulk jobs", ({ db, driver }) => {
  let fake: FakeOpenAi;
  let handlers: Handlers;
  let admin: TestSession;
  let actor: Actor;
  beforeAll(async () => {
    fake = await startFakeOpenAi((request) => {
      const kind = callKind(request);
      if (kind === "ideas" || kind === "blog" || kind === "seo") return handlers[kind](request);
      throw new Error(`unexpected call ${kind}`);
    });
  });
  afterAll(async () => {
    configureAi(undefined);
    configureIndexNow(undefined);
    await fake?.close();
  });
  beforeEach(async () => {
    await truncateAll(db());
    await db().delete(indexNowQueue);
    fake.requests.length = 0;
    handlers = goodHandlers();
    configureAi({ apiKey: "sk-test", baseURL: fake.baseURL, model: "gpt-test", timeoutMs: 2_000 });
    configureIndexNow(null);
    admin = await createAdminSession("yazar@example.com");
    actor = { userId: admin.userId, email: admin.email, address: "10.0.0.9" };
    vi.spyOn(console, "warn").mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  const start = async (input: { topic: string; count: number; perDay: number }) => {
    const started = await startBulkJob(actor, input);
    if (!started.ok) throw new Error(started.error);
    return started.value.jobId;
  };
  const job = async (id: string) => (await db().select().from(aiJobs).where(eq(aiJobs.id, id)))[0]!;
  const runToEnd = async (input = { topic: "casino bonusları", count: 3, perDay: 1 }) => {
    const id = await start(input);
    expect(await runNextBulkJob()).toBe(id);
    return id;
  };
  const posts = () => db().select().from(blogPosts).orderBy(blogPosts.createdAt);

  it("writes one post at a time (ideas, then content, then SEO), recording each step as it goes", async () => {
    const seen: string[] = [];
    let id = "";
    const snapshot = async (label: string) => {
      const view = await getBulkJob(id);
      seen.push(`${label}: ${view!.status} ${view!.progress.map((p) => p.step).join(",")} results=${view!.results.length}`);
    };
    const good = goodHandlers();
    handlers = {
      ideas: async (r) => (await snapshot("ideas"), good.ideas(r)),
      blog: async (r) => (await snapshot(`blog ${ideaOf(r)}`), good.blog(r)),
      seo: async (r) => (await snapshot("seo"), good.seo(r)),
    };
    id = await start({ topic: "casino bonusları", count: 3, perDay: 1 });
    expect((await getBulkJob(id))!.status).toBe("queued");
    await runNextBulkJob();
    expect(seen).toEqual([
      "ideas: running  results=0",
      "blog Çevrim Şartı: running content,waiting,waiting results=0",
      "seo: running seo,waiting,waiting results=0",
      "blog Free Spin: running done,content,waiting results=1",
      "seo: running done,seo,waiting results=1",
      "blog Kayıp Bonusu: running done,done,content results=2",
      "seo: running done,done,seo results=2",
    ]);
    const view = (await getBulkJob(id))!;
    expect(view.status).toBe("done");
    expect(view.progress.map((p) => [p.idea, p.step])).toEqual(IDEAS.map((idea) => [idea, "done"]));
    expect(view.results.map((r) => [r.sequenceNumber, r.title, r.seoTitle, r.category])).toEqual([
      [1, "Çevrim Şartı Rehberi", "SEO Çevrim Şartı Rehberi", "casino bonusları"],
      [2, "Free Spin Rehberi", "SEO Free Spin Rehberi", "casino bonusları"],
      [3, "Kayıp Bonusu Rehberi", "SEO Kayıp Bonusu Rehberi", "casino bonusları"],
    ]);
    // The dialog gets no content while polling; the server keeps it for the save.
    expect(view.results[0]).not.toHaveProperty("content");
    expect(view.results[0]!.wordCount).toBe(320);
    expect(fake.requests.map(callKind)).toEqual(["ideas", "blog", "seo", "blog", "seo", "blog", "seo"]);
    expect(promptOf(fake.requests[0]!)).toContain("casino bonusları");
  });

  it("falls back to the content's excerpt and keywords when a post's SEO step fails", async () => {
    let seoCalls = 0;
    const good = goodHandlers();
    handlers.seo = (r) => (++seoCalls === 2 ? { text: '{"title": "yarım' } : good.seo(r));
    const id = await runToEnd();
    const view = (await getBulkJob(id))!;
    expect(view.status).toBe("done");
    expect(view.results[1]).toMatchObject({ title: "Free Spin Rehberi", seoTitle: "Free Spin Rehberi", seoDescription: "Free Spin özeti burada.", seoKeywords: "bir, iki, üç, dört, beş, altı" });
    expect(view.progress[1]).toMatchObject({ step: "done", seoFallback: true });
    expect(view.results[0]).toMatchObject({ seoDescription: "SEO açıklaması.", seoKeywords: "seo, anahtar" });
  });

  it("skips a post whose content fails and carries on", async () => {
    const good = goodHandlers();
    handlers.blog = (r) => (ideaOf(r) === "Free Spin" ? RATE_LIMITED : good.blog(r));
    const id = await runToEnd();
    const view = (await getBulkJob(id))!;
    expect(view.status).toBe("done");
    expect(view.progress.map((p) => p.step)).toEqual(["done", "failed", "done"]);
    expect(view.progress[1]!.error).toBe("API istek limiti aşıldı. Lütfen daha sonra tekrar deneyin.");
    expect(view.results.map((r) => r.sequenceNumber)).toEqual([1, 3]);
  });

  it("fails the job only when no post succeeds, saying why", async () => {
    handlers.blog = () => ({ empty: true });
    const id = await runToEnd();
    const view = (await getBulkJob(id))!;
    expect(view.status).toBe("failed");
    expect(view.error).toBe("Hiçbir içerik oluşturulamadı: AI yanıt vermedi");
    expect(view.results).toEqual([]);
    expect(await saveBulkJob(actor, id, 0)).toMatchObject({ ok: false, status: 409, error: "Kaydedilecek içerik bulunamadı" });
    expect(await posts()).toEqual([]);
  });

  it("fails the job when the idea list cannot be read", async () => {
    handlers.ideas = () => ({ text: "[{" });
    const id = await runToEnd();
    expect(await getBulkJob(id)).toMatchObject({ status: "failed", error: "Hiçbir içerik oluşturulamadı: Blog fikirleri oluşturulamadı. API yanıtı geçerli bir JSON formatında değil." });
  });

  it("saves the first N published and the rest as drafts by 'AI Yazar', and only the published reach /blog", async () => {
    configureIndexNow({ key: "k", endpoint: "http://127.0.0.1:9/indexnow", timeoutMs: 1_000 });
    const id = await runToEnd();
    const before = Date.now();
    const saved = await saveBulkJob(actor, id, 1);
    expect(saved).toEqual({ ok: true, value: { saved: 3, failed: 0, published: 1, drafts: 2, message: "3 blog yazısı kaydedildi (1 yayında, 2 taslak)." } });
    const rows = await posts();
    expect(rows.map((r) => [r.title, r.isPublished, r.author, r.indexed, r.category])).toEqual([
      ["Çevrim Şartı Rehberi", true, "AI Yazar", false, "casino bonusları"],
      ["Free Spin Rehberi", false, "AI Yazar", false, "casino bonusları"],
      ["Kayıp Bonusu Rehberi", false, "AI Yazar", false, "casino bonusları"],
    ]);
    expect(rows[0]!.publishedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(rows[1]!.publishedAt).toBeNull();
    expect(rows.map((r) => r.slug)).toEqual([expect.stringMatching(/^cevrim-sarti-rehberi-\d{4}$/), expect.stringMatching(/^free-spin-rehberi-\d{4}$/), expect.stringMatching(/^kayip-bonusu-rehberi-\d{4}$/)]);
    expect(rows[0]).toMatchObject({ seoTitle: "SEO Çevrim Şartı Rehberi", seoDescription: "SEO açıklaması.", seoKeywords: "seo, anahtar", excerpt: "Çevrim Şartı özeti burada.", imageUrl: null });
    expect(rows[0]!.content).toContain("<p>kelime. kelime");

    const blog = await callRoute(publicBlogLoader, "/blog");
    expect(blog.posts.map((p) => p.title)).toEqual(["Çevrim Şartı Rehberi"]);
    // Only the published post is submitted for indexing.
    expect((await db().select().from(indexNowQueue)).map((q) => [q.path, q.entityId])).toEqual([[`blog/${rows[0]!.slug}`, rows[0]!.id]]);
    expect((await job(id)).status).toBe("saved");
    // The save is the job's (its id, entity ai-job); each post is audited as created, under its own id.
    const saves = await db().select().from(auditLog).where(eq(auditLog.entityType, "ai-job"));
    expect(saves.filter((row) => row.action === "ai-job.save")).toEqual([expect.objectContaining({ outcome: "success", actorEmail: "yazar@example.com", entityId: id })]);
    const created = await db().select().from(auditLog).where(eq(auditLog.entityType, "blog-post"));
    expect(created.map((row) => [row.action, row.entityId, row.summary]).sort()).toEqual(rows.map((r) => ["blog-post.create", r.id, r.title]).sort());
    // Saved once: a second save is refused and writes nothing.
    expect(await saveBulkJob(actor, id, 1)).toMatchObject({ ok: false, status: 409, error: "Bu toplu oluşturma işi zaten kapatıldı" });
    expect(await posts()).toHaveLength(3);
  });

  it("refuses a publish count above the results, and a job not finished yet", async () => {
    const id = await start({ topic: "bonus", count: 3, perDay: 0 });
    expect(await saveBulkJob(actor, id, 0)).toMatchObject({ ok: false, status: 409, error: "Toplu oluşturma henüz tamamlanmadı" });
    await runNextBulkJob();
    expect(await saveBulkJob(actor, id, 4)).toMatchObject({ ok: false, status: 400, error: "Yayınlanacak yazı sayısı geçersiz" });
    expect(await saveBulkJob(actor, "00000000-0000-4000-8000-000000000000", 0)).toMatchObject({ ok: false, status: 404 });
    expect(await posts()).toEqual([]);
    expect((await saveBulkJob(actor, id, 3)).ok).toBe(true);
    expect((await posts()).every((p) => p.isPublished)).toBe(true);
  });

  it("sets the scheduler's daily count and turns it on when per-day is above 0", async () => {
    const id = await runToEnd({ topic: "bonus", count: 3, perDay: 2 });
    const before = Date.now();
    await saveBulkJob(actor, id, 0);
    const [settings] = await db().select().from(scheduledPublishingSettings);
    expect(settings).toMatchObject({ id: 1, dailyPublishCount: 2, isActive: true });
    expect(settings!.nextPublishAt!.getTime() - before).toBeGreaterThan(23.9 * 3_600_000);
    expect(settings!.nextPublishAt!.getTime() - before).toBeLessThan(24.1 * 3_600_000);
  });

  it("keeps a set next publish time, and leaves the scheduler alone with per-day 0", async () => {
    const next = new Date(Date.now() + 3_600_000);
    await db().insert(scheduledPublishingSettings).values({ id: 1, dailyPublishCount: 1, isActive: false, nextPublishAt: next });
    const first = await runToEnd({ topic: "bonus", count: 1, perDay: 0 });
    await saveBulkJob(actor, first, 0);
    expect((await db().select().from(scheduledPublishingSettings))[0]).toMatchObject({ dailyPublishCount: 1, isActive: false });
    handlers = goodHandlers();
    const second = await runToEnd({ topic: "bonus", count: 1, perDay: 5 });
    await saveBulkJob(actor, second, 0);
    const [settings] = await db().select().from(scheduledPublishingSettings);
    expect(settings).toMatchObject({ dailyPublishCount: 5, isActive: true });
    expect(settings!.nextPublishAt!.getTime()).toBe(next.getTime());
  });

  it("switches on a schedule that was off with a past next time at its next slot to come, not within a minute (ADR 006)", async () => {
    const now = new Date(Date.UTC(2026, 2, 10, 12, 0, 0));
    const hour = 3_600_000;
    // Off for three days: the next time passed 3 days and 2 hours ago.
    await db().insert(scheduledPublishingSettings).values({ id: 1, dailyPublishCount: 1, isActive: false, nextPublishAt: new Date(now.getTime() - 74 * hour) });
    const id = await runToEnd({ topic: "bonus", count: 2, perDay: 2 });
    expect((await saveBulkJob(actor, id, 0, now)).ok).toBe(true);
    const [settings] = await db().select().from(scheduledPublishingSettings);
    expect(settings).toMatchObject({ dailyPublishCount: 2, isActive: true });
    // Same time of day, first slot still to come: 22 hours ahead.
    expect(settings!.nextPublishAt!.toISOString()).toBe(new Date(now.getTime() + 22 * hour).toISOString());
    // A scheduler check a minute later publishes nothing: the two drafts wait for that slot.
    expect(await runDuePublishing(undefined, new Date(now.getTime() + 60_000))).toEqual({ status: "not-due", published: [] });
    expect((await posts()).every((p) => !p.isPublished)).toBe(true);
  });

  it("finishes a run whose answers carry a NUL or other control characters, keeping the posts without them", async () => {
    const good = goodHandlers();
    handlers.ideas = () => ({ json: { ideas: IDEAS.map((title) => ({ title: `${title}\u0000`, brief: `${title}\u0001 hakkında` })) } });
    handlers.blog = (r) => (ideaOf(r) === "Free Spin" ? { json: { title: "Başlık\u0000NUL", excerpt: "Özet\u0000 burada\u0085.", content: `<p>NUL\u0000 içerik</p>${postHtml(320, "kelime")}`, suggested_keywords: "bir\u0000, iki" } } : good.blog(r));
    handlers.seo = (r) => (/Başlık: Başlık/.test(promptOf(r)) ? { json: { title: "SEO\u0000 başlık", description: "Açıklama\u0000.", keywords: "seo\u007f" } } : good.seo(r));
    const id = await runToEnd();
    const view = (await getBulkJob(id))!;
    expect(view.status).toBe("done");
    expect(view.progress.map((p) => [p.idea, p.step])).toEqual(IDEAS.map((idea) => [idea, "done"]));
    expect(view.results[1]).toMatchObject({ title: "BaşlıkNUL", excerpt: "Özet burada.", seoTitle: "SEO başlık", seoDescription: "Açıklama.", seoKeywords: "seo" });
    expect((await saveBulkJob(actor, id, 1)).ok).toBe(true);
    const stored = JSON.stringify(await posts());
    expect(stored).not.toMatch(/\\u00[01][0-9a-f]|\\u007f|[\u0080-\u009f]/i);
    expect((await posts()).map((p) => p.title)).toContain("BaşlıkNUL");
  });

  describe("when the job's own record cannot take a post", () => {
    // A database that refuses to store one post in the job (a trigger stands in for any
    // value PostgreSQL cannot store, such as the NUL jsonb refuses with 22P05).
    const refuseResults = async (which: "Free Spin" | "all") => {
      await (which === "all"
        ? db().execute(sql`create or replace function refuse_ai_result() returns trigger language plpgsql as $$
            begin if new.results::text like '%Rehberi%' then raise exception using errcode = '22P05', message = 'unsupported Unicode escape sequence'; end if; return new; end $$`)
        : db().execute(sql`create or replace function refuse_ai_result() returns trigger language plpgsql as $$
            begin if new.results::text like '%Free Spin Rehberi%' then raise exception using errcode = '22P05', message = 'unsupported Unicode escape sequence'; end if; return new; end $$`));
      await db().execute(sql`create trigger refuse_ai_result before update on ai_jobs for each row execute function refuse_ai_result()`);
    };
    const dropTrigger = () => db().execute(sql`drop trigger if exists refuse_ai_result on ai_jobs`);
    let logged: string[];
    beforeEach(() => {
      logged = [];
      const keep = (...args: unknown[]) => void logged.push(args.map((a) => (a instanceof Error ? `${a.name}: ${a.message}\n${a.stack}` : String(a))).join(" "));
      vi.spyOn(console, "warn").mockImplementation(keep);
      vi.spyOn(console, "error").mockImplementation(keep);
      vi.spyOn(console, "log").mockImplementation(keep);
    });
    afterEach(dropTrigger);

    it("marks that post failed with a Turkish reason, goes on with the next, and logs one line without the post", async () => {
      await refuseResults("Free Spin");
      const id = await runToEnd();
      await dropTrigger();
      const view = (await getBulkJob(id))!;
      expect(view.status).toBe("done");
      expect(view.progress.map((p) => p.step)).toEqual(["done", "failed", "done"]);
      expect(view.progress[1]!.error).toBe("Bu yazı saklanamadı, atlandı.");
      expect(view.results.map((r) => [r.sequenceNumber, r.title])).toEqual([
        [1, "Çevrim Şartı Rehberi"],
        [3, "Kayıp Bonusu Rehberi"],
      ]);
      expect(fake.requests.map(callKind)).toEqual(["ideas", "blog", "seo", "blog", "seo", "blog", "seo"]);
      expect(logged).toHaveLength(1);
      expect(logged[0]).not.toContain("\n");
      expect(logged[0]).toContain("22P05");
      // Neither the post's text nor its SEO reach the log.
      expect(logged[0]).not.toMatch(/kelime|özeti burada|SEO açıklaması|Free Spin|params/);
      // The operator is not kept waiting: a new run can start at once.
      expect((await startBulkJob(actor, { topic: "yeni", count: 1, perDay: 0 })).ok).toBe(true);
    });

    it("fails the job cleanly, saying why, when not one post could be kept", async () => {
      await refuseResults("all");
      const id = await runToEnd({ topic: "bonus", count: 2, perDay: 1 });
      await dropTrigger();
      const row = await job(id);
      expect(row.status).toBe("failed");
      expect(row.error).toBe("Hiçbir içerik oluşturulamadı: Bu yazı saklanamadı, atlandı.");
      expect((row.progress as BulkPostProgress[]).map((p) => [p.step, p.error])).toEqual([
        ["failed", "Bu yazı saklanamadı, atlandı."],
        ["failed", "Bu yazı saklanamadı, atlandı."],
      ]);
      expect(logged).toHaveLength(2);
      expect(logged.every((line) => !line.includes("\n"))).toBe(true);
      expect((await startBulkJob(actor, { topic: "yeni", count: 1, perDay: 0 })).ok).toBe(true);
    });
  });

  it("falls back to saving one by one when the batch fails, and says how many saved and failed", async () => {
    const id = await runToEnd({ topic: "bonus", count: 3, perDay: 1 });
    // A database that refuses one of the posts (a trigger stands in for any per-row failure).
    await db().execute(sql`create or replace function refuse_free_spin() returns trigger language plpgsql as $$
      begin if new.title = 'Free Spin Rehberi' then raise exception 'refused by test'; end if; return new; end $$`);
    await db().execute(sql`create trigger refuse_free_spin before insert on blog_posts for each row execute function refuse_free_spin()`);
    try {
      const saved = await saveBulkJob(actor, id, 2);
      expect(saved).toEqual({ ok: true, value: { saved: 2, failed: 1, published: 1, drafts: 1, message: "2 blog yazısı kaydedildi, 1 yazı kaydedilemedi." } });
      expect((await posts()).map((p) => [p.title, p.isPublished])).toEqual([
        ["Çevrim Şartı Rehberi", true],
        ["Kayıp Bonusu Rehberi", false],
      ]);
      expect((await job(id)).status).toBe("saved");
      expect((await db().select().from(scheduledPublishingSettings))[0]).toMatchObject({ dailyPublishCount: 1, isActive: true });
    } finally {
      await db().execute(sql`drop trigger refuse_free_spin on blog_posts`);
    }
  });

  it("keeps the results for another try when not one post could be saved", async () => {
    const id = await runToEnd({ topic: "bonus", count: 2, perDay: 3 });
    await db().execute(sql`create or replace function refuse_all() returns trigger language plpgsql as $$ begin raise exception 'refused by test'; end $$`);
    await db().execute(sql`create trigger refuse_all before insert on blog_posts for each row execute function refuse_all()`);
    try {
      const saved = await saveBulkJob(actor, id, 1);
      expect(saved).toMatchObject({ ok: false, status: 500, error: expect.stringMatching(/^Blog yazıları kaydedilirken bir hata oluştu: /) });
      expect((await job(id)).status).toBe("done");
      expect(await db().select().from(scheduledPublishingSettings)).toEqual([]);
    } finally {
      await db().execute(sql`drop trigger refuse_all on blog_posts`);
    }
    expect((await saveBulkJob(actor, id, 1)).ok).toBe(true);
  });

  it("gives a slug already taken another suffix", async () => {
    const id = await runToEnd({ topic: "bonus", count: 1, perDay: 0 });
    const now = new Date(1_700_000_001_234);
    await insertPost(db(), { title: "Eski", slug: "cevrim-sarti-rehberi-1234" });
    expect((await saveBulkJob(actor, id, 0, now)).ok).toBe(true);
    const [row] = await db().select().from(blogPosts).where(eq(blogPosts.title, "Çevrim Şartı Rehberi"));
    expect(row!.slug).toMatch(/^cevrim-sarti-rehberi-\d{4}$/);
    expect(row!.slug).not.toBe("cevrim-sarti-rehberi-1234");
  });

  it("discards: the results are gone and cannot be saved", async () => {
    const id = await runToEnd({ topic: "bonus", count: 1, perDay: 1 });
    expect(await discardBulkJob(actor, id)).toEqual({ ok: true, value: { jobId: id } });
    expect((await job(id)).status).toBe("discarded");
    expect(await saveBulkJob(actor, id, 1)).toMatchObject({ ok: false, status: 409 });
    expect(await discardBulkJob(actor, id)).toMatchObject({ ok: false, status: 409 });
    expect(await posts()).toEqual([]);
    expect(await latestOpenBulkJob(admin.userId)).toBeNull();
  });

  it("stops a run that is discarded while it writes, without another call", async () => {
    let id = "";
    const good = goodHandlers();
    handlers.blog = async (r) => {
      await discardBulkJob(actor, id);
      return { delayMs: 10_000, then: await good.blog(r) };
    };
    id = await start({ topic: "bonus", count: 3, perDay: 1 });
    const started = Date.now();
    await runNextBulkJob();
    // The call in flight was stopped, not waited for.
    expect(Date.now() - started).toBeLessThan(8_000);
    expect((await job(id)).status).toBe("discarded");
    expect(fake.requests.map(callKind)).toEqual(["ideas", "blog"]);
  });

  it("hands its job back when the server stops cleanly: the post being written waits again", async () => {
    const controller = new AbortController();
    const good = goodHandlers();
    handlers.blog = (r) => {
      if (ideaOf(r) === "Free Spin") {
        controller.abort();
        return { delayMs: 1_500, then: { json: {} } };
      }
      return good.blog(r);
    };
    const id = await start({ topic: "bonus", count: 3, perDay: 1 });
    await runNextBulkJob({ signal: controller.signal });
    const stopped = (await getBulkJob(id))!;
    expect(stopped.status).toBe("queued");
    expect(stopped.progress.map((p) => p.step)).toEqual(["done", "waiting", "waiting"]);
    expect(stopped.results.map((r) => r.title)).toEqual(["Çevrim Şartı Rehberi"]);
    // The next start carries on where it stopped, without asking for ideas again.
    handlers = goodHandlers();
    fake.requests.length = 0;
    await runNextBulkJob();
    expect(fake.requests.map(callKind)).toEqual(["blog", "seo", "blog", "seo"]);
    expect((await getBulkJob(id))!.results.map((r) => r.sequenceNumber)).toEqual([1, 2, 3]);
  });

  it("resumes a job left running by a dead process: the post it was writing is marked failed, the rest are written", async () => {
    const id = await start({ topic: "bonus", count: 3, perDay: 1 });
    const progress: BulkPostProgress[] = [
      { index: 0, idea: "Çevrim Şartı", brief: "", step: "done" },
      { index: 1, idea: "Free Spin", brief: "", step: "content" },
      { index: 2, idea: "Kayıp Bonusu", brief: "", step: "waiting" },
    ];
    const written = { sequenceNumber: 1, title: "Önceden yazılan", excerpt: "Özet burada.", content: "<p>İçerik</p>", category: "bonus", seoTitle: "S", seoDescription: "D", seoKeywords: "k", wordCount: 1 };
    await db()
      .update(aiJobs)
      .set({ status: "running", claimedAt: new Date(Date.now() - 600_000), updatedAt: sql`now() - interval '10 minutes'`, progress, results: [written] })
      .where(eq(aiJobs.id, id));
    expect(await runNextBulkJob()).toBe(id);
    const view = (await getBulkJob(id))!;
    expect(view.status).toBe("done");
    expect(view.progress.map((p) => p.step)).toEqual(["done", "failed", "done"]);
    expect(view.progress[1]!.error).toBe("Sunucu yeniden başladığı için bu yazı yarıda kaldı");
    expect(view.results.map((r) => [r.sequenceNumber, r.title])).toEqual([
      [1, "Önceden yazılan"],
      [3, "Kayıp Bonusu Rehberi"],
    ]);
    expect(fake.requests.map(callKind)).toEqual(["blog", "seo"]);
  });

  it("leaves a running job alone while its process still writes it", async () => {
    const id = await start({ topic: "bonus", count: 1, perDay: 1 });
    await db().update(aiJobs).set({ status: "running", claimedAt: new Date(), updatedAt: sql`now()` }).where(eq(aiJobs.id, id));
    expect(await runNextBulkJob()).toBeNull();
    expect(fake.requests).toEqual([]);
  });

  it("queues again, at start-up on the embedded database, every job left running", async () => {
    const id = await start({ topic: "bonus", count: 1, perDay: 1 });
    await db().update(aiJobs).set({ status: "running", claimedAt: new Date(), updatedAt: sql`now()` }).where(eq(aiJobs.id, id));
    expect(await requeueInterruptedBulkJobs()).toBe(1);
    expect((await job(id)).status).toBe("queued");
  });

  it("hands one queued job to exactly one of several concurrent claims", async () => {
    const id = await start({ topic: "bonus", count: 1, perDay: 1 });
    const claims = await Promise.all(Array.from({ length: driver === "postgres" ? 4 : 2 }, () => claimNextBulkJob()));
    expect(claims.filter(Boolean).map((c) => c!.id)).toEqual([id]);
  });

  it("takes the next queued job at once while another server is claiming the oldest (PostgreSQL); oldest first on the embedded database", async () => {
    const queue = async (topic: string, createdAt: Date) =>
      (await db().insert(aiJobs).values({ kind: BULK_JOB_KIND, input: { topic, count: 1, perDay: 1 }, createdBy: admin.userId, createdAt }).returning({ id: aiJobs.id }))[0]!.id;
    const older = await queue("eski", new Date(Date.now() - 60_000));
    const newer = await queue("yeni", new Date());
    if (driver === "postgres") {
      // Another server's claim holds the oldest job's row; this claim does not wait for it.
      const claimed = await db().transaction(async (tx) => {
        await tx.execute(sql`select id from ai_jobs where id = ${older} for update`);
        return claimNextBulkJob();
      });
      expect(claimed?.id).toBe(newer);
      expect((await job(older)).status).toBe("queued");
    } else {
      // One process, one connection: nothing else can hold a row.
      expect((await claimNextBulkJob())?.id).toBe(older);
      expect((await claimNextBulkJob())?.id).toBe(newer);
    }
    expect((await job(newer)).status).toBe("running");
  });

  it("allows one open run per operator and says so", async () => {
    await start({ topic: "bonus", count: 1, perDay: 1 });
    expect(await startBulkJob(actor, { topic: "ikinci", count: 1, perDay: 1 })).toEqual({
      ok: false,
      status: 409,
      error: "Devam eden bir toplu oluşturma işiniz var. Önce onu kaydedin veya iptal edin.",
    });
    const other = await createAdminSession("diger@example.com");
    expect((await startBulkJob({ userId: other.userId, email: other.email, address: "x" }, { topic: "başka", count: 1, perDay: 1 })).ok).toBe(true);
  });

  it("starts one run when an operator's starts arrive together, and says so to the others", async () => {
    const tries = driver === "postgres" ? 6 : 2;
    const answers = await Promise.all(Array.from({ length: tries }, (_, i) => startBulkJob(actor, { topic: `konu ${i + 1}`, count: 1, perDay: 1 })));
    expect(answers.filter((a) => a.ok)).toHaveLength(1);
    expect(answers.filter((a) => !a.ok)).toEqual(
      Array.from({ length: tries - 1 }, () => ({ ok: false, status: 409, error: "Devam eden bir toplu oluşturma işiniz var. Önce onu kaydedin veya iptal edin." })),
    );
    expect(await db().select().from(aiJobs).where(eq(aiJobs.createdBy, admin.userId))).toHaveLength(1);
  });

  it("refuses to start without a key", async () => {
    configureAi({ apiKey: null, model: "m", timeoutMs: 1_000 });
    expect(await startBulkJob(actor, { topic: "bonus", count: 1, perDay: 1 })).toEqual({ ok: false, status: 503, error: "AI servisi yapılandırılmamış: sunucuda OPENAI_API_KEY tanımlı değil." });
    expect(await db().select().from(aiJobs)).toEqual([]);
  });

  it("offers the operator's newest open job on coming back, not another operator's", async () => {
    expect(await latestOpenBulkJob(admin.userId)).toBeNull();
    const id = await start({ topic: "bonus", count: 1, perDay: 1 });
    expect(await latestOpenBulkJob(admin.userId)).toMatchObject({ id, status: "queued", input: { topic: "bonus", count: 1, perDay: 1 } });
    await runNextBulkJob();
    expect(await latestOpenBulkJob(admin.userId)).toMatchObject({ id, status: "done", results: [expect.objectContaining({ title: "Çevrim Şartı Rehberi" })] });
    const other = await createAdminSession("baskasi@example.com");
    expect(await latestOpenBulkJob(other.userId)).toBeNull();
    await saveBulkJob(actor, id, 0);
    expect(await latestOpenBulkJob(admin.userId)).toBeNull();
  });

  it("runs in the background once started: the worker picks up a new job at once", async () => {
    const worker = startBulkWorker({ pollMs: 60_000 });
    try {
      expect(startBulkWorker()).toBe(worker);
      const id = await start({ topic: "bonus", count: 2, perDay: 1 });
      await vi.waitFor(async () => expect((await job(id)).status).toBe("done"), { timeout: 10_000, interval: 50 });
    } finally {
      await worker.stop();
    }
  });
  // ---- What the operator, the audit log and the server log see of a run's edges ----------

  /** Every line written to the console during the test, one string each. */
  const captureLogs = () => {
    const lines: string[] = [];
    const keep = (...args: unknown[]) => void lines.push(args.map(String).join(" "));
    vi.spyOn(console, "warn").mockImplementation(keep);
    vi.spyOn(console, "error").mockImplementation(keep);
    vi.spyOn(console, "log").mockImplementation(keep);
    return lines;
  };
  /** A job left `running` by a process that died ten minutes ago, with what it had written. */
  const leftRunning = (id: string, progress: BulkPostProgress[], results: unknown[]) =>
    db()
      .update(aiJobs)
      .set({ status: "running", claimedAt: new Date(Date.now() - 600_000), updatedAt: sql`now() - interval '10 minutes'`, progress, results })
      .where(eq(aiJobs.id, id));
  const storedPost = (sequenceNumber: number, title: string) => ({
    sequenceNumber,
    title,
    excerpt: `${title} özeti burada.`,
    content: postHtml(320, "kelime"),
    category: "bonus",
    seoTitle: title,
    seoDescription: "Açıklama.",
    seoKeywords: "bonus",
    wordCount: 320,
  });
  /** A two-post job a dead process left with its first post written and stored, its second at `step`. */
  const leftWithSecondAt = async (step: BulkPostProgress["step"]) => {
    const id = await start({ topic: "bonus", count: 2, perDay: 1 });
    await leftRunning(
      id,
      [
        { index: 0, idea: "Çevrim Şartı", brief: "", step: "done" },
        { index: 1, idea: "Free Spin", brief: "", step },
      ],
      [storedPost(1, "Önceden yazılan")],
    );
    return id;
  };
  const auditRows = async (action: string) =>
    (await db().select().from(auditLog).where(eq(auditLog.action, action))).map((row) => ({ outcome: row.outcome, entityId: row.entityId, summary: row.summary, actorEmail: row.actorEmail }));

  it("audits a start, a refused second start and a discard, each with what was asked", async () => {
    const id = await start({ topic: "casino bonusları", count: 3, perDay: 1 });
    expect((await startBulkJob(actor, { topic: "ikinci konu", count: 2, perDay: 1 })).ok).toBe(false);
    expect(await auditRows("ai-job.create")).toEqual([
      { outcome: "success", entityId: id, summary: "3 yazı: casino bonusları", actorEmail: "yazar@example.com" },
      { outcome: "failure", entityId: null, summary: "ikinci konu", actorEmail: "yazar@example.com" },
    ]);
    expect((await discardBulkJob(actor, id)).ok).toBe(true);
    expect((await discardBulkJob(actor, id)).ok).toBe(false);
    expect(await auditRows("ai-job.discard")).toEqual([
      { outcome: "success", entityId: id, summary: "Toplu AI içerikleri iptal edildi", actorEmail: "yazar@example.com" },
      { outcome: "failure", entityId: id, summary: "", actorEmail: "yazar@example.com" },
    ]);
  });

  it("answers 'not found' for an id that is not a job's, or no longer exists", async () => {
    const notFound = { ok: false, status: 404, error: "Toplu oluşturma işi bulunamadı" };
    expect(await discardBulkJob(actor, "yok")).toEqual(notFound);
    expect(await discardBulkJob(actor, "00000000-0000-4000-8000-000000000000")).toEqual(notFound);
    expect(await saveBulkJob(actor, "yok", 0)).toEqual(notFound);
    expect(await getBulkJob("yok")).toBeNull();
  });

  it("runs a job whose stored progress is not a list as a new one, showing no posts until then", async () => {
    const id = await start({ topic: "bonus", count: 3, perDay: 1 });
    await db().update(aiJobs).set({ progress: sql`'null'::jsonb` }).where(eq(aiJobs.id, id));
    expect(await getBulkJob(id)).toMatchObject({ status: "queued", progress: [] });
    expect(await runNextBulkJob()).toBe(id);
    const view = (await getBulkJob(id))!;
    expect(view.status).toBe("done");
    expect(view.results.map((r) => r.title)).toEqual(["Çevrim Şartı Rehberi", "Free Spin Rehberi", "Kayıp Bonusu Rehberi"]);
  });

  it("fails a job whose stored request cannot be read, without asking the model", async () => {
    const [row] = await db()
      .insert(aiJobs)
      .values({ kind: BULK_JOB_KIND, input: { topic: "", count: 0, perDay: 9 }, createdBy: admin.userId })
      .returning({ id: aiJobs.id });
    expect(await runNextBulkJob()).toBe(row!.id);
    expect(await getBulkJob(row!.id)).toMatchObject({ status: "failed", error: "Hiçbir içerik oluşturulamadı", input: { topic: "", count: 0, perDay: 0 }, progress: [] });
    expect(fake.requests).toEqual([]);
  });

  it("marks a post a dead process left at its SEO step failed too, and records it even with nothing left to write", async () => {
    const id = await leftWithSecondAt("seo");
    expect(await runNextBulkJob()).toBe(id);
    const row = await job(id);
    expect(row.status).toBe("done");
    expect((row.progress as BulkPostProgress[]).map((p) => [p.step, p.error])).toEqual([
      ["done", undefined],
      ["failed", "Sunucu yeniden başladığı için bu yazı yarıda kaldı"],
    ]);
    expect(fake.requests).toEqual([]);
  });

  it("keeps the results in the ideas' order when an earlier post is written after a later one", async () => {
    const id = await start({ topic: "bonus", count: 2, perDay: 1 });
    await leftRunning(
      id,
      [
        { index: 0, idea: "Çevrim Şartı", brief: "", step: "waiting" },
        { index: 1, idea: "Free Spin", brief: "", step: "done" },
      ],
      [storedPost(2, "Önceden yazılan")],
    );
    await runNextBulkJob();
    expect((await getBulkJob(id))!.results.map((r) => [r.sequenceNumber, r.title])).toEqual([
      [1, "Çevrim Şartı Rehberi"],
      [2, "Önceden yazılan"],
    ]);
  });

  it("stops, without another call, a run whose job another process discards while a post is written", async () => {
    let id = "";
    const good = goodHandlers();
    handlers.blog = async (r) => {
      // Another server process's discard: it cannot stop this process's call, only the job.
      await db().update(aiJobs).set({ status: "discarded" }).where(eq(aiJobs.id, id));
      return good.blog(r);
    };
    id = await start({ topic: "bonus", count: 3, perDay: 1 });
    await runNextBulkJob();
    expect(fake.requests.map(callKind)).toEqual(["ideas", "blog"]);
    const row = await job(id);
    expect(row.status).toBe("discarded");
    expect(row.results).toBeNull();
  });

  it("hands its job back when the server stops during a post's SEO call: that post waits again and nothing of it is kept", async () => {
    const controller = new AbortController();
    const good = goodHandlers();
    handlers.seo = (r) => {
      if (/Başlık: Free Spin Rehberi/.test(promptOf(r))) {
        controller.abort();
        return { delayMs: 1_500, then: { json: { title: "Geç gelen SEO", description: "Geç gelen açıklama.", keywords: "geç" } } };
      }
      return good.seo(r);
    };
    const id = await start({ topic: "bonus", count: 3, perDay: 1 });
    await runNextBulkJob({ signal: controller.signal });
    const stopped = (await getBulkJob(id))!;
    expect(stopped.status).toBe("queued");
    expect(stopped.progress.map((p) => [p.idea, p.step])).toEqual([
      ["Çevrim Şartı", "done"],
      ["Free Spin", "waiting"],
      ["Kayıp Bonusu", "waiting"],
    ]);
    expect(stopped.results.map((r) => r.title)).toEqual(["Çevrim Şartı Rehberi"]);
    expect(fake.requests.map(callKind)).toEqual(["ideas", "blog", "seo", "blog", "seo"]);
  });

  it("records the only post a dead process left mid-way as failed, and fails the job saying none succeeded", async () => {
    const id = await start({ topic: "bonus", count: 1, perDay: 1 });
    await leftRunning(id, [{ index: 0, idea: "Çevrim Şartı", brief: "", step: "content" }], []);
    expect(await runNextBulkJob()).toBe(id);
    const view = (await getBulkJob(id))!;
    expect(view.status).toBe("failed");
    expect(view.error).toBe("Hiçbir içerik oluşturulamadı");
    expect(view.progress.map((p) => [p.idea, p.step, p.error])).toEqual([["Çevrim Şartı", "failed", "Sunucu yeniden başladığı için bu yazı yarıda kaldı"]]);
    expect(fake.requests).toEqual([]);
  });

  it("hands the job back at once, without ideas, when the server stops during the idea call", async () => {
    const controller = new AbortController();
    const good = goodHandlers();
    handlers.ideas = async (r) => {
      controller.abort();
      return { delayMs: 5_000, then: await good.ideas(r) };
    };
    const id = await start({ topic: "bonus", count: 3, perDay: 1 });
    const started = Date.now();
    await runNextBulkJob({ signal: controller.signal });
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(await getBulkJob(id)).toMatchObject({ status: "queued", progress: [], error: null });
  });

  it("hands back with no posts a job whose stored progress is not a list, claimed by a server that is already stopping", async () => {
    const id = await start({ topic: "bonus", count: 2, perDay: 1 });
    await db().update(aiJobs).set({ progress: sql`'null'::jsonb` }).where(eq(aiJobs.id, id));
    expect(await runNextBulkJob({ signal: AbortSignal.abort() })).toBe(id);
    expect(await getBulkJob(id)).toMatchObject({ status: "queued", progress: [], error: null });
    expect(fake.requests).toEqual([]);
  });

  it("leaves no listener on the stop signal it was given once its job ends", async () => {
    // A worker's signal lives as long as the process: a listener left per job would pile up
    // (Node warns of a leak past ten).
    const controller = new AbortController();
    const id = await start({ topic: "bonus", count: 1, perDay: 1 });
    expect(await runNextBulkJob({ signal: controller.signal })).toBe(id);
    expect((await job(id)).status).toBe("done");
    expect(getEventListeners(controller.signal, "abort")).toEqual([]);
  });

  it("runs nothing of a job claimed by a server that is already stopping, and hands it back", async () => {
    const id = await start({ topic: "bonus", count: 2, perDay: 1 });
    expect(await runNextBulkJob({ signal: AbortSignal.abort() })).toBe(id);
    expect(await getBulkJob(id)).toMatchObject({ status: "queued", progress: [], results: [] });
    expect(fake.requests).toEqual([]);
  });

  it("hands back untouched a resumed job claimed by a server that is already stopping", async () => {
    const id = await leftWithSecondAt("waiting");
    expect(await runNextBulkJob({ signal: AbortSignal.abort() })).toBe(id);
    const view = (await getBulkJob(id))!;
    expect(view.status).toBe("queued");
    expect(view.progress.map((p) => [p.idea, p.step])).toEqual([
      ["Çevrim Şartı", "done"],
      ["Free Spin", "waiting"],
    ]);
    expect(view.results.map((r) => r.title)).toEqual(["Önceden yazılan"]);
    expect(fake.requests).toEqual([]);
  });

  it("skips a post the blog editor would refuse, saying why, and goes on with the next", async () => {
    const good = goodHandlers();
    handlers.blog = (r) => (ideaOf(r) === "Free Spin" ? { json: { title: "Free Spin Rehberi", excerpt: "Kısa bir özet burada.", content: "<p>Çok kısa bir yazı.</p>" } } : good.blog(r));
    const id = await runToEnd();
    const view = (await getBulkJob(id))!;
    expect(view.status).toBe("done");
    expect(view.progress.map((p) => p.step)).toEqual(["done", "failed", "done"]);
    expect(view.progress[1]!.error).toBe("Oluşturulan yazı blog kurallarına uymuyor: İçerik en az 50 karakter olmalıdır");
    expect(view.results.map((r) => r.title)).toEqual(["Çevrim Şartı Rehberi", "Kayıp Bonusu Rehberi"]);
  });

  it("cuts a long title's slug at a word without leaving a hyphen before its suffix", async () => {
    const title = "Yeni başlayanlar için casino bonusları rehberi ve çevrim şartları hakkında bilinmesi gerekenler";
    handlers.blog = () => ({ json: { title, excerpt: "Yeni başlayanlar için özet.", content: postHtml(320, "kelime") } });
    const id = await runToEnd({ topic: "bonus", count: 1, perDay: 0 });
    expect((await saveBulkJob(actor, id, 0)).ok).toBe(true);
    const [row] = await posts();
    expect(row!.slug).toMatch(/^yeni-baslayanlar-icin-casino-bonuslari-rehberi-ve-cevrim-sartlari-hakkinda-\d{4}$/);
  });

  describe("when the job's record refuses a write", () => {
    /** A database that refuses an update of the job matching `condition` (SQL over NEW and OLD). */
    // `gone`: writes that then update no row, as for a job discarded or taken over by another process.
    const refuseJobWrites = async (condition: string, message = "'unsupported Unicode escape sequence'", gone = "false") => {
      await db().execute(
        sql.raw(`create or replace function refuse_job_write() returns trigger language plpgsql as $$
          begin if ${condition} then raise exception using errcode = '22P05', message = ${message}; end if;
          if ${gone} then return null; end if; return new; end $$`),
      );
      await db().execute(sql`create trigger refuse_job_write before update on ai_jobs for each row execute function refuse_job_write()`);
    };
    const postAt = (idea: string, step: string) => `exists (select 1 from jsonb_array_elements(new.progress) e where e->>'idea' = '${idea}' and e->>'step' = '${step}')`;
    let logged: string[];
    beforeEach(() => {
      logged = captureLogs();
    });
    afterEach(() => db().execute(sql`drop trigger if exists refuse_job_write on ai_jobs`));

    it.each([
      ["content", ["ideas", "blog", "seo", "blog", "seo"]],
      ["seo", ["ideas", "blog", "seo", "blog", "blog", "seo"]],
    ])("skips a post whose %s step cannot be recorded, and goes on with the next", async (step, calls) => {
      await refuseJobWrites(postAt("Free Spin", step));
      const id = await runToEnd();
      const view = (await getBulkJob(id))!;
      expect(view.status).toBe("done");
      expect(view.progress.map((p) => [p.step, p.error])).toEqual([
        ["done", undefined],
        ["failed", "Bu yazı saklanamadı, atlandı."],
        ["done", undefined],
      ]);
      expect(view.results.map((r) => r.sequenceNumber)).toEqual([1, 3]);
      expect(fake.requests.map(callKind)).toEqual(calls);
      expect(logged).toHaveLength(1);
    });

    it("fails the run, saying why, when a post given up cannot be recorded either", async () => {
      await refuseJobWrites(postAt("Free Spin", "failed"));
      const good = goodHandlers();
      handlers.blog = (r) => (ideaOf(r) === "Free Spin" ? RATE_LIMITED : good.blog(r));
      const id = await runToEnd();
      const view = (await getBulkJob(id))!;
      expect(view.status).toBe("failed");
      expect(view.error).toBe("Toplu oluşturma işinin durumu kaydedilemedi: API istek limiti aşıldı. Lütfen daha sonra tekrar deneyin.");
      expect(fake.requests.map(callKind)).toEqual(["ideas", "blog", "seo", "blog"]);
      // The operator can start another run at once.
      expect((await startBulkJob(actor, { topic: "yeni", count: 1, perDay: 0 })).ok).toBe(true);
    });

    it("fails the run without asking for the post, saying why, when neither a post's start nor its failure can be recorded, and logs both", async () => {
      await refuseJobWrites(`${postAt("Free Spin", "content")} or ${postAt("Free Spin", "failed")}`);
      const id = await runToEnd();
      const view = (await getBulkJob(id))!;
      expect(view.status).toBe("failed");
      expect(view.error).toBe("Toplu oluşturma işinin durumu kaydedilemedi: Bu yazı saklanamadı, atlandı.");
      expect(view.results.map((r) => r.title)).toEqual(["Çevrim Şartı Rehberi"]);
      expect(fake.requests.map(callKind)).toEqual(["ideas", "blog", "seo"]);
      expect(logged).toEqual([
        `AI bulk job ${id}: could not store post 2's progress (22P05 unsupported Unicode escape sequence)`,
        `AI bulk job ${id}: could not store post 2's failure (22P05 unsupported Unicode escape sequence)`,
      ]);
    });

    it("fails the run, saying why, when its idea list cannot be recorded", async () => {
      await refuseJobWrites("jsonb_array_length(new.progress) > 0 and jsonb_array_length(old.progress) = 0");
      const id = await runToEnd();
      expect(await getBulkJob(id)).toMatchObject({ status: "failed", error: "Hiçbir içerik oluşturulamadı: Toplu oluşturma işinin durumu kaydedilemedi", progress: [] });
      expect(fake.requests.map(callKind)).toEqual(["ideas"]);
      expect(logged).toEqual([expect.stringMatching(new RegExp(`^AI bulk job ${id}: could not store the idea list \\(22P05 `))]);
    });

    it("fails the run, saying why, when its end cannot be recorded", async () => {
      await refuseJobWrites("new.status = 'done'");
      const id = await runToEnd();
      const view = (await getBulkJob(id))!;
      expect(view).toMatchObject({ status: "failed", error: "Toplu oluşturma işinin durumu kaydedilemedi" });
      expect(logged).toEqual([expect.stringMatching(/could not store the job's end \(22P05 /)]);
    });

    it("leaves a run whose end cannot be recorded, not even as failed, running for a later take-over instead of queueing it again", async () => {
      await refuseJobWrites("new.status in ('done', 'failed')");
      const id = await runToEnd({ topic: "bonus", count: 1, perDay: 1 });
      expect((await job(id)).status).toBe("running");
      expect(await runNextBulkJob()).toBeNull();
      expect(fake.requests.map(callKind)).toEqual(["ideas", "blog", "seo"]);
      expect(logged).toEqual([
        `AI bulk job ${id}: could not store the job's end (22P05 unsupported Unicode escape sequence)`,
        `AI bulk job ${id}: could not store the job's failure (22P05 unsupported Unicode escape sequence)`,
      ]);
    });

    it("fails a resumed run, saying why, when the posts its dead process left cannot be recorded", async () => {
      const id = await leftWithSecondAt("content");
      await refuseJobWrites(postAt("Free Spin", "failed"));
      await runNextBulkJob();
      expect(await job(id)).toMatchObject({ status: "failed", error: "Toplu oluşturma işinin durumu kaydedilemedi" });
      expect(logged).toEqual([expect.stringMatching(/could not store the interrupted posts \(22P05 /)]);
      expect(fake.requests).toEqual([]);
    });

    it.each([
      ["its failure finds the job gone", postAt("Free Spin", "content"), postAt("Free Spin", "failed")],
      ["its failure is refused too and the job's failure finds the job gone", `${postAt("Free Spin", "content")} or ${postAt("Free Spin", "failed")}`, "new.status = 'failed'"],
    ])("asks the model nothing more when a post's start cannot be recorded and %s", async (_, refused, gone) => {
      await refuseJobWrites(refused, undefined, gone);
      const id = await runToEnd();
      expect(fake.requests.map(callKind)).toEqual(["ideas", "blog", "seo"]);
      expect(((await job(id)).results as { title: string }[]).map((r) => r.title)).toEqual(["Çevrim Şartı Rehberi"]);
    });

    it("logs which post it could not store and the database's reason, on one short line", async () => {
      await refuseJobWrites(
        `new.results::text like '%Free Spin Rehberi%'`,
        `'unsupported   Unicode' || chr(10) || 'escape sequence ' || repeat('x', 300)`,
      );
      const id = await runToEnd();
      expect(logged).toHaveLength(1);
      const line = logged[0]!;
      expect(line.startsWith(`AI bulk job ${id}: could not store post 2 (22P05 unsupported Unicode escape sequence xxx`)).toBe(true);
      // The reason is cut short (no 300-character dump), and has no line break or run of spaces.
      expect(line).not.toMatch(/\n| {2}/);
      expect(line.length).toBeLessThan(`AI bulk job ${id}: could not store post 2 ()`.length + 200);
    });
  });

  describe("saving", () => {
    it("refuses a job still being written, a finished one without posts, and a publish count that is not a whole number in range", async () => {
      const id = await start({ topic: "bonus", count: 2, perDay: 0 });
      await db().update(aiJobs).set({ status: "running", claimedAt: new Date() }).where(eq(aiJobs.id, id));
      expect(await saveBulkJob(actor, id, 0)).toEqual({ ok: false, status: 409, error: "Toplu oluşturma henüz tamamlanmadı" });
      await db().update(aiJobs).set({ status: "queued" }).where(eq(aiJobs.id, id));
      await runNextBulkJob();
      const invalid = { ok: false, status: 400, error: "Yayınlanacak yazı sayısı geçersiz" };
      expect(await saveBulkJob(actor, id, 1.5)).toEqual(invalid);
      expect(await saveBulkJob(actor, id, -1)).toEqual(invalid);
      expect(await posts()).toEqual([]);
      await db().update(aiJobs).set({ results: [] }).where(eq(aiJobs.id, id));
      expect(await saveBulkJob(actor, id, 0)).toEqual({ ok: false, status: 400, error: "Kaydedilecek içerik bulunamadı" });
      expect(await posts()).toEqual([]);
    });

    it("audits the save with how many posts it published and the topic", async () => {
      const id = await runToEnd({ topic: "casino bonusları", count: 3, perDay: 0 });
      await saveBulkJob(actor, id, 1);
      expect(await auditRows("ai-job.save")).toEqual([{ outcome: "success", entityId: id, summary: "3 AI yazısı (1 yayında): casino bonusları", actorEmail: "yazar@example.com" }]);
    });

    it("saves a finished job whose stored request can no longer be read, leaving the scheduler alone", async () => {
      const id = await runToEnd({ topic: "bonus", count: 2, perDay: 2 });
      await db().update(aiJobs).set({ input: {} }).where(eq(aiJobs.id, id));
      expect(await saveBulkJob(actor, id, 2)).toMatchObject({ ok: true, value: { saved: 2, published: 2, drafts: 0 } });
      expect((await posts()).map((p) => [p.title, p.category])).toEqual([
        ["Çevrim Şartı Rehberi", "bonus"],
        ["Free Spin Rehberi", "bonus"],
      ]);
      expect(await db().select().from(scheduledPublishingSettings)).toEqual([]);
      // The audit names no topic it cannot read.
      expect(await auditRows("ai-job.save")).toEqual([{ outcome: "success", entityId: id, summary: "2 AI yazısı (2 yayında): ", actorEmail: "yazar@example.com" }]);
    });

    it("saves the posts once when two saves arrive together", async () => {
      const id = await runToEnd({ topic: "bonus", count: 2, perDay: 0 });
      const answers = await Promise.all([saveBulkJob(actor, id, 0), saveBulkJob(actor, id, 0)]);
      expect(answers.filter((a) => a.ok)).toHaveLength(1);
      expect(answers.filter((a) => !a.ok)).toEqual([{ ok: false, status: 409, error: "Bu toplu oluşturma işi zaten kapatıldı" }]);
      expect(await posts()).toHaveLength(2);
      const audited = (await auditRows("ai-job.save")).sort((a, b) => a.outcome.localeCompare(b.outcome));
      const success = { outcome: "success", entityId: id, summary: "2 AI yazısı (0 yayında): bonus", actorEmail: "yazar@example.com" };
      const refused = { outcome: "failure", entityId: id, summary: "bonus", actorEmail: "yazar@example.com" };
      // On PGlite (one connection, statements in turn) both saves read the job as finished
      // before either writes: the second finds it closed when it comes to write, and is audited
      // as refused. On PostgreSQL the second may instead read it closed at once (no write tried,
      // nothing to audit); either way the posts are saved once.
      if (driver === "pglite") expect(audited).toEqual([refused, success]);
      else expect([[refused, success], [success]]).toContainEqual(audited);
    });

    describe("one by one, when the batch fails", () => {
      let logged: string[];
      beforeEach(() => {
        logged = captureLogs();
      });
      afterEach(async () => {
        await db().execute(sql`drop trigger if exists refuse_audit on audit_log`);
        await db().execute(sql`drop trigger if exists refuse_post on blog_posts`);
      });
      const refusePosts = async (condition: string, message: string) => {
        await db().execute(
          sql.raw(`create or replace function refuse_post() returns trigger language plpgsql as $$
            begin if ${condition} then raise exception using message = ${message}; end if; return new; end $$`),
        );
        await db().execute(sql`create trigger refuse_post before insert on blog_posts for each row execute function refuse_post()`);
      };

      it("says all were saved when only the batch's own record failed, and audits each post and the schedule", async () => {
        const id = await runToEnd({ topic: "casino bonusları", count: 3, perDay: 1 });
        await db().execute(sql`create or replace function refuse_audit() returns trigger language plpgsql as $$
          begin if new.action = 'ai-job.save' then raise exception 'audit refused by test'; end if; return new; end $$`);
        await db().execute(sql`create trigger refuse_audit before insert on audit_log for each row execute function refuse_audit()`);
        expect(await saveBulkJob(actor, id, 1)).toEqual({ ok: true, value: { saved: 3, failed: 0, published: 1, drafts: 2, message: "3 blog yazısı kaydedildi (1 yayında, 2 taslak)." } });
        const rows = await posts();
        expect(rows.map((r) => [r.title, r.isPublished])).toEqual([
          ["Çevrim Şartı Rehberi", true],
          ["Free Spin Rehberi", false],
          ["Kayıp Bonusu Rehberi", false],
        ]);
        expect((await auditRows("blog-post.create")).sort((a, b) => a.summary.localeCompare(b.summary))).toEqual(
          rows.map((r) => ({ outcome: "success", entityId: r.id, summary: r.title, actorEmail: "yazar@example.com" })).sort((a, b) => a.summary.localeCompare(b.summary)),
        );
        expect(await auditRows("ai-job.schedule")).toEqual([{ outcome: "success", entityId: id, summary: "Günlük 1 yazı: casino bonusları", actorEmail: "yazar@example.com" }]);
        expect((await db().select().from(scheduledPublishingSettings))[0]).toMatchObject({ dailyPublishCount: 1, isActive: true });
        expect(logged).toEqual([expect.stringMatching(/one batch failed \(audit refused by test\); saving one by one$/)]);
      });

      it("saves the posts once when two saves arrive together and both batches fail", async () => {
        const id = await runToEnd({ topic: "bonus", count: 2, perDay: 0 });
        await db().execute(sql`create or replace function refuse_audit() returns trigger language plpgsql as $$
          begin if new.action = 'ai-job.save' then raise exception 'audit refused by test'; end if; return new; end $$`);
        await db().execute(sql`create trigger refuse_audit before insert on audit_log for each row execute function refuse_audit()`);
        const answers = await Promise.all([saveBulkJob(actor, id, 0), saveBulkJob(actor, id, 0)]);
        expect(answers.filter((a) => a.ok)).toEqual([{ ok: true, value: { saved: 2, failed: 0, published: 0, drafts: 2, message: "2 blog yazısı kaydedildi (0 yayında, 2 taslak)." } }]);
        expect(answers.filter((a) => !a.ok)).toEqual([{ ok: false, status: 409, error: "Bu toplu oluşturma işi zaten kapatıldı" }]);
        expect((await posts()).map((p) => p.title)).toEqual(["Çevrim Şartı Rehberi", "Free Spin Rehberi"]);
        expect((await job(id)).status).toBe("saved");
      });

      it("leaves the scheduler alone with per-day 0, and audits and logs the post that failed", async () => {
        const id = await runToEnd({ topic: "bonus", count: 2, perDay: 0 });
        await refusePosts("new.title = 'Free Spin Rehberi'", "'refused by test'");
        expect(await saveBulkJob(actor, id, 0)).toEqual({ ok: true, value: { saved: 1, failed: 1, published: 0, drafts: 1, message: "1 blog yazısı kaydedildi, 1 yazı kaydedilemedi." } });
        expect(await db().select().from(scheduledPublishingSettings)).toEqual([]);
        expect(await auditRows("ai-job.schedule")).toEqual([]);
        expect((await auditRows("blog-post.create")).filter((row) => row.outcome === "failure")).toEqual([{ outcome: "failure", entityId: null, summary: "Free Spin Rehberi", actorEmail: "yazar@example.com" }]);
        expect(logged).toContain('AI bulk post "Free Spin Rehberi" could not be saved: refused by test');
      });

      it("logs the batch's failure and each post that failed on one short line each, a long title cut at 80 characters", async () => {
        const good = goodHandlers();
        handlers.blog = async (r) => ({ json: { ...((await good.blog(r)) as { json: object }).json, title: "Çevrim Şartı Olan Bonuslarda Kazancı Çekmeden Önce Bilinmesi Gereken Bütün Kurallar ve İpuçları" } });
        const id = await runToEnd({ topic: "bonus", count: 1, perDay: 0 });
        await refusePosts("true", `'refused   by' || chr(10) || 'test ' || repeat('x', 300)`);
        expect(await saveBulkJob(actor, id, 0)).toMatchObject({ ok: false, status: 500 });
        expect(logged).toEqual([
          `AI bulk save as one batch failed (refused by test ${"x".repeat(184)}); saving one by one`,
          `AI bulk post "Çevrim Şartı Olan Bonuslarda Kazancı Çekmeden Önce Bilinmesi Gereken Bütün Kural" could not be saved: refused by test ${"x".repeat(184)}`,
        ]);
      });

      describe("when another save takes a post's slug in the meantime", () => {
        // The slug is checked free, then taken by another save before the insert (PostgreSQL's
        // unique violation, which the post's own save reports as a field error, not as a throw).
        const slugTakenMeanwhile = async (condition: string) => {
          await db().execute(
            sql.raw(`create or replace function refuse_post() returns trigger language plpgsql as $$
              begin if ${condition} then raise exception using errcode = '23505', constraint = 'blog_posts_slug_unique',
                message = 'duplicate key value violates unique constraint "blog_posts_slug_unique"'; end if; return new; end $$`),
          );
          await db().execute(sql`create trigger refuse_post before insert on blog_posts for each row execute function refuse_post()`);
        };

        it("counts that post as not saved", async () => {
          const id = await runToEnd({ topic: "bonus", count: 2, perDay: 0 });
          await slugTakenMeanwhile("new.title = 'Free Spin Rehberi'");
          expect(await saveBulkJob(actor, id, 2)).toEqual({ ok: true, value: { saved: 1, failed: 1, published: 1, drafts: 0, message: "1 blog yazısı kaydedildi, 1 yazı kaydedilemedi." } });
          expect((await posts()).map((p) => [p.title, p.isPublished])).toEqual([["Çevrim Şartı Rehberi", true]]);
          expect((await job(id)).status).toBe("saved");
        });

        it("says that not one post could be saved, with no reason to add, and keeps the results for another try", async () => {
          const id = await runToEnd({ topic: "bonus", count: 2, perDay: 1 });
          await slugTakenMeanwhile("true");
          expect(await saveBulkJob(actor, id, 1)).toEqual({ ok: false, status: 500, error: "Blog yazıları kaydedilirken bir hata oluştu: 2 yazının hiçbiri kaydedilemedi" });
          expect(await posts()).toEqual([]);
          expect((await job(id)).status).toBe("done");
          expect(await db().select().from(scheduledPublishingSettings)).toEqual([]);
        });
      });

      it("says, in the database's words cut short, why not one post could be saved", async () => {
        const id = await runToEnd({ topic: "bonus", count: 2, perDay: 1 });
        const reason = `refused by test ${"x".repeat(200)}`;
        await refusePosts("true", `'${reason}'`);
        expect(await saveBulkJob(actor, id, 1)).toEqual({
          ok: false,
          status: 500,
          error: `Blog yazıları kaydedilirken bir hata oluştu: 2 yazının hiçbiri kaydedilemedi (${reason.slice(0, 160)})`,
        });
        // Neither the query nor the post's text reaches the log.
        expect(logged.join("\n")).not.toMatch(/insert|kelime/);
      });
    });
  });

  describe("the background worker", () => {
    const idle = () => new Promise((resolve) => setTimeout(resolve, 300));

    it("runs a job started while it is idle at once, not at its next look", async () => {
      const worker = startBulkWorker({ pollMs: 60_000 });
      try {
        await idle();
        const id = await start({ topic: "bonus", count: 1, perDay: 1 });
        await vi.waitFor(async () => expect((await job(id)).status).toBe("done"), { timeout: 5_000, interval: 50 });
        const second = await createAdminSession("ikinci@example.com");
        const started = await startBulkJob({ userId: second.userId, email: second.email, address: "x" }, { topic: "başka", count: 1, perDay: 1 });
        if (!started.ok) throw new Error(started.error);
        await vi.waitFor(async () => expect((await job(started.value.jobId)).status).toBe("done"), { timeout: 5_000, interval: 50 });
      } finally {
        await worker.stop();
      }
    });

    it("finds a job queued by another process at its next look", async () => {
      const worker = startBulkWorker({ pollMs: 100 });
      try {
        await idle();
        const [row] = await db()
          .insert(aiJobs)
          .values({ kind: BULK_JOB_KIND, input: { topic: "bonus", count: 1, perDay: 1 }, createdBy: admin.userId })
          .returning({ id: aiJobs.id });
        await vi.waitFor(async () => expect((await job(row!.id)).status).toBe("done"), { timeout: 3_000, interval: 50 });
      } finally {
        await worker.stop();
      }
    });

    it("once stopped, runs nothing more, and a new start gets a new worker", async () => {
      const worker = startBulkWorker({ pollMs: 100 });
      await idle();
      await worker.stop();
      const id = await start({ topic: "bonus", count: 1, perDay: 1 });
      await idle();
      expect((await job(id)).status).toBe("queued");
      const next = startBulkWorker({ pollMs: 60_000 });
      try {
        expect(next).not.toBe(worker);
        await vi.waitFor(async () => expect((await job(id)).status).toBe("done"), { timeout: 5_000, interval: 50 });
      } finally {
        await next.stop();
      }
    });

    it("on stop, stops the call in flight and hands its job back", async () => {
      const good = goodHandlers();
      handlers.blog = async (r) => ({ delayMs: 5_000, then: await good.blog(r) });
      const worker = startBulkWorker({ pollMs: 60_000 });
      let stopped = false;
      try {
        const id = await start({ topic: "bonus", count: 2, perDay: 1 });
        await vi.waitFor(async () => expect((await getBulkJob(id))!.progress.map((p) => p.step)).toEqual(["content", "waiting"]), { timeout: 5_000, interval: 20 });
        const asked = Date.now();
        await worker.stop();
        stopped = true;
        expect(Date.now() - asked).toBeLessThan(1_500);
        expect(await getBulkJob(id)).toMatchObject({ status: "queued", progress: [expect.objectContaining({ step: "waiting" }), expect.objectContaining({ step: "waiting" })] });
      } finally {
        if (!stopped) await worker.stop();
      }
    });

    it("says nothing of resuming at start-up when no job was left running, and runs the queue", async () => {
      const logged = captureLogs();
      const id = await start({ topic: "bonus", count: 1, perDay: 1 });
      const worker = startBulkWorker({ pollMs: 60_000, requeueInterrupted: true });
      try {
        await vi.waitFor(async () => expect((await job(id)).status).toBe("done"), { timeout: 5_000, interval: 50 });
        expect(logged.filter((line) => line.startsWith("Resuming"))).toEqual([]);
      } finally {
        await worker.stop();
      }
    });

    it("logs on one short line, in the database's words, why the jobs left running could not be queued again", async () => {
      const logged = captureLogs();
      await db().execute(
        sql.raw(`create or replace function refuse_requeue() returns trigger language plpgsql as $$
          begin if old.status = 'running' and new.status = 'queued' then raise exception using errcode = '22P05', message = 'requeue   refused' || chr(10) || repeat('x', 300); end if; return new; end $$`),
      );
      await db().execute(sql`create trigger refuse_requeue before update on ai_jobs for each row execute function refuse_requeue()`);
      const id = await start({ topic: "bonus", count: 1, perDay: 1 });
      await db().update(aiJobs).set({ status: "running", claimedAt: new Date(), updatedAt: sql`now()` }).where(eq(aiJobs.id, id));
      const worker = startBulkWorker({ pollMs: 60_000, requeueInterrupted: true });
      try {
        await vi.waitFor(() => expect(logged.filter((line) => line.startsWith("Could not requeue"))).toHaveLength(1), { timeout: 5_000, interval: 50 });
        expect(logged.filter((line) => line.startsWith("Could not requeue"))).toEqual([
          `Could not requeue interrupted AI bulk jobs: 22P05 requeue refused ${"x".repeat(178)}`,
        ]);
        expect((await job(id)).status).toBe("running");
      } finally {
        await worker.stop();
        await db().execute(sql`drop trigger if exists refuse_requeue on ai_jobs`);
      }
    });

    it("logs on one short line, in the database's words, why it could not take a job, and leaves the job queued", async () => {
      const logged = captureLogs();
      await db().execute(
        sql.raw(`create or replace function refuse_claim() returns trigger language plpgsql as $$
          begin if old.status = 'queued' and new.status = 'running' then raise exception using errcode = '22P05', message = 'claim   refused'; end if; return new; end $$`),
      );
      await db().execute(sql`create trigger refuse_claim before update on ai_jobs for each row execute function refuse_claim()`);
      const worker = startBulkWorker({ pollMs: 60_000 });
      try {
        const id = await start({ topic: "bonus", count: 1, perDay: 1 });
        // Each look at the queue (the start's nudge, the first look) may meet the refusal: each says the same.
        await vi.waitFor(() => expect(logged.filter((line) => line.startsWith("AI bulk worker failed")).length).toBeGreaterThan(0), { timeout: 5_000, interval: 50 });
        expect([...new Set(logged.filter((line) => line.startsWith("AI bulk worker failed")))]).toEqual(["AI bulk worker failed: 22P05 claim refused"]);
        expect((await job(id)).status).toBe("queued");
      } finally {
        await worker.stop();
        await db().execute(sql`drop trigger if exists refuse_claim on ai_jobs`);
      }
    });

    it("stays this process's worker when an older worker is stopped again: a new job still runs at once", async () => {
      const old = startBulkWorker({ pollMs: 60_000 });
      await old.stop();
      const worker = startBulkWorker({ pollMs: 60_000 });
      try {
        await old.stop();
        expect(startBulkWorker({ pollMs: 60_000 })).toBe(worker);
        const id = await start({ topic: "bonus", count: 1, perDay: 1 });
        await vi.waitFor(async () => expect((await job(id)).status).toBe("done"), { timeout: 5_000, interval: 50 });
      } finally {
        await worker.stop();
      }
    });

    it("resumes at start-up the jobs left running, and says so in the log", async () => {
      const logged = captureLogs();
      const id = await start({ topic: "bonus", count: 1, perDay: 1 });
      await db().update(aiJobs).set({ status: "running", claimedAt: new Date(), updatedAt: sql`now()` }).where(eq(aiJobs.id, id));
      const worker = startBulkWorker({ pollMs: 60_000, requeueInterrupted: true });
      try {
        await vi.waitFor(async () => expect((await job(id)).status).toBe("done"), { timeout: 5_000, interval: 50 });
        expect(logged).toContain("Resuming 1 interrupted AI bulk job(s)");
      } finally {
        await worker.stop();
      }
    });
  });
});
