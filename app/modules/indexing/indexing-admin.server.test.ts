import { asc, sql } from "drizzle-orm";
import { beforeEach, expect, it, vi } from "vitest";
import { describeEachDriver, truncateAll } from "../../../tests/helpers/db";
import { setUpFakeIndexNow } from "../../../tests/helpers/fake-indexnow";
import { auditLog, indexNowQueue } from "~/db/schema";
import type { Actor } from "~/lib/command.server";
import { getIndexingOverview, retryFailedIndexing, sendIndexingNow } from "./indexing-admin.server";
import { configureIndexNow } from "./indexing.server";

const SITE = "https://bonus.example";
const actor: Actor = { userId: null, email: "operator@example.com", address: "203.0.113.7" };

describeEachDriver("IndexNow for operators", ({ db }) => {
  const fake = setUpFakeIndexNow({ indexNow: { key: "test-key", siteUrl: SITE, timeoutMs: 5_000 } });
  beforeEach(async () => {
    await truncateAll(db());
  });

  type Row = { path: string; status: string; nextAttemptAt?: Date; attempts?: number };
  const queue = (rows: Row[]) => db().insert(indexNowQueue).values(rows.map((row) => ({ reason: "blog-post.publish", ...row })));
  const queueRows = async () => (await db().select().from(indexNowQueue).orderBy(asc(indexNowQueue.id))).map((row) => [row.path, row.status, row.attempts]);
  const auditRows = async () =>
    (await db().select().from(auditLog).orderBy(asc(auditLog.id))).map(({ action, entityType, entityId, summary, outcome, actorEmail }) => ({ action, entityType, entityId, summary, outcome, actorEmail }));
  const sendAudit = (summary: string, outcome: "success" | "failure") => ({ action: "indexing.send", entityType: "indexing", entityId: null, summary, outcome, actorEmail: "operator@example.com" });
  const sentUrls = () => fake.requests.map((request) => (JSON.parse(request.body) as { urlList: string[] }).urlList.length);

  it("counts the queue by status and gives when the earliest pending address is due, as an ISO time", async () => {
    await queue([
      { path: "blog/a", status: "pending", nextAttemptAt: new Date("2026-05-01T10:00:00Z") },
      { path: "blog/b", status: "pending", nextAttemptAt: new Date("2026-04-30T08:15:00Z") },
      // Rows that are not pending are earlier, but not waiting for an attempt.
      { path: "blog/c", status: "sending", nextAttemptAt: new Date("2026-04-01T00:00:00Z") },
      { path: "blog/d", status: "failed", nextAttemptAt: new Date("2026-03-01T00:00:00Z") },
      { path: "blog/e", status: "failed", nextAttemptAt: new Date("2026-03-02T00:00:00Z") },
      { path: "blog/f", status: "submitted", nextAttemptAt: new Date("2026-02-01T00:00:00Z") },
    ]);
    expect(await getIndexingOverview()).toEqual({
      enabled: true,
      canSend: true,
      keyLocation: "https://bonus.example/test-key.txt",
      counts: { pending: 2, sending: 1, submitted: 1, failed: 2 },
      nextAttemptAt: "2026-04-30T08:15:00.000Z",
    });
  });

  it("has no next attempt and zero counts for an empty queue, and no next attempt while nothing is pending", async () => {
    expect(await getIndexingOverview()).toMatchObject({ counts: { pending: 0, sending: 0, submitted: 0, failed: 0 }, nextAttemptAt: null });
    await queue([
      { path: "blog/a", status: "failed", nextAttemptAt: new Date("2026-03-01T00:00:00Z") },
      { path: "blog/b", status: "submitted", nextAttemptAt: new Date("2026-03-01T00:00:00Z") },
    ]);
    expect(await getIndexingOverview()).toMatchObject({ counts: { pending: 0, sending: 0, submitted: 1, failed: 1 }, nextAttemptAt: null });
  });

  it("'Şimdi gönder' is audited with the requests and addresses it sent, a success when every request was accepted", async () => {
    await queue([
      { path: "blog/a", status: "pending" },
      { path: "blog/b", status: "pending" },
      { path: "bonuslar/yildiz/hos-geldin", status: "pending" },
    ]);
    expect(await sendIndexingNow(actor)).toMatchObject({ state: "ran", batches: [{ urlCount: 3, outcome: "submitted" }] });
    expect(await auditRows()).toEqual([sendAudit("1 istek, 3 adres", "success")]);
  });

  it("'Şimdi gönder' with nothing due is audited as no request and no address", async () => {
    await queue([{ path: "blog/a", status: "failed" }]);
    expect(await sendIndexingNow(actor)).toEqual({ state: "ran", batches: [] });
    expect(fake.requests).toEqual([]);
    expect(await auditRows()).toEqual([sendAudit("0 istek, 0 adres", "success")]);
  });

  it("'Şimdi gönder' refused by the endpoint is audited as a failure with what was sent", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    await queue([
      { path: "blog/a", status: "pending" },
      { path: "blog/b", status: "pending" },
    ]);
    fake.answer = 403;
    await sendIndexingNow(actor);
    expect(await auditRows()).toEqual([sendAudit("1 istek, 2 adres", "failure")]);
  });

  it("'Şimdi gönder' sums the addresses over its requests, and is a failure when a later request is refused", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    await queue([
      { path: "blog/a", status: "pending" },
      { path: "blog/b", status: "pending" },
    ]);
    // While the first request is on its way, a third address becomes due (queued with a due time
    // already past): the pass sends it as a second request, which the endpoint refuses. Two
    // requests without the 10,001 rows of the sender's test of the 10,000-URL split.
    const passThrough = globalThis.fetch;
    vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
      const response = await passThrough(input, init);
      if (fake.requests.length === 1) await queue([{ path: "blog/c", status: "pending", nextAttemptAt: new Date(Date.now() - 60_000) }]);
      fake.answer = 403;
      return response;
    });
    const run = await sendIndexingNow(actor);
    expect(run.batches.map((batch) => [batch.urlCount, batch.outcome])).toEqual([
      [2, "submitted"],
      [1, "rejected"],
    ]);
    expect(sentUrls()).toEqual([2, 1]);
    expect(await auditRows()).toEqual([sendAudit("2 istek, 3 adres", "failure")]);
  });

  it("'Şimdi gönder' with IndexNow off is audited as a failure saying so, and sends nothing", async () => {
    configureIndexNow(null);
    expect(await sendIndexingNow(actor)).toEqual({ state: "off", batches: [] });
    expect(fake.requests).toEqual([]);
    expect(await auditRows()).toEqual([sendAudit("IndexNow kapalı", "failure")]);
  });

  it("'Şimdi gönder' without PUBLIC_SITE_URL is audited as a failure saying so, and sends nothing", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    configureIndexNow({ key: "test-key", endpoint: fake.endpoint, timeoutMs: 5_000 });
    await queue([{ path: "blog/a", status: "pending" }]);
    expect(await sendIndexingNow(actor)).toEqual({ state: "no-site-url", batches: [] });
    expect(fake.requests).toEqual([]);
    expect(await auditRows()).toEqual([sendAudit("PUBLIC_SITE_URL ayarlı değil", "failure")]);
  });

  it("'Şimdi gönder' that fails on the database is audited as a failure and the error reaches the caller", async () => {
    await queue([{ path: "blog/a", status: "pending" }]);
    // The database refuses to change any queue row, so the pass cannot claim what is due.
    await db().execute(sql`create function refuse_queue_change() returns trigger language plpgsql as $$ begin raise exception 'queue is read-only'; end $$`);
    await db().execute(sql`create trigger refuse_queue_change before update on indexnow_queue for each row execute function refuse_queue_change()`);
    try {
      await expect(sendIndexingNow(actor)).rejects.toMatchObject({ cause: { message: "queue is read-only" } });
    } finally {
      await db().execute(sql`drop trigger refuse_queue_change on indexnow_queue`);
      await db().execute(sql`drop function refuse_queue_change()`);
    }
    expect(fake.requests).toEqual([]);
    expect(await queueRows()).toEqual([["blog/a", "pending", 0]]);
    expect(await auditRows()).toEqual([sendAudit("Gönderim yapılamadı", "failure")]);
  });

  it("'Başarısızları yeniden dene' counts the failed addresses it queues again and says so in the audit log", async () => {
    await queue([
      { path: "blog/a", status: "failed", attempts: 8 },
      { path: "blog/b", status: "pending", attempts: 2 },
      { path: "blog/c", status: "failed", attempts: 1 },
      { path: "blog/d", status: "submitted", attempts: 1 },
    ]);
    expect(await retryFailedIndexing(actor)).toEqual({ ok: true, value: { count: 2 } });
    expect(await queueRows()).toEqual([
      ["blog/a", "pending", 0],
      ["blog/b", "pending", 2],
      ["blog/c", "pending", 0],
      ["blog/d", "submitted", 1],
    ]);
    expect(await retryFailedIndexing(actor)).toEqual({ ok: true, value: { count: 0 } });
    const retry = (summary: string) => ({ action: "indexing.retry", entityType: "indexing", entityId: null, summary, outcome: "success", actorEmail: "operator@example.com" });
    expect(await auditRows()).toEqual([retry("2 başarısız adres yeniden kuyrukta"), retry("0 başarısız adres yeniden kuyrukta")]);
  });
});
