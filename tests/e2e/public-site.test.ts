import { describe, expect, it } from "vitest";
import { validateSitemapXml } from "../helpers/xmllint";
import { expectNoPageErrors, freezeClock, newPage, useServerAndBrowser, waitForHydration } from "../helpers/browser";

describe("public site in Chromium", () => {
  const ctx = useServerAndBrowser();

  it("browses home → category chip → search → expand a card → detail → comment", async () => {
    const page = await newPage(ctx.browser, { viewport: { width: 1280, height: 900 } });
    await freezeClock(page);
    await page.goto(`${ctx.server.url}/`);
    await page.getByRole("heading", { level: 1, name: /kazandıran casino bonusları/ }).waitFor();
    await page.getByRole("link", { name: "Bonuslar", exact: true }).first().click();
    await page.waitForURL(`${ctx.server.url}/bonuslar`);

    // Category chip: the category's own page (issue 10 §2), and 'Aktif Filtre' shows.
    await page.getByRole("navigation", { name: "Kategoriler" }).getByRole("link", { name: /Kayıp Bonusu/ }).click();
    await page.waitForURL(`${ctx.server.url}/bonuslar/kayip-bonusu`);
    await page.getByRole("heading", { level: 1, name: "Kayıp Bonusu" }).waitFor();
    await page.getByText("Aktif Filtre").waitFor();
    const cards = page.locator("article");
    const titles = await cards.locator("h3").allTextContents();
    expect(titles.length).toBeGreaterThan(0);
    expect(titles.every((t) => t.includes("Kayıp"))).toBe(true);

    // Search inside the category, the Turkish way (upper-case İ/I).
    await page.getByPlaceholder("Bonus ara...").fill("IŞILTI BET");
    await page.clock.runFor(400);
    await page.waitForURL(/\/bonuslar\/kayip-bonusu\?q=I%C5%9EILTI(\+|%20)BET/);
    await page.waitForFunction(() => {
      const shown = [...document.querySelectorAll("article h3")].map((h) => h.textContent ?? "");
      return shown.length > 0 && shown.every((title) => title.startsWith("Işıltı Bet"));
    });
    const found = await cards.locator("h3").allTextContents();
    expect(found).toContain("Işıltı Bet Haftalık %20 Kayıp Bonusu");
    expect(found.every((title) => title.startsWith("Işıltı Bet") && title.includes("Kayıp"))).toBe(true);

    // Nothing matches: the spec's empty text, then clear the filters.
    await page.getByPlaceholder("Bonus ara...").fill("olmayanbonus");
    await page.clock.runFor(400);
    await page.getByText("Bu kriterlere uygun promosyon bulunamadı.").waitFor();
    await page.getByRole("link", { name: "Filtreleri Temizle" }).click();
    await page.waitForURL(`${ctx.server.url}/bonuslar`);
    await page.waitForFunction(() => document.querySelectorAll("article").length > 10);

    // Expand one card, then another: only one is open at a time.
    const first = cards.nth(0);
    const second = cards.nth(1);
    await first.getByRole("button", { name: "Devamını oku" }).click();
    await first.getByText("Şartlar ve Koşullar", { exact: true }).waitFor();
    await second.getByRole("button", { name: "Devamını oku" }).click();
    await second.getByText("Şartlar ve Koşullar", { exact: true }).waitFor();
    expect(await first.getByText("Şartlar ve Koşullar", { exact: true }).count()).toBe(0);
    await second.getByRole("button", { name: "Gizle" }).click();
    expect(await second.getByText("Şartlar ve Koşullar", { exact: true }).count()).toBe(0);

    // 'Bonus Al' opens the offer in a new tab, through the site's counted /git/ link (issue 11 §3), without passing ranking.
    const claim = first.getByRole("link", { name: "Bonus Al" });
    expect(await claim.getAttribute("target")).toBe("_blank");
    expect(await claim.getAttribute("rel")).toBe("sponsored nofollow noopener");
    expect(await claim.getAttribute("href")).toMatch(/^\/git\/[a-z0-9-]+\/[a-z0-9-]+\?yer=card$/);

    // The card's title links to its page (issue 10 §2), as 'Detayları Gör' does; then a comment.
    const title = (await first.locator("h3").textContent())!;
    const detailHref = await first.getByRole("link", { name: "Detayları Gör" }).getAttribute("href");
    expect(await first.getByRole("heading", { level: 3 }).getByRole("link", { name: title }).getAttribute("href")).toBe(detailHref);
    await first.getByRole("link", { name: "Detayları Gör" }).click();
    await page.getByRole("heading", { level: 1, name: title }).waitFor();
    expect(page.url()).toMatch(/\/bonuslar\/[a-z0-9-]+\/[a-z0-9-]+$/);

    await page.getByLabel("Kullanıcı adı").fill("E2E Ziyaretçi");
    await page.locator('label[for="rating-3"]').click(); // the third star
    expect(await page.locator("#rating-3").isChecked()).toBe(true);
    await page.getByLabel("Yorumunuz").fill("Tarayıcıdan yazılmış bir deneme yorumu.");
    await page.getByRole("button", { name: "Yorum Gönder" }).click();
    await page.getByText("Yorumunuz başarıyla eklendi").waitFor();
    const firstComment = page.getByTestId("comment-list").locator("li").first();
    await firstComment.getByText("Tarayıcıdan yazılmış bir deneme yorumu.").waitFor();
    await expect(firstComment.getByRole("img", { name: "3 / 5 puan" }).count()).resolves.toBe(1);
    // The form was reset, rating back to 5.
    expect(await page.getByLabel("Kullanıcı adı").inputValue()).toBe("");
    expect(await page.locator("#rating-5").isChecked()).toBe(true);

    // A blank comment gets the spec's toast and keeps what was typed.
    await page.getByLabel("Kullanıcı adı").fill("Boş Yorumcu");
    await page.getByLabel("Yorumunuz").fill("   ");
    await page.getByRole("button", { name: "Yorum Gönder" }).click();
    await page.getByText("Lütfen yorumunuzu yazın").waitFor();
    expect(await page.getByLabel("Kullanıcı adı").inputValue()).toBe("Boş Yorumcu");
    expectNoPageErrors(page);
  });

  it("renders one page of offers, loads more on demand, and links every page for crawlers", async () => {
    const page = await newPage(ctx.browser, { viewport: { width: 1280, height: 900 } });
    await freezeClock(page);
    await page.goto(`${ctx.server.url}/bonuslar`);
    const cards = page.locator("article");
    expect(await cards.count()).toBe(24);
    const pages = page.getByRole("navigation", { name: "Sayfalar" });
    expect(await pages.getByRole("link", { name: "Sayfa 2" }).getAttribute("href")).toBe("/bonuslar?sayfa=2");
    expect(await pages.getByRole("link", { name: "Sonraki" }).getAttribute("rel")).toBe("next");

    // Without scripts, ?sayfa=2 is a page of its own; 'load more' brings exactly those offers.
    const second = await (await fetch(`${ctx.server.url}/bonuslar?sayfa=2`)).text();
    const onSecond = second.match(/<article/g)?.length ?? 0;
    expect(onSecond).toBeGreaterThan(0);
    // The button works once React has reached it: the document's hydration runs after `load`
    // and yields to the browser, so on a busy machine the body can be React's before the button.
    const loadMore = page.getByRole("button", { name: "Daha fazla bonus göster" });
    await waitForHydration(loadMore);
    await loadMore.click();
    await page.waitForFunction((n) => document.querySelectorAll("article").length === n, 24 + onSecond);
    const titles = await cards.locator("h3").allTextContents();
    expect(new Set(titles).size).toBe(24 + onSecond);
    if (24 + onSecond <= 48) expect(await page.getByRole("button", { name: "Daha fazla bonus göster" }).count()).toBe(0);
    expectNoPageErrors(page);
  });

  it("scrolls the casino carousel by three cards, disabling the buttons at the ends", async () => {
    const page = await newPage(ctx.browser, { viewport: { width: 1280, height: 900 } });
    await freezeClock(page);
    await page.goto(`${ctx.server.url}/`);
    const previous = page.getByRole("button", { name: "Önceki siteler" });
    const next = page.getByRole("button", { name: "Sonraki siteler" });
    const track = page.getByTestId("casino-carousel");
    await track.scrollIntoViewIfNeeded();
    expect(await previous.isDisabled()).toBe(true);
    expect(await next.isDisabled()).toBe(false);

    // Smooth scrolling takes its time: wait until the position stops moving.
    const settled = async () => {
      let last = -1;
      for (let i = 0; i < 50; i++) {
        const now = await track.evaluate((el) => el.scrollLeft);
        if (now === last) return now;
        last = now;
        await page.waitForTimeout(100);
      }
      throw new Error("the carousel did not stop scrolling");
    };
    const cardWidth = await track.locator("[data-carousel-item]").first().evaluate((el) => el.getBoundingClientRect().width + parseFloat(getComputedStyle(el.parentElement!).columnGap));
    await next.click();
    await page.waitForFunction(() => !document.querySelector<HTMLButtonElement>('button[aria-label="Önceki siteler"]')!.disabled);
    const scrolled = await settled();
    expect(Math.abs(scrolled - 3 * cardWidth)).toBeLessThanOrEqual(6);

    for (let i = 0; i < 5 && !(await next.isDisabled()); i++) {
      await next.click();
      await settled();
    }
    await page.waitForFunction(() => document.querySelector<HTMLButtonElement>('button[aria-label="Sonraki siteler"]')!.disabled);
    expect(await previous.isDisabled()).toBe(false);
    expectNoPageErrors(page);
  });

  it("shows the splash ad 7 s after load, closable after a 5 s countdown", async () => {
    const page = await newPage(ctx.browser);
    await freezeClock(page);
    await page.goto(`${ctx.server.url}/blog`);
    await page.getByRole("heading", { level: 1, name: "Blog" }).waitFor();
    const dialog = page.getByRole("dialog", { name: /Bedava Dönüş Şöleni|Deneme Bonusu/ });

    await page.clock.runFor(6900);
    expect(await dialog.count()).toBe(0);
    await page.clock.runFor(200);
    await dialog.waitFor();
    const image = dialog.getByRole("img");
    expect(await image.getAttribute("width")).toBe(await image.getAttribute("height"));
    const link = dialog.getByRole("link");
    expect(await link.getAttribute("target")).toBe("_blank");
    expect(await dialog.getByRole("button", { name: "Reklamı kapat" }).count()).toBe(0);
    await dialog.getByText("5", { exact: true }).waitFor();

    await page.clock.runFor(4000);
    expect(await dialog.getByRole("button", { name: "Reklamı kapat" }).count()).toBe(0);
    await page.clock.runFor(1100);
    const close = dialog.getByRole("button", { name: "Reklamı kapat" });
    await close.waitFor();
    // Playwright's click waits for animation frames, which the frozen clock holds back.
    await page.clock.resume();
    await close.click();
    expect(await dialog.count()).toBe(0);
    expectNoPageErrors(page);
  });

  it("never shows the splash ad on admin pages", async () => {
    const page = await newPage(ctx.browser);
    await freezeClock(page);
    await page.goto(`${ctx.server.url}/admin/login`);
    await page.getByRole("heading", { name: "Admin Paneli" }).waitFor();
    await page.clock.runFor(15_000);
    expect(await page.getByRole("dialog").count()).toBe(0);
  });

  it("counts a visitor's view of a post once a day and shows the count", async () => {
    const page = await newPage(ctx.browser);
    await freezeClock(page);
    const url = `${ctx.server.url}/blog/cevrim-sarti-nedir-ve-nasil-hesaplanir`;
    // The page is cached; each view is counted by a small request whose answer it shows.
    const visit = async (go: () => Promise<unknown>) => {
      const beacon = page.waitForResponse((response) => response.url().endsWith("/view"));
      await go();
      const { viewCount } = (await (await beacon).json()) as { viewCount: number };
      await page.getByTestId("view-count").getByText(`${viewCount} görüntülenme`).waitFor();
      return viewCount;
    };
    const first = await visit(() => page.goto(url));
    expect(first).toBeGreaterThan(0);
    // Issue 7, finding 11: the same visitor (address) is counted once per post and day.
    expect(await visit(() => page.goto(url))).toBe(first);
    expect(await visit(() => page.reload())).toBe(first);
    await expect(page.getByTestId("view-count").textContent()).resolves.toMatch(/görüntülenme$/);

    // 'Günün Bonusları' shows 5, then the rest on demand.
    const bonuses = page.getByTestId("day-bonuses").locator("li");
    expect(await bonuses.count()).toBe(5);
    await page.getByRole("button", { name: "Daha Fazla Bonus Göster" }).click();
    expect(await bonuses.count()).toBeGreaterThan(5);
    await page.getByRole("button", { name: "Daha Az Göster" }).click();
    expect(await bonuses.count()).toBe(5);
    expectNoPageErrors(page);
  });

  it("shows the not-found screens of the spec", async () => {
    const page = await newPage(ctx.browser);
    await freezeClock(page);
    await page.goto(`${ctx.server.url}/blog/olmayan-yazi`);
    await page.getByRole("heading", { name: "Blog yazısı bulunamadı" }).waitFor();
    await page.getByText("Aradığınız blog yazısı mevcut değil veya kaldırılmış olabilir.").waitFor();
    await page.goto(`${ctx.server.url}/casino/olmayan-casino-sitesi`);
    await page.getByRole("heading", { name: "Casino bulunamadı" }).waitFor();
    await page.getByText("Casino site bulunamadı").waitFor();
    await page.goto(`${ctx.server.url}/promotion/olmayan`);
    await page.getByRole("heading", { name: "Hata" }).waitFor();
    await page.getByText("Promosyon bulunamadı (olmayan)").waitFor();
    await page.getByText("Kod: 404").waitFor();
    await page.getByRole("link", { name: "Tüm Bonuslara Dön" }).waitFor();
    // The 404 document requests show in the console; nothing else may.
    expect(page.errors.filter((e) => !/404/.test(e))).toEqual([]);
  });

  it("serves SEO tags in the first HTML, with a raster share image", async () => {
    const html = await (await fetch(`${ctx.server.url}/casino/izmir-casino`)).text();
    expect(html).toContain("<title>İzmir Casino İnceleme ve Bonuslar</title>");
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/127\.0\.0\.1:\d+\/casino\/izmir-casino"/);
    expect(html).toContain('"@type":"BreadcrumbList"');
    // Issue 10 §2: og:image was the SVG logo; social networks show only raster images.
    const image = /<meta property="og:image" content="([^"]+)"/.exec(html)![1]!;
    expect(html).toContain('<meta property="og:image:width" content="1200"/>');
    expect(html).toContain('<meta property="og:image:height" content="630"/>');
    expect(html).toMatch(/<meta property="og:image:alt" content="İzmir Casino[^"]*"/);
    const answer = await fetch(image);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toMatch(/^image\/(jpeg|png)$/);
  });

  it("serves a sitemap that is valid against the sitemaps.org schema and lists published posts only", async () => {
    const response = await fetch(`${ctx.server.url}/sitemap.xml`);
    expect(response.headers.get("content-type")).toMatch(/^application\/xml/);
    const xml = await response.text();
    await validateSitemapXml(xml, "sitemap.xsd");
    expect(xml).toContain("/blog/cevrim-sarti-nedir-ve-nasil-hesaplanir</loc>");
    expect(xml).not.toContain("/blog/vip-programlari-gercekten-avantajli-mi</loc>"); // a draft
    // Issue 10 §2: the promotion pages and the category pages are in it too.
    expect(xml).toMatch(/\/bonuslar\/anadolu-casino\/anadolu-casino-100-hos-geldin-bonusu<\/loc><lastmod>/);
    expect(xml).toMatch(/\/bonuslar\/kayip-bonusu<\/loc><lastmod>/);
    expect(await (await fetch(`${ctx.server.url}/sitemap`)).text()).toBe(xml);
  });
});
