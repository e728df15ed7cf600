import { asc, eq, sql } from "drizzle-orm";
import fs from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { describeEachDriver, truncateAll } from "../../../tests/helpers/db";
import { auditLog, indexNowQueue, promotions } from "~/db/schema";
import type { Actor } from "~/lib/command.server";
import { configureIndexNow } from "~/modules/indexing/indexing.server";
import { insertCasino, insertPromotion } from "~/seed/factories.server";
import { PromotionFormSchema } from "./promotions.schema";
import {
  findActivePromotionById,
  findActivePromotionBySlugs,
  getPromotionForEdit,
  listPromotionsForAdmin,
  listRelatedPromotions,
  nextPromotionExpiry,
  removePromotion,
  savePromotion,
  setPromotionActiveByAdmin,
  type PromotionListQuery,
} from "./promotions.server";

const HOUR = 3_600_000;
const MISSING = "00000000-0000-4000-8000-000000000000";
const actor: Actor = { userId: null, email: "operator@example.com", address: "10.0.0.1" };

// What the public pages and the page cache read from promotions.server.ts directly, beside
// the route tests (app/routes/*/promotions): cases the mutation run found unpinned.
describeEachDriver("promotions (module reads)", ({ db }) => {
  beforeEach(async () => {
    await truncateAll(db());
  });

  describe("the next expiry (when the page cache drops the lists)", () => {
    it("is the soonest expiry still ahead of a listed promotion", async () => {
      const soon = new Date(Date.now() + 2 * HOUR);
      await insertPromotion(db(), { title: "Gelecek Hafta Biten Bonus", expiryDate: new Date(Date.now() + 7 * 24 * HOUR) });
      await insertPromotion(db(), { title: "Yarın Biten Bonus", expiryDate: soon });
      await insertPromotion(db(), { title: "Süresiz Bonus", expiryDate: null });
      expect((await nextPromotionExpiry())?.toISOString()).toBe(soon.toISOString());
    });

    it("skips an inactive promotion and one already expired: neither is on a list", async () => {
      const later = new Date(Date.now() + 5 * HOUR);
      await insertPromotion(db(), { title: "Kapalı Bonus", isActive: false, expiryDate: new Date(Date.now() + HOUR) });
      await insertPromotion(db(), { title: "Dün Biten Bonus", expiryDate: new Date(Date.now() - HOUR) });
      await insertPromotion(db(), { title: "Akşam Biten Bonus", expiryDate: later });
      expect((await nextPromotionExpiry())?.toISOString()).toBe(later.toISOString());
    });

    it("is null when no listed promotion has an expiry ahead", async () => {
      await insertPromotion(db(), { title: "Süresiz Bonus", expiryDate: null });
      await insertPromotion(db(), { title: "Dün Biten Bonus", expiryDate: new Date(Date.now() - HOUR) });
      expect(await nextPromotionExpiry()).toBeNull();
    });
  });

  describe("the admin list's sort and search", () => {
    const list = async (query: Partial<PromotionListQuery>) =>
      (await listPromotionsForAdmin({ page: 1, q: "", sort: "createdAt", dir: "desc", status: null, ...query })).items.map((p) => p.title);

    it("sorts by title either way", async () => {
      for (const title of ["Bonus B", "Bonus A", "Bonus C"]) await insertPromotion(db(), { title });
      expect(await list({ sort: "title", dir: "asc" })).toEqual(["Bonus A", "Bonus B", "Bonus C"]);
      expect(await list({ sort: "title", dir: "desc" })).toEqual(["Bonus C", "Bonus B", "Bonus A"]);
    });

    it("sorts by end date either way, the open-ended ('Süresiz') after every dated one", async () => {
      await insertPromotion(db(), { title: "Süresiz", expiryDate: null });
      await insertPromotion(db(), { title: "Mart", expiryDate: new Date("2099-03-01T00:00:00Z") });
      await insertPromotion(db(), { title: "Ocak", expiryDate: new Date("2099-01-01T00:00:00Z") });
      await insertPromotion(db(), { title: "Şubat", expiryDate: new Date("2099-02-01T00:00:00Z") });
      expect(await list({ sort: "expiryDate", dir: "asc" })).toEqual(["Ocak", "Şubat", "Mart", "Süresiz"]);
      expect(await list({ sort: "expiryDate", dir: "desc" })).toEqual(["Mart", "Şubat", "Ocak", "Süresiz"]);
    });

    it("finds a promotion by its code in any letter case, and by its casino's name, counting what it found", async () => {
      const casino = await insertCasino(db(), { name: "Yıldız Şans Casino" });
      await insertPromotion(db(), { title: "Kodlu Bonus", promotionCode: "HOSGELDIN50" });
      await insertPromotion(db(), { title: "Casinonun Bonusu", casinoId: casino.id });
      await insertPromotion(db(), { title: "Başka Bonus" });
      const byCode = await listPromotionsForAdmin({ page: 1, q: "hosgeldin50", sort: "createdAt", dir: "desc", status: null });
      expect({ titles: byCode.items.map((p) => p.title), total: byCode.total }).toEqual({ titles: ["Kodlu Bonus"], total: 1 });
      const byCasino = await listPromotionsForAdmin({ page: 1, q: "yildiz sans", sort: "createdAt", dir: "desc", status: null });
      expect({ titles: byCasino.items.map((p) => p.title), total: byCasino.total }).toEqual({ titles: ["Casinonun Bonusu"], total: 1 });
    });
  });

  describe("the public look-ups", () => {
    it("of two casinos' promotions with one slug, gives the one of the casino in the address", async () => {
      const ege = await insertCasino(db(), { name: "Ege Bet" });
      const galata = await insertCasino(db(), { name: "Galata Casino" });
      const older = await insertPromotion(db(), { title: "Hoş Geldin Bonusu", casinoId: ege.id, createdAt: new Date("2026-01-01T00:00:00Z") });
      const newer = await insertPromotion(db(), { title: "Hoş Geldin Bonusu", casinoId: galata.id, createdAt: new Date("2026-02-01T00:00:00Z") });
      expect((await findActivePromotionBySlugs("ege-bet", "hos-geldin-bonusu"))?.id).toBe(older.id);
      expect((await findActivePromotionBySlugs("galata-casino", "hos-geldin-bonusu"))?.id).toBe(newer.id);
    });

    it("finds a promotion whose address is typed with Turkish letters or in capitals, as its slug reads", async () => {
      const isilti = await insertCasino(db(), { name: "Işıltı Casino" });
      const ege = await insertCasino(db(), { name: "Ege Bet" });
      const lost = await insertPromotion(db(), { title: "Kayıp Bonusu", casinoId: isilti.id, createdAt: new Date("2026-01-01T00:00:00Z") });
      const welcome = await insertPromotion(db(), { title: "Hoş Geldin Bonusu", casinoId: isilti.id });
      // The same slug at another casino, newer: only the casino part of the address tells them apart.
      const egeLost = await insertPromotion(db(), { title: "Kayıp Bonusu", casinoId: ege.id, createdAt: new Date("2026-02-01T00:00:00Z") });
      expect([lost.slug, egeLost.slug]).toEqual(["kayip-bonusu", "kayip-bonusu"]);
      expect((await findActivePromotionBySlugs("ışıltı-casino", "kayıp-bonusu"))?.id).toBe(lost.id);
      expect((await findActivePromotionBySlugs("isilti-casino", "KAYIP-BONUSU"))?.id).toBe(lost.id);
      expect((await findActivePromotionBySlugs("EGE-BET", "KAYIP-BONUSU"))?.id).toBe(egeLost.id);
      expect((await findActivePromotionBySlugs("IŞILTI-CASINO", "HOŞ-GELDİN-BONUSU"))?.id).toBe(welcome.id);
    });

    it("offers no related promotions beside one without a casino", async () => {
      const lone = await insertPromotion(db(), { title: "Casinosuz Bonus" });
      await insertPromotion(db(), { title: "Başka Casinosuz Bonus" });
      const shown = await findActivePromotionById(lone.id);
      expect(shown?.casino).toBeNull();
      expect(await listRelatedPromotions(shown!)).toEqual([]);
    });

    it("gives the editor an empty end date for an open-ended promotion", async () => {
      const open = await insertPromotion(db(), { title: "Süresiz Bonus", expiryDate: null });
      expect((await getPromotionForEdit(open.id))?.expiryDate).toBe("");
    });

    it("gives the editor no promotion for an id that is no uuid, rather than a database error (mutation run)", async () => {
      const shown = await insertPromotion(db(), { title: "Düzenlenecek Bonus" });
      expect((await getPromotionForEdit(shown.id))?.title).toBe("Düzenlenecek Bonus");
      expect(await getPromotionForEdit("bonus-1")).toBeNull();
      expect(await getPromotionForEdit(`${shown.id}x`)).toBeNull();
    });
  });

  describe("the commands, with IndexNow on", () => {
    beforeEach(() => configureIndexNow({ key: "test-key", endpoint: "http://127.0.0.1:9/indexnow", siteUrl: "https://bonus.example", timeoutMs: 1_000 }));
    afterEach(() => configureIndexNow(undefined));

    const queued = async () => (await db().select().from(indexNowQueue).orderBy(asc(indexNowQueue.id))).map((row) => ({ path: row.path, reason: row.reason }));
    const stored = async (id: string) => (await db().select().from(promotions).where(eq(promotions.id, id)))[0]!;
    const audits = async () =>
      (await db().select().from(auditLog).orderBy(asc(auditLog.id))).map((row) => ({ action: row.action, outcome: row.outcome, entityId: row.entityId, summary: row.summary }));
    const editorInput = (values: Record<string, string>) =>
      PromotionFormSchema.parse({ title: "Hoş Geldin Bonusu", shortDescription: "İlk yatırıma yüzde yüz bonus", fullDescription: "", terms: "", url: "https://yildiz.example/bonus", ...values });

    it("answers a save with what the editor's toast and redirect need: the id, title, address parts and whether it went live", async () => {
      const casino = await insertCasino(db(), { name: "Yıldız Casino" });
      const created = await savePromotion(actor, null, editorInput({ title: "Yaz Bonusu", casinoId: casino.id, isActive: "on" }));
      expect(created.ok).toBe(true);
      const id = created.ok ? created.value.id : "";
      expect(created).toEqual({ ok: true, value: { id, title: "Yaz Bonusu", slug: "yaz-bonusu", casinoSlug: "yildiz-casino", isActive: true, activated: true } });
      expect(await queued()).toEqual([{ path: "bonuslar/yildiz-casino/yaz-bonusu", reason: "promotion.activate" }]);
      expect(await savePromotion(actor, id, editorInput({ title: "Yaz Bonusu", casinoId: casino.id, isActive: "on" }))).toEqual({
        ok: true,
        value: { id, title: "Yaz Bonusu", slug: "yaz-bonusu", casinoSlug: "yildiz-casino", isActive: true, activated: false },
      });
    });

    it("reads a mistyped address against the promotions as they are after each save, activation and switch-off", async () => {
      const casino = await insertCasino(db(), { name: "Yıldız Casino" });
      const summer = await savePromotion(actor, null, editorInput({ title: "Yaz Bonusu", casinoId: casino.id, isActive: "on" }));
      // No slug is 'yaz-bonusu-2026': every active promotion is scored (public-site.md §5.4, step 4).
      expect((await findActivePromotionBySlugs("yildiz-casino", "yaz-bonusu-2026"))?.title).toBe("Yaz Bonusu");
      expect(await findActivePromotionBySlugs("yildiz-casino", "kis-kampanyasi-2026")).toBeNull();
      const winter = await savePromotion(actor, null, editorInput({ title: "Kış Kampanyası", casinoId: casino.id, isActive: "on" }));
      expect((await findActivePromotionBySlugs("yildiz-casino", "kis-kampanyasi-2026"))?.title).toBe("Kış Kampanyası");
      await setPromotionActiveByAdmin(actor, winter.ok ? winter.value.id : "", false);
      expect(await findActivePromotionBySlugs("yildiz-casino", "kis-kampanyasi-2026")).toBeNull();
      await setPromotionActiveByAdmin(actor, winter.ok ? winter.value.id : "", true);
      await setPromotionActiveByAdmin(actor, summer.ok ? summer.value.id : "", false);
      expect((await findActivePromotionBySlugs("yildiz-casino", "kis-kampanyasi-2026"))?.title).toBe("Kış Kampanyası");
      expect(await findActivePromotionBySlugs("yildiz-casino", "yaz-bonusu-2026")).toBeNull();
    });

    it("answers a delete with the deleted promotion's id", async () => {
      const gone = await insertPromotion(db(), { title: "Silinecek Bonus", isActive: false });
      expect(await removePromotion(actor, gone.id)).toEqual({ ok: true, value: { id: gone.id } });
      expect(await db().select().from(promotions).where(eq(promotions.id, gone.id))).toEqual([]);
    });

    it("switching on a promotion already on queues nothing and keeps it counted as indexed", async () => {
      const live = await insertPromotion(db(), { title: "Açık Bonus", isActive: true, indexed: true });
      const result = await setPromotionActiveByAdmin(actor, live.id, true);
      expect(result).toMatchObject({ ok: true, value: { isActive: true, activated: false } });
      expect(await queued()).toEqual([]);
      expect((await stored(live.id)).indexed).toBe(true);
    });

    it("switching a promotion off in the editor queues nothing and keeps it counted as indexed, as the list's switch does", async () => {
      const live = await insertPromotion(db(), { title: "Hoş Geldin Bonusu", isActive: true, indexed: true });
      const result = await savePromotion(actor, live.id, editorInput({}));
      expect(result.ok).toBe(true);
      expect(await stored(live.id)).toMatchObject({ isActive: false, indexed: true });
      expect(await queued()).toEqual([]);
    });

    it("records a switch-off as a deactivation, naming the promotion", async () => {
      const live = await insertPromotion(db(), { title: "Kapanacak Bonus", isActive: true });
      await setPromotionActiveByAdmin(actor, live.id, false);
      expect(await audits()).toEqual([{ action: "promotion.deactivate", outcome: "success", entityId: live.id, summary: "Kapanacak Bonus" }]);
    });

    it("refuses to switch, edit or delete an unknown promotion with the spec's words, and records each try", async () => {
      expect(await setPromotionActiveByAdmin(actor, MISSING, true)).toEqual({ ok: false, fieldErrors: { "": ["Promosyon güncellenirken hata: Promosyon bulunamadı"] } });
      expect(await removePromotion(actor, MISSING)).toEqual({ ok: false, fieldErrors: { "": ["Promosyon silinirken hata: Promosyon bulunamadı"] } });
      expect((await savePromotion(actor, MISSING, editorInput({ title: "Kayıp Bonus" }))).ok).toBe(false);
      expect(await audits()).toEqual([
        { action: "promotion.activate", outcome: "failure", entityId: MISSING, summary: "" },
        { action: "promotion.delete", outcome: "failure", entityId: null, summary: "" },
        { action: "promotion.update", outcome: "failure", entityId: MISSING, summary: "Kayıp Bonus" },
      ]);
    });

    it("refuses a malformed id (a hand-typed address) as an unknown promotion", async () => {
      expect(await setPromotionActiveByAdmin(actor, "bonus-1", true)).toEqual({ ok: false, fieldErrors: { "": ["Promosyon güncellenirken hata: Promosyon bulunamadı"] } });
      expect(await removePromotion(actor, "bonus-1")).toEqual({ ok: false, fieldErrors: { "": ["Promosyon silinirken hata: Promosyon bulunamadı"] } });
      expect(await savePromotion(actor, "bonus-1", editorInput({}))).toEqual({ ok: false, fieldErrors: { "": ["Promosyon güncellenirken hata: Promosyon bulunamadı"] } });
    });

    it("records a refused switch of an expired promotion against that promotion", async () => {
      const ended = await insertPromotion(db(), { title: "Bitmiş Bonus", isActive: false, expiryDate: new Date(Date.now() - HOUR) });
      expect((await setPromotionActiveByAdmin(actor, ended.id, true)).ok).toBe(false);
      // Named by its title, so the audit screen says which promotion was refused.
      expect(await audits()).toEqual([{ action: "promotion.activate", outcome: "failure", entityId: ended.id, summary: "Bitmiş Bonus" }]);
    });
  });
  describe("one address per promotion within its casino (ADR 023)", () => {
    const editorInput = (values: Record<string, string>) =>
      PromotionFormSchema.parse({ title: "Hoş Geldin Bonusu", shortDescription: "İlk yatırıma yüzde yüz bonus", fullDescription: "", terms: "", url: "https://yildiz.example/bonus", ...values });
    const saved = async (id: string | null, values: Record<string, string>) => {
      const result = await savePromotion(actor, id, editorInput(values));
      if (!result.ok) throw new Error(JSON.stringify(result));
      return result.value;
    };

    it("numbers a title whose address another promotion of the casino has, so each offer is found at its own address", async () => {
      const casino = await insertCasino(db(), { name: "Yıldız Casino" });
      const other = await insertCasino(db(), { name: "Ege Bet" });
      const first = await saved(null, { title: "Süper Bonus", casinoId: casino.id, isActive: "on" });
      const second = await saved(null, { title: "Super Bonus", casinoId: casino.id, isActive: "on" });
      const third = await saved(null, { title: "SÜPER BONUS!", casinoId: casino.id, isActive: "on" });
      const elsewhere = await saved(null, { title: "Süper Bonus", casinoId: other.id, isActive: "on" });
      expect([first.slug, second.slug, third.slug, elsewhere.slug]).toEqual(["super-bonus", "super-bonus-2", "super-bonus-3", "super-bonus"]);
      expect((await findActivePromotionBySlugs("yildiz-casino", "super-bonus"))?.title).toBe("Süper Bonus");
      expect((await findActivePromotionBySlugs("yildiz-casino", "super-bonus-2"))?.title).toBe("Super Bonus");
      expect((await findActivePromotionBySlugs("yildiz-casino", "super-bonus-3"))?.title).toBe("SÜPER BONUS!");
      // The editor names the address each was given.
      expect((await getPromotionForEdit(second.id))?.address).toBe("/bonuslar/yildiz-casino/super-bonus-2");
    });

    it("keeps a numbered address through later saves and the first offer's delete; a new title takes its own slug", async () => {
      const casino = await insertCasino(db(), { name: "Yıldız Casino" });
      const first = await saved(null, { title: "Süper Bonus", casinoId: casino.id });
      const second = await saved(null, { title: "Super Bonus", casinoId: casino.id });
      expect((await saved(second.id, { title: "Super Bonus", casinoId: casino.id })).slug).toBe("super-bonus-2");
      await removePromotion(actor, first.id);
      expect((await saved(second.id, { title: "Super Bonus", casinoId: casino.id })).slug).toBe("super-bonus-2");
      expect((await saved(second.id, { title: "Kış Bonusu", casinoId: casino.id })).slug).toBe("kis-bonusu");
      // Back to the old title, whose plain slug is free again.
      expect((await saved(second.id, { title: "Super Bonus", casinoId: casino.id })).slug).toBe("super-bonus");
    });

    it("numbers a promotion moved to a casino where its slug is taken, and stays within the slug rule's 80 characters", async () => {
      const from = await insertCasino(db(), { name: "Yıldız Casino" });
      const to = await insertCasino(db(), { name: "Ege Bet" });
      const long = "Çok ".repeat(30).trim();
      const there = await saved(null, { title: long, casinoId: to.id });
      const moving = await saved(null, { title: long, casinoId: from.id });
      const moved = await saved(moving.id, { title: long, casinoId: to.id });
      expect(there.slug).toHaveLength(79);
      // The slug rule's 80 characters, the number included: the title's slug is cut to make room.
      expect(moved.slug).toBe(`${"cok-".repeat(19)}co-2`);
    });

    it("gives six saves of one title into one casino at once six addresses", async () => {
      const casino = await insertCasino(db(), { name: "Yıldız Casino" });
      const results = await Promise.all(Array.from({ length: 6 }, () => saved(null, { title: "Süper Bonus", casinoId: casino.id, isActive: "on" })));
      expect(new Set(results.map((result) => result.slug)).size).toBe(6);
      const rows = await db().select({ slug: promotions.slug }).from(promotions).where(eq(promotions.casinoId, casino.id));
      expect(rows.map((row) => row.slug).sort()).toEqual(["super-bonus", "super-bonus-2", "super-bonus-3", "super-bonus-4", "super-bonus-5", "super-bonus-6"]);
    });

    it("migration 0012 numbers the older of the promotions sharing an address, the newest keeping it", async () => {
      const casino = await insertCasino(db(), { name: "Yıldız Casino" });
      const other = await insertCasino(db(), { name: "Ege Bet" });
      const at = (day: number) => new Date(`2026-01-0${day}T00:00:00Z`);
      const oldest = await insertPromotion(db(), { title: "Süper Bonus", casinoId: casino.id, createdAt: at(1) });
      const older = await insertPromotion(db(), { title: "Super Bonus", casinoId: casino.id, createdAt: at(2) });
      const newest = await insertPromotion(db(), { title: "SUPER BONUS", casinoId: casino.id, createdAt: at(3) });
      // Already taken by a promotion whose title gives it: the next number is used instead.
      const numbered = await insertPromotion(db(), { title: "Super Bonus 2", casinoId: casino.id, createdAt: at(4) });
      const elsewhere = await insertPromotion(db(), { title: "Süper Bonus", casinoId: other.id, createdAt: at(5) });
      await db().execute(sql.raw(fs.readFileSync(new URL("../../../drizzle/0012_promotion-slugs-unique-per-casino.sql", import.meta.url), "utf8")));
      const slugOf = async (id: string) => (await db().select({ slug: promotions.slug }).from(promotions).where(eq(promotions.id, id)))[0]!.slug;
      expect({
        newest: await slugOf(newest.id),
        older: await slugOf(older.id),
        oldest: await slugOf(oldest.id),
        numbered: await slugOf(numbered.id),
        elsewhere: await slugOf(elsewhere.id),
      }).toEqual({ newest: "super-bonus", older: "super-bonus-3", oldest: "super-bonus-4", numbered: "super-bonus-2", elsewhere: "super-bonus" });
    });
  });
});
