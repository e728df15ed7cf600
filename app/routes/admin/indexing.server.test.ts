import { asc, eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { beforeEach, expect, it, vi } from "vitest";
import { callAdmin, createAdminSession, createNonAdminSession, outcomeOf, toastOf, type TestSession } from "../../../tests/helpers/admin";
import { describeEachDriver, truncateAll } from "../../../tests/helpers/db";
import { setUpFakeIndexNow } from "../../../tests/helpers/fake-indexnow";
import { auditLog, indexNowQueue, indexNowSubmissions } from "~/db/schema";
import { configureIndexNow } from "~/modules/indexing/indexing.server";
import { enqueueIndexing } from "~/modules/indexing/indexing-queue.server";
import type { IndexingReason } from "~/modules/indexing/indexing.schema";
import IndexingScreen, { action, loader } from "./indexing";

type ScreenData = Awaited<ReturnType<typeof loader>>;
const SITE = "https://bonus.example";

function render(data: ScreenData, url = "/admin/indexing"): string {
  const Stub = createRoutesStub([{ path: "/admin/indexing", Component: () => createElement(IndexingScreen as never, { loaderData: data }) }]);
  return renderToString(createElement(Stub, { initialEntries: [url] })).replaceAll("<!-- -->", "");
}

/** The rows of the n-th table of the page, as their cells' text. */
function rowsOf(html: string, table: number): string[][] {
  const body = html.split("<tbody")[table + 1]!.split("</tbody>")[0]!;
  return [...body.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((row) => [...row[1]!.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((cell) => cell[1]!.replace(/<[^>]+>/g, "").trim()));
}

describeEachDriver("admin: search-engine submissions", ({ db }) => {
  let admin: TestSession;
  const fake = setUpFakeIndexNow({ indexNow: { key: "test-key", siteUrl: SITE, timeoutMs: 5_000 } });
  beforeEach(async () => {
    await truncateAll(db());
    admin = await createAdminSession("operator@example.com");
  });

  const load = async (url = "/admin/indexing") => outcomeOf(await callAdmin(loader, url, { session: admin })).data as ScreenData;
  const enqueue = (paths: string[], reason: IndexingReason = "blog-post.publish") => db().transaction((tx) => enqueueIndexing(tx, paths.map((path) => ({ path })), reason));
  const statuses = async () => (await db().select().from(indexNowQueue).orderBy(asc(indexNowQueue.id))).map((row) => [row.path, row.status, row.attempts]);
  const indexingAudit = async () => (await db().select().from(auditLog)).filter((entry) => entry.action.startsWith("indexing."));

  it("shows that IndexNow is on, the pending and failed counts, the last submissions in Istanbul time and the queue", async () => {
    await enqueue(["blog/ilk-yazi", "blog/ikinci-yazi"]);
    await enqueue(["bonuslar/yildiz/hos-geldin"], "promotion.activate");
    await db().update(indexNowQueue).set({ status: "failed", attempts: 8 }).where(eq(indexNowQueue.path, "bonuslar/yildiz/hos-geldin"));
    await db()
      .insert(indexNowSubmissions)
      .values([
        { urlCount: 25, httpStatus: 202, outcome: "submitted", durationMs: 140, createdAt: new Date("2026-03-01T09:05:07Z") },
        { urlCount: 3, httpStatus: 429, outcome: "rate-limited", detail: "Retry-After: 120", durationMs: 90, createdAt: new Date("2026-03-31T21:30:05Z") },
      ]);

    const data = await load();
    expect(data.overview).toMatchObject({ enabled: true, canSend: true, keyLocation: `${SITE}/test-key.txt`, counts: { pending: 2, failed: 1, sending: 0, submitted: 0 } });
    const html = render(data);
    expect(html).toContain("Arama Motoru Bildirimleri");
    expect(html).toMatch(/IndexNow:\s*<strong[^>]*>Açık<\/strong>/);
    expect(rowsOf(html, 0)).toEqual([
      ["1 Nisan 2026 00:30:05", "3", "429", "Hız sınırı, sonra denenecek", "Retry-After: 120", "90 ms"],
      ["1 Mart 2026 12:05:07", "25", "202", "Kabul edildi", "—", "140 ms"],
    ]);
    const queue = rowsOf(html, 1);
    expect(queue.map((cells) => cells.slice(0, 4))).toEqual([
      ["/bonuslar/yildiz/hos-geldin", "Promosyon yayına alındı", "Başarısız", "8"],
      ["/blog/ikinci-yazi", "Blog yazısı yayınlandı", "Bekliyor", "0"],
      ["/blog/ilk-yazi", "Blog yazısı yayınlandı", "Bekliyor", "0"],
    ]);
    // A failed row has no next attempt; a pending one shows when it is due.
    expect(queue[0]![4]).toBe("—");
    expect(queue[1]![4]).toMatch(/^\d{1,2} \S+ \d{4} \d{2}:\d{2}$/);
  });

  it("says when IndexNow is off, and when PUBLIC_SITE_URL is missing so nothing can be sent", async () => {
    configureIndexNow(null);
    const off = render(await load());
    expect(off).toMatch(/IndexNow:\s*<strong[^>]*>Kapalı<\/strong>/);
    expect(off).toContain("INDEXNOW_KEY ayarlanmadığı için");
    configureIndexNow({ key: "test-key", endpoint: fake.endpoint, timeoutMs: 5_000 });
    const data = await load();
    expect(data.overview).toMatchObject({ enabled: true, canSend: false, keyLocation: null });
    expect(render(data)).toContain("PUBLIC_SITE_URL ayarlanmadı");
  });

  it("pages the queue 25 a page, newest first, and filters it by status", async () => {
    await enqueue(Array.from({ length: 30 }, (_, i) => `blog/yazi-${String(i + 1).padStart(2, "0")}`));
    await db().update(indexNowQueue).set({ status: "failed" }).where(eq(indexNowQueue.path, "blog/yazi-07"));
    const first = await load();
    expect(first.queue).toMatchObject({ total: 30, page: 1, pageCount: 2 });
    expect(first.queue.items).toHaveLength(25);
    expect(first.queue.items[0]!.path).toBe("blog/yazi-30");
    const second = await load("/admin/indexing?sayfa=2");
    expect(second.queue.items.map((item) => item.path)).toEqual(["blog/yazi-05", "blog/yazi-04", "blog/yazi-03", "blog/yazi-02", "blog/yazi-01"]);
    expect((await load("/admin/indexing?durum=basarisiz")).queue.items.map((item) => item.path)).toEqual(["blog/yazi-07"]);
    expect((await load("/admin/indexing?durum=bekliyor")).queue.total).toBe(29);
    const beyond = outcomeOf(await callAdmin(loader, "/admin/indexing?sayfa=9", { session: admin }));
    expect(beyond).toMatchObject({ status: 302, location: "/admin/indexing?sayfa=2" });
  });

  it("'Şimdi gönder' sends the due queue at once, says how much went, and is audited", async () => {
    await enqueue(["blog/a", "blog/b", "blog/c"]);
    const result = await callAdmin(action, "/admin/indexing", { session: admin, form: { intent: "send" } });
    expect(outcomeOf(result)).toMatchObject({ status: 302, location: "/admin/indexing" });
    expect(await toastOf(result)).toBe("3 adres 1 istekte gönderildi");
    expect(fake.requests).toHaveLength(1);
    expect(await statuses()).toEqual([
      ["blog/a", "submitted", 1],
      ["blog/b", "submitted", 1],
      ["blog/c", "submitted", 1],
    ]);
    expect(await indexingAudit()).toMatchObject([{ action: "indexing.send", actorEmail: "operator@example.com", outcome: "success" }]);
    const data = await load();
    expect(data.submissions).toMatchObject([{ urlCount: 3, httpStatus: 200, outcome: "submitted" }]);

    // Nothing due: said so, nothing sent.
    const again = await callAdmin(action, "/admin/indexing", { session: admin, form: { intent: "send" } });
    expect(await toastOf(again)).toBe("Gönderilecek bekleyen adres yok");
    expect(fake.requests).toHaveLength(1);
  });

  it("'Şimdi gönder' reports a refusal as an error toast and a failed audit entry", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    await enqueue(["blog/a"]);
    fake.answer = 403;
    const result = await callAdmin(action, "/admin/indexing", { session: admin, form: { intent: "send" } });
    expect(await toastOf(result)).toBe("1 adres gönderilemedi; ayrıntılar son gönderimlerde");
    expect(await indexingAudit()).toMatchObject([{ action: "indexing.send", outcome: "failure" }]);
  });

  it("'Şimdi gönder' is refused with its reason when IndexNow is off or PUBLIC_SITE_URL is unset", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    configureIndexNow(null);
    const off = outcomeOf(await callAdmin(action, "/admin/indexing", { session: admin, form: { intent: "send" } }));
    expect(off.status).toBe(409);
    expect(off.errors?.[""]).toEqual(["IndexNow kapalı: gönderim yapılamaz"]);
    configureIndexNow({ key: "test-key", endpoint: fake.endpoint, timeoutMs: 5_000 });
    await enqueue(["blog/a"]);
    const noSite = outcomeOf(await callAdmin(action, "/admin/indexing", { session: admin, form: { intent: "send" } }));
    expect(noSite.status).toBe(409);
    expect(noSite.errors?.[""]?.[0]).toContain("PUBLIC_SITE_URL");
    expect(fake.requests).toEqual([]);
    expect(await statuses()).toEqual([["blog/a", "pending", 0]]);
  });

  it("'Başarısızları yeniden dene' makes failed addresses due again from scratch, is audited, and they then go", async () => {
    await enqueue(["blog/a", "blog/b", "blog/c"]);
    await db().update(indexNowQueue).set({ status: "failed", attempts: 8, nextAttemptAt: new Date(Date.now() + 3_600_000) }).where(eq(indexNowQueue.path, "blog/a"));
    await db().update(indexNowQueue).set({ status: "failed", attempts: 1 }).where(eq(indexNowQueue.path, "blog/b"));
    await db().update(indexNowQueue).set({ status: "submitted", attempts: 1 }).where(eq(indexNowQueue.path, "blog/c"));
    const result = await callAdmin(action, "/admin/indexing?durum=basarisiz", { session: admin, form: { intent: "retry" } });
    expect(outcomeOf(result)).toMatchObject({ status: 302, location: "/admin/indexing?durum=basarisiz" });
    expect(await toastOf(result)).toBe("2 başarısız adres yeniden kuyruğa alındı");
    expect(await statuses()).toEqual([
      ["blog/a", "pending", 0],
      ["blog/b", "pending", 0],
      ["blog/c", "submitted", 1],
    ]);
    expect(await indexingAudit()).toMatchObject([{ action: "indexing.retry", outcome: "success" }]);
    await callAdmin(action, "/admin/indexing", { session: admin, form: { intent: "send" } });
    expect(JSON.parse(fake.requests[0]!.body).urlList).toEqual([`${SITE}/blog/a`, `${SITE}/blog/b`]);
  });

  it("stores a queued path without its leading slashes, so the screen and the request show it with exactly one", async () => {
    await db().transaction((tx) =>
      enqueueIndexing(tx, [{ path: "/blog/tek-egik" }, { path: "///bonuslar/yildiz/hos-geldin" }, { path: "blog/egiksiz" }], "blog-post.publish"),
    );
    expect(await statuses()).toEqual([
      ["blog/tek-egik", "pending", 0],
      ["bonuslar/yildiz/hos-geldin", "pending", 0],
      ["blog/egiksiz", "pending", 0],
    ]);
    expect(rowsOf(render(await load()), 1).map((cells) => cells[0])).toEqual(["/blog/egiksiz", "/bonuslar/yildiz/hos-geldin", "/blog/tek-egik"]);
    await callAdmin(action, "/admin/indexing", { session: admin, form: { intent: "send" } });
    expect(JSON.parse(fake.requests[0]!.body).urlList).toEqual([`${SITE}/blog/tek-egik`, `${SITE}/bonuslar/yildiz/hos-geldin`, `${SITE}/blog/egiksiz`]);
  });

  it("queues nothing for a command that names no path, nor anything while IndexNow is off", async () => {
    await enqueue([]);
    expect(await statuses()).toEqual([]);
    configureIndexNow(null);
    await enqueue(["blog/a", "blog/b"]);
    expect(await statuses()).toEqual([]);
    // The same call queues both once IndexNow is on again: the empty queue above was the switch's doing.
    configureIndexNow({ key: "test-key", endpoint: fake.endpoint, siteUrl: SITE, timeoutMs: 5_000 });
    await enqueue(["blog/a", "blog/b"]);
    expect(await statuses()).toEqual([
      ["blog/a", "pending", 0],
      ["blog/b", "pending", 0],
    ]);
  });

  it("refuses an unknown intent with 400 and does nothing", async () => {
    await enqueue(["blog/a"]);
    expect(outcomeOf(await callAdmin(action, "/admin/indexing", { session: admin, form: { intent: "drop" } })).status).toBe(400);
    expect(fake.requests).toEqual([]);
    expect(await statuses()).toEqual([["blog/a", "pending", 0]]);
  });

  it("is in the sidebar", async () => {
    const { ADMIN_LINKS } = await import("~/components/admin-nav");
    expect(ADMIN_LINKS).toContainEqual({ to: "/admin/indexing", label: "Arama Motoru Bildirimleri" });
  });

  it.each([
    ["anonymous", () => null],
    ["a signed-in non-admin", () => createNonAdminSession()],
  ])("sends %s to sign-in from the screen and both actions, and sends or changes nothing", async (_, sessionOf) => {
    const session = await sessionOf();
    await enqueue(["blog/a", "blog/b"]);
    await db().update(indexNowQueue).set({ status: "failed" }).where(eq(indexNowQueue.path, "blog/b"));
    for (const result of [
      await callAdmin(loader, "/admin/indexing", { session }),
      await callAdmin(action, "/admin/indexing", { session, form: { intent: "send" } }),
      await callAdmin(action, "/admin/indexing", { session, form: { intent: "retry" } }),
    ]) {
      const outcome = outcomeOf(result);
      expect(outcome.status).toBe(302);
      expect(outcome.location).toMatch(/^\/admin\/login/);
    }
    expect(fake.requests).toEqual([]);
    expect(await statuses()).toEqual([
      ["blog/a", "pending", 0],
      ["blog/b", "failed", 0],
    ]);
    expect(await indexingAudit()).toEqual([]);
  });
});
