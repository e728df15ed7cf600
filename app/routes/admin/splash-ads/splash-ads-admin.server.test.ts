import { count, desc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { describeEachDriver, truncateAll } from "../../../../tests/helpers/db";
import { callAdmin, createAdminSession, createNonAdminSession, outcomeOf, toastOf, type TestSession } from "../../../../tests/helpers/admin";
import { auditLog, casinos, splashAds, type SplashAd } from "~/db/schema";
import { insertCasino } from "~/seed/factories.server";
import { actorOf } from "~/lib/command.server";
import { pageStore } from "~/lib/page-cache.server";
import { listActiveSplashAds, removeSplashAd, saveSplashAd, setSplashAdActiveAs } from "~/modules/splash-ads/splash-ads.server";
import { action as editorAction, loader as editLoader } from "./edit";
import { loader as newLoader } from "./new";
import { action as listAction, loader as listLoader } from "./list";

const VALID = { title: "Hafta Sonu Bonusu", href: "https://ege.example/kampanya", imageUrl: "https://cdn.example/splash.png", isActive: "on" };
const MISSING = "00000000-0000-4000-8000-000000000000";

/** The flash toast a redirect carries, as the next page would read it. */
describeEachDriver("admin splash ads", ({ db }) => {
  let admin: TestSession;
  beforeEach(async () => {
    await truncateAll(db());
    admin = await createAdminSession("operator@example.com");
  });
  const adCount = async () => (await db().select({ n: count() }).from(splashAds))[0]!.n;
  const insertAd = async (values: Partial<SplashAd> = {}) =>
    (await db()
      .insert(splashAds)
      .values({ title: "Kayıtlı Reklam", href: "https://kayitli.example", imageUrl: "/media/splash-ads/kayitli.webp", ...values })
      .returning())[0]!;
  const auditRows = () => db().select().from(auditLog).orderBy(desc(auditLog.id));

  describe("the editor's action", () => {
    it("creates an active ad that the public pages then carry, and returns to the list with a toast", async () => {
      const outcome = outcomeOf(await callAdmin(editorAction, "/admin/splash-ads/new", { session: admin, form: VALID, client: "198.51.100.7" }));
      expect(outcome).toMatchObject({ status: 302, location: "/admin/splash-ads" });
      const [row] = await db().select().from(splashAds);
      expect(row).toMatchObject({ title: "Hafta Sonu Bonusu", href: "https://ege.example/kampanya", imageUrl: "https://cdn.example/splash.png", isActive: true });
      expect(await listActiveSplashAds()).toEqual([{ id: row!.id, title: "Hafta Sonu Bonusu", href: "https://ege.example/kampanya", imageUrl: "https://cdn.example/splash.png", casinoSlug: null }]);
      const [entry] = await auditRows();
      expect(entry).toMatchObject({ action: "splash-ad.create", outcome: "success", entityId: row!.id, summary: "Hafta Sonu Bonusu", actorEmail: "operator@example.com", address: "198.51.100.7" });
    });

    it("saves an unticked ad as inactive, and takes our own uploaded image path", async () => {
      const { isActive: _, ...unticked } = VALID;
      await callAdmin(editorAction, "/admin/splash-ads/new", { session: admin, form: { ...unticked, imageUrl: "/media/splash-ads/a.webp" } });
      const [row] = await db().select().from(splashAds);
      expect(row).toMatchObject({ isActive: false, imageUrl: "/media/splash-ads/a.webp" });
      expect(await listActiveSplashAds()).toEqual([]);
    });

    it.each([
      ["title", { title: "H" }, "Başlık en az 2 karakter olmalıdır"],
      ["title", { title: "   " }, "Başlık en az 2 karakter olmalıdır"],
      ["href", { href: "kampanya" }, "Geçerli bir URL giriniz"],
      ["href", { href: "javascript:alert(1)" }, "Geçerli bir URL giriniz"],
      ["href", { href: "" }, "Geçerli bir URL giriniz"],
      ["imageUrl", { imageUrl: "" }, "Geçerli bir resim yükleyin veya URL girin"],
      // 9 characters: below admin.md §9's minimum of 10.
      ["imageUrl", { imageUrl: "http://ab" }, "Geçerli bir resim yükleyin veya URL girin"],
      // Long enough, but nothing an <img> may load.
      ["imageUrl", { imageUrl: "javascript:alert(document.cookie)" }, "Geçerli bir resim yükleyin veya URL girin"],
      ["imageUrl", { imageUrl: "bir resim adresi değil" }, "Geçerli bir resim yükleyin veya URL girin"],
      // A path of this site that is no image of ours (an <img> there would sign an admin out).
      ["imageUrl", { imageUrl: "/admin/logout" }, "Geçerli bir resim yükleyin veya URL girin"],
    ])("refuses a bad %s with the spec's message and writes nothing", async (field, change, message) => {
      const outcome = outcomeOf(await callAdmin(editorAction, "/admin/splash-ads/new", { session: admin, form: { ...VALID, ...change } }));
      expect(outcome.status).toBe(400);
      expect(outcome.errors?.[field]).toEqual([message]);
      expect(await adCount()).toBe(0);
    });

    it("takes an image address of exactly 10 characters", async () => {
      const outcome = outcomeOf(await callAdmin(editorAction, "/admin/splash-ads/new", { session: admin, form: { ...VALID, imageUrl: "http://a.b" } }));
      expect(outcome.status).toBe(302);
      expect(await adCount()).toBe(1);
    });

    it("updates an ad, fills the editor with it, and 404s an unknown id", async () => {
      const ad = await insertAd();
      const filled = outcomeOf(await callAdmin(editLoader, `/admin/splash-ads/edit/${ad.id}`, { session: admin, params: { id: ad.id } }));
      expect(filled.data).toEqual({ splashAd: { id: ad.id, title: "Kayıtlı Reklam", href: "https://kayitli.example", imageUrl: "/media/splash-ads/kayitli.webp", isActive: true, casinoId: null }, casinos: [] });

      const outcome = outcomeOf(await callAdmin(editorAction, `/admin/splash-ads/edit/${ad.id}`, { session: admin, params: { id: ad.id }, form: { ...VALID, title: "Yeni Başlık", isActive: "" } }));
      expect(outcome).toMatchObject({ status: 302, location: "/admin/splash-ads" });
      const [row] = await db().select().from(splashAds).where(eq(splashAds.id, ad.id));
      expect(row).toMatchObject({ title: "Yeni Başlık", href: VALID.href, imageUrl: VALID.imageUrl, isActive: false });
      expect(row!.updatedAt.getTime()).toBeGreaterThan(ad.updatedAt.getTime());
      expect((await auditRows())[0]).toMatchObject({ action: "splash-ad.update", entityId: ad.id, summary: "Yeni Başlık" });

      expect(outcomeOf(await callAdmin(editLoader, `/admin/splash-ads/edit/${MISSING}`, { session: admin, params: { id: MISSING } })).status).toBe(404);
      expect(outcomeOf(await callAdmin(editLoader, "/admin/splash-ads/edit/abc", { session: admin, params: { id: "abc" } })).status).toBe(404);
      expect(outcomeOf(await callAdmin(newLoader, "/admin/splash-ads/new", { session: admin })).data).toEqual({ splashAd: null, casinos: [] });
    });

    it("refuses to save over an ad that no longer exists, writing nothing", async () => {
      const outcome = outcomeOf(await callAdmin(editorAction, `/admin/splash-ads/edit/${MISSING}`, { session: admin, params: { id: MISSING }, form: VALID }));
      expect(outcome.status).toBe(400);
      expect(outcome.errors?.[""]).toEqual(["Splash reklam bulunamadı"]);
      expect(await adCount()).toBe(0);
      // The audit log names the ad and the title the operator tried to save.
      expect((await auditRows())[0]).toMatchObject({ action: "splash-ad.update", outcome: "failure", entityId: MISSING, summary: "Hafta Sonu Bonusu" });
    });

    it("answers a save to a malformed id with 404, as its page does, and writes nothing", async () => {
      const outcome = outcomeOf(await callAdmin(editorAction, "/admin/splash-ads/edit/abc", { session: admin, params: { id: "abc" }, form: VALID }));
      expect(outcome.status).toBe(404);
      // The error page shows the route's words under its 404 title.
      expect(outcome.data).toEqual({ message: "Splash reklam bulunamadı" });
      expect(await adCount()).toBe(0);
    });
  });

  describe("the list", () => {
    it("pages 25 a page, newest first, with search by title", async () => {
      for (let i = 0; i < 27; i++) await insertAd({ title: `Reklam ${String(i).padStart(2, "0")}`, createdAt: new Date(Date.UTC(2026, 0, 1 + i)) });
      type ListData = { list: { items: { title: string; imageUrl: string; href: string; isActive: boolean }[]; total: number; pageCount: number } };
      const first = outcomeOf(await callAdmin(listLoader, "/admin/splash-ads", { session: admin })).data as ListData;
      expect(first.list).toMatchObject({ total: 27, pageCount: 2 });
      expect(first.list.items).toHaveLength(25);
      expect(first.list.items[0]).toMatchObject({ title: "Reklam 26", imageUrl: "/media/splash-ads/kayitli.webp", href: "https://kayitli.example", isActive: true });
      const second = outcomeOf(await callAdmin(listLoader, "/admin/splash-ads?sayfa=2", { session: admin })).data as ListData;
      expect(second.list.items.map((ad) => ad.title)).toEqual(["Reklam 01", "Reklam 00"]);
      const found = outcomeOf(await callAdmin(listLoader, "/admin/splash-ads?q=reklam%2013", { session: admin })).data as ListData;
      expect(found.list.items.map((ad) => ad.title)).toEqual(["Reklam 13"]);
    });

    it("searches titles as Turkish operators type: with or without Turkish letters, in either case", async () => {
      await insertAd({ title: "Işıklı Hafta Sonu" });
      await insertAd({ title: "Çarşamba Fırsatı" });
      const titles = async (q: string) => (outcomeOf(await callAdmin(listLoader, `/admin/splash-ads?q=${encodeURIComponent(q)}`, { session: admin })).data as { list: { items: { title: string }[] } }).list.items.map((ad) => ad.title);
      for (const q of ["ışıklı", "IŞIKLI", "isikli"]) expect(await titles(q), q).toEqual(["Işıklı Hafta Sonu"]);
      for (const q of ["ÇARŞAMBA", "carsamba", "FIRSAT"]) expect(await titles(q), q).toEqual(["Çarşamba Fırsatı"]);
    });

    it("sorts by title or by date, either way", async () => {
      const day = (d: number) => new Date(Date.UTC(2026, 0, d));
      await insertAd({ title: "Bahar", createdAt: day(1) });
      await insertAd({ title: "Akşam", createdAt: day(3) });
      await insertAd({ title: "Cuma", createdAt: day(2) });
      const titles = async (search: string) => (outcomeOf(await callAdmin(listLoader, `/admin/splash-ads${search}`, { session: admin })).data as { list: { items: { title: string }[] } }).list.items.map((ad) => ad.title);
      expect(await titles("")).toEqual(["Akşam", "Cuma", "Bahar"]);
      expect(await titles("?sirala=createdAt&yon=asc")).toEqual(["Bahar", "Cuma", "Akşam"]);
      expect(await titles("?sirala=title&yon=asc")).toEqual(["Akşam", "Bahar", "Cuma"]);
      expect(await titles("?sirala=title&yon=desc")).toEqual(["Cuma", "Bahar", "Akşam"]);
    });

    it("switches an ad off and on, taking it off and back onto the public pages", async () => {
      const ad = await insertAd({ title: "Geçiş Reklamı" });
      const offResult = await callAdmin(listAction, "/admin/splash-ads?sayfa=1", { session: admin, form: { intent: "toggle", id: ad.id, isActive: "false" } });
      expect(outcomeOf(offResult)).toMatchObject({ status: 302, location: "/admin/splash-ads?sayfa=1" });
      expect(await toastOf(offResult)).toBe("Splash reklam yayından kaldırıldı");
      expect(await listActiveSplashAds()).toEqual([]);
      expect((await auditRows())[0]).toMatchObject({ action: "splash-ad.deactivate", entityId: ad.id, summary: "Geçiş Reklamı", outcome: "success" });

      const onResult = await callAdmin(listAction, "/admin/splash-ads", { session: admin, form: { intent: "toggle", id: ad.id, isActive: "true" } });
      expect(outcomeOf(onResult).status).toBe(302);
      // The toast tells the state the operator asked for, not the one the ad had.
      expect(await toastOf(onResult)).toBe("Splash reklam yayına alındı");
      expect((await listActiveSplashAds()).map((a) => a.id)).toEqual([ad.id]);
      expect((await auditRows())[0]).toMatchObject({ action: "splash-ad.activate", entityId: ad.id });
    });

    it("asks for a state, so two operators switching off at once both leave it off", async () => {
      const ad = await insertAd();
      await Promise.all([
        callAdmin(listAction, "/admin/splash-ads", { session: admin, form: { intent: "toggle", id: ad.id, isActive: "false" } }),
        callAdmin(listAction, "/admin/splash-ads", { session: admin, form: { intent: "toggle", id: ad.id, isActive: "false" } }),
      ]);
      expect((await db().select().from(splashAds))[0]!.isActive).toBe(false);
    });

    it("says 'Durum değiştirilemedi' when the ad to switch is gone, changing nothing", async () => {
      const ad = await insertAd();
      const outcome = outcomeOf(await callAdmin(listAction, "/admin/splash-ads", { session: admin, form: { intent: "toggle", id: MISSING, isActive: "false" } }));
      expect(outcome.status).toBe(404);
      expect((outcome.data as { result: { error: Record<string, string[]> } }).result.error[""]).toEqual(["Durum değiştirilemedi"]);
      expect((await db().select().from(splashAds).where(eq(splashAds.id, ad.id)))[0]!.isActive).toBe(true);
      // The ad was not found, so the row names the id asked for and no title.
      expect((await auditRows())[0]).toMatchObject({ action: "splash-ad.deactivate", outcome: "failure", entityId: MISSING, summary: "" });

      const malformed = outcomeOf(await callAdmin(listAction, "/admin/splash-ads", { session: admin, form: { intent: "toggle", id: ad.id, isActive: "belki" } }));
      expect(malformed.status).toBe(400);
      expect(malformed.errors?.isActive).toEqual(["Durum değiştirilemedi"]);
    });

    it("deletes an ad after the confirm step, and says 'Splash reklam silinemedi' for one that is gone", async () => {
      const ad = await insertAd({ title: "Silinecek Reklam" });
      const kept = await insertAd({ title: "Kalacak Reklam" });
      const result = await callAdmin(listAction, "/admin/splash-ads", { session: admin, form: { intent: "delete", id: ad.id } });
      expect(outcomeOf(result)).toMatchObject({ status: 302, location: "/admin/splash-ads" });
      expect(await toastOf(result)).toBe("Splash reklam silindi");
      expect((await db().select().from(splashAds)).map((row) => row.id)).toEqual([kept.id]);
      expect((await listActiveSplashAds()).map((a) => a.id)).toEqual([kept.id]);
      expect((await auditRows())[0]).toMatchObject({ action: "splash-ad.delete", entityId: ad.id, summary: "Silinecek Reklam" });

      const again = outcomeOf(await callAdmin(listAction, "/admin/splash-ads", { session: admin, form: { intent: "delete", id: ad.id } }));
      expect(again.status).toBe(404);
      expect((again.data as { result: { error: Record<string, string[]> } }).result.error[""]).toEqual(["Splash reklam silinemedi"]);
      expect(await adCount()).toBe(1);
      expect((await auditRows())[0]).toMatchObject({ action: "splash-ad.delete", outcome: "failure", entityId: ad.id, summary: "" });
    });

    it("answers an unknown intent or a malformed id with 400 and deletes nothing", async () => {
      await insertAd();
      expect(outcomeOf(await callAdmin(listAction, "/admin/splash-ads", { session: admin, form: { intent: "drop", id: "x" } })).status).toBe(400);
      const bad = outcomeOf(await callAdmin(listAction, "/admin/splash-ads", { session: admin, form: { intent: "delete", id: "x" } }));
      expect(bad.status).toBe(400);
      expect(bad.errors?.id).toEqual(["Splash reklam silinemedi"]);
      expect(await adCount()).toBe(1);
    });
  });

  it("drops the cached public pages after each successful write, and not after a refused one", async () => {
    const ad = await insertAd();
    const writes = [
      () => callAdmin(editorAction, "/admin/splash-ads/new", { session: admin, form: VALID }),
      () => callAdmin(editorAction, `/admin/splash-ads/edit/${ad.id}`, { session: admin, params: { id: ad.id }, form: VALID }),
      () => callAdmin(listAction, "/admin/splash-ads", { session: admin, form: { intent: "toggle", id: ad.id, isActive: "false" } }),
      () => callAdmin(listAction, "/admin/splash-ads", { session: admin, form: { intent: "delete", id: ad.id } }),
    ];
    // Every public page carries the active ads: a render begun before the write may not be kept.
    const everyPageDroppedSince = (sequence: number) => pageStore().invalidatedSince([], sequence);
    for (const write of writes) {
      const before = pageStore().sequence;
      expect(outcomeOf(await write()).status).toBe(302);
      expect(everyPageDroppedSince(before)).toBe(true);
    }
    const before = pageStore().sequence;
    await callAdmin(editorAction, "/admin/splash-ads/new", { session: admin, form: { ...VALID, title: "H" } });
    await callAdmin(listAction, "/admin/splash-ads", { session: admin, form: { intent: "delete", id: ad.id } });
    expect(everyPageDroppedSince(before)).toBe(false);
  });

  // The routes answer a malformed id with 404 before calling these; another caller (a script,
  // a later route) gets a refusal from the commands themselves.
  describe("the commands, called directly", () => {
    const actorFor = (session: TestSession) => actorOf(session, { clientAddress: "203.0.113.9" });
    const FORM_INPUT = { title: "Doğrudan Reklam", href: "https://dogrudan.example", imageUrl: "https://cdn.example/dogrudan.png", isActive: true, casinoId: null };

    it.each(["abc", `${MISSING}x`, ""])("refuses the id %j, changing no ad, and audits the failure without naming a record", async (id) => {
      const ad = await insertAd({ title: "Dokunulmaz" });
      const actor = actorFor(admin);
      expect(await setSplashAdActiveAs(actor, id, false)).toEqual({ ok: false, fieldErrors: { "": ["Durum değiştirilemedi"] } });
      expect(await removeSplashAd(actor, id)).toEqual({ ok: false, fieldErrors: { "": ["Splash reklam silinemedi"] } });
      const rows = await db().select().from(splashAds);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ id: ad.id, title: "Dokunulmaz", isActive: true });
      const entries = await auditRows();
      expect(entries.map(({ action, outcome, entityId, summary }) => ({ action, outcome, entityId, summary }))).toEqual([
        { action: "splash-ad.delete", outcome: "failure", entityId: null, summary: "" },
        { action: "splash-ad.deactivate", outcome: "failure", entityId: null, summary: "" },
      ]);
    });

    it("refuses to save over a malformed id, writing no ad and auditing the title tried (no record named)", async () => {
      const ad = await insertAd({ title: "Dokunulmaz" });
      expect(await saveSplashAd(actorFor(admin), "abc", FORM_INPUT)).toEqual({ ok: false, fieldErrors: { "": ["Splash reklam bulunamadı"] } });
      expect((await db().select().from(splashAds)).map((row) => row.title)).toEqual(["Dokunulmaz"]);
      expect((await db().select().from(splashAds))[0]!.updatedAt).toEqual(ad.updatedAt);
      const [entry, ...others] = await auditRows();
      expect(others).toEqual([]);
      expect(entry).toMatchObject({ action: "splash-ad.update", outcome: "failure", entityId: null, summary: "Doğrudan Reklam", actorEmail: admin.email, address: "203.0.113.9" });
    });

    it("tells the caller which ad it switched or deleted", async () => {
      const ad = await insertAd({ title: "Çağrılan Reklam" });
      const actor = actorFor(admin);
      expect(await setSplashAdActiveAs(actor, ad.id, false)).toEqual({ ok: true, value: { id: ad.id, isActive: false } });
      expect(await setSplashAdActiveAs(actor, ad.id, true)).toEqual({ ok: true, value: { id: ad.id, isActive: true } });
      expect(await removeSplashAd(actor, ad.id)).toEqual({ ok: true, value: { id: ad.id } });
      expect(await adCount()).toBe(0);
      const entries = await auditRows();
      expect(entries.map(({ action, outcome, entityId, summary }) => ({ action, outcome, entityId, summary }))).toEqual([
        { action: "splash-ad.delete", outcome: "success", entityId: ad.id, summary: "Çağrılan Reklam" },
        { action: "splash-ad.activate", outcome: "success", entityId: ad.id, summary: "Çağrılan Reklam" },
        { action: "splash-ad.deactivate", outcome: "success", entityId: ad.id, summary: "Çağrılan Reklam" },
      ]);
    });
  });

  // Issue 11 §3: an ad for a casino leads through /git/{casinoSlug}?yer=splash.
  describe("the ad's casino", () => {
    it("offers every casino in Turkish order, saves the chosen one, and gives the overlay its slug", async () => {
      const izmir = await insertCasino(db(), { name: "İzmir Casino" });
      await insertCasino(db(), { name: "Ege Bet" });
      await insertCasino(db(), { name: "Çınar Slot" });
      const options = outcomeOf(await callAdmin(newLoader, "/admin/splash-ads/new", { session: admin })).data as { casinos: { name: string }[] };
      expect(options.casinos.map((casino) => casino.name)).toEqual(["Çınar Slot", "Ege Bet", "İzmir Casino"]);

      const outcome = outcomeOf(await callAdmin(editorAction, "/admin/splash-ads/new", { session: admin, form: { ...VALID, casinoId: izmir.id } }));
      expect(outcome).toMatchObject({ status: 302, location: "/admin/splash-ads" });
      const [row] = await db().select().from(splashAds);
      expect(row!.casinoId).toBe(izmir.id);
      expect(await listActiveSplashAds()).toEqual([expect.objectContaining({ id: row!.id, casinoSlug: "izmir-casino", href: VALID.href })]);
      const edit = outcomeOf(await callAdmin(editLoader, `/admin/splash-ads/edit/${row!.id}`, { session: admin, params: { id: row!.id } })).data as { splashAd: { casinoId: string } };
      expect(edit.splashAd.casinoId).toBe(izmir.id);
      const list = outcomeOf(await callAdmin(listLoader, "/admin/splash-ads", { session: admin })).data as { list: { items: { casinoName: string | null }[] } };
      expect(list.list.items[0]!.casinoName).toBe("İzmir Casino");

      // No casino chosen: straight to the ad's own address.
      await callAdmin(editorAction, `/admin/splash-ads/edit/${row!.id}`, { session: admin, params: { id: row!.id }, form: { ...VALID, casinoId: "" } });
      expect(await listActiveSplashAds()).toEqual([expect.objectContaining({ casinoSlug: null, href: VALID.href })]);
    });

    it.each([
      ["a casino that does not exist", MISSING],
      ["a malformed id", "izmir-casino"],
    ])("refuses %s beside the field, writing nothing", async (_, casinoId) => {
      const outcome = outcomeOf(await callAdmin(editorAction, "/admin/splash-ads/new", { session: admin, form: { ...VALID, casinoId } }));
      expect(outcome.status).toBe(400);
      expect(outcome.errors?.casinoId).toEqual(["Seçilen casino bulunamadı"]);
      expect(await adCount()).toBe(0);
    });

    it("offers the edited ad's own casino when it was written where the kept list has not heard of it", async () => {
      // Written with SQL (or by another process whose NOTIFY is on its way) after the list was
      // kept (ADR 013 addendum 3): saving the editor must not clear the ad's casino.
      expect((outcomeOf(await callAdmin(newLoader, "/admin/splash-ads/new", { session: admin })).data as { casinos: unknown[] }).casinos).toEqual([]);
      const casino = await insertCasino(db(), { name: "Sessiz Casino" });
      const ad = await insertAd({ casinoId: casino.id });
      const edit = outcomeOf(await callAdmin(editLoader, `/admin/splash-ads/edit/${ad.id}`, { session: admin, params: { id: ad.id } })).data as { casinos: { id: string }[] };
      expect(edit.casinos.map((option) => option.id)).toEqual([casino.id]);
    });

    it("falls back to the ad's own address when its casino is deleted", async () => {
      const casino = await insertCasino(db(), { name: "Kapanan Casino" });
      const ad = await insertAd({ casinoId: casino.id });
      await db().delete(casinos).where(eq(casinos.id, casino.id));
      expect(await listActiveSplashAds()).toEqual([{ id: ad.id, title: "Kayıtlı Reklam", href: "https://kayitli.example", imageUrl: "/media/splash-ads/kayitli.webp", casinoSlug: null }]);
    });
  });

  describe("access", () => {
    it.each([
      ["anonymous", () => null],
      ["a signed-in non-admin", () => createNonAdminSession()],
    ])("sends %s to sign-in from every loader and action and writes nothing", async (_, sessionOf) => {
      const session = await sessionOf();
      const ad = await insertAd({ title: "Korunan" });
      const calls = [
        callAdmin(listLoader, "/admin/splash-ads", { session }),
        callAdmin(listAction, "/admin/splash-ads", { session, form: { intent: "delete", id: ad.id } }),
        callAdmin(listAction, "/admin/splash-ads", { session, form: { intent: "toggle", id: ad.id, isActive: "false" } }),
        callAdmin(newLoader, "/admin/splash-ads/new", { session }),
        callAdmin(editLoader, `/admin/splash-ads/edit/${ad.id}`, { session, params: { id: ad.id } }),
        callAdmin(editorAction, "/admin/splash-ads/new", { session, form: VALID }),
        callAdmin(editorAction, `/admin/splash-ads/edit/${ad.id}`, { session, params: { id: ad.id }, form: VALID }),
        // A malformed id is no reason to answer before the sign-in check (a 404 here would come first).
        callAdmin(editorAction, "/admin/splash-ads/edit/abc", { session, params: { id: "abc" }, form: VALID }),
      ];
      for (const result of await Promise.all(calls)) {
        const outcome = outcomeOf(result);
        expect(outcome.status).toBe(302);
        expect(outcome.location).toMatch(/^\/admin\/login/);
      }
      const rows = await db().select().from(splashAds);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ title: "Korunan", isActive: true });
      expect(await auditRows()).toEqual([]);
    });
  });
});
