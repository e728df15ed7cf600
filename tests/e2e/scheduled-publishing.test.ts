import { and, asc, count, eq, sql } from "drizzle-orm";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateDatabase, openDatabase, type Database } from "~/db/db.server";
import { setDatabase } from "~/db/index.server";
import { auditLog, blogPosts, scheduledPublishingLogs, scheduledPublishingSettings } from "~/db/schema";
import { insertPost } from "~/seed/factories.server";
import { createAdminSession, type TestSession } from "../helpers/admin";
import { expectNoPageErrors, launchBrowser, newPage } from "../helpers/browser";
import { createThrowawayDatabaseUrl } from "../helpers/db";
import { startServer, type TestServer } from "../helpers/server";

// Issue 9 §5 and §6: two server processes on one PostgreSQL, each with its own scheduler,
// claim the same due work; every draft is published exactly once. CI always sets
// TEST_DATABASE_URL.
const SECRET = "e2e-cron-secret-e2e-cron-secret-e2e-0001";
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const DRAFTS = 40;
const DAILY = 3;
const READY_LINE = "Scheduled publishing: checking every 60 s";

describe.skipIf(!process.env.TEST_DATABASE_URL)("scheduled publishing with two server processes on one PostgreSQL", () => {
  let database: Awaited<ReturnType<typeof createThrowawayDatabaseUrl>>;
  let direct: Database;
  let servers: TestServer[] = [];
  let admin: TestSession;
  let browser: Browser | undefined;
  let due: Date;

  const db = () => direct.db;
  const publishedCount = async () => (await db().select({ n: count() }).from(blogPosts).where(eq(blogPosts.isPublished, true)))[0]!.n;
  const publish = (server: TestServer, body: unknown, headers: Record<string, string> = { Authorization: `Bearer ${SECRET}` }) =>
    fetch(`${server.url}/api/functions/publish-scheduled-blogs`, { method: "POST", headers: { "Content-Type": "application/json", ...headers }, body: JSON.stringify(body) });

  /** Polls a state (a server's log line, a row count) until it holds. */
  async function until(what: string, holds: () => boolean | Promise<boolean>): Promise<void> {
    const deadline = Date.now() + 30_000;
    while (!(await holds())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  beforeAll(async () => {
    database = await createThrowawayDatabaseUrl();
    direct = await openDatabase({ driver: "postgres", url: database.url, max: 4 });
    await migrateDatabase(direct);
    setDatabase(direct);
    for (let i = 0; i < DRAFTS; i++) {
      await insertPost(db(), { title: `Sıradaki Taslak ${String(i + 1).padStart(2, "0")}`, isPublished: false, createdAt: new Date(Date.now() - (DRAFTS - i) * HOUR) });
    }
    // Due three and a half days ago: the servers were "down" since.
    due = new Date(Date.now() - 3.5 * DAY);
    await db().insert(scheduledPublishingSettings).values({ id: 1, dailyPublishCount: DAILY, isActive: true, nextPublishAt: due });
    const env = { DATABASE_URL: database.url, DEMO_CONTENT: "false", PUBLISH_CRON_SECRET: SECRET, SESSION_SECRET: process.env.SESSION_SECRET! };
    // Started together: both schedulers check at once on start.
    servers = await Promise.all([startServer(env), startServer(env)]);
    admin = await createAdminSession("yayinci@example.com");
  });
  afterAll(async () => {
    await browser?.close();
    await Promise.all(servers.map((server) => server.stop()));
    setDatabase(undefined);
    await direct?.close();
    await database?.drop();
  });

  it("publishes one day's quota once when both schedulers start after three days down", async () => {
    await until("both schedulers' first check", () => servers.every((server) => server.logs().includes(READY_LINE)));
    expect(await publishedCount()).toBe(DAILY);
    expect(servers.filter((server) => server.logs().includes(`Scheduled publishing: ${DAILY} post(s) published`))).toHaveLength(1);
    const [settings] = await db().select().from(scheduledPublishingSettings);
    // The next slot of the same grid still to come: within the next 24 hours.
    expect(settings!.nextPublishAt!.getTime()).toBe(due.getTime() + 4 * DAY);
    expect(settings!.nextPublishAt!.getTime()).toBeGreaterThan(Date.now());
    const published = await db().select({ title: blogPosts.title }).from(blogPosts).where(eq(blogPosts.isPublished, true)).orderBy(asc(blogPosts.title));
    expect(published.map((p) => p.title)).toEqual(["Sıradaki Taslak 01", "Sıradaki Taslak 02", "Sıradaki Taslak 03"]);
  });

  it("claims each due time once although both processes are asked many times at once", async () => {
    for (let round = 1; round <= 4; round++) {
      const before = await publishedCount();
      await db().update(scheduledPublishingSettings).set({ nextPublishAt: new Date(Date.now() - 60_000) });
      const answers = await Promise.all(Array.from({ length: 16 }, (_, i) => publish(servers[i % 2]!, {}).then((r) => r.json() as Promise<{ success: boolean; publishedCount: number }>)));
      expect(answers.every((a) => a.success)).toBe(true);
      // A scheduler tick may take the round instead of a request; either way one quota.
      expect(answers.reduce((sum, a) => sum + a.publishedCount, 0)).toBeLessThanOrEqual(DAILY);
      expect(await publishedCount()).toBe(before + DAILY);
    }
  });

  it("publishes every remaining draft exactly once when manual calls race on both processes", async () => {
    const remaining = DRAFTS - (await publishedCount());
    expect(remaining).toBeGreaterThan(DAILY);
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => publish(servers[i % 2]!, { manual: true }).then((r) => r.json() as Promise<{ publishedCount: number }>)));
    expect(answers.reduce((sum, a) => sum + a.publishedCount, 0)).toBe(remaining);
    expect(await publishedCount()).toBe(DRAFTS);
    const [logs] = await db()
      .select({ rows: count(), posts: sql<number>`count(distinct ${scheduledPublishingLogs.blogId})::int` })
      .from(scheduledPublishingLogs)
      .where(eq(scheduledPublishingLogs.status, "success"));
    expect(logs).toEqual({ rows: DRAFTS, posts: DRAFTS });
    const [audited] = await db().select({ n: count() }).from(auditLog).where(and(eq(auditLog.action, "blog-post.publish"), eq(auditLog.outcome, "success")));
    expect(audited!.n).toBe(DRAFTS);
  });

  it("refuses callers without a session or the secret, and cross-site cookie posts, through the real server", async () => {
    const [server] = servers;
    await insertPost(db(), { title: "Korunan Taslak", isPublished: false });
    const before = await publishedCount();

    const anonymous = await publish(server!, { manual: true }, {});
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("content-type")).toMatch(/^application\/json/);
    // Never stored: private, no-store and nothing else (the API area and the route both say so).
    expect(new Set(anonymous.headers.get("cache-control")!.split(/,\s*/))).toEqual(new Set(["private", "no-store"]));
    expect(await anonymous.json()).toEqual({ success: false, publishedCount: 0, message: "Yetkilendirme hatası oluştu" });

    expect((await publish(server!, { manual: true }, { Authorization: "Bearer yanlis-sir" })).status).toBe(401);

    const crossSiteHeaders: Record<string, string>[] = [{ "Sec-Fetch-Site": "cross-site" }, { Origin: "https://kotu.example" }];
    for (const crossSite of crossSiteHeaders) {
      const refused = await publish(server!, { manual: true }, { Cookie: admin.cookie, ...crossSite });
      expect(refused.status).toBe(403);
    }
    expect(await publishedCount()).toBe(before);

    const sameOrigin = await publish(server!, { manual: true }, { Cookie: admin.cookie, "Sec-Fetch-Site": "same-origin" });
    expect(sameOrigin.status).toBe(200);
    expect(await sameOrigin.json()).toEqual({ success: true, publishedCount: 1, message: "1 blog yazısı yayınlandı" });
  });

  it("shows the raw JSON of a function called from the test page", async () => {
    browser = await launchBrowser();
    const page = await newPage(browser);
    const [name, value] = admin.cookie.split("=") as [string, string];
    await page.context().addCookies([{ name, value, url: servers[1]!.url }]);
    const drafts = await db().select({ title: blogPosts.title, created: blogPosts.createdAt }).from(blogPosts).where(eq(blogPosts.isPublished, false));
    expect(drafts).toEqual([]);
    await page.goto(`${servers[1]!.url}/admin/test-edge-function`);
    const button = page.getByRole("button", { name: "scheduled-blog-publisher" });
    await page.waitForFunction((element) => Object.keys(element!).some((key) => key.startsWith("__reactProps")), await button.elementHandle());
    await button.click();
    // Every draft is published by now: the function says so, as JSON.
    const result = page.getByTestId("function-result");
    await result.waitFor();
    expect(JSON.parse((await result.textContent())!)).toEqual({ success: false, publishedCount: 0, message: "Yayınlanacak taslak blog bulunamadı" });

    await page.goto(`${servers[1]!.url}/admin/scheduled-publishing`);
    await page.getByRole("heading", { name: "Yayın Geçmişi" }).waitFor();
    expect(await page.getByRole("switch", { name: "Otomatik Yayınlama" }).isDisabled()).toBe(true);
    await page.getByText("Yayınlanacak taslak blog bulunamadı. Ayarlar taslak eklenince değiştirilebilir.").waitFor();
    expect(await page.getByRole("row").count()).toBe(21);
    expectNoPageErrors(page);
  });
});
