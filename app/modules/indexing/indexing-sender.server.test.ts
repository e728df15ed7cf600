import { asc, count, eq, inArray } from "drizzle-orm";
import crypto from "node:crypto";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { describeEachDriver, truncateAll } from "../../../tests/helpers/db";
import { setUpFakeIndexNow } from "../../../tests/helpers/fake-indexnow";
import { freePort } from "../../../tests/helpers/server";
import { setDatabase } from "~/db/index.server";
import { blogPosts, indexNowQueue, indexNowSubmissions, promotions } from "~/db/schema";
import { insertPost, insertPromotion } from "~/seed/factories.server";
import { configureIndexNow } from "./indexing.server";
import { enqueueIndexing, type IndexingRequest } from "./indexing-queue.server";
import type { IndexingReason } from "./indexing.schema";
import { pruneIndexingHistory, retryAfterTime, runIndexingOnce, startIndexingSender, startIndexingSenderFromEnv } from "./indexing-sender.server";

const SITE = "https://bonus.example";
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** A pass's clock for answers that name a date: 2030-03-01 12:00 UTC is a Friday. */
const NOON = new Date("2030-03-01T12:00:00Z");

/** Resolves once `check` holds, polling with the real clock (vi.waitFor moves a faked one). */
async function until(check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!(await check())) {
    if (performance.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe("retryAfterTime", () => {
  const now = NOON;
  const at = (value: string | null) => retryAfterTime(value, now)?.toISOString() ?? null;
  it("reads seconds, around which spaces do not matter", () => {
    expect(at("120")).toBe("2030-03-01T12:02:00.000Z");
    expect(at(" 120 ")).toBe("2030-03-01T12:02:00.000Z");
  });
  it("reads a date, whether it starts or ends with digits", () => {
    expect(at("Fri, 01 Mar 2030 12:05:00 GMT")).toBe("2030-03-01T12:05:00.000Z");
    expect(at("Fri, 01 Mar 2030 12:05:00 +0000")).toBe("2030-03-01T12:05:00.000Z");
    expect(at("01 Mar 2030 12:05:00 GMT")).toBe("2030-03-01T12:05:00.000Z");
  });
  it("keeps the wait between a second and a day", () => {
    expect(at("0")).toBe("2030-03-01T12:00:01.000Z");
    expect(at("Fri, 01 Mar 2030 11:00:00 GMT")).toBe("2030-03-01T12:00:01.000Z");
    expect(at("172800")).toBe("2030-03-02T12:00:00.000Z");
  });
  it("reads nothing from an absent value or one that is neither seconds nor a date", () => {
    for (const value of [null, "", "12abc", "abc12", "soon"]) expect(at(value), String(value)).toBeNull();
  });
});

describeEachDriver("IndexNow queue and sender", ({ db, database, driver }) => {
  const fake = setUpFakeIndexNow({ indexNow: { key: "test-key", siteUrl: SITE, timeoutMs: 15_000 } });
  let warn: { mock: { calls: unknown[][] } };
  beforeEach(async () => {
    await truncateAll(db());
    // Refusals are logged in one line each; the tests read them where they matter.
    warn = vi.spyOn(console, "warn").mockImplementation(() => {});
  });

  const enqueue = (requests: IndexingRequest[], reason: IndexingReason = "blog-post.publish") => db().transaction((tx) => enqueueIndexing(tx, requests, reason));
  const paths = (n: number, prefix = "blog/yazi") => Array.from({ length: n }, (_, i) => ({ path: `${prefix}-${i + 1}` }));
  const sentUrls = (request: { body: string }) => JSON.parse(request.body).urlList as string[];
  const queueRows = () => db().select().from(indexNowQueue).orderBy(asc(indexNowQueue.id));
  const submissions = () => db().select().from(indexNowSubmissions).orderBy(asc(indexNowSubmissions.id));
  const warnLines = () => warn.mock.calls.map(([line]) => String(line));
  /** Gives the queue's rows (in id order) this many attempts already made. */
  const setAttempts = async (attempts: number[]) => {
    const rows = await queueRows();
    for (const [i, n] of attempts.entries()) await db().update(indexNowQueue).set({ attempts: n }).where(eq(indexNowQueue.id, rows[i]!.id));
  };

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
    // An accepted request is not a refusal: nothing is logged.
    expect(warn.mock.calls).toEqual([]);
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
    expect((await submissions())[0]).toMatchObject({ outcome: "rate-limited", httpStatus: 429, detail: "Retry-After: 120" });
    expect(warnLines()).toEqual(["IndexNow: 2 URL(s) not accepted (HTTP 429, rate-limited): Retry-After: 120"]);

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
    // One minute after the first attempt, doubled after each further one.
    expect(firstDelay).toBe(MINUTE);
    expect((await submissions())[0]).toMatchObject({ outcome: "rate-limited", httpStatus: 429, detail: "Retry-After yok: üstel bekleme" });
    expect(warnLines()).toEqual(["IndexNow: 1 URL(s) not accepted (HTTP 429, rate-limited): Retry-After yok: üstel bekleme"]);
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

  it("retries after a timeout, says how many seconds it waited, and a later pass succeeds", async () => {
    configureIndexNow({ key: "test-key", endpoint: fake.endpoint, siteUrl: SITE, timeoutMs: 1_000 });
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
    expect(submission).toMatchObject({ httpStatus: null, outcome: "error", detail: "Zaman aşımı: 1 sn içinde yanıt yok" });
    expect(warnLines()).toEqual(["IndexNow: 2 URL(s) not accepted (no answer, error): Zaman aşımı: 1 sn içinde yanıt yok"]);

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

  it("without PUBLIC_SITE_URL sends nothing, keeps the rows waiting and warns once; unset again after it was set, warns again", async () => {
    const withSite = { key: "test-key", endpoint: fake.endpoint, siteUrl: SITE, timeoutMs: 5_000 };
    const withoutSite = { key: "test-key", endpoint: fake.endpoint, timeoutMs: 5_000 };
    const siteWarnings = () => warnLines().filter((line) => line.includes("PUBLIC_SITE_URL"));
    const expected = "IndexNow: PUBLIC_SITE_URL is unset, so queued URLs have no origin; nothing is sent until it is set";
    // A pass with the site's address set first, whatever an earlier test left behind.
    configureIndexNow(withSite);
    await runIndexingOnce();
    configureIndexNow(withoutSite);
    await enqueue(paths(2));
    expect(await runIndexingOnce()).toEqual({ state: "no-site-url", batches: [] });
    expect(siteWarnings()).toEqual([expected]);
    await runIndexingOnce();
    expect(siteWarnings()).toEqual([expected]);
    expect(fake.requests).toEqual([]);
    expect(await queueRows()).toMatchObject([
      { status: "pending", attempts: 0 },
      { status: "pending", attempts: 0 },
    ]);
    // Set, then unset again: the operator is told again.
    configureIndexNow(withSite);
    await runIndexingOnce();
    expect(fake.requests.map(sentUrls)).toEqual([[`${SITE}/blog/yazi-1`, `${SITE}/blog/yazi-2`]]);
    configureIndexNow(withoutSite);
    await runIndexingOnce();
    expect(siteWarnings()).toEqual([expected, expected]);
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
    // Stopped means no pass any more: a row a dead process left 'sending' an hour ago, which
    // any pass would make due again, stays as it is.
    const [stale] = await db()
      .insert(indexNowQueue)
      .values({ path: "blog/olu-surec", reason: "blog-post.publish", status: "sending", updatedAt: new Date(Date.now() - HOUR) })
      .returning();
    const requestsAtStop = fake.requests.length;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(fake.requests).toHaveLength(requestsAtStop);
    expect((await db().select().from(indexNowQueue).where(eq(indexNowQueue.id, stale!.id)))[0]!.status).toBe("sending");
  });

  it("starts no sender without INDEXNOW_KEY or with INDEXNOW_SENDER=false", async () => {
    await enqueue(paths(1));
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      const stops = [startIndexingSenderFromEnv({ INDEXNOW_KEY: undefined, INDEXNOW_SENDER: true }), startIndexingSenderFromEnv({ INDEXNOW_KEY: "test-key", INDEXNOW_SENDER: false })];
      // Nothing scheduled, so no pass however long the process runs (a started sender's first
      // pass comes 5 s after start-up: the next test).
      expect(vi.getTimerCount()).toBe(0);
      await vi.advanceTimersByTimeAsync(60_000);
      await Promise.all(stops.map((stop) => stop()));
    } finally {
      vi.useRealTimers();
    }
    expect(fake.requests).toEqual([]);
  });

  it("starts the sender with INDEXNOW_KEY set and INDEXNOW_SENDER on: its first pass sends the queue seconds after start-up", async () => {
    await enqueue(paths(1));
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const stop = startIndexingSenderFromEnv({ INDEXNOW_KEY: "test-key", INDEXNOW_SENDER: true });
    try {
      await vi.advanceTimersByTimeAsync(5_000);
      await vi.waitFor(() => expect(fake.requests.map(sentUrls)).toEqual([[`${SITE}/blog/yazi-1`]]));
    } finally {
      await stop();
      vi.useRealTimers();
    }
  });

  it("records a refused connection as no answer: retried a minute later, and a row fails at its eighth attempt", async () => {
    // Nothing listens there: the connection is refused.
    const dead = `http://127.0.0.1:${await freePort()}`;
    fake.allowAlso(dead);
    configureIndexNow({ key: "test-key", endpoint: `${dead}/indexnow`, siteUrl: SITE, timeoutMs: 15_000 });
    await enqueue(paths(2));
    await setAttempts([0, 7]);
    expect((await runIndexingOnce({ now: NOON })).batches).toEqual([{ rows: 2, urlCount: 2, outcome: "error", httpStatus: null }]);
    expect(await queueRows()).toMatchObject([
      { status: "pending", attempts: 1, nextAttemptAt: new Date("2030-03-01T12:01:00Z") },
      { status: "failed", attempts: 8 },
    ]);
    expect(await submissions()).toMatchObject([{ urlCount: 2, httpStatus: null, outcome: "error", detail: "Bağlantı hatası: fetch failed (ECONNREFUSED)" }]);
    expect(warnLines()).toEqual(["IndexNow: 2 URL(s) not accepted (no answer, error): Bağlantı hatası: fetch failed (ECONNREFUSED)"]);
  });

  it("a 429 never fails a row, however many attempts it already had", async () => {
    await enqueue(paths(1));
    await setAttempts([7]);
    fake.answer = { status: 429, retryAfter: "60" };
    await runIndexingOnce({ now: NOON });
    expect(await queueRows()).toMatchObject([{ status: "pending", attempts: 8, nextAttemptAt: new Date("2030-03-01T12:01:00Z") }]);
  });

  it("a 429 whose Retry-After is a date waits until then, and its log line has single spaces", async () => {
    await enqueue(paths(1));
    fake.answer = { status: 429, retryAfter: "Fri, 01 Mar 2030  12:10:00 GMT" };
    await runIndexingOnce({ now: NOON });
    expect(await queueRows()).toMatchObject([{ status: "pending", attempts: 1, nextAttemptAt: new Date("2030-03-01T12:10:00Z") }]);
    expect(warnLines()).toEqual(["IndexNow: 1 URL(s) not accepted (HTTP 429, rate-limited): Retry-After: Fri, 01 Mar 2030 12:10:00 GMT"]);
  });

  it.each([
    // A 500's Retry-After is not read: the backoff's first minute.
    { label: "500 with Retry-After: 300 and no body", status: 500, retryAfter: "300", body: "", next: "2030-03-01T12:01:00Z", detail: "HTTP 500" },
    { label: "503 with Retry-After: 300", status: 503, retryAfter: "300", body: "Bakımda", next: "2030-03-01T12:05:00Z", detail: "HTTP 503: Bakımda" },
    { label: "503 with Retry-After as a date", status: 503, retryAfter: "Fri, 01 Mar 2030 12:20:00 GMT", body: "Bakımda", next: "2030-03-01T12:20:00Z", detail: "HTTP 503: Bakımda" },
    { label: "503 without Retry-After", status: 503, retryAfter: undefined, body: "", next: "2030-03-01T12:01:00Z", detail: "HTTP 503" },
  ])("on $label retries at $next and logs the status and the answer's text", async ({ status, retryAfter, body, next, detail }) => {
    await enqueue(paths(1));
    fake.answer = { status, retryAfter, body };
    expect((await runIndexingOnce({ now: NOON })).batches).toEqual([{ rows: 1, urlCount: 1, outcome: "error", httpStatus: status }]);
    expect(await queueRows()).toMatchObject([{ status: "pending", attempts: 1, nextAttemptAt: new Date(next) }]);
    expect(await submissions()).toMatchObject([{ urlCount: 1, httpStatus: status, outcome: "error", detail }]);
    expect(warnLines()).toEqual([`IndexNow: 1 URL(s) not accepted (HTTP ${status}, error): ${detail}`]);
  });

  it("retries an answer IndexNow does not define (204) as the endpoint's trouble, instead of failing the rows as a refusal", async () => {
    await enqueue(paths(1));
    fake.answer = 204;
    await runIndexingOnce({ now: NOON });
    expect(await queueRows()).toMatchObject([{ status: "pending", attempts: 1, nextAttemptAt: new Date("2030-03-01T12:01:00Z") }]);
    expect(await submissions()).toMatchObject([{ httpStatus: 204, outcome: "error", detail: "HTTP 204" }]);
  });

  it("ends the pass after a batch that was not accepted: the rest of the queue waits for a later pass", async () => {
    await enqueue(paths(3));
    fake.answer = 503;
    expect(await runIndexingOnce({ now: NOON, batchSize: 1 })).toEqual({ state: "ran", batches: [{ rows: 1, urlCount: 1, outcome: "error", httpStatus: 503 }] });
    expect(fake.requests.map(sentUrls)).toEqual([[`${SITE}/blog/yazi-1`]]);
    expect((await queueRows()).map((row) => [row.path, row.status, row.attempts])).toEqual([
      ["blog/yazi-1", "pending", 1],
      ["blog/yazi-2", "pending", 0],
      ["blog/yazi-3", "pending", 0],
    ]);
  });

  it("keeps an answer that came just as the server began to stop: the accepted URLs are recorded and not sent again", async () => {
    await enqueue(paths(1));
    const stopping = new AbortController();
    const reachFake = globalThis.fetch;
    vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
      const response = await reachFake(input, init);
      const body = await response.text();
      stopping.abort();
      return new Response(body, { status: response.status, headers: response.headers });
    });
    expect(await runIndexingOnce({ signal: stopping.signal })).toEqual({ state: "ran", batches: [{ rows: 1, urlCount: 1, outcome: "submitted", httpStatus: 200 }] });
    expect(await queueRows()).toMatchObject([{ status: "submitted", attempts: 1 }]);
    expect(await submissions()).toMatchObject([{ urlCount: 1, httpStatus: 200, outcome: "submitted" }]);
  });

  it("marks indexed only the kind of page the accepted row shows: a post, not a promotion that has the same id", async () => {
    // Ids are unique per table only.
    const id = crypto.randomUUID();
    await insertPromotion(db(), { id, title: "Aynı Kimlik", isActive: true, indexed: false });
    await insertPost(db(), { id, title: "Aynı Kimlik", slug: "ayni-kimlik", isPublished: true, indexed: false });
    await enqueue([{ path: "blog/ayni-kimlik", entityType: "blog-post", entityId: id }]);
    await runIndexingOnce();
    expect((await db().select({ indexed: blogPosts.indexed }).from(blogPosts))[0]!.indexed).toBe(true);
    expect((await db().select({ indexed: promotions.indexed }).from(promotions))[0]!.indexed).toBe(false);
  });

  it("forgets submitted rows after 30 days and submission records after 90, keeping newer ones and rows not sent", async () => {
    const row = (path: string, status: string, age: number) => ({ path, reason: "blog-post.publish", status, updatedAt: new Date(NOON.getTime() - age) });
    await db()
      .insert(indexNowQueue)
      .values([
        row("blog/31-gun-once-gonderilen", "submitted", 31 * DAY),
        row("blog/29-gun-once-gonderilen", "submitted", 29 * DAY),
        row("blog/60-gun-once-basarisiz", "failed", 60 * DAY),
        row("blog/60-gun-once-bekleyen", "pending", 60 * DAY),
      ]);
    await db()
      .insert(indexNowSubmissions)
      .values([
        { urlCount: 91, outcome: "submitted", createdAt: new Date(NOON.getTime() - 91 * DAY) },
        { urlCount: 89, outcome: "submitted", createdAt: new Date(NOON.getTime() - 89 * DAY) },
      ]);
    await pruneIndexingHistory(NOON);
    expect((await queueRows()).map((r) => r.path)).toEqual(["blog/29-gun-once-gonderilen", "blog/60-gun-once-basarisiz", "blog/60-gun-once-bekleyen"]);
    expect((await submissions()).map((s) => s.urlCount)).toEqual([89]);
  });

  it("the process's sender forgets old history on its first pass and then once an hour, not at every pass", async () => {
    // The sender's clock stands still, a day ahead of the database's, so what is queued is due.
    const t0 = new Date(Math.floor(Date.now() / 1000) * 1000 + DAY);
    vi.useFakeTimers({ toFake: ["Date"], now: t0 });
    const oldSubmitted = (path: string) =>
      db()
        .insert(indexNowQueue)
        .values({ path, reason: "blog-post.publish", status: "submitted", attempts: 1, updatedAt: new Date(t0.getTime() - 31 * DAY) });
    const kept = async (path: string) => (await queueRows()).some((row) => row.path === path);
    // A refused request ends a pass; so once the second of two probes is sent, the pass that
    // sent the first has done all its work, its pruning included.
    fake.answer = 500;
    let probes = 0;
    const completePass = async () => {
      for (let i = 0; i < 2; i++) {
        const path = `blog/yoklama-${++probes}`;
        await enqueue([{ path }]);
        await until(() => fake.requests.some((request) => sentUrls(request).includes(`${SITE}/${path}`)));
      }
    };
    await oldSubmitted("blog/eski-1");
    const stop = startIndexingSender(20);
    try {
      await until(async () => !(await kept("blog/eski-1")));
      await oldSubmitted("blog/eski-2");
      await completePass();
      expect(await kept("blog/eski-2")).toBe(true);
      vi.setSystemTime(t0.getTime() + HOUR - 1);
      await completePass();
      expect(await kept("blog/eski-2")).toBe(true);
      vi.setSystemTime(t0.getTime() + HOUR);
      await completePass();
      expect(await kept("blog/eski-2")).toBe(false);
    } finally {
      await stop();
      vi.useRealTimers();
    }
  });

  it("the process's sender logs a pass that failed and tries again at the next one", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    await enqueue(paths(1));
    // The database is not there for a while.
    setDatabase(undefined);
    const stop = startIndexingSender(20);
    // Stopped whatever happens: a sender left running would send during the next tests.
    try {
      try {
        await vi.waitFor(() => expect(error.mock.calls.length).toBeGreaterThanOrEqual(2), { timeout: 5_000 });
      } finally {
        setDatabase(database());
      }
      expect(error.mock.calls[0]!.map(String)).toEqual(["IndexNow sender pass failed:", "Error: The database is not open yet"]);
      await vi.waitFor(() => expect(fake.requests.map(sentUrls)).toEqual([[`${SITE}/blog/yazi-1`]]), { timeout: 5_000 });
    } finally {
      await stop();
    }
  });

  // PGlite is one connection, so no other sender can hold a row there.
  it.skipIf(driver === "pglite")("a pass skips rows another sender holds at that moment and sends the rest without waiting for it", async () => {
    await enqueue(paths(4));
    const [first, second] = await queueRows();
    let letGo!: () => void;
    const held = new Promise<void>((resolve) => (letGo = resolve));
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    const other = db().transaction(async (tx) => {
      await tx
        .select({ id: indexNowQueue.id })
        .from(indexNowQueue)
        .where(inArray(indexNowQueue.id, [first!.id, second!.id]))
        .for("update");
      locked();
      await held;
    });
    await lockTaken;
    const pass = runIndexingOnce();
    let outcome: unknown;
    try {
      outcome = await Promise.race([pass, new Promise((resolve) => setTimeout(() => resolve("still waiting after 3 s"), 3_000))]);
    } finally {
      letGo();
      await other;
      await pass;
    }
    expect(outcome).toEqual({ state: "ran", batches: [{ rows: 2, urlCount: 2, outcome: "submitted", httpStatus: 200 }] });
    expect(fake.requests.map(sentUrls)).toEqual([[`${SITE}/blog/yazi-3`, `${SITE}/blog/yazi-4`]]);
    // Let go, they are sent by the next pass, once.
    await runIndexingOnce();
    expect(fake.requests.map(sentUrls)).toEqual([
      [`${SITE}/blog/yazi-3`, `${SITE}/blog/yazi-4`],
      [`${SITE}/blog/yazi-1`, `${SITE}/blog/yazi-2`],
    ]);
  });
});
