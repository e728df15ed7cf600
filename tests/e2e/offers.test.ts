import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoPageErrors, launchBrowser, newPage, waitForHydration } from "../helpers/browser";
import { createThrowawayDatabaseUrl } from "../helpers/db";
import { startServer, type TestServer } from "../helpers/server";
import { openDatabase, type Database } from "~/db/db.server";
import { insertCasino, insertComment, insertPromotion } from "~/seed/factories.server";

// Issue 11 §2 on a phone (390 x 844, as an iPhone 12-15): two offers per screen on
// /bonuslar, 'Bonus Al' above the fold on an offer's page, the code copied with one tap, the
// wagering calculator, and an expired offer's page. The offers are written straight into
// the server's PostgreSQL database before the pages are first served.
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };
const DAY = 24 * 60 * 60 * 1000;

describe.skipIf(!process.env.TEST_DATABASE_URL)("offers a visitor can scan, on a phone", () => {
  let database: Awaited<ReturnType<typeof createThrowawayDatabaseUrl>>;
  let direct: Database;
  let server: TestServer;
  let browser: Browser;
  const detail = "/bonuslar/mavi-casino/mavi-casino-yuzde-100-hos-geldin-bonusu";
  const expiredDetail = "/bonuslar/mavi-casino/mavi-casino-gecen-haftanin-bonusu";

  beforeAll(async () => {
    database = await createThrowawayDatabaseUrl();
    [server, browser] = await Promise.all([startServer({ DATABASE_URL: database.url, DEMO_CONTENT: "false" }), launchBrowser()]);
    direct = await openDatabase({ driver: "postgres", url: database.url, max: 2 });
    const casino = await insertCasino(direct.db, { name: "Mavi Casino" });
    const welcome = await insertPromotion(direct.db, {
      title: "Mavi Casino Yüzde 100 Hoş Geldin Bonusu",
      casinoId: casino.id,
      description: "<p>İlk yatırıma yüzde yüz, 5.000 TL'ye kadar bonus.</p><p>Bonus canlı destekten talep edilir ve slot oyunlarında kullanılır; şartları aşağıda madde madde.</p>",
      terms: ["Bonus yalnızca slot oyunlarında geçerlidir."],
      promotionCode: "MAVI100",
      expiryDate: new Date(Date.now() + 30 * DAY),
      bonusType: "deposit",
      bonusPercent: 100,
      bonusCap: 5000,
      minDeposit: 100,
      wageringMultiplier: 35,
      wageringBasis: "deposit_bonus",
      maxCashout: 25000,
      createdAt: new Date(Date.now() - 1000),
    });
    await insertPromotion(direct.db, {
      title: "Mavi Casino 500 TL Deneme Bonusu",
      casinoId: casino.id,
      promotionCode: "DENE500",
      bonusType: "no_deposit",
      bonusAmount: 500,
      wageringMultiplier: 20,
      wageringBasis: "bonus",
      maxCashout: 1000,
      createdAt: new Date(Date.now() - 2000),
    });
    await insertPromotion(direct.db, { title: "Mavi Casino 200 Freespin", casinoId: casino.id, bonusType: "free_spins", freeSpins: 200, minDeposit: 250, wageringMultiplier: 25, createdAt: new Date(Date.now() - 3000) });
    await insertPromotion(direct.db, { title: "Mavi Casino Geçen Haftanın Bonusu", casinoId: casino.id, bonusType: "cashback", bonusPercent: 20, expiryDate: new Date(Date.now() - DAY) });
    for (const rating of [5, 4, 4]) await insertComment(direct.db, { promotionId: welcome.id, rating });
  });
  afterAll(async () => {
    await direct?.close();
    await browser?.close();
    await server?.stop();
    await database?.drop();
  });

  it("shows at least two whole offers per screen on /bonuslar, each with its value, chips and rating as text", async () => {
    const page = await newPage(browser, PHONE);
    await page.goto(`${server.url}/bonuslar`);
    const cards = page.locator("article");
    await cards.first().waitFor();
    expect(await cards.locator("h3").allTextContents()).toEqual(["Mavi Casino Yüzde 100 Hoş Geldin Bonusu", "Mavi Casino 500 TL Deneme Bonusu", "Mavi Casino 200 Freespin"]);
    const first = cards.nth(0);
    await first.getByText("%100 · 5.000 TL'ye kadar").waitFor();
    expect(await first.getByRole("list", { name: "Öne çıkan şartlar" }).getByRole("listitem").allTextContents()).toEqual(["Çevrim 35x", "Min. yatırım 100 TL", expect.stringMatching(/^Son tarih \d\d\.\d\d\.\d{4}$/)]);
    await first.getByText("4,3 / 5 · 3 yorum").waitFor();
    await cards.nth(1).getByText(/^Bonus: 500 TL Deneme Bonusu$/).waitFor();

    // The first offer scrolled to just below the fixed header: the second fits whole under it.
    const headerBottom = (await page.locator("header").first().boundingBox())!.height;
    await first.evaluate((card, top) => window.scrollTo(0, card.getBoundingClientRect().top + window.scrollY - top - 8), headerBottom);
    const [a, b] = [(await first.boundingBox())!, (await cards.nth(1).boundingBox())!];
    expect(a.y).toBeGreaterThanOrEqual(headerBottom);
    expect(b.y + b.height).toBeLessThanOrEqual(844);
    // And the page does not scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expectNoPageErrors(page);
  });

  it("puts 'Bonus Al' above the fold, copies the code, and computes the wagering for a typed deposit", async () => {
    // Without scripts the figures are already there, for the default 1.000 TL deposit: 35 × (1.000 + 1.000).
    const html = await (await fetch(`${server.url}${detail}`)).text();
    expect(html).toMatch(/Alacağınız bonus<\/dt><dd[^>]*>1\.000 TL<\/dd>/);
    expect(html).toMatch(/Gereken çevrim<\/dt><dd[^>]*>70\.000 TL<\/dd>/);
    expect(html).toMatch(/Maksimum çekim<\/dt><dd[^>]*>25\.000 TL<\/dd>/);

    const page = await newPage(browser, PHONE);
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
    await page.goto(`${server.url}${detail}`);
    const claim = page.getByRole("region", { name: "Bonus özeti" }).getByRole("link", { name: "Bonus Al" });
    const box = (await claim.boundingBox())!;
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(box.y + box.height).toBeLessThanOrEqual(844);

    const copy = page.getByRole("button", { name: /^Kopyala/ });
    await waitForHydration(copy);
    await copy.click();
    await page.getByRole("button", { name: /^Kopyalandı/ }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("MAVI100");

    const deposit = page.getByLabel("Yatırım tutarı (TL)");
    await deposit.fill("2.500");
    const result = page.getByTestId("calculator-result");
    // 100% of 2.500 TL; 35 × (2.500 + 2.500) = 175.000 TL.
    await result.getByText("175.000 TL").waitFor();
    expect(await result.locator("dd").allTextContents()).toEqual(["2.500 TL", "175.000 TL", "25.000 TL"]);
    // Past the cap: 5.000 TL of bonus, 35 × (20.000 + 5.000).
    await deposit.fill("20000");
    await result.getByText("875.000 TL").waitFor();
    expect(await result.locator("dd").allTextContents()).toEqual(["5.000 TL", "875.000 TL", "25.000 TL"]);
    await page.getByText("Bonus 5.000 TL üst limitine ulaştı; daha yüksek yatırım bonusu artırmaz.").waitFor();
    // Below the minimum deposit: nothing, and why.
    await deposit.fill("50");
    await page.getByText("Minimum yatırım 100 TL: bu tutarla bonus alınamaz.").waitFor();
    expect(await result.locator("dd").allTextContents()).toEqual(["0 TL", "Belirtilmemiş", "25.000 TL"]);

    // 'Şartlar ve koşullar geçerlidir' leads to the terms on the page.
    await page.getByRole("region", { name: "Bonus özeti" }).getByRole("link", { name: /Şartlar ve koşullar geçerlidir/ }).click();
    await page.waitForURL(`${server.url}${detail}#sartlar`);
    expectNoPageErrors(page);
  });

  it("keeps an expired offer's page with 'Süresi doldu' and the casino's active offers, and lists it nowhere", async () => {
    const page = await newPage(browser, PHONE);
    await page.goto(`${server.url}${expiredDetail}`);
    await page.getByRole("status").getByText("Süresi doldu").waitFor();
    expect(await page.getByRole("region", { name: "Bonus özeti" }).getByRole("link", { name: "Bonus Al" }).count()).toBe(0);
    const active = page.getByRole("heading", { level: 2, name: "Mavi Casino Güncel Promosyonları" });
    await active.waitFor();
    expect(await page.locator("article article h3").allTextContents()).toEqual(["Mavi Casino Yüzde 100 Hoş Geldin Bonusu", "Mavi Casino 500 TL Deneme Bonusu", "Mavi Casino 200 Freespin"]);
    await page.goto(`${server.url}/casino/mavi-casino`);
    await page.getByRole("heading", { level: 2, name: "Site Promosyonları" }).waitFor();
    expect(await page.locator("article h3").allTextContents()).not.toContain("Mavi Casino Geçen Haftanın Bonusu");
    expectNoPageErrors(page);
  });
});
