import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { describeEachDriver, truncateAll } from "../../../tests/helpers/db";
import { callAdmin, createAdminSession, createNonAdminSession, outcomeOf, type TestSession } from "../../../tests/helpers/admin";
import { auditLog, splashAds, type AuditEntry } from "~/db/schema";
import { insertPost, insertPromotion } from "~/seed/factories.server";
import type { AuditListItem } from "~/modules/audit/audit.schema";
import { listAuditEntries } from "~/modules/audit/audit.server";
import { action as casinoEditorAction } from "./casinos/edit";
import { action as casinoListAction } from "./casinos/list";
import { action as splashListAction } from "./splash-ads/list";
import AuditLog, { action, loader } from "./audit";

type AuditData = { filter: { page: number; actor: string; entity: string | null; verb: string | null }; list: { items: AuditListItem[]; total: number; page: number; pageCount: number; more?: boolean } };

function render(data: AuditData, url = "/admin/audit"): string {
  // The page's filter form needs a data router; the stub gives it one without a server.
  const Stub = createRoutesStub([{ path: "/admin/audit", Component: () => createElement(AuditLog as never, { loaderData: data }) }]);
  return renderToString(createElement(Stub, { initialEntries: [url] })).replaceAll("<!-- -->", "");
}

/** The rows of the rendered table as their cells' text. */
function rowsOf(html: string): string[][] {
  const body = html.slice(html.indexOf("<tbody"), html.indexOf("</tbody>"));
  return [...body.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((row) => [...row[1]!.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((cell) => cell[1]!.replace(/<[^>]+>/g, "").trim()));
}

describeEachDriver("admin audit log", ({ db }) => {
  let admin: TestSession;
  beforeEach(async () => {
    await truncateAll(db());
    admin = await createAdminSession("operator@example.com");
  });

  const load = async (url = "/admin/audit") => outcomeOf(await callAdmin(loader, url, { session: admin })).data as AuditData;
  const entry = (values: Partial<typeof auditLog.$inferInsert> & { createdAt: Date }) =>
    db()
      .insert(auditLog)
      .values({ actorEmail: "a@example.com", address: "10.0.0.1", action: "casino.update", entityType: "casino", ...values })
      .returning()
      .then((rows) => rows[0] as AuditEntry);

  it("lists what the screens recorded, newest first, with who, what, which record, from where and the outcome", async () => {
    await callAdmin(casinoEditorAction, "/admin/casinos/new", {
      session: admin,
      client: "203.0.113.5",
      form: { name: "Ege Bet", url: "https://ege.example", logoUrl: "", description: "<p>Güvenilir ve hızlı bir site.</p>" },
    });
    await callAdmin(splashListAction, "/admin/splash-ads", { session: admin, client: "203.0.113.6", form: { intent: "delete", id: "00000000-0000-4000-8000-000000000000" } });

    const data = await load();
    expect(data.list.items.map((item) => [item.action, item.outcome])).toEqual([
      ["splash-ad.delete", "failure"],
      ["casino.create", "success"],
    ]);
    const casinoId = data.list.items[1]!.entityId!;
    const html = render(data);
    const rows = rowsOf(html);
    expect(rows.map((cells) => cells.slice(1))).toEqual([
      ["operator@example.com", "Splash reklam silindi", "—", "203.0.113.6", "Başarısız"],
      ["operator@example.com", "Casino eklendi", "Ege Bet", "203.0.113.5", "Başarılı"],
    ]);
    expect(html).toContain(`href="/admin/casinos/edit/${casinoId}"`);
  });

  it("links a record only while it exists: one deleted since shows its name marked '(silinmiş)', without a link", async () => {
    const create = (name: string) =>
      callAdmin(casinoEditorAction, "/admin/casinos/new", { session: admin, form: { name, url: "https://ege.example", logoUrl: "", description: "<p>Güvenilir ve hızlı bir site.</p>" } });
    await create("Ege Bet");
    await create("Galata Casino");
    const created = (await load()).list.items;
    const galata = created.find((item) => item.summary === "Galata Casino")!.entityId!;
    const ege = created.find((item) => item.summary === "Ege Bet")!.entityId!;
    await callAdmin(casinoListAction, "/admin/casinos", { session: admin, form: { intent: "delete", id: galata } });

    const html = render(await load());
    expect(rowsOf(html).map((cells) => cells.slice(2, 4))).toEqual([
      ["Casino silindi", "Galata Casino"],
      ["Casino eklendi", "Galata Casino (silinmiş)"],
      ["Casino eklendi", "Ege Bet"],
    ]);
    expect(html).toContain(`href="/admin/casinos/edit/${ege}"`);
    expect(html).not.toContain(`/admin/casinos/edit/${galata}`);
  });

  it("links each kind of record that still exists, and none of each kind deleted since", async () => {
    const promotion = await insertPromotion(db(), { title: "Yaz Bonusu" });
    const post = await insertPost(db(), { title: "Çevrim Rehberi" });
    const [ad] = await db().insert(splashAds).values({ title: "Bayram Reklamı", href: "https://ege.example", imageUrl: "https://ege.example/a.png" }).returning();
    const gone = ["00000000-0000-4000-8000-00000000000a", "00000000-0000-4000-8000-00000000000b", "00000000-0000-4000-8000-00000000000c"];
    const at = new Date("2026-03-01T10:00:00Z");
    await entry({ action: "promotion.update", entityType: "promotion", entityId: promotion.id, summary: "Yaz Bonusu", createdAt: at });
    await entry({ action: "blog-post.update", entityType: "blog-post", entityId: post.id, summary: "Çevrim Rehberi", createdAt: at });
    await entry({ action: "splash-ad.update", entityType: "splash-ad", entityId: ad!.id, summary: "Bayram Reklamı", createdAt: at });
    await entry({ action: "promotion.update", entityType: "promotion", entityId: gone[0], summary: "Eski Bonus", createdAt: at });
    await entry({ action: "blog-post.update", entityType: "blog-post", entityId: gone[1], summary: "Eski Yazı", createdAt: at });
    await entry({ action: "splash-ad.update", entityType: "splash-ad", entityId: gone[2], summary: "Eski Reklam", createdAt: at });

    const items = (await load()).list.items;
    expect(Object.fromEntries(items.map((item) => [item.summary, item.recordGone]))).toEqual({
      "Yaz Bonusu": false,
      "Çevrim Rehberi": false,
      "Bayram Reklamı": false,
      "Eski Bonus": true,
      "Eski Yazı": true,
      "Eski Reklam": true,
    });
  });

  it("shows the time tr-TR in Istanbul, and an unknown action as stored", async () => {
    await entry({ action: "rocket.launch", entityType: "rocket", summary: "Apollo", createdAt: new Date("2026-03-31T21:30:05Z") });
    const rows = rowsOf(render(await load()));
    expect(rows[0]).toEqual(["1 Nisan 2026 00:30:05", "a@example.com", "rocket.launch", "Apollo", "10.0.0.1", "Başarılı"]);
  });

  it("shows an action named like a member of Object.prototype as stored, and the page still renders", async () => {
    await entry({ action: "__proto__", entityType: "rocket", summary: "Tuhaf", createdAt: new Date("2026-03-31T21:30:05Z") });
    await entry({ action: "toString", entityType: "rocket", summary: "Garip", createdAt: new Date("2026-03-31T21:31:05Z") });
    const rows = rowsOf(render(await load()));
    expect(rows.map((cells) => cells.slice(2, 4))).toEqual([
      ["toString", "Garip"],
      ["__proto__", "Tuhaf"],
    ]);
  });

  it("pages 25 a page, newest first, ties broken by the later entry", async () => {
    const base = Date.UTC(2026, 4, 1);
    for (let i = 0; i < 26; i++) await entry({ summary: `Kayıt ${String(i).padStart(2, "0")}`, createdAt: new Date(base + i * 60_000) });
    // Same instant as "Kayıt 25", written after it.
    await entry({ summary: "Aynı an", createdAt: new Date(base + 25 * 60_000) });

    const first = await load();
    expect(first.list).toMatchObject({ total: 27, page: 1, pageCount: 2 });
    expect(first.list.items).toHaveLength(25);
    expect(first.list.items.slice(0, 3).map((item) => item.summary)).toEqual(["Aynı an", "Kayıt 25", "Kayıt 24"]);
    const second = await load("/admin/audit?sayfa=2");
    expect(second.list.items.map((item) => item.summary)).toEqual(["Kayıt 01", "Kayıt 00"]);
  });

  it("counts only as far as an operator can page (the log grows without bound): 40 pages, further from page 40", async () => {
    const base = Date.UTC(2026, 4, 1);
    await db()
      .insert(auditLog)
      .values(Array.from({ length: 1030 }, (_, i) => ({ actorEmail: "a@example.com", address: "10.0.0.1", action: "casino.update", entityType: "casino", summary: `Kayıt ${i}`, createdAt: new Date(base + i * 60_000) })));
    const first = await load();
    expect(first.list).toMatchObject({ total: 1000, more: true, pageCount: 40 });
    // What the operator reads above the table: not a log of exactly 1,000 entries.
    expect(render(first)).toContain(">1.000+ kayıt<");
    expect((await load("/admin/audit?sayfa=39")).list).toMatchObject({ total: 1000, more: true, pageCount: 40 });
    const fortieth = await load("/admin/audit?sayfa=40");
    expect(fortieth.list).toMatchObject({ total: 1030, more: false, pageCount: 42 });
    expect(render(fortieth, "/admin/audit?sayfa=40")).toContain(">1.030 kayıt<");
    expect(fortieth.list.items[0]!.summary).toBe("Kayıt 54");
    expect((await load("/admin/audit?sayfa=42")).list.items.map((item) => item.summary)).toEqual(["Kayıt 4", "Kayıt 3", "Kayıt 2", "Kayıt 1", "Kayıt 0"]);
    // A filter counts the same way.
    expect((await load("/admin/audit?q=a%40example")).list).toMatchObject({ total: 1000, more: true });
  });

  it("filters by record type, by operation and by the actor's email", async () => {
    const at = (minute: number) => new Date(Date.UTC(2026, 4, 1, 12, minute));
    await entry({ action: "casino.create", actorEmail: "ayse@example.com", summary: "c1", createdAt: at(1) });
    await entry({ action: "casino.delete", actorEmail: "mehmet@example.com", summary: "c2", createdAt: at(2) });
    await entry({ action: "splash-ad.create", entityType: "splash-ad", actorEmail: "ayse@example.com", summary: "s1", createdAt: at(3) });
    await entry({ action: "auth.sign-in", entityType: "auth", actorEmail: "a_b@example.com", summary: "", outcome: "failure", createdAt: at(4) });
    const summaries = async (search: string) => (await load(`/admin/audit${search}`)).list.items.map((item) => item.summary);

    expect(await summaries("?tur=casino")).toEqual(["c2", "c1"]);
    expect(await summaries("?islem=create")).toEqual(["s1", "c1"]);
    expect(await summaries("?tur=casino&islem=create")).toEqual(["c1"]);
    expect(await summaries("?q=AYSE")).toEqual(["s1", "c1"]);
    expect(await summaries("?q=ayse&tur=splash-ad")).toEqual(["s1"]);
    // _ is a letter in the email search, not a wildcard.
    expect(await summaries("?q=a_b")).toEqual([""]);
    expect(await summaries("?islem=sign-in")).toEqual([""]);
    // An unknown type is no filter at all.
    expect(await summaries("?tur=nope")).toHaveLength(4);
    expect(render(await load("/admin/audit?q=kimse"), "/admin/audit?q=kimse")).toContain("Filtreye uyan kayıt bulunamadı");
  });

  it("searches the actor's email for % and \\ as written, not as a wildcard or an escape", async () => {
    const at = (minute: number) => new Date(Date.UTC(2026, 4, 1, 12, minute));
    await entry({ actorEmail: "yuzde%100@example.com", summary: "yüzde", createdAt: at(1) });
    await entry({ actorEmail: "ters\\egik@example.com", summary: "ters eğik", createdAt: at(2) });
    await entry({ actorEmail: "duz@example.com", summary: "düz", createdAt: at(3) });
    const summaries = async (q: string) => (await load(`/admin/audit?q=${encodeURIComponent(q)}`)).list.items.map((item) => item.summary);

    expect(await summaries("%")).toEqual(["yüzde"]);
    expect(await summaries("\\")).toEqual(["ters eğik"]);
    expect(await summaries("s\\e")).toEqual(["ters eğik"]);
    expect(await summaries("@")).toEqual(["düz", "ters eğik", "yüzde"]);
  });

  it("reads a record type or an operation given to the module as written, % and _ included, not as a wildcard", async () => {
    // The screen offers only its own types and operations; the module must not depend on it.
    const at = (minute: number) => new Date(Date.UTC(2026, 4, 1, 12, minute));
    await entry({ action: "a_b.c_d", entityType: "a_b", summary: "alt çizgili", createdAt: at(1) });
    await entry({ action: "axb.cxd", entityType: "axb", summary: "harfli", createdAt: at(2) });
    await entry({ action: "yuzde%.100%", entityType: "yuzde%", summary: "yüzdeli", createdAt: at(3) });
    await entry({ action: "yuzdeX.100X", entityType: "yuzdeX", summary: "harfle yüzde", createdAt: at(4) });
    await entry({ action: "ters\\.egik", entityType: "ters\\", summary: "ters eğik", createdAt: at(5) });
    const summaries = async (filter: { entity?: string; verb?: string }) =>
      (await listAuditEntries({ page: 1, actor: "", entity: filter.entity ?? null, verb: filter.verb ?? null })).items.map((item) => item.summary);

    expect(await summaries({ entity: "a_b" })).toEqual(["alt çizgili"]);
    expect(await summaries({ verb: "c_d" })).toEqual(["alt çizgili"]);
    expect(await summaries({ entity: "yuzde%" })).toEqual(["yüzdeli"]);
    expect(await summaries({ verb: "100%" })).toEqual(["yüzdeli"]);
    expect(await summaries({ entity: "%" })).toEqual([]);
    // A backslash is a character too, not LIKE's escape.
    expect(await summaries({ entity: "ters\\" })).toEqual(["ters eğik"]);
    expect(await summaries({ verb: "\\egik" })).toEqual([]);
  });

  it("is in the sidebar as 'Denetim Kaydı'", async () => {
    const { ADMIN_LINKS } = await import("~/components/admin-nav");
    expect(ADMIN_LINKS).toContainEqual({ to: "/admin/audit", label: "Denetim Kaydı" });
  });

  describe("access", () => {
    it.each([
      ["anonymous", () => null],
      ["a signed-in non-admin", () => createNonAdminSession()],
    ])("sends %s to sign-in and shows nothing", async (_, sessionOf) => {
      const session = await sessionOf();
      await entry({ summary: "gizli", createdAt: new Date() });
      for (const result of [await callAdmin(loader, "/admin/audit", { session }), await callAdmin(action, "/admin/audit", { session, form: { x: "1" } })]) {
        const outcome = outcomeOf(result);
        expect(outcome.status).toBe(302);
        expect(outcome.location).toMatch(/^\/admin\/login/);
      }
    });
  });
});
