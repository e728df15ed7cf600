import { asc, count, desc, eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { describeEachDriver, truncateAll } from "../../../../tests/helpers/db";
import { callAdmin, createAdminSession, createNonAdminSession, outcomeOf, toastOf, type TestSession } from "../../../../tests/helpers/admin";
import { setUpFakeIndexNow } from "../../../../tests/helpers/fake-indexnow";
import { callRoute } from "../../../../tests/helpers/routes";
import { auditLog, indexNowQueue, promotions, type Promotion } from "~/db/schema";
import { insertCasino, insertCategory, insertPromotion } from "~/seed/factories.server";
import { configureIndexNow } from "~/modules/indexing/indexing.server";
import { runIndexingOnce } from "~/modules/indexing/indexing-sender.server";
import { pageStore, SITE_TAG } from "~/lib/page-cache.server";
import { derivePromotionFields, type PromotionEditorOptions, type PromotionEditorValue, type PromotionListItem } from "~/modules/promotions/promotions.schema";
import { loader as publicPromotionsLoader } from "../../public/promotions";
import { action as editorAction, loader as editLoader } from "./edit";
import { loader as newLoader } from "./new";
import { action as casinoEditorAction, loader as casinoEditLoader } from "../casinos/edit";
import { action as casinoListAction } from "../casinos/list";
import { action as categoriesAction } from "../categories/list";
import EditPromotion from "./edit";
import PromotionList, { action as listAction, loader as listLoader } from "./list";

type ListData = { list: { items: PromotionListItem[]; total: number; pageCount: number; more?: boolean } };
type EditorData = { promotion: PromotionEditorValue | null; options: PromotionEditorOptions };

const MISSING = "00000000-0000-4000-8000-000000000000";

/** The editor's page as the server renders it for this loader data. */
function renderEditor(data: EditorData): string {
  const Stub = createRoutesStub([{ path: "/admin/promotions/edit", Component: () => createElement(EditPromotion as never, { loaderData: data }) }]);
  return renderToString(createElement(Stub, { initialEntries: ["/admin/promotions/edit"] })).replaceAll("<!-- -->", "");
}

/** The flash toast a redirect carries, as the next page would read it. */
describeEachDriver("admin promotions", ({ db }) => {
  let admin: TestSession;
  // Off unless a test points it at the fake endpoint; any other outbound request fails the test.
  const fake = setUpFakeIndexNow({ indexNow: "off" });
  beforeEach(async () => {
    await truncateAll(db());
    admin = await createAdminSession("operator@example.com");
  });
  const useFakeIndexNow = () => configureIndexNow({ key: "test-key", endpoint: fake.endpoint, siteUrl: "https://bonus.example", timeoutMs: 5_000 });
  const submittedUrls = () => fake.requests.flatMap((request) => JSON.parse(request.body).urlList as string[]);
  /** What the saves queued for IndexNow, oldest first. */
  const queued = async () =>
    (await db().select().from(indexNowQueue).orderBy(asc(indexNowQueue.id))).map((row) => ({ path: row.path, reason: row.reason, entityId: row.entityId, status: row.status }));

  const promotionCount = async () => (await db().select({ n: count() }).from(promotions))[0]!.n;
  const onlyPromotion = async (): Promise<Promotion> => {
    const rows = await db().select().from(promotions);
    expect(rows).toHaveLength(1);
    return rows[0]!;
  };

  async function validForm() {
    const casino = await insertCasino(db(), { name: "Yıldız Casino" });
    const category = await insertCategory(db(), { name: "Hoş Geldin", slug: "hos-geldin" });
    return {
      casino,
      category,
      form: {
        title: "Hoş Geldin Bonusu",
        casinoId: casino.id,
        categoryId: category.id,
        imageUrl: "https://cdn.example/bonus.png",
        shortDescription: "İlk yatırıma yüzde yüz bonus",
        fullDescription: "<h2>Detaylar</h2><p>Çevrim şartı 10 kat.</p>",
        terms: "18 yaş üstü\n\n   Çevrim 10x  \r\n\r\n",
        url: "https://yildiz.example/bonus",
        promotionCode: "HOSGELDIN",
        expiryDate: "2099-12-31T23:59",
        isActive: "on",
      } as Record<string, string>,
    };
  }

  describe("the editor's action", () => {
    it("creates a promotion stored as admin.md §3 says and returns to the list with the spec's toast", async () => {
      const { form, casino, category } = await validForm();
      const result = await callAdmin(editorAction, "/admin/promotions/new", { session: admin, form });
      expect(outcomeOf(result)).toMatchObject({ status: 302, location: "/admin/promotions" });
      expect(await toastOf(result)).toBe("Promosyon başarıyla eklendi");
      const row = await onlyPromotion();
      expect(row).toMatchObject({
        title: "Hoş Geldin Bonusu",
        slug: "hos-geldin-bonusu",
        casinoId: casino.id,
        categoryId: category.id,
        category: "Hoş Geldin",
        description: "<p>İlk yatırıma yüzde yüz bonus</p><h2>Detaylar</h2><p>Çevrim şartı 10 kat.</p>",
        terms: ["18 yaş üstü", "Çevrim 10x"],
        url: "https://yildiz.example/bonus",
        promotionCode: "HOSGELDIN",
        imageUrl: "https://cdn.example/bonus.png",
        isActive: true,
      });
      // 23:59 in Istanbul (UTC+3).
      expect(row.expiryDate?.toISOString()).toBe("2099-12-31T20:59:00.000Z");
      expect(row.searchText).toBe("hos geldin bonusu\nilk yatirima yuzde yuz bonus detaylar cevrim sarti 10 kat.");
    });

    it("saves empty optional fields as null, no terms as an empty list, and an unchecked box as inactive", async () => {
      const { form } = await validForm();
      const outcome = outcomeOf(
        await callAdmin(editorAction, "/admin/promotions/new", {
          session: admin,
          form: { ...form, casinoId: "", categoryId: "", imageUrl: "", promotionCode: "   ", expiryDate: "", fullDescription: "", terms: " \n \n", isActive: "" },
        }),
      );
      expect(outcome.status).toBe(302);
      expect(await onlyPromotion()).toMatchObject({
        casinoId: null,
        categoryId: null,
        category: null,
        imageUrl: null,
        promotionCode: null,
        expiryDate: null,
        terms: [],
        description: "<p>İlk yatırıma yüzde yüz bonus</p>",
        isActive: false,
      });
    });

    it("copies the chosen category's name, whatever the form says the category is", async () => {
      const { form } = await validForm();
      await callAdmin(editorAction, "/admin/promotions/new", { session: admin, form: { ...form, category: "Sahte Kategori" } });
      expect((await onlyPromotion()).category).toBe("Hoş Geldin");
    });

    it("sanitises the full description and stores the short one as text, not markup", async () => {
      const { form } = await validForm();
      await callAdmin(editorAction, "/admin/promotions/new", {
        session: admin,
        form: { ...form, shortDescription: "<b>Kalın</b> bir kısa açıklama", fullDescription: '<p onclick="x()">Detay<script>alert(1)</script></p>' },
      });
      expect((await onlyPromotion()).description).toBe("<p>&lt;b&gt;Kalın&lt;/b&gt; bir kısa açıklama</p><p>Detay</p>");
    });

    it.each([
      ["title", { title: "B" }, "Promosyon başlığı en az 2 karakter olmalıdır"],
      ["title", { title: "   " }, "Promosyon başlığı en az 2 karakter olmalıdır"],
      ["shortDescription", { shortDescription: "kısa" }, "Kısa açıklama en az 10 karakter olmalıdır"],
      ["shortDescription", { shortDescription: "          " }, "Kısa açıklama en az 10 karakter olmalıdır"],
      ["url", { url: "yildiz" }, "Geçerli bir URL giriniz"],
      ["url", { url: "javascript:alert(1)" }, "Geçerli bir URL giriniz"],
      ["imageUrl", { imageUrl: "resim" }, "Geçerli bir görsel URL giriniz"],
      ["expiryDate", { expiryDate: "2026-02-30T10:00" }, "Geçerli bir tarih ve saat giriniz"],
      ["casinoId", { casinoId: "abc" }, "Seçilen casino bulunamadı"],
      ["casinoId", { casinoId: MISSING }, "Seçilen casino bulunamadı"],
      ["categoryId", { categoryId: MISSING }, "Seçilen kategori bulunamadı"],
      ["title", { title: "Başlık\u0000" }, "Geçersiz karakter içeriyor"],
    ])("refuses a bad %s with its message beside the field and writes nothing", async (field, change, message) => {
      const { form } = await validForm();
      const outcome = outcomeOf(await callAdmin(editorAction, "/admin/promotions/new", { session: admin, form: { ...form, ...change } }));
      expect(outcome.status).toBe(400);
      expect(outcome.errors?.[field]).toEqual([message]);
      expect(await promotionCount()).toBe(0);
    });

    it("refuses an inactive category for a new promotion, and records the failure", async () => {
      const { form } = await validForm();
      const hidden = await insertCategory(db(), { name: "Gizli", isActive: false });
      const outcome = outcomeOf(await callAdmin(editorAction, "/admin/promotions/new", { session: admin, form: { ...form, categoryId: hidden.id } }));
      expect(outcome.status).toBe(400);
      expect(outcome.errors?.categoryId).toEqual(["Seçilen kategori bulunamadı"]);
      expect(await promotionCount()).toBe(0);
      const [entry] = await db().select().from(auditLog);
      expect(entry).toMatchObject({ action: "promotion.create", outcome: "failure", actorEmail: "operator@example.com" });
    });

    // ADR 022: an editor left open while another operator switched the promotion off in the
    // list would have switched it on again with its next save.
    it("refuses a save from an editor opened before the promotion was switched off in the list, and saves over it with 'Yine de kaydet'", async () => {
      const { form } = await validForm();
      const existing = await insertPromotion(db(), { title: "Açık Sekme Bonusu", isActive: true });
      const edit = { session: admin, params: { id: existing.id } };
      const opened = outcomeOf(await callAdmin(editLoader, `/admin/promotions/edit/${existing.id}`, edit)).data as { promotion: PromotionEditorValue };
      await callAdmin(listAction, "/admin/promotions", { session: admin, form: { intent: "toggle", id: existing.id, isActive: "false" } });

      const stale = outcomeOf(await callAdmin(editorAction, `/admin/promotions/edit/${existing.id}`, { ...edit, form: { ...form, version: opened.promotion.version } }));
      expect(stale.status).toBe(400);
      expect(stale.errors?.[""]).toEqual(["Bu kayıt siz düzenlerken başka bir yerden değiştirildi. Kaydederseniz o değişiklikler kaybolur."]);
      expect(await onlyPromotion()).toMatchObject({ title: "Açık Sekme Bonusu", isActive: false });

      const over = outcomeOf(await callAdmin(editorAction, `/admin/promotions/edit/${existing.id}`, { ...edit, form: { ...form, version: opened.promotion.version, overwrite: "on" } }));
      expect(over.status).toBe(302);
      expect(await onlyPromotion()).toMatchObject({ title: "Hoş Geldin Bonusu", isActive: true });
    });

    it("updates a promotion, keeping a category that was deactivated since, and says so", async () => {
      const { form } = await validForm();
      const retired = await insertCategory(db(), { name: "Eski Kategori", isActive: false });
      const existing = await insertPromotion(db(), { title: "Eski Başlık", categoryId: retired.id, category: "Eski Kategori", isActive: false });
      const result = await callAdmin(editorAction, `/admin/promotions/edit/${existing.id}`, {
        session: admin,
        params: { id: existing.id },
        form: { ...form, title: "Yeni Başlık", categoryId: retired.id, isActive: "" },
      });
      expect(outcomeOf(result)).toMatchObject({ status: 302, location: "/admin/promotions" });
      expect(await toastOf(result)).toBe("Promosyon başarıyla güncellendi");
      const row = await onlyPromotion();
      expect(row).toMatchObject({ id: existing.id, title: "Yeni Başlık", slug: "yeni-baslik", categoryId: retired.id, category: "Eski Kategori" });
      expect(row.updatedAt.getTime()).toBeGreaterThan(existing.updatedAt.getTime());
      const [entry] = await db().select().from(auditLog).orderBy(desc(auditLog.id));
      expect(entry).toMatchObject({ action: "promotion.update", outcome: "success", entityId: existing.id, summary: "Yeni Başlık", actorId: admin.userId });
    });

    it("answers an unknown id with the spec's update failure and 404s its editor", async () => {
      const { form } = await validForm();
      const outcome = outcomeOf(await callAdmin(editorAction, `/admin/promotions/edit/${MISSING}`, { session: admin, params: { id: MISSING }, form }));
      expect(outcome.status).toBe(400);
      expect(outcome.errors?.[""]).toEqual(["Promosyon güncellenirken hata: Promosyon bulunamadı"]);
      expect(await promotionCount()).toBe(0);
      expect(outcomeOf(await callAdmin(editLoader, `/admin/promotions/edit/${MISSING}`, { session: admin, params: { id: MISSING } })).status).toBe(404);
      expect(outcomeOf(await callAdmin(editLoader, "/admin/promotions/edit/abc", { session: admin, params: { id: "abc" } })).status).toBe(404);
    });

    it("answers a save to a malformed id with 404, as its page does, and writes nothing", async () => {
      const { form } = await validForm();
      const outcome = outcomeOf(await callAdmin(editorAction, "/admin/promotions/edit/abc", { session: admin, params: { id: "abc" }, form }));
      expect(outcome.status).toBe(404);
      // The error page shows the route's words under its 404 title.
      expect(outcome.data).toEqual({ message: "Promosyon bulunamadı" });
      expect(await promotionCount()).toBe(0);
      expect(await db().select().from(auditLog)).toEqual([]);
    });
  });

  describe("structured bonus terms (issue 11 §1)", () => {
    const terms = {
      bonusType: "deposit",
      bonusPercent: "100",
      bonusCap: "5.000",
      freeSpins: "200",
      minDeposit: "100",
      wageringMultiplier: "35,5",
      wageringBasis: "deposit_bonus",
      maxBet: "50",
      maxCashout: "25000",
      eligibleGames: "  Slot oyunları (canlı casino hariç) ",
      lastVerifiedAt: "2026-11-01",
    };

    it("stores every term as a number of whole TL, the multiple to one decimal, and gives them back to the editor", async () => {
      const { form } = await validForm();
      const outcome = outcomeOf(await callAdmin(editorAction, "/admin/promotions/new", { session: admin, form: { ...form, ...terms } }));
      expect(outcome.status).toBe(302);
      const row = await onlyPromotion();
      expect(row).toMatchObject({
        bonusType: "deposit",
        bonusAmount: null,
        bonusPercent: 100,
        bonusCap: 5000,
        freeSpins: 200,
        minDeposit: 100,
        wageringMultiplier: 35.5,
        wageringBasis: "deposit_bonus",
        maxBet: 50,
        maxCashout: 25000,
        eligibleGames: "Slot oyunları (canlı casino hariç)",
        lastVerifiedAt: "2026-11-01",
        promotionCode: "HOSGELDIN",
      });
      const { promotion } = outcomeOf(await callAdmin(editLoader, `/admin/promotions/edit/${row.id}`, { session: admin, params: { id: row.id } })).data as EditorData;
      expect(promotion).toMatchObject({
        bonusType: "deposit",
        bonusAmount: "",
        bonusPercent: "100",
        bonusCap: "5000",
        freeSpins: "200",
        minDeposit: "100",
        wageringMultiplier: "35.5",
        wageringBasis: "deposit_bonus",
        maxBet: "50",
        maxCashout: "25000",
        eligibleGames: "Slot oyunları (canlı casino hariç)",
        lastVerifiedAt: "2026-11-01",
      });
    });

    it("wagers on the bonus when no basis is chosen, keeps no basis without a multiple, and clears terms emptied on edit", async () => {
      const { form } = await validForm();
      await callAdmin(editorAction, "/admin/promotions/new", { session: admin, form: { ...form, bonusType: "no_deposit", bonusAmount: "500", wageringMultiplier: "0", wageringBasis: "" } });
      const saved = await onlyPromotion();
      expect(saved).toMatchObject({ bonusType: "no_deposit", bonusAmount: 500, wageringMultiplier: 0, wageringBasis: "bonus" });
      const result = await callAdmin(editorAction, `/admin/promotions/edit/${saved.id}`, {
        session: admin,
        params: { id: saved.id },
        form: { ...form, bonusType: "", bonusAmount: "", wageringMultiplier: "", wageringBasis: "deposit_bonus", maxCashout: " " },
      });
      expect(outcomeOf(result).status).toBe(302);
      expect(await onlyPromotion()).toMatchObject({ bonusType: null, bonusAmount: null, wageringMultiplier: null, wageringBasis: null, maxCashout: null });
    });

    it.each([
      ["bonusType", { bonusType: "jackpot" }, "Geçerli bir bonus türü seçin"],
      ["bonusAmount", { bonusAmount: "-100" }, "Bonus tutarı 1 ile 10.000.000 TL arasında tam sayı olmalıdır"],
      ["bonusAmount", { bonusAmount: "99,90" }, "Bonus tutarı 1 ile 10.000.000 TL arasında tam sayı olmalıdır"],
      ["bonusAmount", { bonusAmount: "10000001" }, "Bonus tutarı 1 ile 10.000.000 TL arasında tam sayı olmalıdır"],
      ["bonusAmount", { bonusAmount: "500", bonusPercent: "100" }, "Bonus TL tutarı veya yüzde olarak girilir, ikisi birden girilemez"],
      ["bonusPercent", { bonusPercent: "0" }, "Bonus yüzdesi 1 ile 1.000 arasında tam sayı olmalıdır"],
      ["bonusPercent", { bonusPercent: "1001" }, "Bonus yüzdesi 1 ile 1.000 arasında tam sayı olmalıdır"],
      ["bonusCap", { bonusCap: "5000" }, "Üst limit yalnızca yüzde olarak verilen bonusa girilebilir"],
      ["bonusCap", { bonusPercent: "100", bonusCap: "0" }, "Üst limit 1 ile 10.000.000 TL arasında tam sayı olmalıdır"],
      ["freeSpins", { freeSpins: "12.5" }, "Freespin sayısı 1 ile 100.000 arasında tam sayı olmalıdır"],
      ["minDeposit", { minDeposit: "abc" }, "Minimum yatırım 0 ile 10.000.000 TL arasında tam sayı olmalıdır"],
      ["wageringMultiplier", { wageringMultiplier: "200,5" }, "Çevrim katı 0 ile 200 arasında, en fazla bir ondalıklı olmalıdır (örn. 35 veya 12,5)"],
      ["wageringMultiplier", { wageringMultiplier: "12,25" }, "Çevrim katı 0 ile 200 arasında, en fazla bir ondalıklı olmalıdır (örn. 35 veya 12,5)"],
      ["wageringMultiplier", { wageringMultiplier: "-1" }, "Çevrim katı 0 ile 200 arasında, en fazla bir ondalıklı olmalıdır (örn. 35 veya 12,5)"],
      ["wageringBasis", { wageringMultiplier: "30", wageringBasis: "deposit" }, "Geçerli bir çevrim tabanı seçin"],
      ["maxBet", { maxBet: "1000001" }, "Maksimum bahis 1 ile 1.000.000 TL arasında tam sayı olmalıdır"],
      ["maxCashout", { maxCashout: "0" }, "Maksimum çekim 1 ile 10.000.000 TL arasında tam sayı olmalıdır"],
      ["eligibleGames", { eligibleGames: "x".repeat(301) }, "En fazla 300 karakter olabilir"],
      ["lastVerifiedAt", { lastVerifiedAt: "2026-02-30" }, "Geçerli bir tarih giriniz"],
      ["lastVerifiedAt", { lastVerifiedAt: "2999-01-01" }, "Doğrulama tarihi bugünden ileri olamaz"],
    ])("refuses a bad %s with its Turkish message beside the field and stores nothing", async (field, change, message) => {
      const { form } = await validForm();
      const outcome = outcomeOf(await callAdmin(editorAction, "/admin/promotions/new", { session: admin, form: { ...form, ...change } }));
      expect(outcome.status).toBe(400);
      expect(outcome.errors?.[field]).toEqual([message]);
      expect(await promotionCount()).toBe(0);
    });

    it("leaves a promotion's stored terms as they were when an edit is refused", async () => {
      const { form } = await validForm();
      const existing = await insertPromotion(db(), { bonusType: "deposit", bonusPercent: 50, bonusCap: 2500, wageringMultiplier: 15 });
      const outcome = outcomeOf(
        await callAdmin(editorAction, `/admin/promotions/edit/${existing.id}`, { session: admin, params: { id: existing.id }, form: { ...form, bonusPercent: "50", bonusCap: "2500", wageringMultiplier: "500" } }),
      );
      expect(outcome.status).toBe(400);
      expect(await onlyPromotion()).toMatchObject({ title: existing.title, bonusPercent: 50, bonusCap: 2500, wageringMultiplier: 15 });
    });
  });

  describe("the editor's loader", () => {
    it("splits the stored description back into the short and the full description, with terms a line each", async () => {
      const stored = await insertPromotion(db(), {
        description: '<p style="text-align: center">Kısa <strong>açıklama</strong> burada</p><h2>Detay</h2><p>Uzun metin.</p>',
        terms: ["Birinci şart", "İkinci şart"],
        expiryDate: new Date("2026-06-01T09:30:00Z"),
      });
      const { promotion } = outcomeOf(await callAdmin(editLoader, `/admin/promotions/edit/${stored.id}`, { session: admin, params: { id: stored.id } })).data as EditorData;
      expect(promotion).toMatchObject({
        shortDescription: "Kısa açıklama burada",
        fullDescription: "<h2>Detay</h2><p>Uzun metin.</p>",
        terms: "Birinci şart\nİkinci şart",
        // 09:30 UTC is 12:30 in Istanbul.
        expiryDate: "2026-06-01T12:30",
      });
    });

    it("without a leading paragraph, offers the first 150 characters of the text as the short description", async () => {
      const text = "0123456789".repeat(20);
      const stored = await insertPromotion(db(), { description: `<h2>${text}</h2>` });
      const { promotion } = outcomeOf(await callAdmin(editLoader, `/admin/promotions/edit/${stored.id}`, { session: admin, params: { id: stored.id } })).data as EditorData;
      expect(promotion!.shortDescription).toBe(text.slice(0, 150));
      expect(promotion!.fullDescription).toBe(`<h2>${text}</h2>`);
    });

    it("gives back what the form saved", async () => {
      const { form } = await validForm();
      await callAdmin(editorAction, "/admin/promotions/new", { session: admin, form });
      const saved = await onlyPromotion();
      const { promotion } = outcomeOf(await callAdmin(editLoader, `/admin/promotions/edit/${saved.id}`, { session: admin, params: { id: saved.id } })).data as EditorData;
      expect(promotion).toEqual({
        id: saved.id,
        title: form.title,
        casinoId: form.casinoId,
        categoryId: form.categoryId,
        imageUrl: form.imageUrl,
        shortDescription: form.shortDescription,
        fullDescription: form.fullDescription,
        terms: "18 yaş üstü\nÇevrim 10x",
        url: form.url,
        promotionCode: form.promotionCode,
        expiryDate: "2099-12-31T23:59",
        isActive: true,
        version: saved.updatedAt.toISOString(),
        address: "/bonuslar/yildiz-casino/hos-geldin-bonusu",
        // No structured terms were given (issue 11 §1): every one empty.
        bonusType: "",
        bonusAmount: "",
        bonusPercent: "",
        bonusCap: "",
        freeSpins: "",
        minDeposit: "",
        wageringMultiplier: "",
        wageringBasis: "",
        maxBet: "",
        maxCashout: "",
        eligibleGames: "",
        lastVerifiedAt: "",
      });
    });

    // ADR 023: the second offer of one title in one casino is numbered, and the editor says where it lives.
    it("names under the title the address the promotion was saved at, numbered when its casino had the title's; a new one names none", async () => {
      const { form } = await validForm();
      await callAdmin(editorAction, "/admin/promotions/new", { session: admin, form });
      await callAdmin(editorAction, "/admin/promotions/new", { session: admin, form: { ...form, title: "Hos Geldin Bonusu" } });
      const [second] = await db().select().from(promotions).where(eq(promotions.title, "Hos Geldin Bonusu"));
      const editing = outcomeOf(await callAdmin(editLoader, `/admin/promotions/edit/${second!.id}`, { session: admin, params: { id: second!.id } })).data as EditorData;
      expect(renderEditor(editing)).toContain("Sitedeki adresi: /bonuslar/yildiz-casino/hos-geldin-bonusu-2");
      const fresh = outcomeOf(await callAdmin(newLoader, "/admin/promotions/new", { session: admin })).data as EditorData;
      const html = renderEditor(fresh);
      expect(html).toContain("Promosyon Başlığı");
      expect(html).not.toContain("Sitedeki adresi");
    });

    it("lists only active categories, in Turkish alphabetical order, plus the promotion's own", async () => {
      for (const name of ["Yatırım", "Çevrimsiz", "Casino", "Deneme"]) await insertCategory(db(), { name });
      const retired = await insertCategory(db(), { name: "Arşiv", isActive: false });
      await insertCasino(db(), { name: "Zeta" });
      await insertCasino(db(), { name: "İzmir Casino" });
      await insertCasino(db(), { name: "Işık Bet" });
      const fresh = outcomeOf(await callAdmin(newLoader, "/admin/promotions/new", { session: admin })).data as EditorData;
      expect(fresh.promotion).toBeNull();
      expect(fresh.options.categories.map((c) => c.name)).toEqual(["Casino", "Çevrimsiz", "Deneme", "Yatırım"]);
      expect(fresh.options.casinos.map((c) => c.name)).toEqual(["Işık Bet", "İzmir Casino", "Zeta"]);
      const old = await insertPromotion(db(), { categoryId: retired.id, category: "Arşiv" });
      const editing = outcomeOf(await callAdmin(editLoader, `/admin/promotions/edit/${old.id}`, { session: admin, params: { id: old.id } })).data as EditorData;
      expect(editing.options.categories.map((c) => c.name)).toEqual(["Arşiv", "Casino", "Çevrimsiz", "Deneme", "Yatırım"]);
    });

    // ADR 013 addendum 3: the editor's casinos and categories are kept between writes, so each
    // write in the back office must reach the next editor opened, with no wait.
    it("offers a casino or category the moment it is added, renamed, switched off or removed in the back office", async () => {
      const openEditor = async (url = "/admin/promotions/new", params = {}) => outcomeOf(await callAdmin(url === "/admin/promotions/new" ? newLoader : editLoader, url, { session: admin, params })).data as EditorData;
      const names = (data: EditorData) => ({ casinos: data.options.casinos.map((c) => c.name), categories: data.options.categories.map((c) => c.name) });
      const description = "<p>Hızlı ödeme yapan bir site.</p>";
      await insertCasino(db(), { name: "Zeta" });
      const deneme = await insertCategory(db(), { name: "Deneme" });
      expect(names(await openEditor())).toEqual({ casinos: ["Zeta"], categories: ["Deneme"] });

      expect(outcomeOf(await callAdmin(casinoEditorAction, "/admin/casinos/new", { session: admin, form: { name: "Ada Casino", url: "https://ada.example", logoUrl: "", description } })).status).toBe(302);
      const added = await openEditor();
      expect(names(added)).toEqual({ casinos: ["Ada Casino", "Zeta"], categories: ["Deneme"] });
      const ada = added.options.casinos.find((c) => c.name === "Ada Casino")!;
      const { version } = (outcomeOf(await callAdmin(casinoEditLoader, `/admin/casinos/edit/${ada.id}`, { session: admin, params: { id: ada.id } })).data as { casino: { version: string } }).casino;
      const renamed = { name: "Yeni Ada Casino", url: "https://ada.example", logoUrl: "", description, version };
      expect(outcomeOf(await callAdmin(casinoEditorAction, `/admin/casinos/edit/${ada.id}`, { session: admin, params: { id: ada.id }, form: renamed })).status).toBe(302);
      expect(names(await openEditor()).casinos).toEqual(["Yeni Ada Casino", "Zeta"]);
      expect(outcomeOf(await callAdmin(casinoListAction, "/admin/casinos", { session: admin, form: { intent: "delete", id: ada.id } })).status).toBe(302);
      expect(names(await openEditor()).casinos).toEqual(["Zeta"]);

      const category = (form: Record<string, string>) => callAdmin(categoriesAction, "/admin/categories", { session: admin, form });
      expect(outcomeOf(await category({ intent: "create", name: "Bedava Dönüş", slug: "bedava-donus", description: "", isActive: "on" })).status).toBe(302);
      expect(names(await openEditor()).categories).toEqual(["Bedava Dönüş", "Deneme"]);
      expect(outcomeOf(await category({ intent: "update", id: deneme.id, name: "Deneme Bonusu", slug: "deneme", description: "", isActive: "on" })).status).toBe(302);
      expect(names(await openEditor()).categories).toEqual(["Bedava Dönüş", "Deneme Bonusu"]);
      // Switched off: no longer offered, except on the promotion that has it.
      const holder = await insertPromotion(db(), { categoryId: deneme.id, category: "Deneme Bonusu" });
      expect(outcomeOf(await category({ intent: "update", id: deneme.id, name: "Deneme Bonusu", slug: "deneme", description: "" })).status).toBe(302);
      expect(names(await openEditor()).categories).toEqual(["Bedava Dönüş"]);
      expect(names(await openEditor(`/admin/promotions/edit/${holder.id}`, { id: holder.id })).categories).toEqual(["Bedava Dönüş", "Deneme Bonusu"]);
    });

    it("offers the edited promotion's own casino and category when they were written where the kept lists have not heard of them", async () => {
      // Written with SQL (or by another process whose NOTIFY is still on its way) after the
      // lists were kept: the editor must not drop them, or saving it would clear the casino.
      await insertCategory(db(), { name: "Deneme" });
      expect((await outcomeOf(await callAdmin(newLoader, "/admin/promotions/new", { session: admin })).data as EditorData).options.casinos).toEqual([]);
      const casino = await insertCasino(db(), { name: "Sessiz Casino" });
      const category = await insertCategory(db(), { name: "Sessiz Kategori" });
      const promotion = await insertPromotion(db(), { casinoId: casino.id, categoryId: category.id, category: category.name });
      const editing = outcomeOf(await callAdmin(editLoader, `/admin/promotions/edit/${promotion.id}`, { session: admin, params: { id: promotion.id } })).data as EditorData;
      expect(editing.options.casinos.map((c) => c.name)).toEqual(["Sessiz Casino"]);
      expect(editing.options.categories.map((c) => c.name)).toEqual(["Deneme", "Sessiz Kategori"]);
      expect(renderEditor(editing)).toContain(`<option value="${casino.id}" selected="">Sessiz Casino</option>`);
    });

    it("offers no category when none is active (the form then says 'Kategori bulunamadı')", async () => {
      await insertCategory(db(), { name: "Pasif", isActive: false });
      const data = outcomeOf(await callAdmin(newLoader, "/admin/promotions/new", { session: admin })).data as EditorData;
      expect(data.options.categories).toEqual([]);
    });
  });

  describe("the list", () => {
    it("shows the §2 columns' data: casino or none, category, code, status, end date", async () => {
      const casino = await insertCasino(db(), { name: "Yıldız Casino" });
      await insertPromotion(db(), { title: "Kodlu", casinoId: casino.id, category: "Hoş Geldin", promotionCode: "KOD1", expiryDate: new Date("2099-01-01T00:00:00Z"), createdAt: new Date("2026-01-02") });
      await insertPromotion(db(), { title: "Kodsuz", isActive: false, createdAt: new Date("2026-01-01") });
      const { list } = outcomeOf(await callAdmin(listLoader, "/admin/promotions", { session: admin })).data as ListData;
      expect(list.items).toMatchObject([
        { title: "Kodlu", casinoName: "Yıldız Casino", category: "Hoş Geldin", promotionCode: "KOD1", status: "active", canToggle: true, expiryDate: "2099-01-01T00:00:00.000Z" },
        { title: "Kodsuz", casinoName: null, category: null, promotionCode: null, status: "inactive", canToggle: true, expiryDate: null },
      ]);
    });

    // ADR 018 addendum: a search reads every matching row to count them, so it counts only
    // as far as an operator can page, as the comments list does; the plain list stays exact.
    it("counts a search only as far as an operator can page (40 pages until page 40), the plain list exactly", async () => {
      const at = (i: number) => new Date(Date.UTC(2026, 0, 1) + i * 60_000);
      await db()
        .insert(promotions)
        .values(
          Array.from({ length: 1030 }, (_, i) => {
            const title = i < 1001 ? `Kayıp Bonusu ${i}` : `Hoş Geldin ${i}`;
            const derived = derivePromotionFields(title, `<p>${title}</p>`);
            return { title, description: `<p>${title}</p>`, url: "https://example.com/bonus", slug: derived.slug, searchText: derived.searchText, createdAt: at(i) };
          }),
        );
      const counted = async (url: string) => {
        const { list } = outcomeOf(await callAdmin(listLoader, url, { session: admin })).data as ListData;
        return { total: list.total, more: list.more ?? false, pageCount: list.pageCount, first: list.items[0]?.title, rows: list.items.length };
      };
      expect(await counted("/admin/promotions")).toEqual({ total: 1030, more: false, pageCount: 42, first: "Hoş Geldin 1029", rows: 25 });
      expect(await counted("/admin/promotions?q=kayip")).toEqual({ total: 1000, more: true, pageCount: 40, first: "Kayıp Bonusu 1000", rows: 25 });
      expect(await counted("/admin/promotions?q=kayip&sayfa=39")).toEqual({ total: 1000, more: true, pageCount: 40, first: "Kayıp Bonusu 50", rows: 25 });
      expect(await counted("/admin/promotions?q=kayip&sayfa=40")).toEqual({ total: 1001, more: false, pageCount: 41, first: "Kayıp Bonusu 25", rows: 25 });
      expect(await counted("/admin/promotions?q=kayip&sayfa=41")).toEqual({ total: 1001, more: false, pageCount: 41, first: "Kayıp Bonusu 0", rows: 1 });
      expect(await counted("/admin/promotions?q=hos+geldin")).toEqual({ total: 29, more: false, pageCount: 2, first: "Hoş Geldin 1029", rows: 25 });
      // What the operator reads above the table: a search past 1,000 is not taken for 40 pages' worth.
      const shown = async (url: string) => {
        const data = outcomeOf(await callAdmin(listLoader, url, { session: admin })).data;
        const Stub = createRoutesStub([{ path: "/admin/promotions", Component: () => createElement(PromotionList as never, { loaderData: data }) }]);
        return renderToString(createElement(Stub, { initialEntries: [url] })).replaceAll("<!-- -->", "");
      };
      expect(await shown("/admin/promotions?q=kayip")).toContain(">1.000+ promosyon<");
      expect(await shown("/admin/promotions?q=kayip&sayfa=41")).toContain(">1.001 promosyon<");
      expect(await shown("/admin/promotions")).toContain(">1.030 promosyon<");
    });

    it("marks a promotion whose expiry has passed as expired, without a toggle, even if it is switched on", async () => {
      await insertPromotion(db(), { title: "Bitmiş", isActive: true, expiryDate: new Date(Date.now() - 60_000) });
      const { list } = outcomeOf(await callAdmin(listLoader, "/admin/promotions", { session: admin })).data as ListData;
      expect(list.items).toMatchObject([{ title: "Bitmiş", status: "expired", canToggle: false }]);
    });

    it("flags offers not verified for more than 30 days (or never) and lists only them with 'Doğrulanmalı'", async () => {
      // Calendar days in Istanbul, counted back from today.
      const daysAgo = (n: number) => {
        const [y, m, d] = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Istanbul" }).format(new Date()).split("-").map(Number) as [number, number, number];
        return new Date(Date.UTC(y, m - 1, d - n)).toISOString().slice(0, 10);
      };
      await insertPromotion(db(), { title: "Bugün Bakıldı", lastVerifiedAt: daysAgo(0), createdAt: new Date("2026-01-05") });
      await insertPromotion(db(), { title: "Otuz Gün Önce", lastVerifiedAt: daysAgo(30), createdAt: new Date("2026-01-04") });
      await insertPromotion(db(), { title: "Otuz Bir Gün Önce", lastVerifiedAt: daysAgo(31), createdAt: new Date("2026-01-03") });
      await insertPromotion(db(), { title: "Hiç Bakılmadı", createdAt: new Date("2026-01-02") });
      const all = outcomeOf(await callAdmin(listLoader, "/admin/promotions", { session: admin })).data as ListData;
      const [y, m, d] = daysAgo(31).split("-");
      expect(all.list.items.map((p) => [p.title, p.verification])).toEqual([
        ["Bugün Bakıldı", { text: expect.stringMatching(/\(bugün\)$/), stale: false }],
        ["Otuz Gün Önce", { text: expect.stringMatching(/\(30 gün önce\)$/), stale: false }],
        ["Otuz Bir Gün Önce", { text: `Son doğrulama: ${d}.${m}.${y} (31 gün önce)`, stale: true }],
        ["Hiç Bakılmadı", null],
      ]);
      const due = outcomeOf(await callAdmin(listLoader, "/admin/promotions?dogrulama=gerekli", { session: admin })).data as ListData;
      expect(due.list.items.map((p) => p.title)).toEqual(["Otuz Bir Gün Önce", "Hiç Bakılmadı"]);
      expect(due.list.total).toBe(2);
      // Another value is no filter at all.
      const ignored = outcomeOf(await callAdmin(listLoader, "/admin/promotions?dogrulama=hepsi", { session: admin })).data as ListData;
      expect(ignored.list.total).toBe(4);
    });

    it("pages 25 a page, newest first, searches the Turkish way, sorts and filters by status", async () => {
      for (let i = 0; i < 27; i++) await insertPromotion(db(), { title: `Bonus ${String(i).padStart(2, "0")}`, createdAt: new Date(Date.UTC(2026, 0, 1 + i)) });
      await insertPromotion(db(), { title: "İLK YATIRIM", isActive: false, createdAt: new Date(Date.UTC(2025, 0, 1)) });
      await insertPromotion(db(), { title: "Eski Fırsat", expiryDate: new Date(Date.now() - 60_000), createdAt: new Date(Date.UTC(2025, 0, 2)) });
      const first = outcomeOf(await callAdmin(listLoader, "/admin/promotions", { session: admin })).data as ListData;
      expect(first.list.total).toBe(29);
      expect(first.list.pageCount).toBe(2);
      expect(first.list.items).toHaveLength(25);
      expect(first.list.items[0]!.title).toBe("Bonus 26");
      const second = outcomeOf(await callAdmin(listLoader, "/admin/promotions?sayfa=2", { session: admin })).data as ListData;
      expect(second.list.items.map((p) => p.title)).toEqual(["Bonus 01", "Bonus 00", "Eski Fırsat", "İLK YATIRIM"]);
      const found = outcomeOf(await callAdmin(listLoader, `/admin/promotions?q=${encodeURIComponent("ilk yatırım")}`, { session: admin })).data as ListData;
      expect(found.list.items.map((p) => p.title)).toEqual(["İLK YATIRIM"]);
      const byTitle = outcomeOf(await callAdmin(listLoader, "/admin/promotions?sirala=title&yon=asc", { session: admin })).data as ListData;
      expect(byTitle.list.items[0]!.title).toBe("Bonus 00");
      const expired = outcomeOf(await callAdmin(listLoader, "/admin/promotions?durum=suresi-dolmus", { session: admin })).data as ListData;
      expect(expired.list.items.map((p) => p.title)).toEqual(["Eski Fırsat"]);
      const inactive = outcomeOf(await callAdmin(listLoader, "/admin/promotions?durum=pasif", { session: admin })).data as ListData;
      expect(inactive.list.items.map((p) => p.title)).toEqual(["İLK YATIRIM"]);
      const active = outcomeOf(await callAdmin(listLoader, "/admin/promotions?durum=aktif", { session: admin })).data as ListData;
      expect(active.list.total).toBe(27);
    });

    it("orders promotions of the same instant by id, the same way as the time (one index reads both directions)", async () => {
      const at = new Date(Date.UTC(2026, 3, 1));
      const ids = [];
      for (let i = 0; i < 4; i++) ids.push((await insertPromotion(db(), { title: `Aynı An ${i}`, createdAt: at })).id);
      const sorted = [...ids].sort();
      const newest = outcomeOf(await callAdmin(listLoader, "/admin/promotions", { session: admin })).data as ListData;
      expect(newest.list.items.map((p) => p.id)).toEqual([...sorted].reverse());
      const oldest = outcomeOf(await callAdmin(listLoader, "/admin/promotions?sirala=createdAt&yon=asc", { session: admin })).data as ListData;
      expect(oldest.list.items.map((p) => p.id)).toEqual(sorted);
    });

    it("treats % and _ in a search as letters", async () => {
      await insertPromotion(db(), { title: "Yüzde Yüz Bonus" });
      await insertPromotion(db(), { title: "%100 Bonus" });
      const found = outcomeOf(await callAdmin(listLoader, "/admin/promotions?q=%25", { session: admin })).data as ListData;
      expect(found.list.items.map((p) => p.title)).toEqual(["%100 Bonus"]);
    });

    it("deletes a promotion after the confirm step, and 404s an unknown one", async () => {
      const promotion = await insertPromotion(db(), { title: "Silinecek" });
      const result = await callAdmin(listAction, "/admin/promotions", { session: admin, form: { intent: "delete", id: promotion.id } });
      expect(outcomeOf(result)).toMatchObject({ status: 302, location: "/admin/promotions" });
      expect(await toastOf(result)).toBe("Promosyon silindi");
      expect(await promotionCount()).toBe(0);
      const [entry] = await db().select().from(auditLog);
      expect(entry).toMatchObject({ action: "promotion.delete", entityId: promotion.id, summary: "Silinecek" });
      expect(outcomeOf(await callAdmin(listAction, "/admin/promotions", { session: admin, form: { intent: "delete", id: MISSING } })).status).toBe(404);
      expect(outcomeOf(await callAdmin(listAction, "/admin/promotions", { session: admin, form: { intent: "drop", id: MISSING } })).status).toBe(400);
    });
  });

  describe("toggling and indexing", () => {
    it("activates: resets indexed and queues bonuslar/{casino slug}/{promotion slug} in the save; the sender submits it and sets indexed", async () => {
      useFakeIndexNow();
      const casino = await insertCasino(db(), { name: "Yıldız Casino" });
      const promotion = await insertPromotion(db(), { title: "Hoş Geldin Bonusu", casinoId: casino.id, isActive: false, indexed: true });
      const result = await callAdmin(listAction, "/admin/promotions?sayfa=1", { session: admin, form: { intent: "toggle", id: promotion.id, isActive: "true" } });
      expect(outcomeOf(result)).toMatchObject({ status: 302, location: "/admin/promotions?sayfa=1" });
      expect(await toastOf(result)).toBe("Promosyon yayına alındı");
      // The save itself made no request: it only queued the page.
      expect(fake.requests).toEqual([]);
      expect(await queued()).toEqual([{ path: "bonuslar/yildiz-casino/hos-geldin-bonusu", reason: "promotion.activate", entityId: promotion.id, status: "pending" }]);
      expect(await onlyPromotion()).toMatchObject({ isActive: true, indexed: false });
      const [entry] = await db().select().from(auditLog);
      expect(entry).toMatchObject({ action: "promotion.activate", outcome: "success", entityId: promotion.id });

      await runIndexingOnce();
      expect(submittedUrls()).toEqual(["https://bonus.example/bonuslar/yildiz-casino/hos-geldin-bonusu"]);
      expect(await onlyPromotion()).toMatchObject({ isActive: true, indexed: true });
    });

    it("answers the save while a submission is hanging at the endpoint: nothing in the save waits for it", async () => {
      useFakeIndexNow();
      const earlier = await insertPromotion(db(), { title: "Önceki", isActive: false });
      await callAdmin(listAction, "/admin/promotions", { session: admin, form: { intent: "toggle", id: earlier.id, isActive: "true" } });
      fake.answer = "hang";
      let senderDone = false;
      const sending = runIndexingOnce().then(() => (senderDone = true));
      await vi.waitFor(() => expect(fake.held).toBe(1));

      const promotion = await insertPromotion(db(), { title: "Yeni", isActive: false });
      const outcome = outcomeOf(await callAdmin(listAction, "/admin/promotions", { session: admin, form: { intent: "toggle", id: promotion.id, isActive: "true" } }));
      // The save has answered while the endpoint still holds the earlier request unanswered.
      expect(outcome.status).toBe(302);
      expect(fake.held).toBe(1);
      expect(senderDone).toBe(false);
      expect((await queued()).map((row) => [row.entityId, row.status])).toEqual([
        [earlier.id, "sending"],
        [promotion.id, "pending"],
      ]);
      fake.release(200);
      await sending;
    });

    it("a failing endpoint never fails the save: the promotion is active, its page stays queued and indexed stays false", async () => {
      useFakeIndexNow();
      fake.answer = 500;
      const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
      const promotion = await insertPromotion(db(), { isActive: false });
      const outcome = outcomeOf(await callAdmin(listAction, "/admin/promotions", { session: admin, form: { intent: "toggle", id: promotion.id, isActive: "true" } }));
      expect(outcome.status).toBe(302);
      await runIndexingOnce();
      expect(fake.requests).toHaveLength(1);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(await onlyPromotion()).toMatchObject({ isActive: true, indexed: false });
      expect((await queued()).map((row) => row.status)).toEqual(["pending"]);
    });

    it("with IndexNow off, activates without queuing anything and leaves indexed false (nothing was submitted)", async () => {
      const promotion = await insertPromotion(db(), { isActive: false, indexed: true });
      expect(outcomeOf(await callAdmin(listAction, "/admin/promotions", { session: admin, form: { intent: "toggle", id: promotion.id, isActive: "true" } })).status).toBe(302);
      expect(await queued()).toEqual([]);
      expect(await runIndexingOnce()).toMatchObject({ state: "off" });
      expect(fake.requests).toEqual([]);
      expect(await onlyPromotion()).toMatchObject({ isActive: true, indexed: false });
    });

    it("deactivates without queuing anything, keeping indexed; switched on again it queues the casino-less address by id", async () => {
      useFakeIndexNow();
      const promotion = await insertPromotion(db(), { isActive: true, indexed: true });
      const result = await callAdmin(listAction, "/admin/promotions", { session: admin, form: { intent: "toggle", id: promotion.id, isActive: "false" } });
      expect(await toastOf(result)).toBe("Promosyon yayından kaldırıldı");
      expect(await onlyPromotion()).toMatchObject({ isActive: false, indexed: true });
      expect(await queued()).toEqual([]);
      await callAdmin(listAction, "/admin/promotions", { session: admin, form: { intent: "toggle", id: promotion.id, isActive: "true" } });
      expect(await queued()).toEqual([{ path: `promotion/${promotion.id}`, reason: "promotion.activate", entityId: promotion.id, status: "pending" }]);
      await runIndexingOnce();
      expect(submittedUrls()).toEqual([`https://bonus.example/promotion/${promotion.id}`]);
    });

    it("queues a new active promotion, a live one saved with new terms at the same address, and one switched on in the editor; not a switch-off or an inactive one", async () => {
      useFakeIndexNow();
      const { form } = await validForm();
      await callAdmin(editorAction, "/admin/promotions/new", { session: admin, form });
      const saved = await onlyPromotion();
      expect(await queued()).toEqual([{ path: "bonuslar/yildiz-casino/hos-geldin-bonusu", reason: "promotion.activate", entityId: saved.id, status: "pending" }]);
      await runIndexingOnce();
      expect((await onlyPromotion()).indexed).toBe(true);
      // A new code on the live page: the search engine is told, and indexed waits for its answer.
      await callAdmin(editorAction, `/admin/promotions/edit/${saved.id}`, { session: admin, params: { id: saved.id }, form: { ...form, promotionCode: "YENIKOD" } });
      expect((await queued()).slice(1)).toEqual([{ path: "bonuslar/yildiz-casino/hos-geldin-bonusu", reason: "promotion.update", entityId: saved.id, status: "pending" }]);
      expect((await onlyPromotion()).indexed).toBe(false);
      await runIndexingOnce();
      expect((await onlyPromotion()).indexed).toBe(true);
      await callAdmin(editorAction, `/admin/promotions/edit/${saved.id}`, { session: admin, params: { id: saved.id }, form: { ...form, isActive: "" } });
      expect(await queued()).toHaveLength(2);
      await callAdmin(editorAction, `/admin/promotions/edit/${saved.id}`, { session: admin, params: { id: saved.id }, form });
      expect((await queued()).map((row) => row.reason)).toEqual(["promotion.activate", "promotion.update", "promotion.activate"]);
      const inactive = { ...form, title: "Pasif Bonus", isActive: "" };
      await callAdmin(editorAction, "/admin/promotions/new", { session: admin, form: inactive });
      expect(await queued()).toHaveLength(3);
    });

    it("a new title on an active promotion queues the old address and the new one, and indexed waits for the new one", async () => {
      useFakeIndexNow();
      const { form } = await validForm();
      await callAdmin(editorAction, "/admin/promotions/new", { session: admin, form });
      await runIndexingOnce();
      const saved = await onlyPromotion();
      expect(saved.indexed).toBe(true);
      await callAdmin(editorAction, `/admin/promotions/edit/${saved.id}`, { session: admin, params: { id: saved.id }, form: { ...form, title: "Yeni Yıl Bonusu" } });
      expect((await queued()).slice(1)).toEqual([
        { path: "bonuslar/yildiz-casino/hos-geldin-bonusu", reason: "promotion.slug-change", entityId: null, status: "pending" },
        { path: "bonuslar/yildiz-casino/yeni-yil-bonusu", reason: "promotion.slug-change", entityId: saved.id, status: "pending" },
      ]);
      expect((await onlyPromotion()).indexed).toBe(false);
      await runIndexingOnce();
      expect(submittedUrls().slice(1)).toEqual(["https://bonus.example/bonuslar/yildiz-casino/hos-geldin-bonusu", "https://bonus.example/bonuslar/yildiz-casino/yeni-yil-bonusu"]);
      expect((await onlyPromotion()).indexed).toBe(true);
    });

    it("deleting an active promotion queues its address so the search engine drops it; an inactive one queues nothing", async () => {
      useFakeIndexNow();
      const casino = await insertCasino(db(), { name: "Yıldız Casino" });
      const active = await insertPromotion(db(), { title: "Silinen Bonus", casinoId: casino.id, isActive: true });
      const inactive = await insertPromotion(db(), { title: "Pasif Silinen", casinoId: casino.id, isActive: false });
      for (const promotion of [active, inactive]) {
        expect(outcomeOf(await callAdmin(listAction, "/admin/promotions", { session: admin, form: { intent: "delete", id: promotion.id } })).status).toBe(302);
      }
      expect(await queued()).toEqual([{ path: "bonuslar/yildiz-casino/silinen-bonus", reason: "promotion.delete", entityId: null, status: "pending" }]);
      expect(fake.requests).toEqual([]);
      await runIndexingOnce();
      expect(submittedUrls()).toEqual(["https://bonus.example/bonuslar/yildiz-casino/silinen-bonus"]);
    });

    it("refuses to toggle an expired promotion with 409 and changes nothing", async () => {
      useFakeIndexNow();
      const expired = await insertPromotion(db(), { isActive: false, expiryDate: new Date(Date.now() - 60_000) });
      const outcome = outcomeOf(await callAdmin(listAction, "/admin/promotions", { session: admin, form: { intent: "toggle", id: expired.id, isActive: "true" } }));
      expect(outcome.status).toBe(409);
      expect(outcome.errors?.[""]).toEqual(["Promosyon güncellenirken hata: Süresi dolmuş bir promosyonun durumu değiştirilemez"]);
      expect(await onlyPromotion()).toMatchObject({ isActive: false, updatedAt: expired.updatedAt });
      expect(fake.requests).toEqual([]);
      // The audit row of the refusal names the promotion it concerned.
      expect(await db().select().from(auditLog)).toMatchObject([{ action: "promotion.activate", outcome: "failure", entityId: expired.id, summary: expired.title }]);
      expect(outcomeOf(await callAdmin(listAction, "/admin/promotions", { session: admin, form: { intent: "toggle", id: MISSING, isActive: "true" } })).status).toBe(404);
    });
  });

  describe("the public site", () => {
    it("shows a saved promotion on the next request and drops the cached pages", async () => {
      const store = pageStore();
      const key = "http://localhost/bonuslar";
      store.set(key, { status: 200, headers: [], body: Buffer.from("eski"), encoded: {}, etag: '"x"', tags: [SITE_TAG], renderedAt: Date.now(), expiresAt: Date.now() + 60_000 }, store.sequence);
      expect(store.get(key)).toBeDefined();
      const { form } = await validForm();
      await callAdmin(editorAction, "/admin/promotions/new", { session: admin, form });
      expect(store.get(key)).toBeUndefined();
      const shown = await callRoute(publicPromotionsLoader, "/bonuslar");
      expect(shown.items.map((p) => p.title)).toEqual(["Hoş Geldin Bonusu"]);

      store.set(key, { status: 200, headers: [], body: Buffer.from("eski"), encoded: {}, etag: '"y"', tags: [SITE_TAG], renderedAt: Date.now(), expiresAt: Date.now() + 60_000 }, store.sequence);
      const saved = await onlyPromotion();
      await callAdmin(listAction, "/admin/promotions", { session: admin, form: { intent: "toggle", id: saved.id, isActive: "false" } });
      expect(store.get(key)).toBeUndefined();
      expect((await callRoute(publicPromotionsLoader, "/bonuslar")).items).toEqual([]);
    });
  });

  describe("access", () => {
    it.each([
      ["anonymous", () => null],
      ["a signed-in non-admin", () => createNonAdminSession()],
    ])("sends %s to sign-in from every loader and action and writes nothing", async (_, sessionOf) => {
      useFakeIndexNow();
      const session = await sessionOf();
      const { form } = await validForm();
      const promotion = await insertPromotion(db(), { title: "Korunan", isActive: false });
      const calls = [
        callAdmin(listLoader, "/admin/promotions", { session }),
        callAdmin(listAction, "/admin/promotions", { session, form: { intent: "toggle", id: promotion.id, isActive: "true" } }),
        callAdmin(listAction, "/admin/promotions", { session, form: { intent: "delete", id: promotion.id } }),
        callAdmin(newLoader, "/admin/promotions/new", { session }),
        callAdmin(editLoader, `/admin/promotions/edit/${promotion.id}`, { session, params: { id: promotion.id } }),
        callAdmin(editorAction, "/admin/promotions/new", { session, form }),
        callAdmin(editorAction, `/admin/promotions/edit/${promotion.id}`, { session, params: { id: promotion.id }, form }),
        // A malformed id is no reason to answer before the sign-in check (a 404 here would come first).
        callAdmin(editorAction, "/admin/promotions/edit/abc", { session, params: { id: "abc" }, form }),
      ];
      for (const result of await Promise.all(calls)) {
        const outcome = outcomeOf(result);
        expect(outcome.status).toBe(302);
        expect(outcome.location).toMatch(/^\/admin\/login/);
      }
      expect(await onlyPromotion()).toMatchObject({ title: "Korunan", isActive: false });
      expect(await queued()).toEqual([]);
    });
  });
});
