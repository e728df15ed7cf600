import { describe, expect, it } from "vitest";
import { expectNoPageErrors, newPage, useServerAndBrowser } from "../helpers/browser";

describe("public shell in Chromium", () => {
  const ctx = useServerAndBrowser();

  it("lands an unknown path on the home page", async () => {
    const page = await newPage(ctx.browser);
    await page.goto(`${ctx.server.url}/olmayan/bir/sayfa`);
    expect(new URL(page.url()).pathname).toBe("/");
    await page.getByRole("heading", { level: 1 }).waitFor();
    expectNoPageErrors(page);
  });

  it("opens the mobile drawer at 390 px, locks body scroll and closes it three ways", async () => {
    const page = await newPage(ctx.browser, { viewport: { width: 390, height: 844 } });
    await page.goto(`${ctx.server.url}/`);
    const header = page.locator("header");
    expect((await header.boundingBox())!.height).toBe(64); // h-16 on mobile
    // Closed, the drawer is hidden from assistive technology, so find it by id for geometry.
    const drawer = page.locator("#mobile-menu");
    const isOpen = async () => ((await drawer.boundingBox())?.x ?? -999) >= 0;

    const open = async () => {
      await page.getByRole("button", { name: "Menüyü aç" }).click();
      await page.waitForFunction(() => document.body.style.overflow === "hidden");
      await page.waitForTimeout(350); // the 300 ms slide
      expect(await isOpen()).toBe(true);
      expect((await drawer.boundingBox())!.width).toBe(288); // w-72
      await page.getByRole("dialog", { name: "Mobil menü" }).waitFor();
    };

    await open();
    await page.getByRole("button", { name: "Menüyü kapat" }).click();
    await page.waitForTimeout(350);
    expect(await isOpen()).toBe(false);
    expect(await page.evaluate(() => document.body.style.overflow)).toBe("");

    await open();
    await page.mouse.click(370, 400); // the overlay, right of the 288 px drawer
    await page.waitForTimeout(350);
    expect(await isOpen()).toBe(false);

    await open();
    await drawer.getByRole("link", { name: "Anasayfa" }).click();
    await page.waitForTimeout(350);
    expect(await isOpen()).toBe(false);
    expectNoPageErrors(page);
  });

  it("scrolls to the top on every path change, unless the address has a hash", async () => {
    // The real clock here: scrolling is committed on animation frames.
    const page = await newPage(ctx.browser, { viewport: { width: 1280, height: 800 } });
    await page.goto(`${ctx.server.url}/`);
    // Hydrated (the shell turns the browser's scroll restoration off), so the footer link
    // navigates in the page and a scroll made now must survive until then.
    await page.waitForFunction(() => history.scrollRestoration === "manual");
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    await page.locator("footer").getByRole("link", { name: "Güvenilir Siteler" }).click();
    await page.waitForURL(`${ctx.server.url}/guvenilir-siteler`);
    await page.waitForFunction(() => window.scrollY === 0);
    expect(await page.evaluate(() => history.scrollRestoration)).toBe("manual");

    // The hero button goes to #promotions-section: the page scrolls there, not to the top.
    await page.goto(`${ctx.server.url}/`);
    await page.getByRole("link", { name: "Bonusları Keşfet" }).click();
    await page.waitForFunction(() => window.scrollY > 300);
    expect(new URL(page.url()).hash).toBe("#promotions-section");
    expectNoPageErrors(page);
  });

  it("follows a card's link inside the page, leaves a modified click to the browser, and Back returns (ADR 016)", async () => {
    const page = await newPage(ctx.browser, { viewport: { width: 1280, height: 800 } });
    await page.goto(`${ctx.server.url}/bonuslar`);
    await page.waitForFunction(() => history.scrollRestoration === "manual"); // hydrated
    // A mark on this document: a full page load would lose it.
    await page.evaluate(() => Object.assign(window, { __samePage: true }));
    const title = page.locator("article h3 a").first();
    const name = (await title.textContent())!.trim();
    const href = (await title.getAttribute("href"))!;
    expect(href).toMatch(/^\/bonuslar\/[^/]+\/[^/]+$/);

    // Ctrl+click opens a new tab and leaves this page where it is.
    const [tab] = await Promise.all([page.context().waitForEvent("page"), title.click({ modifiers: ["Control"] })]);
    await tab!.waitForLoadState();
    expect(new URL(tab!.url()).pathname).toBe(href);
    await tab!.close();
    expect(new URL(page.url()).pathname).toBe("/bonuslar");

    await title.click();
    await page.waitForURL(`${ctx.server.url}${href}`);
    await page.getByRole("heading", { level: 1, name }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);

    await page.goBack();
    await page.waitForURL(`${ctx.server.url}/bonuslar`);
    await page.locator("article h3 a").first().waitFor();
    expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);

    // A category chip is React Router's own link (it keeps the scroll position): it handles
    // the click, and the document's listener must not navigate a second time: one request
    // for the category's data, and one Back returns to the list.
    const dataRequests: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.startsWith("/bonuslar/kayip-bonusu")) dataRequests.push(request.url());
    });
    await page.getByRole("navigation", { name: "Kategoriler" }).getByRole("link", { name: /Kayıp Bonusu/ }).click();
    await page.waitForURL(`${ctx.server.url}/bonuslar/kayip-bonusu`);
    await page.getByRole("heading", { level: 1, name: /Kayıp Bonusu/ }).waitFor();
    expect(dataRequests).toEqual([`${ctx.server.url}/bonuslar/kayip-bonusu.data`]);
    await page.goBack();
    await page.waitForURL(`${ctx.server.url}/bonuslar`);
    expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
    expectNoPageErrors(page);
  });

  it("renders only the offer cards near the screen; the rest as the visitor scrolls to them", async () => {
    const page = await newPage(ctx.browser, { viewport: { width: 390, height: 844 } });
    await page.goto(`${ctx.server.url}/bonuslar`);
    const cards = page.locator("article");
    expect(await cards.count()).toBeGreaterThan(12);
    // checkVisibility's contentVisibilityAuto: false inside a card whose rendering the browser skips.
    const rendered = () => cards.evaluateAll((all) => all.map((card) => card.querySelector("h3")!.checkVisibility({ contentVisibilityAuto: true })));
    const before = await rendered();
    expect(before[0]).toBe(true);
    expect(before.at(-1)).toBe(false);
    expect(before.filter(Boolean).length).toBeLessThan(before.length / 2);
    await cards.last().scrollIntoViewIfNeeded();
    await page.waitForFunction(() => [...document.querySelectorAll("article h3")].at(-1)!.checkVisibility({ contentVisibilityAuto: true }));
    // Its title is a whole link a visitor can read and follow.
    expect(await cards.last().locator("h3 a").textContent()).toMatch(/\S/);
    expectNoPageErrors(page);
  });

  it("shows the desktop navigation in an h-20 header", async () => {
    const page = await newPage(ctx.browser, { viewport: { width: 1280, height: 800 } });
    await page.goto(`${ctx.server.url}/`);
    expect((await page.locator("header").boundingBox())!.height).toBe(80);
    const nav = page.getByRole("navigation", { name: "Ana menü" });
    for (const label of ["Anasayfa", "Bonuslar", "Güvenilir Siteler", "Blog"]) {
      await expect(nav.getByRole("link", { name: label }).isVisible()).resolves.toBe(true);
    }
    expectNoPageErrors(page);
  });
});
