import { count, desc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { describeEachDriver, truncateAll } from "../../../../tests/helpers/db";
import { callAdmin, createAdminSession, createNonAdminSession, outcomeOf, type TestSession } from "../../../../tests/helpers/admin";
import { auditLog, casinos, promotions } from "~/db/schema";
import { insertCasino, insertPromotion } from "~/seed/factories.server";
import { actorOf } from "~/lib/command.server";
import type { CasinoListItem } from "~/modules/casinos/casinos.schema";
import { removeCasino, saveCasino } from "~/modules/casinos/casinos.server";
import { action as editorAction, loader as editLoader } from "./edit";
import { action as listAction, loader as listLoader } from "./list";

const VALID = { name: "Yıldız Casino", url: "https://yildiz.example", logoUrl: "https://cdn.example/yildiz.png", description: "<p>Güvenilir ve hızlı ödeme yapan bir site.</p>" };

describeEachDriver("admin casinos", ({ db }) => {
  let admin: TestSession;
  beforeEach(async () => {
    await truncateAll(db());
    admin = await createAdminSession("operator@example.com");
  });
  const casinoCount = async () => (await db().select({ n: count() }).from(casinos))[0]!.n;

  describe("the editor's action", () => {
    it("creates a casino with a slug from its name and returns to the list with a toast", async () => {
      const outcome = outcomeOf(await callAdmin(editorAction, "/admin/casinos/new", { session: admin, form: VALID }));
      expect(outcome).toMatchObject({ status: 302, location: "/admin/casinos" });
      const [row] = await db().select().from(casinos);
      expect(row).toMatchObject({ name: "Yıldız Casino", slug: "yildiz-casino", url: "https://yildiz.example", logoUrl: "https://cdn.example/yildiz.png" });
    });

    it("saves an empty logo as null and strips script from the description", async () => {
      await callAdmin(editorAction, "/admin/casinos/new", { session: admin, form: { ...VALID, logoUrl: "", description: '<p onclick="x()">Güvenilir bir site<script>alert(1)</script></p>' } });
      const [row] = await db().select().from(casinos);
      expect(row!.logoUrl).toBeNull();
      expect(row!.description).toBe("<p>Güvenilir bir site</p>");
    });

    it.each([
      ["name", { name: "Y" }, "Casino adı en az 2 karakter olmalıdır"],
      ["url", { url: "yildiz" }, "Geçerli bir URL giriniz"],
      ["url", { url: "javascript:alert(1)" }, "Geçerli bir URL giriniz"],
      ["logoUrl", { logoUrl: "not a url" }, "Geçerli bir logo URL giriniz"],
      ["description", { description: "<p>kısa</p>" }, "Açıklama en az 10 karakter olmalıdır"],
      ["description", { description: "<p></p><p>   </p><p></p><p></p>" }, "Açıklama en az 10 karakter olmalıdır"],
      ["name", { name: "Yıldız\u0000Casino" }, "Geçersiz karakter içeriyor"],
      ["description", { description: "<p>Yeterince uzun bir açıklama\u0000</p>" }, "Geçersiz karakter içeriyor"],
    ])("refuses a bad %s with the spec's message and writes nothing", async (field, change, message) => {
      const outcome = outcomeOf(await callAdmin(editorAction, "/admin/casinos/new", { session: admin, form: { ...VALID, ...change } }));
      expect(outcome.status).toBe(400);
      expect(outcome.errors?.[field]).toEqual([message]);
      expect(await casinoCount()).toBe(0);
    });

    it("refuses a name whose slug another casino has, beside the name, and records the failure", async () => {
      await insertCasino(db(), { name: "Yıldız Casino" });
      const outcome = outcomeOf(await callAdmin(editorAction, "/admin/casinos/new", { session: admin, form: { ...VALID, name: "YILDIZ casino!" } }));
      expect(outcome.status).toBe(400);
      expect(outcome.errors?.name?.[0]).toMatch(/kayıtlı bir casino zaten var/);
      expect(await casinoCount()).toBe(1);
      const [entry] = await db().select().from(auditLog);
      expect(entry).toMatchObject({ action: "casino.create", outcome: "failure", actorEmail: "operator@example.com" });
    });

    it("makes one casino of ten saves of a short name sent at once, though such a name's slug is made unique by the time", async () => {
      // helper-68: 'Xq' has a time-based slug (public-site.md §5.2): 7 of 10 were created.
      const outcomes = await Promise.all(Array.from({ length: 10 }, async () => outcomeOf(await callAdmin(editorAction, "/admin/casinos/new", { session: admin, form: { ...VALID, name: "Xq" } }))));
      expect(outcomes.map((outcome) => outcome.status).sort()).toEqual([302, ...Array<number>(9).fill(400)]);
      for (const outcome of outcomes.filter((o) => o.status === 400)) expect(outcome.errors?.name?.[0]).toMatch(/kayıtlı bir casino zaten var/);
      expect(await casinoCount()).toBe(1);
      // The same name in other letters is the same name; the casino saved again keeps it.
      expect(outcomeOf(await callAdmin(editorAction, "/admin/casinos/new", { session: admin, form: { ...VALID, name: "XQ" } })).status).toBe(400);
      const [casino] = await db().select().from(casinos);
      const again = outcomeOf(await callAdmin(editorAction, `/admin/casinos/edit/${casino!.id}`, { session: admin, params: { id: casino!.id }, form: { ...VALID, name: "Xq" } }));
      expect(again.status).toBe(302);
      expect((await db().select().from(casinos))[0]!.slug).toBe(casino!.slug);
    });

    // ADR 022: two operators with the same casino open; the second save would undo the first.
    it("refuses a save from an editor opened before another save, keeping that save, and saves over it with 'Yine de kaydet'", async () => {
      const casino = await insertCasino(db(), { name: "Çift Sekme Casino" });
      const edit = { session: admin, params: { id: casino.id } };
      const opened = outcomeOf(await callAdmin(editLoader, `/admin/casinos/edit/${casino.id}`, edit)).data as { casino: { version: string } };
      const version = opened.casino.version;
      const first = outcomeOf(await callAdmin(editorAction, `/admin/casinos/edit/${casino.id}`, { ...edit, form: { ...VALID, name: "Birinci Sekme Casino", version } }));
      expect(first.status).toBe(302);

      const stale = outcomeOf(await callAdmin(editorAction, `/admin/casinos/edit/${casino.id}`, { ...edit, form: { ...VALID, name: "Çift Sekme Casino", url: "https://ikinci.example", version } }));
      expect(stale.status).toBe(400);
      expect(stale.errors?.[""]).toEqual(["Bu kayıt siz düzenlerken başka bir yerden değiştirildi. Kaydederseniz o değişiklikler kaybolur."]);
      const [kept] = await db().select().from(casinos).where(eq(casinos.id, casino.id));
      expect(kept).toMatchObject({ name: "Birinci Sekme Casino", url: VALID.url });

      const over = outcomeOf(await callAdmin(editorAction, `/admin/casinos/edit/${casino.id}`, { ...edit, form: { ...VALID, name: "Çift Sekme Casino", url: "https://ikinci.example", version, overwrite: "on" } }));
      expect(over.status).toBe(302);
      const [replaced] = await db().select().from(casinos).where(eq(casinos.id, casino.id));
      expect(replaced).toMatchObject({ name: "Çift Sekme Casino", url: "https://ikinci.example" });
      const actions = await db().select({ outcome: auditLog.outcome }).from(auditLog).where(eq(auditLog.entityId, casino.id)).orderBy(auditLog.createdAt);
      expect(actions.map((row) => row.outcome)).toEqual(["success", "failure", "success"]);
    });

    it("lets one of three saves made at once from editors opened on the same version through, and refuses the others as stale", async () => {
      const casino = await insertCasino(db(), { name: "Yarış Casino" });
      const edit = { session: admin, params: { id: casino.id } };
      const { version } = (outcomeOf(await callAdmin(editLoader, `/admin/casinos/edit/${casino.id}`, edit)).data as { casino: { version: string } }).casino;
      const outcomes = await Promise.all(
        ["Yarış Casino A", "Yarış Casino B", "Yarış Casino C"].map(async (name) => outcomeOf(await callAdmin(editorAction, `/admin/casinos/edit/${casino.id}`, { ...edit, form: { ...VALID, name, version } }))),
      );
      expect(outcomes.map((outcome) => outcome.status).sort()).toEqual([302, 400, 400]);
      const stale = "Bu kayıt siz düzenlerken başka bir yerden değiştirildi. Kaydederseniz o değişiklikler kaybolur.";
      expect(outcomes.filter((outcome) => outcome.status === 400).map((outcome) => outcome.errors?.[""])).toEqual([[stale], [stale]]);
      const [saved] = await db().select().from(casinos).where(eq(casinos.id, casino.id));
      expect(saved!.name).toBe(["Yarış Casino A", "Yarış Casino B", "Yarış Casino C"][outcomes.findIndex((outcome) => outcome.status === 302)]);
    });

    it("updates a casino, renaming its slug, and 404s an unknown id", async () => {
      const casino = await insertCasino(db(), { name: "Eski Ad" });
      const outcome = outcomeOf(await callAdmin(editorAction, `/admin/casinos/edit/${casino.id}`, { session: admin, params: { id: casino.id }, form: { ...VALID, name: "Yeni Ad" } }));
      expect(outcome).toMatchObject({ status: 302, location: "/admin/casinos" });
      const [row] = await db().select().from(casinos).where(eq(casinos.id, casino.id));
      expect(row).toMatchObject({ name: "Yeni Ad", slug: "yeni-ad" });
      expect(row!.updatedAt.getTime()).toBeGreaterThan(casino.updatedAt.getTime());

      const missing = "00000000-0000-4000-8000-000000000000";
      expect(outcomeOf(await callAdmin(editLoader, `/admin/casinos/edit/${missing}`, { session: admin, params: { id: missing } })).status).toBe(404);
      expect(outcomeOf(await callAdmin(editLoader, "/admin/casinos/edit/abc", { session: admin, params: { id: "abc" } })).status).toBe(404);
    });

    it("answers a save to a casino deleted meanwhile with 'Casino bulunamadı', creates nothing, and audits the try", async () => {
      const missing = "00000000-0000-4000-8000-000000000000";
      const outcome = outcomeOf(await callAdmin(editorAction, `/admin/casinos/edit/${missing}`, { session: admin, params: { id: missing }, form: VALID }));
      expect(outcome.status).toBe(400);
      expect(outcome.errors?.[""]).toEqual(["Casino bulunamadı"]);
      expect(await casinoCount()).toBe(0);
      const [entry] = await db().select().from(auditLog);
      expect(entry).toMatchObject({ action: "casino.update", outcome: "failure", entityId: missing, summary: "Yıldız Casino" });
    });

    it("keeps the address of a casino saved without a new name, even a two-letter one with a time suffix", async () => {
      const created = outcomeOf(await callAdmin(editorAction, "/admin/casinos/new", { session: admin, form: { ...VALID, name: "XY" } }));
      expect(created.status).toBe(302);
      const [first] = await db().select().from(casinos);
      expect(first!.slug).toMatch(/^xy-\d{6}$/);
      await new Promise((resolve) => setTimeout(resolve, 5));
      await callAdmin(editorAction, `/admin/casinos/edit/${first!.id}`, { session: admin, params: { id: first!.id }, form: { ...VALID, name: "XY", url: "https://xy-yeni.example" } });
      const [saved] = await db().select().from(casinos);
      expect(saved).toMatchObject({ url: "https://xy-yeni.example", slug: first!.slug });
    });

    it("answers a save to a malformed id with 404 and writes nothing", async () => {
      const outcome = outcomeOf(await callAdmin(editorAction, "/admin/casinos/edit/abc", { session: admin, params: { id: "abc" }, form: VALID }));
      expect(outcome.status).toBe(404);
      // The error page shows the route's words under its 404 title.
      expect(outcome.data).toEqual({ message: "Casino bulunamadı" });
      expect(await casinoCount()).toBe(0);
    });

    it("takes a long description (admin forms are bounded by the admin limit, not the public one)", async () => {
      const description = `<p>${"Çok uzun ve ayrıntılı bir açıklama. ".repeat(2500)}</p>`;
      const outcome = outcomeOf(await callAdmin(editorAction, "/admin/casinos/new", { session: admin, form: { ...VALID, description } }));
      expect(outcome.status).toBe(302);
      const [row] = await db().select().from(casinos);
      expect(row!.description.length).toBeGreaterThan(65_536);
    });

    it("fills the editor with the stored casino", async () => {
      const casino = await insertCasino(db(), { name: "Doldur Casino", url: "https://doldur.example" });
      const outcome = outcomeOf(await callAdmin(editLoader, `/admin/casinos/edit/${casino.id}`, { session: admin, params: { id: casino.id } }));
      expect(outcome.data).toMatchObject({ casino: { id: casino.id, name: "Doldur Casino", url: "https://doldur.example" } });
    });

    it("audits a successful save with who, what, which record and from where", async () => {
      await callAdmin(editorAction, "/admin/casinos/new", { session: admin, form: VALID, client: "203.0.113.9" });
      const [row] = await db().select().from(casinos);
      const [entry] = await db().select().from(auditLog).orderBy(desc(auditLog.id));
      expect(entry).toMatchObject({ action: "casino.create", outcome: "success", entityType: "casino", entityId: row!.id, summary: "Yıldız Casino", actorId: admin.userId, actorEmail: "operator@example.com", address: "203.0.113.9" });
    });
  });

  describe("the list", () => {
    it("pages 25 a page, newest first, with search by name", async () => {
      for (let i = 0; i < 27; i++) await insertCasino(db(), { name: `Casino ${String(i).padStart(2, "0")}`, createdAt: new Date(Date.UTC(2026, 0, 1 + i)) });
      const first = outcomeOf(await callAdmin(listLoader, "/admin/casinos", { session: admin })).data as { list: { items: { name: string }[]; total: number; pageCount: number } };
      expect(first.list.total).toBe(27);
      expect(first.list.pageCount).toBe(2);
      expect(first.list.items).toHaveLength(25);
      expect(first.list.items[0]!.name).toBe("Casino 26");
      const second = outcomeOf(await callAdmin(listLoader, "/admin/casinos?sayfa=2", { session: admin })).data as typeof first;
      expect(second.list.items.map((c) => c.name)).toEqual(["Casino 01", "Casino 00"]);
      const found = outcomeOf(await callAdmin(listLoader, "/admin/casinos?q=casino%2013", { session: admin })).data as typeof first;
      expect(found.list.items.map((c) => c.name)).toEqual(["Casino 13"]);
      const byName = outcomeOf(await callAdmin(listLoader, "/admin/casinos?sirala=name&yon=asc", { session: admin })).data as typeof first;
      expect(byName.list.items[0]!.name).toBe("Casino 00");
    });

    it("shows each casino's active promotions and a 160-character description preview, sorted by name or date either way", async () => {
      const day = (d: number) => new Date(Date.UTC(2026, 0, d));
      const beta = await insertCasino(db(), { name: "Beta Bet", createdAt: day(1), description: `<p>${"Açıklama metni ".repeat(30)}</p>` });
      await insertCasino(db(), { name: "Alfa Casino", createdAt: day(3) });
      const gama = await insertCasino(db(), { name: "Gama Slot", createdAt: day(2) });
      await insertPromotion(db(), { casinoId: beta.id, isActive: true });
      await insertPromotion(db(), { casinoId: beta.id, isActive: true });
      await insertPromotion(db(), { casinoId: beta.id, isActive: false });
      await insertPromotion(db(), { casinoId: gama.id, isActive: false });
      const items = async (search: string) => (outcomeOf(await callAdmin(listLoader, `/admin/casinos${search}`, { session: admin })).data as { list: { items: CasinoListItem[] } }).list.items;
      // Newest first by default; inactive promotions do not count.
      expect((await items("")).map((c) => [c.name, c.activePromotionCount])).toEqual([["Alfa Casino", 0], ["Gama Slot", 0], ["Beta Bet", 2]]);
      const preview = (await items("")).find((c) => c.name === "Beta Bet")!.descriptionText;
      expect(preview).toHaveLength(160);
      expect(preview).toMatch(/^Açıklama metni Açıklama metni/);
      expect((await items("?sirala=name&yon=asc")).map((c) => c.name)).toEqual(["Alfa Casino", "Beta Bet", "Gama Slot"]);
      expect((await items("?sirala=name&yon=desc")).map((c) => c.name)).toEqual(["Gama Slot", "Beta Bet", "Alfa Casino"]);
      expect((await items("?sirala=createdAt&yon=asc")).map((c) => c.name)).toEqual(["Beta Bet", "Gama Slot", "Alfa Casino"]);
    });

    it("sends a page past the last (after deleting its last row) to the last page", async () => {
      for (let i = 0; i < 26; i++) await insertCasino(db(), { name: `Sayfa Casino ${i}` });
      const outcome = outcomeOf(await callAdmin(listLoader, "/admin/casinos?sayfa=3&sirala=name", { session: admin }));
      expect(outcome).toMatchObject({ status: 302, location: "/admin/casinos?sayfa=2&sirala=name" });
    });

    it("searches names as Turkish operators type: with or without Turkish letters, in either case", async () => {
      // helper-68: a plain ilike lowers 'I' to 'i', never to 'ı': 'IŞILTI' found nothing.
      await insertCasino(db(), { name: "Işıltı Bet" });
      await insertCasino(db(), { name: "Çınar Slot" });
      await insertCasino(db(), { name: "İstanbul Casino" });
      const names = async (q: string) => (outcomeOf(await callAdmin(listLoader, `/admin/casinos?q=${encodeURIComponent(q)}`, { session: admin })).data as { list: { items: { name: string }[] } }).list.items.map((c) => c.name);
      for (const q of ["ışıltı", "IŞILTI", "isilti", "Işıl"]) expect(await names(q), q).toEqual(["Işıltı Bet"]);
      for (const q of ["ÇINAR", "cinar"]) expect(await names(q), q).toEqual(["Çınar Slot"]);
      for (const q of ["istanbul", "İSTANBUL"]) expect(await names(q), q).toEqual(["İstanbul Casino"]);
    });

    it("treats % and _ in a search as letters", async () => {
      await insertCasino(db(), { name: "Yüzde Casino" });
      await insertCasino(db(), { name: "100% Casino" });
      const found = outcomeOf(await callAdmin(listLoader, "/admin/casinos?q=%25", { session: admin })).data as { list: { items: { name: string }[] } };
      expect(found.list.items.map((c) => c.name)).toEqual(["100% Casino"]);
    });

    it("deletes a casino after the confirm step and keeps its promotions without a casino", async () => {
      const casino = await insertCasino(db(), { name: "Silinecek" });
      const promotion = await insertPromotion(db(), { casinoId: casino.id });
      const outcome = outcomeOf(await callAdmin(listAction, "/admin/casinos", { session: admin, form: { intent: "delete", id: casino.id } }));
      expect(outcome).toMatchObject({ status: 302, location: "/admin/casinos" });
      expect(await casinoCount()).toBe(0);
      const [kept] = await db().select().from(promotions).where(eq(promotions.id, promotion.id));
      expect(kept!.casinoId).toBeNull();
      const [entry] = await db().select().from(auditLog);
      expect(entry).toMatchObject({ action: "casino.delete", entityId: casino.id, summary: "Silinecek" });
    });

    it("answers an unknown intent or id with 400/404 and deletes nothing", async () => {
      await insertCasino(db(), { name: "Kalacak" });
      expect(outcomeOf(await callAdmin(listAction, "/admin/casinos", { session: admin, form: { intent: "drop", id: "x" } })).status).toBe(400);
      const unknown = outcomeOf(await callAdmin(listAction, "/admin/casinos", { session: admin, form: { intent: "delete", id: "00000000-0000-4000-8000-000000000000" } }));
      expect(unknown.status).toBe(404);
      expect(unknown.errors?.[""]).toEqual(["Casino bulunamadı"]);
      // The domain function holds on its own too (a caller that skipped the form's schema).
      expect(await removeCasino(actorOf(admin, { clientAddress: "10.0.0.1" }), "abc")).toEqual({ ok: false, fieldErrors: { "": ["Casino bulunamadı"] } });
      expect(await casinoCount()).toBe(1);
    });
  });

  // The routes check the id before calling these; another caller (a script, a later route)
  // gets its answer from the commands themselves.
  describe("the commands, called directly", () => {
    const INPUT = { name: "Doğrudan Casino", url: "https://dogrudan.example", logoUrl: null, currentAddress: null, description: "<p>Doğrudan çağrılan bir komut.</p>", version: null, overwrite: false };

    it("tells the caller which casino it deleted, and audits it by name", async () => {
      const casino = await insertCasino(db(), { name: "Çağrılan Casino" });
      const kept = await insertCasino(db(), { name: "Yerinde Casino" });
      expect(await removeCasino(actorOf(admin, { clientAddress: "10.0.0.2" }), casino.id)).toEqual({ ok: true, value: { id: casino.id } });
      expect((await db().select().from(casinos)).map((row) => row.id)).toEqual([kept.id]);
      const [entry] = await db().select().from(auditLog);
      expect(entry).toMatchObject({ action: "casino.delete", outcome: "success", entityId: casino.id, summary: "Çağrılan Casino", address: "10.0.0.2" });
    });

    it.each(["abc", "00000000-0000-4000-8000-000000000000x"])("refuses to save over the malformed id %j with 'Casino bulunamadı' and changes no casino", async (id) => {
      const casino = await insertCasino(db(), { name: "Dokunulmaz Casino" });
      expect(await saveCasino(actorOf(admin, { clientAddress: "10.0.0.3" }), id, INPUT)).toEqual({ ok: false, fieldErrors: { "": ["Casino bulunamadı"] } });
      const rows = await db().select().from(casinos);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ id: casino.id, name: "Dokunulmaz Casino", updatedAt: casino.updatedAt });
      const [entry, ...others] = await db().select().from(auditLog);
      expect(others).toEqual([]);
      // The id was no record's: the row names none (the audit screen links only real records).
      expect(entry).toMatchObject({ action: "casino.update", outcome: "failure", entityId: null, summary: "Doğrudan Casino", address: "10.0.0.3" });
    });
  });

  describe("access", () => {
    it.each([
      ["anonymous", () => null],
      ["a signed-in non-admin", () => createNonAdminSession()],
    ])("sends %s to sign-in from every loader and action and writes nothing", async (_, sessionOf) => {
      const session = await sessionOf();
      const casino = await insertCasino(db(), { name: "Korunan" });
      const calls = [
        callAdmin(listLoader, "/admin/casinos", { session }),
        callAdmin(listAction, "/admin/casinos", { session, form: { intent: "delete", id: casino.id } }),
        callAdmin(editLoader, `/admin/casinos/edit/${casino.id}`, { session, params: { id: casino.id } }),
        callAdmin(editorAction, "/admin/casinos/new", { session, form: VALID }),
        callAdmin(editorAction, `/admin/casinos/edit/${casino.id}`, { session, params: { id: casino.id }, form: VALID }),
        // A malformed id is no reason to answer before the sign-in check (a 404 here would come first).
        callAdmin(editorAction, "/admin/casinos/edit/abc", { session, params: { id: "abc" }, form: VALID }),
      ];
      for (const result of await Promise.all(calls)) {
        const outcome = outcomeOf(result);
        expect(outcome.status).toBe(302);
        expect(outcome.location).toMatch(/^\/admin\/login/);
      }
      expect(await casinoCount()).toBe(1);
      const [row] = await db().select().from(casinos);
      expect(row!.name).toBe("Korunan");
    });
  });
});
