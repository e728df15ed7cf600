import { asc, count, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, expect, it, vi } from "vitest";
import { describeEachDriver, truncateAll } from "../../../tests/helpers/db";
import { allowOnlyOutbound, startFakeIndexNow, type FakeIndexNow } from "../../../tests/helpers/fake-indexnow";
import { blogPosts, indexNowQueue, indexNowSubmissions, promotions } from "~/db/schema";
import { insertPost, insertPromotion } from "~/seed/factories.server";
import { configureIndexNow } from "./indexing.server";
import { enqueueIndexing, type IndexingRequest } from "./indexing-queue.server";
import type { IndexingReason } from "./indexing.schema";
import { runIndexingOnce, startIndexingSender, startIndexingSenderFromEnv } from "./indexing-sender.server";

const SITE = "https://bonus.example";
const MINUTE = 60_000;

describeEachDriver("IndexNow queue and sender", ({ db }) => {
  let fake: FakeIndexNow;
  let refused: string[];
  let warn: { mock: { calls: unknown[][] } };
  beforeAll(async () => {
    fake = await startFakeIndexNow();
  });
  afterAll(() => fake.close());
  beforeEach(async () => {
    await truncateAll(db());
    fake.requests.length = 0;
    fake.answer = 200;
    refused = allowOnlyOutbound(new URL(fake.endpoint).origin);
    configureIndexNow({ key: "test-key", endpoint: fake.endpoint, siteUrl: SITE, timeoutMs: 15_000 });
    // Refusals are logged in one line each; the tests read them where they matter.
    warn = vi.spyOn(console, "warn").mockImplementation(() => {});
  });
  afterEach(() => {
    fake.release();
    configureIndexNow(undefined);
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    expect(refused, "unexpected outbound request").toEqual([]);
  });

  const enqueue = (requests: IndexingRequest[], reason: IndexingReason = "blog-post.publish") => db().transaction((tx) => enqueueIndexing(tx, requests, reason));
  const paths = (n: number, prefix = "blog/yazi") => Array.from({ length: n }, (_, i) => ({ path: `${prefix}-${i + 1}` }));
  const sentUrls = (request: { body: string }) => JSON.parse(request.body).urlList as string[];
  const queueRows = () => db().select().from(indexNowQueue).orderBy(asc(indexNowQueue.id));
  const submissions = () => db().select().from(indexNowSubmissions).orderBy(asc(indexNowSubmissions.id));

  it("sends 25 queued paths as one request of 25 absolute URLs; a path queued twice is sent once", async () => {
    await enqueue(paths(25));
    await enqueue([{ path: "/blog/yazi-3" }, { path: "blog/yazi-7" }]);
    const run = await runIndexingOnce();
    expect(fake.requests).toHaveLength(1);
    const body = JSON.parse(fake.requests[0]!.body);
    expect(body).toMatchObject({ host: "bonus.example", key: "test-key", keyLocation: `${SITE}/test-key.txt` });
    const urls = sentUrls(fake.requests[0]!);
    expect(urls).toHaveLength(25);
    expect(new Set(urls).size).toBe(25);
    expect([...urls].sort()).toEqual(Array.from({ length: 25 }, (_, i) => `${SITE}/blog/yazi-${i + 1}`).sort());
    expect(run).toMatchObject({ state: "ran", batches: [{ rows: 27, urlCount: 25, outcome: "submitted", httpStatus: 200 }] });
    const rows = await queueRows();
    expect(rows).toHaveLength(27);
    expect(rows.every((row) => row.status === "submitted" && row.attempts === 1)).toBe(true);
    const [submission] = await submissions();
    expect(submission).toMatchObject({ urlCount: 25, httpStatus: 200, outcome: "submitted" });
    expect(rows.every((row) => row.submissionId === submission!.id)).toBe(true);
    // Nothing left: the next pass sends nothing.
    await runIndexingOnce();
    expect(fake.requests).toHaveLength(1);
  });

  it("sends a path queued in the very millisecond of the pass (the database keeps microseconds, a Date does not)", async () => {
    await enqueue([{ path: "blog/ayni-an" }]);
    const [row] = await queueRows();
    // The pass's clock reads the row's own millisecond.
    await runIndexingOnce({ now: new Date(row!.nextAttemptAt.getTime()) });
    expect(fake.requests.map(sentUrls)).toEqual([[`${SITE}/blog/ayni-an`]]);
  });

  it("splits more than 10,000 URLs into requests of at most 10,000", async () => {
    await enqueue(paths(10_001));
    expect((await runIndexingOnce()).batches.map((batch) => [batch.urlCount, batch.outcome])).toEqual([
      [10_000, "submitted"],
      [1, "submitted"],
    ]);
    expect(fake.requests.map((request) => sentUrls(request).length)).toEqual([10_000, 1]);
    const all = fake.requests.flatMap(sentUrls);
    expect(new Set(all).size).toBe(10_001);
    const [submitted] = await db().select({ n: count() }).from(indexNowQueue).where(eq(indexNowQueue.status, "submitted"));
    expect(submitted!.n).toBe(10_001);
  });

  it("on 429 with Retry-After waits exactly that long, then a later pass succeeds", async () => {
    await enqueue(paths(2));
    const start = new Date();
    fake.answer = { status: 429, retryAfter: "120" };
    expect((await runIndexingOnce({ now: start })).batches).toEqual([{ rows: 2, urlCount: 2, outcome: "rate-limited", httpStatus: 429 }]);
    for (const row of await queueRows()) {
      expect(row).toMatchObject({ status: "pending", attempts: 1 });
      expect(row.nextAttemptAt.getTime()).toBe(start.getTime() + 120_000);
    }
    expect((await submissions())[0]).toMatchObject({ outcome: "rate-limited", httpStatus: 429 });
    expect(String(warn.mock.calls[0]![0])).toContain("429");

    fake.answer = 200;
    await runIndexingOnce({ now: new Date(start.getTime() + 119_000) });
    expect(fake.requests).toHaveLength(1);
    await runIndexingOnce({ now: new Date(start.getTime() + 120_000) });
    expect(fake.requests).toHaveLength(2);
    expect((await queueRows()).map((row) => [row.status, row.attempts])).toEqual([
      ["submitted", 2],
      ["submitted", 2],
    ]);
  });

  it("on 429 without Retry-After backs off exponentially and keeps the rows, then a later pass succeeds", async () => {
    await enqueue(paths(1));
    fake.answer = 429;
    const t0 = new Date();
    await runIndexingOnce({ now: t0 });
    const [first] = await queueRows();
    const firstDelay = first!.nextAttemptAt.getTime() - t0.getTime();
    expect(firstDelay).toBeGreaterThan(0);
    // Not before the delay is over.
    await runIndexingOnce({ now: new Date(first!.nextAttemptAt.getTime() - 1000) });
    expect(fake.requests).toHaveLength(1);
    const t1 = first!.nextAttemptAt;
    await runIndexingOnce({ now: t1 });
    expect(fake.requests).toHaveLength(2);
    const [second] = await queueRows();
    expect(second).toMatchObject({ status: "pending", attempts: 2 });
    expect(second!.nextAttemptAt.getTime() - t1.getTime()).toBe(2 * firstDelay);

    fake.answer = 202;
    await runIndexingOnce({ now: second!.nextAttemptAt });
    expect(await queueRows()).toMatchObject([{ status: "submitted", attempts: 3 }]);
    expect((await submissions()).map((s) => s.outcome)).toEqual(["rate-limited", "rate-limited", "submitted"]);
  });

  it.each([400, 403])("marks the rows failed on %i and does not send them again", async (status) => {
    await enqueue(paths(3));
    fake.answer = { status, body: "Key not valid" };
    await runIndexingOnce();
    expect(await queueRows()).toMatchObject([
      { status: "failed", attempts: 1 },
      { status: "failed", attempts: 1 },
      { status: "failed", attempts: 1 },
    ]);
    expect((await submissions())[0]).toMatchObject({ urlCount: 3, httpStatus: status, outcome: "rejected" });
    expect((await submissions())[0]!.detail).toContain("Key not valid");
    fake.answer = 200;
    await runIndexingOnce({ now: new Date(Date.now() + 7 * 24 * 60 * MINUTE) });
    expect(fake.requests).toHaveLength(1);
  });

  it("retries after a timeout, and a later pass succeeds", async () => {
    configureIndexNow({ key: "test-key", endpoint: fake.endpoint, siteUrl: SITE, timeoutMs: 100 });
    await enqueue(paths(2));
    fake.answer = "hang";
    const t0 = new Date();
    await runIndexingOnce({ now: t0 });
    expect(fake.requests).toHaveLength(1);
    const rows = await queueRows();
    expect(rows).toMatchObject([
      { status: "pending", attempts: 1 },
      { status: "pending", attempts: 1 },
    ]);
    expect(rows[0]!.nextAttemptAt.getTime()).toBeGreaterThan(t0.getTime());
    const [submission] = await submissions();
    expect(submission).toMatchObject({ httpStatus: null, outcome: "error" });
    expect(submission!.detail).toMatch(/zaman aşımı/i);

    fake.release();
    fake.answer = 200;
    await runIndexingOnce({ now: rows[0]!.nextAttemptAt });
    expect(fake.requests).toHaveLength(2);
    expect(sentUrls(fake.requests[1]!)).toEqual([`${SITE}/blog/yazi-1`, `${SITE}/blog/yazi-2`]);
    expect((await queueRows()).every((row) => row.status === "submitted")).toBe(true);
  });

  it("retries a 5xx with growing waits and fails the row after a bounded number of attempts", async () => {
    await enqueue(paths(1));
    fake.answer = 503;
    let now = new Date();
    const delays: number[] = [];
    for (let pass = 0; pass < 30; pass++) {
      await runIndexingOnce({ now });
      const [row] = await queueRows();
      if (row!.status === "failed") break;
      expect(row!.status).toBe("pending");
      delays.push(row!.nextAttemptAt.getTime() - now.getTime());
      now = row!.nextAttemptAt;
    }
    const [row] = await queueRows();
    expect(row!.status).toBe("failed");
    expect(row!.attempts).toBeGreaterThan(1);
    expect(fake.requests).toHaveLength(row!.attempts);
    expect(delays[1]).toBeGreaterThan(delays[0]!);
    await runIndexingOnce({ now: new Date(now.getTime() + 365 * 24 * 60 * MINUTE) });
    expect(fake.requests).toHaveLength(row!.attempts);
  });

  it("marks indexed only the promotion and the post whose URLs were accepted, and only while they are public", async () => {
    const shown = await insertPromotion(db(), { title: "Gösterilen", isActive: true, indexed: false });
    const other = await insertPromotion(db(), { title: "Diğer", isActive: true, indexed: false });
    const switchedOff = await insertPromotion(db(), { title: "Kapatılan", isActive: true, indexed: false });
    const post = await insertPost(db(), { title: "Yayında", slug: "yayinda", isPublished: true, indexed: false });
    const draft = await insertPost(db(), { title: "Taslak", slug: "taslak", isPublished: true, indexed: false });
    await enqueue([
      { path: `promotion/${shown.id}`, entityType: "promotion", entityId: shown.id },
      { path: `promotion/${switchedOff.id}`, entityType: "promotion", entityId: switchedOff.id },
      { path: "blog/yayinda", entityType: "blog-post", entityId: post.id },
      // Queued as the page's removal: no entity to mark.
      { path: "blog/taslak", entityType: "blog-post" },
    ]);
    await db().update(promotions).set({ isActive: false }).where(eq(promotions.id, switchedOff.id));
    await runIndexingOnce();
    const indexed = async (table: typeof promotions | typeof blogPosts, id: string) => (await db().select({ indexed: table.indexed }).from(table).where(eq(table.id, id)))[0]!.indexed;
    expect(await indexed(promotions, shown.id)).toBe(true);
    expect(await indexed(promotions, other.id)).toBe(false);
    expect(await indexed(promotions, switchedOff.id)).toBe(false);
    expect(await indexed(blogPosts, post.id)).toBe(true);
    expect(await indexed(blogPosts, draft.id)).toBe(false);
  });

  it("leaves indexed false when the submission is refused", async () => {
    const promotion = await insertPromotion(db(), { isActive: true, indexed: false });
    await enqueue([{ path: `promotion/${promotion.id}`, entityType: "promotion", entityId: promotion.id }]);
    fake.answer = 403;
    await runIndexingOnce();
    expect((await db().select().from(promotions))[0]!.indexed).toBe(false);
  });

  it("queues nothing and sends nothing without INDEXNOW_KEY", async () => {
    configureIndexNow(null);
    await enqueue(paths(3));
    expect(await queueRows()).toEqual([]);
    expect(await runIndexingOnce()).toEqual({ state: "off", batches: [] });
    expect(fake.requests).toEqual([]);
  });

  it("without PUBLIC_SITE_URL sends nothing, keeps the rows waiting and warns once", async () => {
    configureIndexNow({ key: "test-key", endpoint: fake.endpoint, timeoutMs: 5_000 });
    await enqueue(paths(2));
    expect((await runIndexingOnce()).state).toBe("no-site-url");
    await runIndexingOnce();
    expect(fake.requests).toEqual([]);
    expect(await queueRows()).toMatchObject([
      { status: "pending", attempts: 0 },
      { status: "pending", attempts: 0 },
    ]);
    expect(warn.mock.calls.filter(([line]: unknown[]) => String(line).includes("PUBLIC_SITE_URL"))).toHaveLength(1);
  });

  it("two senders at once never send the same row twice", async () => {
    await enqueue(paths(60));
    const runs = await Promise.all([runIndexingOnce({ batchSize: 7 }), runIndexingOnce({ batchSize: 7 }), runIndexingOnce({ batchSize: 7 })]);
    const all = fake.requests.flatMap(sentUrls);
    expect(all).toHaveLength(60);
    expect(new Set(all).size).toBe(60);
    expect(fake.requests.length).toBeGreaterThanOrEqual(9);
    expect(runs.flatMap((run) => run.batches).reduce((sum, batch) => sum + batch.rows, 0)).toBe(60);
    expect((await queueRows()).every((row) => row.status === "submitted" && row.attempts === 1)).toBe(true);
    expect(await submissions()).toHaveLength(fake.requests.length);
  });

  it("sends again a row a dead process left 'sending' once its lease is over, but not one still being sent", async () => {
    await enqueue(paths(2));
    const now = new Date();
    const [stale, fresh] = await queueRows();
    await db().update(indexNowQueue).set({ status: "sending", updatedAt: new Date(now.getTime() - 60 * MINUTE) }).where(eq(indexNowQueue.id, stale!.id));
    await db().update(indexNowQueue).set({ status: "sending", updatedAt: new Date(now.getTime() - 10_000) }).where(eq(indexNowQueue.id, fresh!.id));
    await runIndexingOnce({ now });
    expect(fake.requests.flatMap(sentUrls)).toEqual([`${SITE}/${stale!.path}`]);
    expect((await queueRows()).map((row) => row.status)).toEqual(["submitted", "sending"]);
  });

  it("a stopping server abandons the request in flight and leaves its rows due, without counting an attempt", async () => {
    await enqueue(paths(2));
    fake.answer = "hang";
    const stop = new AbortController();
    const run = runIndexingOnce({ signal: stop.signal });
    await vi.waitFor(() => expect(fake.held).toBe(1));
    stop.abort();
    expect((await run).batches).toEqual([]);
    expect(await queueRows()).toMatchObject([
      { status: "pending", attempts: 0 },
      { status: "pending", attempts: 0 },
    ]);
    expect(await submissions()).toEqual([]);
  });

  it("the process's sender passes again and again until stopped; stopping mid-request leaves the rows due", async () => {
    await enqueue(paths(1, "blog/ilk"));
    const stop = startIndexingSender(20);
    await vi.waitFor(() => expect(fake.requests).toHaveLength(1));
    // A later save is picked up by a later pass without anyone asking.
    fake.answer = "hang";
    await enqueue(paths(1, "blog/sonraki"));
    await vi.waitFor(() => expect(fake.held).toBe(1));
    await stop();
    expect(sentUrls(fake.requests[1]!)).toEqual([`${SITE}/blog/sonraki-1`]);
    expect((await queueRows()).map((row) => [row.path, row.status, row.attempts])).toEqual([
      ["blog/ilk-1", "submitted", 1],
      ["blog/sonraki-1", "pending", 0],
    ]);
    const requestsAtStop = fake.requests.length;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(fake.requests).toHaveLength(requestsAtStop);
  });

  it("starts no sender without INDEXNOW_KEY or with INDEXNOW_SENDER=false", async () => {
    await enqueue(paths(1));
    const stops = [startIndexingSenderFromEnv({ INDEXNOW_KEY: undefined, INDEXNOW_SENDER: true }), startIndexingSenderFromEnv({ INDEXNOW_KEY: "test-key", INDEXNOW_SENDER: false })];
    // Longer than a started sender waits before its first pass.
    await new Promise((resolve) => setTimeout(resolve, 5_500));
    await Promise.all(stops.map((stop) => stop()));
    expect(fake.requests).toEqual([]);
  });
});
