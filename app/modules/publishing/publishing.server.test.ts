import { and, asc, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { describeEachDriver, truncateAll } from "../../../tests/helpers/db";
import { auditLog, blogPosts, indexNowQueue, scheduledPublishingLogs, scheduledPublishingSettings } from "~/db/schema";
import type { Actor } from "~/lib/command.server";
import { pageStore, SITE_TAG } from "~/lib/page-cache.server";
import { configureIndexNow } from "~/modules/indexing/indexing.server";
import { insertPost } from "~/seed/factories.server";
import { getPublishingDashboard, publishNow, runDuePublishing } from "./publishing.server";
import { startPublishingScheduler } from "./scheduler.server";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
// 09:00 in Istanbul.
const NOW = new Date("2026-03-10T06:00:00.000Z");
const ADMIN: Actor = { userId: null, email: "operator@example.com", address: "10.0.0.1" };

describeEachDriver("scheduled publishing", ({ db }) => {
  beforeAll(() => configureIndexNow({ key: "test-key", endpoint: "http://127.0.0.1:9/never-called", timeoutMs: 1_000 }));
  afterAll(() => configureIndexNow(undefined));
  beforeEach(async () => {
    await truncateAll(db());
    await db().execute(sql`truncate table indexnow_queue restart identity`);
  });

  /** Drafts created one hour apart, the first the oldest. */
  async function drafts(n: number, prefix = "Taslak") {
    const rows = [];
    for (let i = 0; i < n; i++) {
      rows.push(await insertPost(db(), { title: `${prefix} ${i + 1}`, isPublished: false, createdAt: new Date(NOW.getTime() - (100 - i) * HOUR) }));
    }
    return rows;
  }
  const schedule = (values: Partial<typeof scheduledPublishingSettings.$inferInsert>) =>
    db()
      .insert(scheduledPublishingSettings)
      .values({ id: 1, dailyPublishCount: 1, isActive: true, nextPublishAt: new Date(NOW.getTime() - 60_000), ...values });
  const settings = async () => (await db().select().from(scheduledPublishingSettings))[0]!;
  const publishedTitles = async () =>
    (await db().select({ title: blogPosts.title }).from(blogPosts).where(eq(blogPosts.isPublished, true)).orderBy(asc(blogPosts.createdAt))).map((r) => r.title);
  const logRows = () => db().select().from(scheduledPublishingLogs);

  describe("the scheduler's check", () => {
    it("publishes the oldest drafts up to the daily count when due, with every effect of a publish", async () => {
      const [first, second] = await drafts(3);
      const due = new Date(NOW.getTime() - 5 * 60_000);
      await schedule({ dailyPublishCount: 2, nextPublishAt: due });
      const store = pageStore();
      store.set("http://localhost/blog", { status: 200, headers: [], body: Buffer.from("eski"), encoded: {}, etag: '"b"', tags: [SITE_TAG], renderedAt: Date.now(), expiresAt: Date.now() + 60_000 }, store.sequence);

      const run = await runDuePublishing(undefined, NOW);

      expect(run.status).toBe("published");
      expect(run.published.map((p) => p.title)).toEqual(["Taslak 1", "Taslak 2"]);
      expect(await publishedTitles()).toEqual(["Taslak 1", "Taslak 2"]);
      const [post] = await db().select().from(blogPosts).where(eq(blogPosts.id, first!.id));
      expect(post).toMatchObject({ isPublished: true, publishedAt: NOW, indexed: false });
      // Logged, one success row per post.
      const logs = await logRows();
      expect(logs.map((l) => [l.blogId, l.status, l.publishedAt.toISOString(), l.message]).sort()).toEqual(
        [
          [first!.id, "success", NOW.toISOString(), "Otomatik yayın"],
          [second!.id, "success", NOW.toISOString(), "Otomatik yayın"],
        ].sort(),
      );
      // The schedule moved 24 hours on from the due time, and remembers the run.
      expect(await settings()).toMatchObject({ nextPublishAt: new Date(due.getTime() + DAY), lastPublishedAt: NOW, isActive: true });
      // Audited as the scheduler, queued for indexing, cached pages dropped.
      const audit = await db().select().from(auditLog).orderBy(asc(auditLog.id));
      expect(audit.map((a) => [a.action, a.actorEmail, a.actorId, a.entityId, a.summary]).sort()).toEqual(
        [
          ["blog-post.publish", "scheduler", null, first!.id, "Taslak 1"],
          ["blog-post.publish", "scheduler", null, second!.id, "Taslak 2"],
        ].sort(),
      );
      const queued = await db().select().from(indexNowQueue).orderBy(asc(indexNowQueue.id));
      expect(queued.map((q) => [q.path, q.entityType, q.entityId])).toEqual([
        [`blog/${first!.slug}`, "blog-post", first!.id],
        [`blog/${second!.slug}`, "blog-post", second!.id],
      ]);
      expect(store.get("http://localhost/blog")).toBeUndefined();
    });

    it("does nothing before the next publish time", async () => {
      await drafts(2);
      const next = new Date(NOW.getTime() + 60_000);
      await schedule({ nextPublishAt: next });
      expect((await runDuePublishing(undefined, NOW)).status).toBe("not-due");
      expect(await publishedTitles()).toEqual([]);
      expect(await logRows()).toEqual([]);
      expect(await settings()).toMatchObject({ nextPublishAt: next, lastPublishedAt: null });
    });

    it("does nothing while switched off, however long the time has passed", async () => {
      await drafts(2);
      const next = new Date(NOW.getTime() - 10 * DAY);
      await schedule({ isActive: false, nextPublishAt: next });
      expect((await runDuePublishing(undefined, NOW)).status).toBe("inactive");
      expect(await publishedTitles()).toEqual([]);
      expect(await logRows()).toEqual([]);
      expect((await settings()).nextPublishAt).toEqual(next);
    });

    it("does nothing without a settings row (the default is off)", async () => {
      await drafts(1);
      expect((await runDuePublishing(undefined, NOW)).status).toBe("inactive");
      expect(await publishedTitles()).toEqual([]);
    });

    it("lets a due time with no drafts pass: nothing published or logged, the next time moved on", async () => {
      await insertPost(db(), { title: "Zaten Yayında", isPublished: true });
      const due = new Date(NOW.getTime() - HOUR);
      await schedule({ dailyPublishCount: 3, nextPublishAt: due });
      expect((await runDuePublishing(undefined, NOW)).status).toBe("no-drafts");
      expect(await logRows()).toEqual([]);
      expect(await settings()).toMatchObject({ nextPublishAt: new Date(due.getTime() + DAY), lastPublishedAt: null });
    });

    it("publishes nothing at a daily count of 0 (admin.md §5: 0 means none), and the due time passes", async () => {
      await drafts(2);
      const due = new Date(NOW.getTime() - HOUR);
      await schedule({ dailyPublishCount: 0, nextPublishAt: due });
      const run = await runDuePublishing(undefined, NOW);
      expect(run.published).toEqual([]);
      expect(await publishedTitles()).toEqual([]);
      expect(await logRows()).toEqual([]);
      expect(await settings()).toMatchObject({ nextPublishAt: new Date(due.getTime() + DAY), lastPublishedAt: null });
    });

    it("publishes the drafts there are when the daily count is higher", async () => {
      await drafts(2);
      await schedule({ dailyPublishCount: 5 });
      const run = await runDuePublishing(undefined, NOW);
      expect(run.published).toHaveLength(2);
      expect(await publishedTitles()).toEqual(["Taslak 1", "Taslak 2"]);
      expect(await logRows()).toHaveLength(2);
    });

    it("catches up after three days down with one day's quota, then waits for the usual time of day", async () => {
      await drafts(10);
      // Due three days and one hour ago, at 08:00 Istanbul.
      const due = new Date(NOW.getTime() - 3 * DAY - HOUR);
      await schedule({ dailyPublishCount: 2, nextPublishAt: due });

      const run = await runDuePublishing(undefined, NOW);
      expect(run.published.map((p) => p.title)).toEqual(["Taslak 1", "Taslak 2"]);
      // The first 08:00 still to come: tomorrow, 23 hours from now.
      const next = (await settings()).nextPublishAt!;
      expect(next).toEqual(new Date(NOW.getTime() + 23 * HOUR));

      // Later checks before that time publish nothing more.
      for (const later of [NOW, new Date(NOW.getTime() + HOUR), new Date(NOW.getTime() + 22 * HOUR)]) {
        expect((await runDuePublishing(undefined, later)).status).toBe("not-due");
      }
      expect(await publishedTitles()).toHaveLength(2);
      // At the time, the next day's quota.
      const tomorrow = new Date(NOW.getTime() + 23 * HOUR);
      expect((await runDuePublishing(undefined, tomorrow)).published.map((p) => p.title)).toEqual(["Taslak 3", "Taslak 4"]);
      expect((await settings()).nextPublishAt).toEqual(new Date(tomorrow.getTime() + DAY));
      expect(await logRows()).toHaveLength(4);
    });

    it("claims a due time once when many checks run at the same moment", async () => {
      await drafts(8);
      await schedule({ dailyPublishCount: 3 });
      const runs = await Promise.all(Array.from({ length: 10 }, () => runDuePublishing(undefined, NOW)));
      expect(runs.filter((r) => r.status === "published")).toHaveLength(1);
      expect(runs.flatMap((r) => r.published)).toHaveLength(3);
      expect(await publishedTitles()).toEqual(["Taslak 1", "Taslak 2", "Taslak 3"]);
      const [{ logs, posts }] = (await db().select({ logs: count(), posts: sql<number>`count(distinct ${scheduledPublishingLogs.blogId})::int` }).from(scheduledPublishingLogs)) as [
        { logs: number; posts: number },
      ];
      expect({ logs, posts }).toEqual({ logs: 3, posts: 3 });
    });

    it("rolls the claim back when publishing fails, so the next check retries", async () => {
      await drafts(1);
      const due = new Date(NOW.getTime() - HOUR);
      await schedule({ nextPublishAt: due });
      // A log row cannot be written: the whole run must leave no trace.
      await db().execute(sql`alter table scheduled_publishing_logs add constraint test_refuse check (status <> 'success') not valid`);
      try {
        await expect(runDuePublishing(undefined, NOW)).rejects.toThrow();
        expect(await publishedTitles()).toEqual([]);
        expect((await settings()).nextPublishAt).toEqual(due);
      } finally {
        await db().execute(sql`alter table scheduled_publishing_logs drop constraint test_refuse`);
      }
      expect((await runDuePublishing(undefined, NOW)).status).toBe("published");
    });
  });

  describe("the in-process scheduler", () => {
    it("checks at once on start and again on its interval, reading the injected clock", async () => {
      await drafts(4);
      await schedule({ dailyPublishCount: 1, nextPublishAt: new Date(NOW.getTime() - 60_000) });
      let clock = NOW;
      const lines: string[] = [];
      const scheduler = startPublishingScheduler({ now: () => clock, intervalMs: 3_600_000, log: (line) => lines.push(line) });
      try {
        await scheduler.check();
        expect(await publishedTitles()).toEqual(["Taslak 1"]);
        await scheduler.check();
        expect(await publishedTitles()).toEqual(["Taslak 1"]);
        clock = new Date(NOW.getTime() + DAY);
        await scheduler.check();
        expect(await publishedTitles()).toEqual(["Taslak 1", "Taslak 2"]);
      } finally {
        await scheduler.stop();
      }
      expect(lines).toContain("Scheduled publishing: 1 post(s) published");
      // Stopped: no further check publishes.
      clock = new Date(NOW.getTime() + 2 * DAY);
      await scheduler.check();
      expect(await publishedTitles()).toHaveLength(2);
    });
  });

  describe("manual publishing", () => {
    it("publishes up to the daily count now, even when switched off and not due, and leaves the schedule", async () => {
      const [first, second] = await drafts(3);
      const next = new Date(NOW.getTime() + 5 * HOUR);
      await schedule({ dailyPublishCount: 2, isActive: false, nextPublishAt: next });
      const result = await publishNow(ADMIN, NOW);
      expect(result.ok && result.value.map((p) => p.id)).toEqual([first!.id, second!.id]);
      expect(await publishedTitles()).toEqual(["Taslak 1", "Taslak 2"]);
      expect(await settings()).toMatchObject({ nextPublishAt: next, isActive: false, lastPublishedAt: NOW });
      expect((await logRows()).map((l) => l.message)).toEqual(["Elle yayın", "Elle yayın"]);
      const audit = await db().select().from(auditLog).where(eq(auditLog.actorEmail, "operator@example.com"));
      expect(audit.map((a) => a.action).sort()).toEqual(["blog-post.publish", "blog-post.publish", "scheduled-publishing.publish"]);
      // The run's own row names the schedule and how many were published.
      expect(audit.find((a) => a.action === "scheduled-publishing.publish")).toMatchObject({ outcome: "success", entityId: "1", summary: "2 blog yazısı yayınlandı" });
    });

    it("creates the missing settings row and publishes one draft (the default count)", async () => {
      await drafts(2);
      expect((await publishNow(ADMIN, NOW)).ok).toBe(true);
      expect(await publishedTitles()).toEqual(["Taslak 1"]);
      expect(await settings()).toMatchObject({ dailyPublishCount: 1, isActive: false, nextPublishAt: new Date(NOW.getTime() + DAY) });
    });

    it("answers 'Yayınlanacak taslak blog bulunamadı' with no drafts and writes nothing", async () => {
      await insertPost(db(), { title: "Yayında", isPublished: true });
      await schedule({ dailyPublishCount: 2, isActive: false });
      const result = await publishNow(ADMIN, NOW);
      expect(result).toEqual({ ok: false, fieldErrors: { "": ["Yayınlanacak taslak blog bulunamadı"] } });
      expect(await logRows()).toEqual([]);
      expect((await settings()).lastPublishedAt).toBeNull();
      const [failure] = await db().select().from(auditLog).where(and(eq(auditLog.action, "scheduled-publishing.publish"), eq(auditLog.outcome, "failure")));
      // Against the schedule, with no text of posts published.
      expect(failure).toMatchObject({ actorEmail: "operator@example.com", entityId: "1", summary: "" });
    });

    it("never publishes a post twice when manual runs and a scheduled check overlap", async () => {
      await drafts(9);
      await schedule({ dailyPublishCount: 2 });
      const results = await Promise.all([publishNow(ADMIN, NOW), runDuePublishing(undefined, NOW), publishNow(ADMIN, NOW), publishNow(ADMIN, NOW)]);
      // Four runs of two: each publishes its own two, one draft is left.
      const reported = results.flatMap((r) => ("ok" in r ? (r.ok ? r.value : []) : r.published)).map((p) => p.id);
      expect(reported).toHaveLength(8);
      expect(new Set(reported).size).toBe(8);
      expect(await publishedTitles()).toHaveLength(8);
      const logs = await logRows();
      expect(logs).toHaveLength(8);
      expect(new Set(logs.map((l) => l.blogId)).size).toBe(8);
    });
  });

  describe("the dashboard's read", () => {
    it("creates a missing settings row once with count 1, inactive, next in 24 hours, then only reads it", async () => {
      const first = await getPublishingDashboard(NOW);
      expect(first.settings).toEqual({ dailyPublishCount: 1, isActive: false, nextPublishAt: new Date(NOW.getTime() + DAY).toISOString(), lastPublishedAt: null });
      const later = await getPublishingDashboard(new Date(NOW.getTime() + 3 * HOUR));
      expect(later.settings.nextPublishAt).toBe(first.settings.nextPublishAt);
      expect(await db().select().from(scheduledPublishingSettings)).toHaveLength(1);
    });

    it("shows a schedule that has no next time as none", async () => {
      await schedule({ dailyPublishCount: 3, isActive: false, nextPublishAt: null });
      expect((await getPublishingDashboard(NOW)).settings).toEqual({ dailyPublishCount: 3, isActive: false, nextPublishAt: null, lastPublishedAt: null });
    });

    it("counts the drafts and lists the newest 20 log entries with their titles, a deleted post's as null", async () => {
      const posts = await drafts(22, "Yazı");
      await insertPost(db(), { title: "Yayında", isPublished: true });
      for (const [i, post] of posts.entries()) {
        await db().insert(scheduledPublishingLogs).values({ blogId: post.id, status: "success", publishedAt: new Date(NOW.getTime() + i * 60_000) });
      }
      await db().delete(blogPosts).where(eq(blogPosts.id, posts[21]!.id));
      const dashboard = await getPublishingDashboard(NOW);
      expect(dashboard.draftCount).toBe(21);
      expect(dashboard.logs).toHaveLength(20);
      expect(dashboard.logs[0]).toMatchObject({ title: null, blogId: null });
      expect(dashboard.logs.slice(1, 3).map((l) => l.title)).toEqual(["Yazı 21", "Yazı 20"]);
      expect(dashboard.logs.at(-1)!.title).toBe("Yazı 3");
    });
  });
});
