import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useAdminBrowserOnPostgres } from "../helpers/admin-browser";
import { expectNoPageErrors, type TrackedPage } from "../helpers/browser";
import { getDb } from "~/db/index.server";
import { insertCasino, insertCategory, insertPost, insertPromotion } from "~/seed/factories.server";
import { promotionCategories, promotions } from "~/db/schema";

// admin.md §2 "Promotion form", "Promotion list" and "Categories", in Chromium.
describe.skipIf(!process.env.TEST_DATABASE_URL)("promotion and category screens in Chromium", () => {
  const ctx = useAdminBrowserOnPostgres("promosyon@example.com");
  const { adminPage } = ctx;

  /** Waits until React has hydrated the element (its props are attached). */
  async function hydrated(page: TrackedPage, selector: string) {
    await page.waitForFunction((s) => {
      const element = document.querySelector(s);
      return element !== null && Object.keys(element).some((key) => key.startsWith("__reactProps"));
    }, selector);
  }

  it("derives a category's slug from its name until it is edited by hand, and shows a taken slug beside the field", async () => {
    const page = await adminPage();
    await page.goto(`${ctx.server.url}/admin/categories`);
    await hydrated(page, 'form[role="search"]');
    await page.getByRole("link", { name: "Yeni Kategori Ekle" }).click();
    const dialog = page.getByRole("dialog", { name: "Yeni Kategori Ekle" });
    await dialog.waitFor();
    await dialog.getByLabel("Kategori Adı").fill("Çevrimsiz Bonuslar");
    expect(await dialog.getByLabel("Slug").inputValue()).toBe("cevrimsiz-bonuslar");
    await dialog.getByLabel("Slug").fill("cevrimsiz");
    await dialog.getByLabel("Kategori Adı").fill("Çevrimsiz Bonuslar 2026");
    expect(await dialog.getByLabel("Slug").inputValue()).toBe("cevrimsiz");
    await dialog.getByRole("button", { name: "Kaydet" }).click();
    await page.waitForURL(`${ctx.server.url}/admin/categories`);
    await page.getByRole("cell", { name: "cevrimsiz", exact: true }).waitFor();
    expect(await page.getByRole("dialog").count()).toBe(0);

    await page.getByRole("link", { name: "Yeni Kategori Ekle" }).click();
    const again = page.getByRole("dialog", { name: "Yeni Kategori Ekle" });
    await again.getByLabel("Kategori Adı").fill("Başka");
    await again.getByLabel("Slug").fill("cevrimsiz");
    await again.getByRole("button", { name: "Kaydet" }).click();
    await again.getByText("Bu slug değeri zaten kullanılıyor. Lütfen benzersiz bir değer girin.").waitFor();
    expect(await getDb().select().from(promotionCategories)).toHaveLength(1);
    // The refused save is a 400 answer, which the browser logs; nothing else may be.
    expect(page.errors.filter((error) => !/ 400 /.test(error))).toEqual([]);
  });

  it("keeps a saved category's slug, its public address, when the category is renamed", async () => {
    const category = await insertCategory(getDb(), { name: "Haftalık Bonus", slug: "haftalik-bonus" });
    const page = await adminPage();
    await page.goto(`${ctx.server.url}/admin/categories`);
    await hydrated(page, 'form[role="search"]');
    await page.getByRole("row", { name: /Haftalık Bonus/ }).getByRole("link", { name: "Düzenle" }).click();
    const edit = page.getByRole("dialog", { name: "Kategoriyi Düzenle" });
    await edit.getByLabel("Kategori Adı").fill("Haftalık Bonus Fırsatları");
    expect(await edit.getByLabel("Slug").inputValue()).toBe("haftalik-bonus");
    await edit.getByRole("button", { name: "Güncelle" }).click();
    await page.getByRole("cell", { name: "Haftalık Bonus Fırsatları", exact: true }).waitFor();
    const [saved] = await getDb().select().from(promotionCategories).where(eq(promotionCategories.id, category.id));
    expect(saved).toMatchObject({ name: "Haftalık Bonus Fırsatları", slug: "haftalik-bonus" });
    expectNoPageErrors(page);
  });

  it("opens the tab with the first error, marks tabs with errors, previews terms, then saves", async () => {
    await insertCasino(getDb(), { name: "Sekme Casino" });
    await insertCategory(getDb(), { name: "Sekme Kategorisi" });
    const page = await adminPage();
    await page.goto(`${ctx.server.url}/admin/promotions/new`);
    await hydrated(page, "form#promotion-editor");
    const details = page.getByRole("tab", { name: /Promosyon Detayları/ });
    const settings = page.getByRole("tab", { name: /Promosyon Ayarları/ });

    await page.getByLabel("Kısa Açıklama").fill("Sekmeler arası doğrulama bonusu");
    await page.getByLabel("Casino").selectOption({ label: "Sekme Casino" });
    await page.getByLabel("Kategori", { exact: true }).selectOption({ label: "Sekme Kategorisi" });
    await page.getByLabel("Şartlar ve Koşullar").fill("Birinci şart\n\n  İkinci şart  \n");
    const preview = page.getByRole("list", { name: "Şartlar önizleme" }).getByRole("listitem");
    expect(await preview.allTextContents()).toEqual(["Birinci şart", "İkinci şart"]);
    expect(await page.getByRole("link", { name: "Kategorileri Yönet" }).getAttribute("href")).toBe("/admin/categories");

    // The title (first tab) is missing while the operator is on the second tab.
    await settings.click();
    await page.getByLabel("Promosyon URL").fill("https://sekme.example/bonus");
    await page.getByRole("button", { name: "Kaydet" }).click();
    await page.getByText("Promosyon başlığı en az 2 karakter olmalıdır").waitFor();
    expect(await details.getAttribute("aria-selected")).toBe("true");
    expect(await details.textContent()).toContain("hatalı alan var");

    await page.getByLabel("Promosyon Başlığı").fill("Sekme Bonusu");
    await settings.click();
    await page.getByLabel("Promosyon URL").fill("sekme");
    await details.click();
    expect(await settings.textContent()).toContain("hatalı alan var");
    await page.getByRole("button", { name: "Kaydet" }).click();
    await page.getByText("Geçerli bir URL giriniz").waitFor();
    expect(await settings.getAttribute("aria-selected")).toBe("true");

    await page.getByLabel("Promosyon URL").fill("https://sekme.example/bonus");
    await page.getByRole("button", { name: "Kaydet" }).click();
    await page.waitForURL(`${ctx.server.url}/admin/promotions`);
    await page.getByText("Promosyon başarıyla eklendi").waitFor();
    const [saved] = await getDb().select().from(promotions).where(eq(promotions.title, "Sekme Bonusu"));
    expect(saved).toMatchObject({ category: "Sekme Kategorisi", terms: ["Birinci şart", "İkinci şart"], isActive: true, description: "<p>Sekmeler arası doğrulama bonusu</p>" });
    expectNoPageErrors(page);
  });

  it("keeps the operator on the tab they type in after a failed save, though another tab still holds an error", async () => {
    const page = await adminPage();
    await page.goto(`${ctx.server.url}/admin/promotions/new`);
    await hydrated(page, "form#promotion-editor");
    const details = page.getByRole("tab", { name: /Promosyon Detayları/ });
    const settings = page.getByRole("tab", { name: /Promosyon Ayarları/ });
    await page.getByRole("button", { name: "Kaydet" }).click();
    await page.getByText("Promosyon başlığı en az 2 karakter olmalıdır").waitFor();
    expect(await settings.textContent()).toContain("hatalı alan var");

    // Fixing the first tab's fields key by key leaves only the second tab's URL wrong.
    await page.getByLabel("Promosyon Başlığı").click();
    await page.keyboard.type("Sekme Bonusu");
    await page.getByLabel("Kısa Açıklama").click();
    await page.keyboard.type("Kısa açıklama metni burada yazılıyor");
    expect(await page.getByLabel("Kısa Açıklama").inputValue()).toBe("Kısa açıklama metni burada yazılıyor");
    expect(await details.getAttribute("aria-selected")).toBe("true");
    expect(await settings.textContent()).toContain("hatalı alan var");

    // The next save opens the tab that still holds the error.
    await page.getByRole("button", { name: "Kaydet" }).click();
    await page.waitForFunction(() => document.querySelector('#promotion-tab-settings[aria-selected="true"]') !== null);
    await page.getByText("Geçerli bir URL giriniz").waitFor();
  });

  it("tells the second of two operators editing one promotion that it changed meanwhile, and saves over it only when asked", async () => {
    const promotion = await insertPromotion(getDb(), { title: "İki Sekme Bonusu", url: "https://iki.example/bonus" });
    const first = await adminPage();
    const second = await adminPage();
    for (const page of [first, second]) {
      await page.goto(`${ctx.server.url}/admin/promotions/edit/${promotion.id}`);
      await hydrated(page, "form#promotion-editor");
    }
    await first.getByLabel("Promosyon Başlığı").fill("Birinci Operatörün Bonusu");
    await first.getByRole("button", { name: "Güncelle" }).click();
    await first.waitForURL(`${ctx.server.url}/admin/promotions`);

    await second.getByLabel("Promosyon Başlığı").fill("İkinci Operatörün Bonusu");
    await second.getByRole("button", { name: "Güncelle" }).click();
    await second.getByText("Bu kayıt siz düzenlerken başka bir yerden değiştirildi. Kaydederseniz o değişiklikler kaybolur.").waitFor();
    expect(await second.getByLabel("Promosyon Başlığı").inputValue()).toBe("İkinci Operatörün Bonusu");
    expect(await second.getByRole("link", { name: "Güncel hâlini yeni sekmede aç" }).getAttribute("href")).toBe(`/admin/promotions/edit/${promotion.id}`);
    const [kept] = await getDb().select().from(promotions).where(eq(promotions.id, promotion.id));
    expect(kept!.title).toBe("Birinci Operatörün Bonusu");

    // Enter in a field saves as 'Güncelle' does, never as 'Yine de kaydet' (shown above it): refused again.
    const [again] = await Promise.all([second.waitForResponse((response) => response.request().method() === "POST"), second.getByLabel("Promosyon Başlığı").press("Enter")]);
    expect(again.status()).toBe(400);
    const [stillKept] = await getDb().select().from(promotions).where(eq(promotions.id, promotion.id));
    expect(stillKept!.title).toBe("Birinci Operatörün Bonusu");

    // Merging by hand: typing keeps the warning and its ways on, shown once.
    await second.getByLabel("Kısa Açıklama").fill("İki operatörün değişiklikleri birleşti");
    await second.getByRole("button", { name: "Yine de kaydet" }).waitFor();
    expect(await second.getByText("Bu kayıt siz düzenlerken başka bir yerden değiştirildi. Kaydederseniz o değişiklikler kaybolur.").count()).toBe(1);

    await second.getByRole("button", { name: "Yine de kaydet" }).click();
    await second.waitForURL(`${ctx.server.url}/admin/promotions`);
    await second.getByText("Promosyon başarıyla güncellendi").waitFor();
    const [replaced] = await getDb().select().from(promotions).where(eq(promotions.id, promotion.id));
    expect(replaced!.title).toBe("İkinci Operatörün Bonusu");
  });

  it("keeps a row's actions in view when the list is wider than the screen", async () => {
    const casino = await insertCasino(getDb(), { name: "Çok Uzun Adlı Bir Casino Sitesi" });
    await insertPromotion(getDb(), { title: "Geniş Liste Bonusu ".repeat(4).trim(), casinoId: casino.id, promotionCode: "COKUZUNBIRPROMOSYONKODU2026" });
    const page = await adminPage();
    // A screen narrower than the list's eight columns need (it fits from 1280 px: the test below).
    await page.setViewportSize({ width: 1024, height: 900 });
    await page.goto(`${ctx.server.url}/admin/promotions`);
    const table = page.getByRole("table");
    const overflow = await table.evaluate((element) => element.parentElement!.scrollWidth - element.parentElement!.clientWidth);
    expect(overflow).toBeGreaterThan(0);
    const edit = page.getByRole("row", { name: /Geniş Liste Bonusu/ }).getByRole("link", { name: "Düzenle" });
    const box = (await edit.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
    await edit.click();
    await page.getByRole("heading", { name: "Promosyonu Düzenle" }).waitFor();
  });

  it("says how many live promotions a casino has before deleting it, and disarms a delete the server refused", async () => {
    const casino = await insertCasino(getDb(), { name: "Silinecek Casino" });
    const category = await insertCategory(getDb(), { name: "Kullanılan Kategori" });
    for (const title of ["Birinci Canlı Bonus", "İkinci Canlı Bonus"]) await insertPromotion(getDb(), { title, casinoId: casino.id, categoryId: category.id });
    const page = await adminPage();
    await page.goto(`${ctx.server.url}/admin/casinos`);
    const removeCasino = page.getByRole("button", { name: /^Silinecek Casino sil/ });
    await page.waitForFunction(() => Object.keys(document.querySelector('button[value="delete"]')!).some((key) => key.startsWith("__reactProps")));
    await removeCasino.click();
    await expect(removeCasino.textContent()).resolves.toBe("2 aktif promosyonu var. Yine de sil?");

    await page.goto(`${ctx.server.url}/admin/categories`);
    await hydrated(page, 'form[role="search"]');
    const removeCategory = page.getByRole("row", { name: /Kullanılan Kategori/ }).getByRole("button", { name: /sil/ });
    await removeCategory.click();
    await removeCategory.click();
    await page.getByText("Bu kategori kullanımda olduğu için silinemez").waitFor();
    await expect(removeCategory.textContent()).resolves.toBe("Sil");
  });

  it("tints an expired row without a toggle, and switches another off from the list", async () => {
    await insertPromotion(getDb(), { title: "Süresi Geçmiş Bonus", expiryDate: new Date(Date.now() - 3_600_000) });
    await insertPromotion(getDb(), { title: "Açık Bonus", isActive: true });
    const page = await adminPage();
    await page.goto(`${ctx.server.url}/admin/promotions`);
    await hydrated(page, 'form[role="search"]');
    const expired = page.getByRole("row").filter({ hasText: "Süresi Geçmiş Bonus" });
    expect(await expired.getAttribute("data-status")).toBe("expired");
    expect(await expired.getByText("Süresi dolmuş").count()).toBe(1);
    expect(await expired.getByRole("button", { name: /yayına al|yayından kaldır/ }).count()).toBe(0);

    const open = page.getByRole("row").filter({ hasText: "Açık Bonus" });
    await open.getByRole("button", { name: "Açık Bonus yayından kaldır" }).click();
    await page.getByText("Promosyon yayından kaldırıldı").waitFor();
    await open.getByText("Pasif", { exact: true }).waitFor();
    const [row] = await getDb().select().from(promotions).where(eq(promotions.title, "Açık Bonus"));
    expect(row!.isActive).toBe(false);
    expectNoPageErrors(page);
  });

  it("flags an offer not verified for 30 days, and 'Bugün doğrulandı' then saving clears the flag", async () => {
    const casino = await insertCasino(getDb(), { name: "Doğrulama Casino" });
    const longAgo = new Date(Date.now() - 40 * 86_400_000).toISOString().slice(0, 10);
    await insertPromotion(getDb(), { casinoId: casino.id, title: "Eski Doğrulama Bonusu", lastVerifiedAt: longAgo });
    await insertPromotion(getDb(), { casinoId: casino.id, title: "Yeni Doğrulama Bonusu", lastVerifiedAt: new Date().toISOString().slice(0, 10) });
    const page = await adminPage();
    await page.goto(`${ctx.server.url}/admin/promotions?dogrulama=gerekli`);
    const stale = page.getByRole("row").filter({ hasText: "Eski Doğrulama Bonusu" });
    await stale.getByText("Doğrulanmalı").waitFor();
    // The filter lists only the offers due for a check.
    expect(await page.getByRole("row").filter({ hasText: "Yeni Doğrulama Bonusu" }).count()).toBe(0);

    await stale.getByRole("link", { name: "Düzenle" }).click();
    await page.waitForURL(/\/admin\/promotions\/edit\//);
    await hydrated(page, "form button[type=submit]");
    await page.getByRole("tab", { name: "Bonus Şartları" }).click();
    await page.getByRole("button", { name: "Bugün doğrulandı" }).click();
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Istanbul" }).format(new Date());
    expect(await page.getByLabel("Son Doğrulama Tarihi").inputValue()).toBe(today);
    await page.getByRole("button", { name: "Güncelle" }).click();
    await page.getByText("Promosyon başarıyla güncellendi").waitFor();

    const [row] = await getDb().select().from(promotions).where(eq(promotions.title, "Eski Doğrulama Bonusu"));
    expect(row!.lastVerifiedAt).toBe(today);
    await page.goto(`${ctx.server.url}/admin/promotions?dogrulama=gerekli`);
    await page.getByRole("heading", { level: 1 }).waitFor();
    expect(await page.getByRole("row").filter({ hasText: "Eski Doğrulama Bonusu" }).count()).toBe(0);
    expectNoPageErrors(page);
  });

  it("shows every column of the promotion, casino and blog lists on a 1280-pixel laptop screen, long texts on two lines", async () => {
    // Long but ordinary texts: before, the lists kept titles and descriptions on one cut line
    // at a fixed width and were 1,026 to 1,269 px wide, so at 1280 px the end date and clicks
    // sat under the sticky actions column.
    const title = "Kraliyet Sarayı Casino'dan Hafta Sonuna Özel %150 Yatırım Bonusu ve 200 Freespin";
    const casino = await insertCasino(getDb(), {
      name: "Kraliyet Sarayı Casino",
      url: "https://www.kraliyet-sarayi-casino-giris.example/tr/hosgeldin",
      description: "<p>Kraliyet Sarayı, canlı casino masaları, slot turnuvaları ve haftalık kayıp iadesiyle bilinen, lisanslı ve köklü bir sitedir.</p>",
    });
    const category = await insertCategory(getDb(), { name: "Hafta Sonu Yatırım Bonusları" });
    await insertPromotion(getDb(), { casinoId: casino.id, categoryId: category.id, category: category.name, title, promotionCode: "HAFTASONU150KRALIYETSARAYI2027", expiryDate: new Date("2027-01-31T20:59:00Z") });
    const postTitle = "Çevrim Şartı Nedir, Bonus Çevrimi Nasıl Hesaplanır ve Nelere Dikkat Edilmelidir?";
    await insertPost(getDb(), { title: postTitle });

    const page = await adminPage();
    for (const [path, text] of [
      ["/admin/promotions", title],
      ["/admin/casinos", "Kraliyet Sarayı, canlı casino masaları"],
      ["/admin/blog", postTitle],
    ] as const) {
      await page.goto(`${ctx.server.url}${path}`);
      const cell = page.getByRole("cell").filter({ hasText: text });
      await cell.waitFor();
      const { table, room } = await page.evaluate(() => {
        const element = document.querySelector("table")!;
        return { table: element.scrollWidth, room: element.parentElement!.clientWidth };
      });
      expect(table, `${path}: table ${table} px in ${room} px`).toBeLessThanOrEqual(room);
      // The whole text is still there, and shown on hover.
      expect(await cell.locator("[title]").getAttribute("title")).toContain(text);
    }
    expectNoPageErrors(page);
  });
});
