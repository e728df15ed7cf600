import { asc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { describeEachDriver, truncateAll } from "../../../../tests/helpers/db";
import { callAdmin, createAdminSession, createNonAdminSession, outcomeOf, type TestSession } from "../../../../tests/helpers/admin";
import { auditLog, blogPosts, scheduledPublishingLogs, scheduledPublishingSettings } from "~/db/schema";
import type { PublishingDashboard } from "~/modules/publishing/publishing.schema";
import { insertPost } from "~/seed/factories.server";
import { action, loader } from "./dashboard";
import { action as testPageAction, loader as testPageLoader } from "../test-edge-function";

const URL = "/admin/scheduled-publishing";
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

describeEachDriver("admin scheduled publishing", ({ db }) => {
  let admin: TestSession;
  beforeEach(async () => {
    await truncateAll(db());
    admin = await createAdminSession("operator@example.com");
  });
  const post = (form: Record<string, string>) => callAdmin(action, URL, { session: admin, form });
  const settings = async () => (await db().select().from(scheduledPublishingSettings))[0];
  const draft = (title: string, hoursAgo = 10) => insertPost(db(), { title, isPublished: false, createdAt: new Date(Date.now() - hoursAgo * HOUR) });
  const schedule = (values: Partial<typeof scheduledPublishingSettings.$inferInsert>) =>
    db()
      .insert(scheduledPublishingSettings)
      .values({ id: 1, ...values });

  describe("the dashboard", () => {
    it("creates the missing settings row: count 1, off, next publish 24 hours ahead", async () => {
      const before = Date.now();
      const shown = outcomeOf(await callAdmin(loader, URL, { session: admin })).data as PublishingDashboard;
      expect(shown.settings).toMatchObject({ dailyPublishCount: 1, isActive: false, lastPublishedAt: null });
      const next = new Date(shown.settings.nextPublishAt!).getTime();
      expect(next).toBeGreaterThanOrEqual(before + DAY);
      expect(next).toBeLessThanOrEqual(Date.now() + DAY);
      expect(await settings()).toMatchObject({ dailyPublishCount: 1, isActive: false });
    });

    it("shows the draft count, the schedule and the log with the posts' titles, newest first", async () => {
      const older = await insertPost(db(), { title: "Eski Yayın", isPublished: true });
      const newer = await insertPost(db(), { title: "Yeni Yayın", isPublished: true });
      await draft("Bekleyen 1");
      await draft("Bekleyen 2");
      await schedule({ dailyPublishCount: 3, isActive: true, nextPublishAt: new Date("2026-05-01T06:00:00Z"), lastPublishedAt: new Date("2026-04-30T06:00:00Z") });
      await db()
        .insert(scheduledPublishingLogs)
        .values([
          { blogId: older.id, status: "success", publishedAt: new Date("2026-04-29T06:00:00Z"), message: "Otomatik yayın" },
          { blogId: newer.id, status: "success", publishedAt: new Date("2026-04-30T06:00:00Z"), message: "Elle yayın" },
        ]);
      const shown = outcomeOf(await callAdmin(loader, URL, { session: admin })).data as PublishingDashboard;
      expect(shown.draftCount).toBe(2);
      expect(shown.settings).toEqual({ dailyPublishCount: 3, isActive: true, nextPublishAt: "2026-05-01T06:00:00.000Z", lastPublishedAt: "2026-04-30T06:00:00.000Z" });
      expect(shown.logs.map((l) => [l.title, l.message, l.status])).toEqual([
        ["Yeni Yayın", "Elle yayın", "success"],
        ["Eski Yayın", "Otomatik yayın", "success"],
      ]);
    });
  });

  describe("the on/off toggle", () => {
    it("switches on with drafts and sets the next time 24 hours ahead when there is none", async () => {
      await draft("Bekleyen");
      await schedule({ isActive: false, nextPublishAt: null });
      const before = Date.now();
      const outcome = outcomeOf(await post({ intent: "toggle", isActive: "true" }));
      expect(outcome).toMatchObject({ status: 302, location: URL });
      const row = await settings();
      expect(row!.isActive).toBe(true);
      expect(row!.nextPublishAt!.getTime()).toBeGreaterThanOrEqual(before + DAY);
      expect(row!.nextPublishAt!.getTime()).toBeLessThanOrEqual(Date.now() + DAY);
      const [entry] = await db().select().from(auditLog);
      expect(entry).toMatchObject({ action: "scheduled-publishing.toggle", outcome: "success", actorEmail: "operator@example.com", summary: "Zamanlanmış yayın açıldı" });
    });

    it("keeps a future next time, and moves a passed one to the same time of day still to come", async () => {
      await draft("Bekleyen");
      const future = new Date(Date.now() + 5 * HOUR);
      await schedule({ isActive: false, nextPublishAt: future });
      await post({ intent: "toggle", isActive: "true" });
      expect((await settings())!.nextPublishAt).toEqual(future);

      await post({ intent: "toggle", isActive: "false" });
      const stale = new Date(Date.now() - 10 * DAY - 2 * HOUR);
      await db().update(scheduledPublishingSettings).set({ nextPublishAt: stale });
      await post({ intent: "toggle", isActive: "true" });
      // Ten days and two hours late: the slot 22 hours from now, never one that has passed.
      const next = (await settings())!.nextPublishAt!.getTime();
      expect((next - stale.getTime()) % DAY).toBe(0);
      expect(next).toBeGreaterThan(Date.now());
      expect(next).toBeLessThanOrEqual(Date.now() + DAY);
    });

    it("refuses to switch on without drafts and stays off", async () => {
      await insertPost(db(), { title: "Yayında", isPublished: true });
      await schedule({ isActive: false, nextPublishAt: null });
      const outcome = outcomeOf(await post({ intent: "toggle", isActive: "true" }));
      expect(outcome.status).toBe(400);
      expect(outcome.errors?.[""]).toEqual(["Yayınlanacak taslak blog bulunamadı"]);
      expect(await settings()).toMatchObject({ isActive: false, nextPublishAt: null });
      // The refusal is audited against the schedule, naming what was asked.
      const [entry] = await db().select().from(auditLog);
      expect(entry).toMatchObject({ action: "scheduled-publishing.toggle", outcome: "failure", entityId: "1", summary: "Zamanlanmış yayın açıldı" });
    });

    it("switches off at any time, drafts or not, and keeps the next time", async () => {
      const next = new Date(Date.now() + HOUR);
      await schedule({ isActive: true, nextPublishAt: next });
      expect(outcomeOf(await post({ intent: "toggle", isActive: "false" })).status).toBe(302);
      expect(await settings()).toMatchObject({ isActive: false, nextPublishAt: next });
      const [entry] = await db().select().from(auditLog);
      expect(entry).toMatchObject({ action: "scheduled-publishing.toggle", outcome: "success", entityId: "1", summary: "Zamanlanmış yayın kapatıldı" });
    });

    it("refuses a state that is not true or false", async () => {
      await draft("Bekleyen");
      expect(outcomeOf(await post({ intent: "toggle", isActive: "evet" })).status).toBe(400);
      expect(await settings()).toBeUndefined();
    });
  });

  describe("the daily count", () => {
    it("saves a count between 1 and 5", async () => {
      await draft("Bekleyen");
      const outcome = outcomeOf(await post({ intent: "daily-count", dailyPublishCount: "3" }));
      expect(outcome).toMatchObject({ status: 302, location: URL });
      expect((await settings())!.dailyPublishCount).toBe(3);
      expect(outcomeOf(await post({ intent: "daily-count", dailyPublishCount: "5" })).status).toBe(302);
      expect((await settings())!.dailyPublishCount).toBe(5);
      const entries = await db().select().from(auditLog);
      expect(entries.map((e) => [e.action, e.outcome, e.entityId, e.summary])).toEqual([
        ["scheduled-publishing.update", "success", "1", "Günlük yayın sayısı: 3"],
        ["scheduled-publishing.update", "success", "1", "Günlük yayın sayısı: 5"],
      ]);
    });

    it.each([
      ["0", "Günlük yayın sayısı en az 1 olmalıdır"],
      ["-2", "Günlük yayın sayısı en az 1 olmalıdır"],
      ["", "Günlük yayın sayısı en az 1 olmalıdır"],
      ["iki", "Günlük yayın sayısı en az 1 olmalıdır"],
      ["1.5", "Günlük yayın sayısı en az 1 olmalıdır"],
      ["6", "Günlük yayın sayısı en fazla 5 olabilir"],
    ])("refuses %j beside the field and keeps the stored count", async (value, message) => {
      await draft("Bekleyen");
      await schedule({ dailyPublishCount: 2 });
      const outcome = outcomeOf(await post({ intent: "daily-count", dailyPublishCount: value }));
      expect(outcome.status).toBe(400);
      expect(outcome.errors?.dailyPublishCount).toEqual([message]);
      expect((await settings())!.dailyPublishCount).toBe(2);
    });

    it("refuses a change without drafts (admin.md §4: disabled then)", async () => {
      await schedule({ dailyPublishCount: 2 });
      const outcome = outcomeOf(await post({ intent: "daily-count", dailyPublishCount: "4" }));
      expect(outcome.status).toBe(400);
      expect(outcome.errors?.dailyPublishCount).toEqual(["Yayınlanacak taslak blog bulunamadı"]);
      expect((await settings())!.dailyPublishCount).toBe(2);
      // The refusal is on record, naming what was asked.
      const [entry] = await db().select().from(auditLog);
      expect(entry).toMatchObject({ action: "scheduled-publishing.update", outcome: "failure", entityId: "1", summary: "Günlük yayın sayısı: 4" });
    });
  });

  describe("the manual publish button", () => {
    it("publishes the oldest drafts up to the daily count and says how many", async () => {
      await draft("En Eski", 30);
      await draft("Orta", 20);
      await draft("En Yeni", 10);
      await schedule({ dailyPublishCount: 2, isActive: false, nextPublishAt: new Date(Date.now() + 5 * HOUR) });
      const result = (await post({ intent: "publish-now" })) as Response;
      expect(result.status).toBe(302);
      expect(result.headers.get("Location")).toBe(URL);
      expect(result.headers.get("Set-Cookie")).toContain("__toast");
      const published = await db().select({ title: blogPosts.title }).from(blogPosts).where(eq(blogPosts.isPublished, true)).orderBy(asc(blogPosts.title));
      expect(published.map((p) => p.title)).toEqual(["En Eski", "Orta"]);
      const shown = outcomeOf(await callAdmin(loader, URL, { session: admin })).data as PublishingDashboard;
      expect(shown.draftCount).toBe(1);
      expect(shown.logs.map((l) => l.title).sort()).toEqual(["En Eski", "Orta"]);
    });

    it("answers 'Yayınlanacak taslak blog bulunamadı' with no drafts and publishes nothing", async () => {
      await insertPost(db(), { title: "Yayında", isPublished: true });
      const outcome = outcomeOf(await post({ intent: "publish-now" }));
      expect(outcome.status).toBe(400);
      expect(outcome.errors?.[""]).toEqual(["Yayınlanacak taslak blog bulunamadı"]);
      expect(await db().select().from(scheduledPublishingLogs)).toEqual([]);
    });
  });

  describe("access", () => {
    it.each([
      ["anonymous", () => null],
      ["a signed-in non-admin", () => createNonAdminSession()],
    ])("sends %s to sign-in from every loader and intent, and writes nothing", async (_, sessionOf) => {
      const session = await sessionOf();
      await draft("Korunan");
      const calls = [
        callAdmin(loader, URL, { session }),
        callAdmin(action, URL, { session, form: { intent: "publish-now" } }),
        callAdmin(action, URL, { session, form: { intent: "toggle", isActive: "true" } }),
        callAdmin(action, URL, { session, form: { intent: "daily-count", dailyPublishCount: "3" } }),
        callAdmin(testPageLoader, "/admin/test-edge-function", { session }),
        callAdmin(testPageAction, "/admin/test-edge-function", { session, form: {} }),
      ];
      for (const outcome of (await Promise.all(calls)).map(outcomeOf)) {
        expect(outcome.status).toBe(302);
        expect(outcome.location).toMatch(/^\/admin\/login/);
      }
      expect(await settings()).toBeUndefined();
      expect(await db().select().from(blogPosts).where(eq(blogPosts.isPublished, true))).toEqual([]);
    });
  });
});
