import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Locator } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectNoPageErrors, freezeClock, loginAsAdmin, newPage, useServerAndBrowser, waitForHydration, type TrackedPage } from "../helpers/browser";
import { makePng } from "../helpers/images";

// Issue 8, "Tests that must exist": an operator fills an empty site (DEMO_CONTENT=false)
// through the back office alone, in Chromium against the production build, and a visitor
// in another browser context sees each change on the very next request. The visitor has
// no cookie of the site, so the page cache serves it: a write that forgets to invalidate
// shows a stale page here.
describe("an operator's day in the back office, in Chromium", () => {
  const ctx = useServerAndBrowser({ DEMO_CONTENT: "false" });

  const CASINO = "Ege Casino";
  const CATEGORY = "Hoş Geldin Bonusları";
  const PROMOTION = "Ege Casino %100 Hoş Geldin Bonusu";
  const TERMS = ["Minimum yatırım 100 TL", "Çevrim şartı 10 kat", "Yalnızca yeni üyeler"];
  const SPLASH = "Ege Casino Yaz Kampanyası";
  const HERO_TITLE = "Haziranın En İyi Casino Bonusları";
  const SEO_TITLE = "Ege Bonus Rehberi: Tüm Casino Bonusları";
  const EDITED_COMMENT = "Çevrim şartı 10 kat, destek hızlı yanıt veriyor.";
  const MEHMET = "Bonus hesabıma geç yansıdı.";

  async function pngFile(name: string, width: number, height: number): Promise<string> {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "yolculuk-")), name);
    fs.writeFileSync(file, await makePng(width, height));
    return file;
  }

  /** A sidebar link, as the operator clicks it (a client-side navigation). */
  async function openFromSidebar(page: TrackedPage, label: string, heading = label) {
    const nav = page.getByRole("navigation", { name: "Admin menüsü" });
    await nav.getByRole("link", { name: label, exact: true }).click();
    await page.getByRole("heading", { level: 1, name: heading, exact: true }).waitFor();
    // The sidebar marks the screen it opened, and only that one.
    await expect(nav.locator('a[aria-current="page"]').allTextContents()).resolves.toEqual([label]);
  }

  /** Waits until the image the locator finds has loaded and has pixels. */
  async function loaded(image: Locator): Promise<string> {
    await image.scrollIntoViewIfNeeded();
    await image.page().waitForFunction((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0, await image.elementHandle());
    return image.evaluate((img) => (img as HTMLImageElement).currentSrc);
  }

  /** The comments shown on the public page: who wrote what. */
  async function publicComments(page: TrackedPage): Promise<string[]> {
    return page.getByTestId("comment-list").getByRole("listitem").allInnerTexts();
  }

  it("signs in, fills the catalogue, moderates, edits the site and finds every step in the audit log", { timeout: 240_000 }, async () => {
    const admin = await newPage(ctx.browser, { viewport: { width: 1280, height: 900 } });
    const visitor = await newPage(ctx.browser);
    const site = ctx.server.url;

    // Before each change the visitor looks at the page it will change, so the page cache
    // holds the old one. First the empty site.
    await visitor.goto(`${site}/bonuslar`);
    await visitor.getByText("Bu kriterlere uygun promosyon bulunamadı.").waitFor();

    // Sign in through the form.
    await loginAsAdmin(admin, site);
    await admin.getByText("Giriş başarılı! Yönlendiriliyorsunuz...").waitFor();
    await waitForHydration(admin.getByRole("navigation", { name: "Admin menüsü" }).getByRole("link", { name: "Casino Siteleri", exact: true }));

    // A casino whose description is made with the editor's toolbar (bold).
    await openFromSidebar(admin, "Casino Siteleri");
    await admin.getByRole("link", { name: "Yeni Casino Ekle" }).click();
    await admin.getByRole("heading", { name: "Yeni Casino Sitesi Ekle" }).waitFor();
    await admin.getByLabel("Site Adı").fill(CASINO);
    await admin.getByLabel("Site URL").fill("https://ege-casino.example");
    await admin.getByRole("textbox", { name: "Site Açıklaması" }).click();
    await admin.keyboard.type("Türkiye'de ");
    await admin.getByRole("button", { name: "Kalın", exact: true }).click();
    await admin.keyboard.type("hızlı ödeme");
    await admin.getByRole("button", { name: "Kalın", exact: true }).click();
    await admin.keyboard.type(" yapan lisanslı bir site.");
    await admin.getByRole("button", { name: "Kaydet" }).click();
    await admin.waitForURL(`${site}/admin/casinos`);
    await admin.getByText("Casino başarıyla eklendi").waitFor();
    await admin.getByRole("cell", { name: CASINO, exact: true }).waitFor();

    // A category, in the list's dialog.
    await openFromSidebar(admin, "Kategoriler");
    await admin.getByRole("link", { name: "Yeni Kategori Ekle" }).click();
    const categoryDialog = admin.getByRole("dialog", { name: "Yeni Kategori Ekle" });
    await categoryDialog.getByLabel("Kategori Adı").fill(CATEGORY);
    await expect(categoryDialog.getByLabel("Slug").inputValue()).resolves.toBe("hos-geldin-bonuslari");
    await categoryDialog.getByRole("button", { name: "Kaydet" }).click();
    await admin.getByText("Kategori başarıyla eklendi").waitFor();
    await admin.getByRole("cell", { name: CATEGORY, exact: true }).waitFor();

    // A promotion with an uploaded image, a detailed description and terms, active.
    await openFromSidebar(admin, "Promosyonlar");
    await admin.getByRole("link", { name: "Yeni Promosyon Ekle" }).click();
    await admin.getByRole("heading", { name: "Yeni Promosyon Ekle" }).waitFor();
    await admin.getByLabel("Promosyon Başlığı").fill(PROMOTION);
    await admin.getByLabel("Casino", { exact: true }).selectOption({ label: CASINO });
    await admin.getByLabel("Kategori", { exact: true }).selectOption({ label: CATEGORY });
    await admin.getByRole("tab", { name: "Dosya Yükle" }).click();
    await admin.getByLabel("Görsel", { exact: true }).setInputFiles(await pngFile("hos-geldin.png", 1200, 675));
    await admin.getByText("Görsel başarıyla yüklendi").waitFor();
    await admin.getByRole("img", { name: "Görsel önizleme" }).waitFor();
    await admin.getByLabel("Kısa Açıklama").fill("İlk yatırıma %100, 5.000 TL'ye kadar bonus.");
    await admin.getByRole("textbox", { name: "Detaylı Açıklama" }).click();
    await admin.keyboard.type("Yeni üyelere ilk yatırımlarında iki kat bakiye.");
    await admin.getByLabel("Şartlar ve Koşullar").fill(TERMS.join("\n"));
    await admin.getByRole("tab", { name: "Promosyon Ayarları" }).click();
    await admin.getByLabel("Promosyon URL").fill("https://ege-casino.example/hos-geldin");
    await admin.getByLabel("Promosyon Kodu").fill("EGE100");
    await expect(admin.getByLabel("Aktif (sitede yayınlanır)").isChecked()).resolves.toBe(true);
    await admin.getByRole("button", { name: "Kaydet" }).click();
    await admin.waitForURL(`${site}/admin/promotions`);
    await admin.getByText("Promosyon başarıyla eklendi").waitFor();
    const promotionRow = admin.getByRole("row").filter({ hasText: PROMOTION });
    await promotionRow.getByText("Aktif", { exact: true }).waitFor();

    // On /bonuslar (with its category chip) and on its detail page: title, terms, our image.
    await visitor.goto(`${site}/bonuslar`);
    // The card's title is a link to the promotion's page (issue 10 §2).
    const card = visitor.getByRole("article").filter({ has: visitor.getByRole("heading", { name: PROMOTION }).getByRole("link", { name: PROMOTION }) });
    await card.waitFor();
    await visitor.getByRole("navigation", { name: "Kategoriler" }).getByRole("link", { name: new RegExp(`^${CATEGORY}\\s*1$`) }).waitFor();
    expect(await loaded(card.getByRole("img", { name: PROMOTION }))).toContain("/media/promotions/promotion_");
    await card.getByRole("link", { name: "Detayları Gör" }).click();
    await visitor.waitForURL(new RegExp(`^${site}/bonuslar/ege-casino/[a-z0-9-]+$`));
    const detailUrl = visitor.url();
    await visitor.getByRole("heading", { level: 1, name: PROMOTION }).waitFor();
    const terms = visitor.getByRole("region", { name: "Şartlar ve Koşullar" }).getByRole("listitem");
    await expect(terms.allInnerTexts()).resolves.toEqual(TERMS);
    await visitor.getByText("Yeni üyelere ilk yatırımlarında iki kat bakiye.").waitFor();
    const detailImage = visitor.getByRole("img", { name: PROMOTION, exact: true });
    expect(await detailImage.getAttribute("src")).toMatch(/^\/media\/promotions\/promotion_\d{13}_[a-z0-9]{12}\.png$/);
    expect(await loaded(detailImage)).toContain("/media/promotions/promotion_");

    // The casino's description keeps its bold text on the public site.
    await visitor.getByRole("link", { name: "Site Detayları" }).click();
    await visitor.getByRole("heading", { level: 1, name: CASINO }).waitFor();
    await expect(visitor.getByText("hızlı ödeme", { exact: true }).evaluate((element) => element.tagName)).resolves.toBe("STRONG");

    // Two visitors comment on the promotion through its public form (a fetcher form: before
    // hydration it would post as a plain form and leave the page).
    await visitor.goto(detailUrl);
    await waitForHydration(visitor.getByRole("button", { name: "Yorum Gönder" }));
    for (const [userName, stars, text] of [
      ["Ayşe", "4 yıldız", "Çevrim şartı biraz yüksek ama ödeme hızlı."],
      ["Mehmet", "2 yıldız", MEHMET],
    ] as const) {
      await visitor.getByLabel("Kullanıcı adı").fill(userName);
      await visitor.locator("label").filter({ hasText: stars }).click();
      await expect(visitor.getByRole("radio", { name: stars }).isChecked()).resolves.toBe(true);
      await visitor.getByLabel("Yorumunuz").fill(text);
      await visitor.getByRole("button", { name: "Yorum Gönder" }).click();
      await visitor.getByText("Yorumunuz başarıyla eklendi").first().waitFor();
      await visitor.getByTestId("comment-list").getByText(text).waitFor();
      await expect(visitor.getByLabel("Yorumunuz").inputValue()).resolves.toBe("");
    }
    await visitor.reload();
    await visitor.getByRole("heading", { name: "Yorumlar (2)" }).waitFor();

    // Deactivated from the list: gone from /bonuslar and its page; then back on.
    await promotionRow.getByRole("button", { name: `${PROMOTION} yayından kaldır` }).click();
    await admin.getByText("Promosyon yayından kaldırıldı").waitFor();
    await promotionRow.getByText("Pasif", { exact: true }).waitFor();
    await visitor.goto(`${site}/bonuslar`);
    await visitor.getByText("Bu kriterlere uygun promosyon bulunamadı.").waitFor();
    expect(await visitor.getByText(PROMOTION).count()).toBe(0);
    // In a page of its own: the 404 is the one console error expected there.
    const gone = await newPage(ctx.browser);
    expect((await gone.goto(detailUrl))!.status()).toBe(404);
    await gone.getByText(/Promosyon bulunamadı/).waitFor();
    await gone.context().close();

    await promotionRow.getByRole("button", { name: `${PROMOTION} yayına al` }).click();
    await admin.getByText("Promosyon yayına alındı").waitFor();
    await visitor.goto(`${site}/bonuslar`);
    await visitor.getByRole("heading", { name: PROMOTION }).getByRole("link", { name: PROMOTION }).waitFor();
    await visitor.goto(detailUrl);
    await visitor.getByRole("heading", { name: "Yorumlar (2)" }).waitFor();

    // Comment moderation: one edited, one deleted, each seen on the public page next.
    await openFromSidebar(admin, "Yorumlar");
    await admin.getByRole("link", { name: "Ayşe yorumunu düzenle" }).click();
    const commentDialog = admin.getByRole("dialog", { name: "Yorumu Düzenle" });
    await commentDialog.getByLabel("Yorum").fill(EDITED_COMMENT);
    await commentDialog.getByRole("button", { name: "Kaydet" }).click();
    await admin.getByText("Yorum güncellendi").waitFor();
    await commentDialog.waitFor({ state: "detached" });
    await visitor.goto(detailUrl);
    await visitor.getByTestId("comment-list").getByText(EDITED_COMMENT).waitFor();
    expect(await publicComments(visitor)).toEqual([expect.stringContaining(MEHMET), expect.stringMatching(new RegExp(`Ayşe[\\s\\S]*${EDITED_COMMENT}`))]);

    const remove = admin.getByRole("button", { name: "Mehmet yorumunu sil" });
    await remove.click();
    await remove.getByText("Emin misiniz? Sil").waitFor();
    await remove.click();
    await admin.getByText("Yorum silindi").waitFor();
    await remove.waitFor({ state: "detached" });
    await visitor.goto(detailUrl);
    await visitor.getByRole("heading", { name: "Yorumlar (1)" }).waitFor();
    expect(await publicComments(visitor)).toEqual([expect.stringContaining(EDITED_COMMENT)]);

    // The hero, seen on the home page.
    await visitor.goto(`${site}/`);
    await expect(visitor.getByRole("heading", { level: 1 }).innerText()).resolves.not.toBe(HERO_TITLE);
    await openFromSidebar(admin, "Ayarlar");
    await admin.getByRole("tab", { name: "Hero Bölümü", selected: true }).waitFor();
    await admin.getByLabel("Ana Başlık").fill(HERO_TITLE);
    await admin.getByLabel("Vurgulanacak Metin").fill("En İyi");
    await admin.getByRole("button", { name: "Kaydet" }).click();
    await admin.getByText("Hero bölümü kaydedildi").waitFor();
    await visitor.goto(`${site}/`);
    await visitor.getByRole("heading", { level: 1, name: HERO_TITLE }).waitFor();

    // The SEO title of /bonuslar, seen in that page's <title>.
    await visitor.goto(`${site}/bonuslar`);
    await expect(visitor.title()).resolves.not.toBe(SEO_TITLE);
    await openFromSidebar(admin, "SEO Ayarları");
    const seoPanel = admin.getByRole("group").filter({ has: admin.getByText("/bonuslar", { exact: true }) });
    await seoPanel.getByText("/bonuslar", { exact: true }).click();
    await seoPanel.getByLabel("Başlık").fill(SEO_TITLE);
    await seoPanel.getByRole("button", { name: "Kaydet" }).click();
    await admin.getByText("SEO ayarları kaydedildi").waitFor();
    await visitor.goto(`${site}/bonuslar`);
    await expect(visitor.title()).resolves.toBe(SEO_TITLE);

    // A splash ad with an uploaded square image; the public site shows it 7 s after load.
    await visitor.goto(`${site}/`);
    await visitor.getByRole("heading", { level: 1, name: HERO_TITLE }).waitFor();
    await openFromSidebar(admin, "Splash Reklamlar");
    await admin.getByRole("link", { name: "Yeni Splash Reklam" }).click();
    await admin.getByRole("heading", { name: "Yeni Splash Reklam Ekle" }).waitFor();
    await admin.getByLabel("Başlık").fill(SPLASH);
    await admin.getByLabel("Hedef URL").fill("https://ege-casino.example/yaz");
    await admin.getByRole("tab", { name: "Dosya Yükle" }).click();
    await admin.getByLabel("Görsel", { exact: true }).setInputFiles(await pngFile("yaz.png", 600, 600));
    await admin.getByText("Görsel başarıyla yüklendi").waitFor();
    await admin.getByRole("img", { name: "Görsel önizleme" }).waitFor();
    await expect(admin.getByLabel("Aktif (sitede gösterilir)").isChecked()).resolves.toBe(true);
    await admin.getByRole("button", { name: "Kaydet" }).click();
    await admin.waitForURL(`${site}/admin/splash-ads`);
    await admin.getByText("Splash reklam başarıyla eklendi").waitFor();
    await admin.getByRole("cell", { name: SPLASH, exact: true }).waitFor();

    const splashVisitor = await newPage(ctx.browser);
    await freezeClock(splashVisitor);
    await splashVisitor.goto(`${site}/`);
    await splashVisitor.getByRole("heading", { level: 1, name: HERO_TITLE }).waitFor();
    const splash = splashVisitor.getByRole("dialog", { name: SPLASH });
    await splashVisitor.clock.runFor(6900);
    expect(await splash.count()).toBe(0);
    await splashVisitor.clock.runFor(200);
    await splash.waitFor();
    await expect(splash.getByRole("link").getAttribute("href")).resolves.toBe("https://ege-casino.example/yaz");
    // Image loading is polled on animation frames, which the frozen clock holds back.
    await splashVisitor.clock.resume();
    expect(await loaded(splash.getByRole("img", { name: SPLASH }))).toContain("/media/splash-ads/");

    // The audit log: one row per step, newest first, each by the operator from their address.
    await openFromSidebar(admin, "Denetim Kaydı");
    const rows = admin.getByRole("table").getByRole("row").filter({ has: admin.getByRole("cell") });
    const entries = await rows.evaluateAll((trs) =>
      trs.map((tr) => {
        const cells = [...tr.querySelectorAll("td")].map((td) => (td as HTMLElement).innerText.trim());
        return { who: cells[1], action: cells[2], record: cells[3], address: cells[4], outcome: cells[5] };
      }),
    );
    const upload = (bucket: string, prefix: string, size: string) => expect.stringMatching(new RegExp(`^${bucket}/${prefix}_\\d{13}_[a-z0-9]{12}\\.png \\(${size}\\)$`));
    expect(entries.map(({ action, record, outcome }) => ({ action, record, outcome }))).toEqual([
      { action: "Splash reklam eklendi", record: SPLASH, outcome: "Başarılı" },
      { action: "Görsel yüklendi", record: upload("splash-ads", "splash", "600x600"), outcome: "Başarılı" },
      { action: "SEO ayarı güncellendi", record: "Bonuslar (/bonuslar)", outcome: "Başarılı" },
      { action: "Hero bölümü güncellendi", record: HERO_TITLE, outcome: "Başarılı" },
      { action: "Yorum silindi", record: `Mehmet: ${MEHMET}`, outcome: "Başarılı" },
      { action: "Yorum güncellendi", record: `Ayşe: ${EDITED_COMMENT}`, outcome: "Başarılı" },
      { action: "Promosyon yayına alındı", record: PROMOTION, outcome: "Başarılı" },
      { action: "Promosyon yayından kaldırıldı", record: PROMOTION, outcome: "Başarılı" },
      { action: "Promosyon eklendi", record: PROMOTION, outcome: "Başarılı" },
      { action: "Görsel yüklendi", record: upload("promotions", "promotion", "1200x675"), outcome: "Başarılı" },
      { action: "Kategori eklendi", record: CATEGORY, outcome: "Başarılı" },
      { action: "Casino eklendi", record: CASINO, outcome: "Başarılı" },
      { action: "Giriş denemesi", record: "Giriş başarılı", outcome: "Başarılı" },
    ]);
    for (const entry of entries) expect(entry).toMatchObject({ who: "admin@e2e.test", address: "127.0.0.1" });

    expectNoPageErrors(admin);
    expectNoPageErrors(visitor);
    expectNoPageErrors(splashVisitor);
  });
});
