import { count, eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { describeEachDriver, truncateAll } from "../../../../tests/helpers/db";
import { callAdmin, createAdminSession, createNonAdminSession, outcomeOf, toastOf, type TestSession } from "../../../../tests/helpers/admin";
import { callRoute } from "../../../../tests/helpers/routes";
import { auditLog, promotionComments } from "~/db/schema";
import { insertCasino, insertComment, insertPromotion } from "~/seed/factories.server";
import type { CommentListItem } from "~/modules/comments/comments-admin.schema";
import { pageStore, promotionTag, SITE_TAG } from "~/lib/page-cache.server";
import { actorOf } from "~/lib/command.server";
import { removeComment, updateComment } from "~/modules/comments/comments-admin.server";
import { loader as detailLoader } from "../../public/promotion-detail";
import CommentList, { action, loader } from "./list";

type ListData = { list: { items: CommentListItem[]; total: number; page: number; pageCount: number; more?: boolean }; editing: { id: string; userName: string } | null };

describeEachDriver("admin comments", ({ db }) => {
  let admin: TestSession;
  beforeEach(async () => {
    await truncateAll(db());
    admin = await createAdminSession("moderator@example.com");
  });
  const listOf = async (url: string) => outcomeOf(await callAdmin(loader, url, { session: admin })).data as ListData;
  const commentCount = async () => (await db().select({ n: count() }).from(promotionComments))[0]!.n;
  const stored = async (id: string) => (await db().select().from(promotionComments).where(eq(promotionComments.id, id)))[0];

  async function arrange() {
    const casino = await insertCasino(db(), { name: "Galata Casino" });
    const promotion = await insertPromotion(db(), { title: "Hoş Geldin Bonusu", casinoId: casino.id, isActive: true });
    const comment = await insertComment(db(), { promotionId: promotion.id, userName: "Ayşe Y.", comment: "Bonus hızlı geldi.", rating: 4, createdAt: new Date(Date.UTC(2026, 5, 1)) });
    return { casino, promotion, comment };
  }
  const EDIT = (id: string) => ({ intent: "update", id, userName: "Ayşe Yılmaz", comment: "Bonus hızlı geldi, destek de iyiydi.", rating: "5" });

  describe("the list", () => {
    it("shows promotion title, casino name, user, rating, comment and date, newest first, 25 a page", async () => {
      const { promotion } = await arrange();
      const orphan = await insertPromotion(db(), { title: "Casinosuz Bonus", casinoId: null });
      for (let i = 0; i < 26; i++) {
        await insertComment(db(), { promotionId: i % 2 ? promotion.id : orphan.id, userName: `Ziyaretçi ${i}`, createdAt: new Date(Date.UTC(2026, 1, 1, 0, i)) });
      }
      const first = await listOf("/admin/comments");
      expect(first.list.total).toBe(27);
      expect(first.list.pageCount).toBe(2);
      expect(first.list.items).toHaveLength(25);
      // The arranged comment (June) is the newest of all; page 2 holds the two oldest.
      expect(first.list.items[0]).toEqual({
        id: expect.any(String),
        promotionId: promotion.id,
        promotionTitle: "Hoş Geldin Bonusu",
        casinoName: "Galata Casino",
        userName: "Ayşe Y.",
        comment: "Bonus hızlı geldi.",
        rating: 4,
        createdAt: "2026-06-01T00:00:00.000Z",
      });
      expect(first.list.items[1]).toMatchObject({ userName: "Ziyaretçi 25", promotionTitle: "Hoş Geldin Bonusu", casinoName: "Galata Casino" });
      expect(first.list.items[2]).toMatchObject({ userName: "Ziyaretçi 24", promotionTitle: "Casinosuz Bonus", casinoName: null });
      const second = await listOf("/admin/comments?sayfa=2");
      expect(second.list.items.map((c) => c.userName)).toEqual(["Ziyaretçi 1", "Ziyaretçi 0"]);
    });

    it("filters by rating and leaves anything but 1-5 as 'Tümü'", async () => {
      const { promotion } = await arrange();
      await insertComment(db(), { promotionId: promotion.id, userName: "Beş", rating: 5 });
      await insertComment(db(), { promotionId: promotion.id, userName: "Bir", rating: 1 });
      expect((await listOf("/admin/comments?puan=5")).list.items.map((c) => c.userName)).toEqual(["Beş"]);
      expect((await listOf("/admin/comments?puan=1")).list.items.map((c) => c.userName)).toEqual(["Bir"]);
      expect((await listOf("/admin/comments?puan=4")).list.items.map((c) => c.userName)).toEqual(["Ayşe Y."]);
      expect((await listOf("/admin/comments?puan=3")).list.total).toBe(0);
      for (const all of ["", "0", "6", "abc", "4.5"]) expect((await listOf(`/admin/comments?puan=${all}`)).list.total).toBe(3);
      // A pasted link with a space around the number still filters.
      for (const spaced of ["+4", "4+", "%204%20"]) expect((await listOf(`/admin/comments?puan=${spaced}`)).list.items.map((c) => c.userName), spaced).toEqual(["Ayşe Y."]);
    });

    it("pages a rating's comments among the others: page 2 holds that rating's oldest, and the count is that rating's", async () => {
      const { promotion } = await arrange();
      for (let i = 0; i < 27; i++) {
        await insertComment(db(), { promotionId: promotion.id, userName: `Beş ${i}`, rating: 5, createdAt: new Date(Date.UTC(2026, 2, 1, 0, 2 * i)) });
        await insertComment(db(), { promotionId: promotion.id, userName: `Bir ${i}`, rating: 1, createdAt: new Date(Date.UTC(2026, 2, 1, 0, 2 * i + 1)) });
      }
      const first = await listOf("/admin/comments?puan=5");
      expect([first.list.total, first.list.pageCount]).toEqual([27, 2]);
      expect(first.list.items.map((c) => c.userName).slice(0, 2)).toEqual(["Beş 26", "Beş 25"]);
      expect((await listOf("/admin/comments?puan=5&sayfa=2")).list.items.map((c) => c.userName)).toEqual(["Beş 1", "Beş 0"]);
      // Unfiltered, the 55 comments' third page holds the five oldest.
      expect((await listOf("/admin/comments?sayfa=3")).list.items.map((c) => c.userName)).toEqual(["Beş 2", "Bir 1", "Beş 1", "Bir 0", "Beş 0"]);
    });

    it("searches user name, comment text and promotion title, with % and _ taken literally", async () => {
      const { promotion } = await arrange();
      const other = await insertPromotion(db(), { title: "Kayıp İadesi Kampanyası" });
      await insertComment(db(), { promotionId: other.id, userName: "Mehmet K.", comment: "Çekim %100 sorunsuz." });
      await insertComment(db(), { promotionId: promotion.id, userName: "Zeynep", comment: "Harika.", rating: 5 });
      const names = async (url: string) => (await listOf(url)).list.items.map((c) => c.userName).sort();
      expect(await names("/admin/comments?q=mehmet")).toEqual(["Mehmet K."]);
      expect(await names("/admin/comments?q=hızlı geldi")).toEqual(["Ayşe Y."]);
      expect(await names("/admin/comments?q=Kayıp İadesi")).toEqual(["Mehmet K."]);
      expect(await names("/admin/comments?q=%25")).toEqual(["Mehmet K."]);
      expect(await names("/admin/comments?q=_")).toEqual([]);
      // Search and rating together.
      expect(await names("/admin/comments?q=Hoş Geldin&puan=5")).toEqual(["Zeynep"]);
    });

    it("matches as Turkish operators type: without Turkish letters, in capitals, and the reverse", async () => {
      const { promotion } = await arrange();
      const other = await insertPromotion(db(), { title: "Işıltı Çevrimsiz Bonus" });
      await insertComment(db(), { promotionId: other.id, userName: "Işık Ç.", comment: "Çekimde sorun yaşamadım." });
      await insertComment(db(), { promotionId: promotion.id, userName: "ISIL", comment: "IĞDIR'dan selamlar." });
      const names = async (q: string) => (await listOf(`/admin/comments?q=${encodeURIComponent(q)}`)).list.items.map((c) => c.userName).sort();
      for (const q of ["isik", "IŞIK", "ışık", "Işık"]) expect(await names(q)).toEqual(["Işık Ç."]);
      for (const q of ["cekimde", "ÇEKİMDE", "yasamadim"]) expect(await names(q)).toEqual(["Işık Ç."]);
      // The promotion's title, folded alike.
      for (const q of ["isilti", "IŞILTI", "cevrimsiz"]) expect(await names(q)).toEqual(["Işık Ç."]);
      for (const q of ["hos geldin", "HOŞ GELDİN"]) expect((await names(q)).length).toBe(2);
      for (const q of ["ıgdır", "igdir", "IĞDIR"]) expect(await names(q)).toEqual(["ISIL"]);
      // The name and the comment are two texts: a search does not run across them.
      expect(await names("Ç. Çekimde")).toEqual([]);
    });

    it("counts only as far as an operator can page: '1.000+' and 40 pages until page 40, exact again near the end", async () => {
      const casino = await insertCasino(db(), { name: "Galata Casino" });
      const promotion = await insertPromotion(db(), { title: "Hoş Geldin Bonusu", casinoId: casino.id, isActive: true });
      const at = (i: number) => new Date(Date.UTC(2026, 0, 1) + i * 60_000);
      // 1,001 five-star comments and 29 one-star ones, one a minute.
      await db()
        .insert(promotionComments)
        .values(Array.from({ length: 1030 }, (_, i) => ({ promotionId: promotion.id, userName: `Ziyaretçi ${i}`, comment: "Güzel bonus.", rating: i < 1001 ? 5 : 1, createdAt: at(i) })));
      const counted = async (url: string) => {
        const { list } = await listOf(url);
        return { total: list.total, more: list.more ?? false, pageCount: list.pageCount, first: list.items[0]?.userName, rows: list.items.length };
      };
      expect(await counted("/admin/comments")).toEqual({ total: 1000, more: true, pageCount: 40, first: "Ziyaretçi 1029", rows: 25 });
      // What the operator reads above the table.
      const shown = async (url: string) => {
        const data = await listOf(url);
        const Stub = createRoutesStub([{ path: "/admin/comments", Component: () => createElement(CommentList as never, { loaderData: data }) }]);
        return renderToString(createElement(Stub, { initialEntries: [url] })).replaceAll("<!-- -->", "");
      };
      expect(await shown("/admin/comments")).toContain(">1.000+ yorum<");
      expect(await shown("/admin/comments?puan=1")).toContain(">29 yorum<");
      // Every page before the 40th says the same; the 40th counts on (here: all 1,030, 42 pages); the last holds the 5 oldest.
      expect(await counted("/admin/comments?sayfa=39")).toEqual({ total: 1000, more: true, pageCount: 40, first: "Ziyaretçi 79", rows: 25 });
      expect(await counted("/admin/comments?sayfa=40")).toEqual({ total: 1030, more: false, pageCount: 42, first: "Ziyaretçi 54", rows: 25 });
      expect(await counted("/admin/comments?sayfa=42")).toEqual({ total: 1030, more: false, pageCount: 42, first: "Ziyaretçi 4", rows: 5 });
      // A search and a rating count the same way: 1,001 five-star comments are '1.000+', 29 one-star 29.
      expect(await counted("/admin/comments?q=ziyaretci")).toMatchObject({ total: 1000, more: true, pageCount: 40 });
      expect(await counted("/admin/comments?puan=5")).toMatchObject({ total: 1000, more: true, pageCount: 40, first: "Ziyaretçi 1000" });
      expect(await counted("/admin/comments?puan=1")).toMatchObject({ total: 29, more: false, pageCount: 2 });
      // Exactly 1,000 is a count, not '1.000+'.
      await db().delete(promotionComments).where(eq(promotionComments.userName, "Ziyaretçi 0"));
      expect(await counted("/admin/comments?puan=5")).toMatchObject({ total: 1000, more: false, pageCount: 40 });
    });

    it("shows each comment's date and time as Istanbul reads it", async () => {
      await arrange();
      const data = await listOf("/admin/comments");
      const Stub = createRoutesStub([{ path: "/admin/comments", Component: () => createElement(CommentList as never, { loaderData: data }) }]);
      const html = renderToString(createElement(Stub, { initialEntries: ["/admin/comments"] })).replaceAll("<!-- -->", "");
      // Stored as midnight UTC on 1 June 2026: 03:00 in Istanbul.
      expect(html).toContain('<time dateTime="2026-06-01T00:00:00.000Z">1 Haziran 2026 03:00</time>');
    });

    it("sends a page beyond the last to the last page", async () => {
      await arrange();
      const outcome = outcomeOf(await callAdmin(loader, "/admin/comments?sayfa=3&puan=4", { session: admin }));
      expect(outcome.status).toBe(302);
      expect(outcome.location).toBe("/admin/comments?puan=4");
    });

    it("fills the edit dialog from ?duzenle and ignores an unknown id", async () => {
      const { comment } = await arrange();
      expect((await listOf(`/admin/comments?duzenle=${comment.id}`)).editing).toEqual({ id: comment.id, userName: "Ayşe Y.", comment: "Bonus hızlı geldi.", rating: 4 });
      expect((await listOf("/admin/comments?duzenle=00000000-0000-4000-8000-000000000000")).editing).toBeNull();
      expect((await listOf("/admin/comments?duzenle=x")).editing).toBeNull();
    });
  });

  describe("editing", () => {
    it("updates name, rating and text, returns to the same list without the dialog, and the promotion page shows it next", async () => {
      const { casino, promotion, comment } = await arrange();
      const url = `/bonuslar/${casino.slug}/${promotion.slug}`;
      const before = await callRoute(detailLoader, url, { params: { casinoSlug: casino.slug, promotionSlug: promotion.slug } });
      expect(before.data.comments.map((c) => c.comment)).toEqual(["Bonus hızlı geldi."]);

      const result = await callAdmin(action, `/admin/comments?q=Ay%C5%9Fe&puan=4&duzenle=${comment.id}`, { session: admin, form: EDIT(comment.id) });
      expect(outcomeOf(result)).toMatchObject({ status: 302, location: "/admin/comments?q=Ay%C5%9Fe&puan=4" });
      expect(await toastOf(result)).toBe("Yorum güncellendi");
      expect(await stored(comment.id)).toMatchObject({ userName: "Ayşe Yılmaz", comment: "Bonus hızlı geldi, destek de iyiydi.", rating: 5, promotionId: promotion.id });

      const after = await callRoute(detailLoader, url, { params: { casinoSlug: casino.slug, promotionSlug: promotion.slug } });
      expect(after.data.comments).toEqual([expect.objectContaining({ userName: "Ayşe Yılmaz", comment: "Bonus hızlı geldi, destek de iyiydi.", rating: 5 })]);
      expect(after.init?.headers).toEqual({ "X-Cache-Tags": `promotion:${promotion.id}` });
    });

    it("audits the edit with who, which comment and from where", async () => {
      const { comment } = await arrange();
      await callAdmin(action, "/admin/comments", { session: admin, form: EDIT(comment.id), client: "198.51.100.7" });
      const [entry] = await db().select().from(auditLog);
      expect(entry).toMatchObject({
        action: "comment.update",
        outcome: "success",
        entityType: "comment",
        entityId: comment.id,
        actorId: admin.userId,
        actorEmail: "moderator@example.com",
        address: "198.51.100.7",
      });
      expect(entry!.summary).toContain("Ayşe Yılmaz");
    });

    it.each([
      ["userName", { userName: "" }, "Lütfen kullanıcı adınızı girin"],
      ["userName", { userName: "   " }, "Lütfen kullanıcı adınızı girin"],
      ["userName", { userName: "a".repeat(61) }, "Kullanıcı adı en fazla 60 karakter olabilir"],
      ["userName", { userName: "Ayşe\u0000" }, "Kullanıcı adı geçersiz karakterler içeriyor"],
      ["userName", { userName: "Ayşe\u001b[31m" }, "Kullanıcı adı geçersiz karakterler içeriyor"],
      ["comment", { comment: "" }, "Lütfen yorumunuzu yazın"],
      ["comment", { comment: "b".repeat(2001) }, "Yorum en fazla 2000 karakter olabilir"],
      ["comment", { comment: "Gizli\u0007zil" }, "Yorum geçersiz karakterler içeriyor"],
      ["rating", { rating: "0" }, "Lütfen 1 ile 5 arasında bir puan seçin"],
      ["rating", { rating: "6" }, "Lütfen 1 ile 5 arasında bir puan seçin"],
      ["rating", { rating: "4.5" }, "Lütfen 1 ile 5 arasında bir puan seçin"],
      ["rating", { rating: "" }, "Lütfen 1 ile 5 arasında bir puan seçin"],
      // Number() reads each of these as a star count; no star sends them.
      ["rating", { rating: "0x5" }, "Lütfen 1 ile 5 arasında bir puan seçin"],
      ["rating", { rating: "5e0" }, "Lütfen 1 ile 5 arasında bir puan seçin"],
      ["rating", { rating: " 3" }, "Lütfen 1 ile 5 arasında bir puan seçin"],
    ])("refuses a bad %s with the public rule's message and changes nothing", async (field, change, message) => {
      const { comment } = await arrange();
      const outcome = outcomeOf(await callAdmin(action, "/admin/comments", { session: admin, form: { ...EDIT(comment.id), ...change } }));
      expect(outcome.status).toBe(400);
      expect(outcome.errors?.[field]).toEqual([message]);
      expect(await stored(comment.id)).toMatchObject({ userName: "Ayşe Y.", comment: "Bonus hızlı geldi.", rating: 4 });
      expect(await db().select().from(auditLog)).toEqual([]);
    });

    it.each<Record<string, string>>([{ "rating[0]": "4" }, { "rating[]": "4" }, { "rating[0]": "4", "rating[1]": "2" }])("refuses a rating sent as a list (%o), which no star sends, and changes nothing", async (list) => {
      const { comment } = await arrange();
      const { rating: _sent, ...form } = EDIT(comment.id);
      const outcome = outcomeOf(await callAdmin(action, "/admin/comments", { session: admin, form: { ...form, ...list } }));
      expect(outcome.status).toBe(400);
      expect(outcome.errors?.rating).toEqual(["Lütfen 1 ile 5 arasında bir puan seçin"]);
      expect(await stored(comment.id)).toMatchObject({ userName: "Ayşe Y.", comment: "Bonus hızlı geldi.", rating: 4 });
      expect(await db().select().from(auditLog)).toEqual([]);
    });

    it("keeps a line break in the comment and takes a 60-character name and a 2000-character comment", async () => {
      const { comment } = await arrange();
      const form = { ...EDIT(comment.id), userName: "a".repeat(60), comment: `İlk satır\nikinci satır${"c".repeat(1978)}` };
      expect(form.comment).toHaveLength(2000);
      expect(outcomeOf(await callAdmin(action, "/admin/comments", { session: admin, form })).status).toBe(302);
      expect(await stored(comment.id)).toMatchObject({ userName: "a".repeat(60), comment: form.comment });
    });

    it("answers a comment deleted meanwhile with 404 and a failure audit row", async () => {
      const missing = "00000000-0000-4000-8000-000000000000";
      const outcome = outcomeOf(await callAdmin(action, "/admin/comments", { session: admin, form: EDIT(missing) }));
      expect(outcome.status).toBe(404);
      expect(outcome.errors?.[""]).toEqual(["Yorum bulunamadı"]);
      const [entry] = await db().select().from(auditLog);
      expect(entry).toMatchObject({ action: "comment.update", outcome: "failure", entityId: missing, summary: "Ayşe Yılmaz: Bonus hızlı geldi, destek de iyiydi." });
    });
  });

  describe("the cached public pages", () => {
    it("drop the edited or deleted comment's promotion page at once, and keep every other", async () => {
      const { promotion, comment } = await arrange();
      const other = await insertPromotion(db(), { title: "Başka Bonus", isActive: true });
      const store = pageStore();
      const cache = () => {
        for (const [key, tag] of [["http://localhost/bonuslar/galata/hos-geldin", promotionTag(promotion.id)], ["http://localhost/bonuslar/baska/bonus", promotionTag(other.id)]] as const) {
          store.set(key, { status: 200, headers: [], body: Buffer.from("eski"), encoded: {}, etag: '"x"', tags: [SITE_TAG, tag], renderedAt: Date.now(), expiresAt: Date.now() + 60_000 }, store.sequence);
        }
      };
      cache();
      await callAdmin(action, "/admin/comments", { session: admin, form: EDIT(comment.id) });
      expect(store.get("http://localhost/bonuslar/galata/hos-geldin")).toBeUndefined();
      expect(store.get("http://localhost/bonuslar/baska/bonus")).toBeDefined();
      cache();
      await callAdmin(action, "/admin/comments", { session: admin, form: { intent: "delete", id: comment.id } });
      expect(store.get("http://localhost/bonuslar/galata/hos-geldin")).toBeUndefined();
      expect(store.get("http://localhost/bonuslar/baska/bonus")).toBeDefined();
    });
  });

  describe("deleting", () => {
    it("deletes the comment, audits it and the promotion page no longer shows it", async () => {
      const { casino, promotion, comment } = await arrange();
      const keep = await insertComment(db(), { promotionId: promotion.id, userName: "Kalan", comment: "Bu yorum kalır." });
      const result = await callAdmin(action, "/admin/comments?puan=4", { session: admin, form: { intent: "delete", id: comment.id } });
      expect(outcomeOf(result)).toMatchObject({ status: 302, location: "/admin/comments?puan=4" });
      expect(await toastOf(result)).toBe("Yorum silindi");
      expect(await stored(comment.id)).toBeUndefined();
      expect(await stored(keep.id)).toBeDefined();
      const [entry] = await db().select().from(auditLog);
      expect(entry).toMatchObject({ action: "comment.delete", outcome: "success", entityId: comment.id, actorEmail: "moderator@example.com" });
      expect(entry!.summary).toContain("Ayşe Y.");
      const page = await callRoute(detailLoader, `/bonuslar/${casino.slug}/${promotion.slug}`, { params: { casinoSlug: casino.slug, promotionSlug: promotion.slug } });
      expect(page.data.comments.map((c) => c.userName)).toEqual(["Kalan"]);
    });

    it("answers an unknown intent or a malformed or unknown id with 400/404 and deletes nothing", async () => {
      const { comment } = await arrange();
      const post = (form: Record<string, string>) => callAdmin(action, "/admin/comments", { session: admin, form }).then(outcomeOf);
      expect((await post({ intent: "drop", id: comment.id })).status).toBe(400);
      expect((await post({ id: comment.id })).status).toBe(400);
      const malformed = await post({ intent: "delete", id: "1 or 1=1" });
      expect(malformed.status).toBe(400);
      expect(malformed.errors?.id).toEqual(["Yorum bulunamadı"]);
      const unknown = await post({ intent: "delete", id: "00000000-0000-4000-8000-000000000000" });
      expect(unknown.status).toBe(404);
      expect(unknown.errors?.[""]).toEqual(["Yorum bulunamadı"]);
      expect(await commentCount()).toBe(1);
      const [refusal] = await db().select().from(auditLog);
      // Nothing was found, so the row names no comment text.
      expect(refusal).toMatchObject({ action: "comment.delete", outcome: "failure", entityId: "00000000-0000-4000-8000-000000000000", summary: "" });
    });
  });

  describe("the commands, called directly", () => {
    const actor = () => actorOf(admin, { clientAddress: "10.0.0.9" });

    it("refuse a malformed id with 'Yorum bulunamadı' and an audited failure, changing nothing", async () => {
      const { comment } = await arrange();
      for (const id of ["1 or 1=1", "", comment.id.toUpperCase().replace(/-/g, "")]) {
        const edited = await updateComment(actor(), { intent: "update", id, userName: "Ayşe Yılmaz", comment: "Değişti.", rating: 1 });
        expect(edited, id).toEqual({ ok: false, fieldErrors: { "": ["Yorum bulunamadı"] } });
        expect(await removeComment(actor(), id), id).toEqual({ ok: false, fieldErrors: { "": ["Yorum bulunamadı"] } });
      }
      expect(await stored(comment.id)).toMatchObject({ userName: "Ayşe Y.", comment: "Bonus hızlı geldi.", rating: 4 });
      const rows = await db().select().from(auditLog);
      expect(rows.map((r) => `${r.action} ${r.outcome}`).sort()).toEqual([...Array(3).fill("comment.delete failure"), ...Array(3).fill("comment.update failure")]);
    });

    it("return the deleted comment and its promotion, so the caller knows which page changed", async () => {
      const { promotion, comment } = await arrange();
      expect(await removeComment(actor(), comment.id)).toEqual({ ok: true, value: { id: comment.id, promotionId: promotion.id } });
      expect(await updateComment(actor(), { ...EDIT(comment.id), intent: "update", rating: 5 })).toEqual({ ok: false, fieldErrors: { "": ["Yorum bulunamadı"] } });
    });
  });

  describe("access", () => {
    it.each([
      ["anonymous", () => null],
      ["a signed-in non-admin", () => createNonAdminSession()],
    ])("sends %s to sign-in from the loader and both intents and changes nothing", async (_, sessionOf) => {
      const session = await sessionOf();
      const { comment } = await arrange();
      const calls = [
        callAdmin(loader, "/admin/comments", { session }),
        callAdmin(loader, `/admin/comments?duzenle=${comment.id}`, { session }),
        callAdmin(action, "/admin/comments", { session, form: EDIT(comment.id) }),
        callAdmin(action, "/admin/comments", { session, form: { intent: "delete", id: comment.id } }),
      ];
      for (const result of await Promise.all(calls)) {
        const outcome = outcomeOf(result);
        expect(outcome.status).toBe(302);
        expect(outcome.location).toMatch(/^\/admin\/login/);
      }
      expect(await stored(comment.id)).toMatchObject({ userName: "Ayşe Y.", comment: "Bonus hızlı geldi.", rating: 4 });
      expect(await db().select().from(auditLog)).toEqual([]);
    });
  });
});
