import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "~/db/db.server";
import { getDb } from "~/db/index.server";
import { outboundClicks } from "~/db/schema";
import { eq, sql } from "drizzle-orm";
import { insertCasino, insertPromotion } from "~/seed/factories.server";
import { useAdminBrowserOnPostgres } from "../helpers/admin-browser";
import { expectNoPageErrors, freezeClock, newPage, type TrackedPage } from "../helpers/browser";
import { createThrowawayDatabaseUrl } from "../helpers/db";
import { sendRaw, type RawResponse } from "../helpers/hostile-inputs";
import { startServer } from "../helpers/server";

// Issue 11 §3 and §4 as a visitor and an operator see them: 'Bonus Al' leads through /git/ to
// the casino, an address change moves the next click, the dashboard counts them with its
// chart and top lists, the chart library never reaches a public page, and a clean shutdown
// loses no counted click.
const BUILD_DIR = process.env.BUILD_DIR ?? "build";
// Headless Chromium says 'HeadlessChrome', which isbot rightly calls a bot: a visitor's browser does not.
const VISITOR_AGENT = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const OTHER_VISITOR_AGENT = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1";
/** uPlot's own class names, in its code and nowhere else in the build. */
const containsChart = (source: string) => /u-legend|u-over/.test(source);

function readManifest() {
  const assets = path.join(BUILD_DIR, "client", "assets");
  const file = fs.readdirSync(assets).find((name) => /^manifest-.*\.js$/.test(name))!;
  const source = fs.readFileSync(path.join(assets, file), "utf8");
  return JSON.parse(source.replace(/^window\.__reactRouterManifest=/, "").replace(/;?\s*$/, "")) as {
    entry: { module: string; imports: string[] };
    routes: Record<string, { id: string; module: string; imports?: string[] }>;
  };
}
const assetSource = (asset: string) => fs.readFileSync(path.join(BUILD_DIR, "client", asset), "utf8");

describe("the chart library stays out of public pages", () => {
  it("no public route's scripts contain uPlot; the dashboard loads it on its own", () => {
    const manifest = readManifest();
    const publicIds = Object.keys(manifest.routes).filter((id) => !id.includes("admin"));
    expect(publicIds).toEqual(expect.arrayContaining(["root", "routes/public/layout", "routes/public/home", "promotion-by-slugs", "casino-by-id", "outbound-casino"]));
    const publicAssets = new Set([manifest.entry.module, ...manifest.entry.imports, ...publicIds.flatMap((id) => [manifest.routes[id]!.module, ...(manifest.routes[id]!.imports ?? [])])]);
    expect([...publicAssets].filter((asset) => containsChart(assetSource(asset)))).toEqual([]);
    // The check can see uPlot where it is: a chunk of its own, imported by the dashboard's module when it draws.
    const dashboard = manifest.routes["routes/admin/dashboard"]!;
    const chunk = fs.readdirSync(path.join(BUILD_DIR, "client", "assets")).filter((name) => name.endsWith(".js") && containsChart(assetSource(`/assets/${name}`)));
    expect(chunk).toHaveLength(1);
    expect(assetSource(dashboard.module)).toContain(chunk[0]);
  });
});

/** A stand-in casino site on this machine: answers every path with its name and records the pages it was asked for. */
async function startCasinoSite(name: string): Promise<{ url: string; requests: string[]; close: () => Promise<void> }> {
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    // The page, not the favicon Chromium asks for after it.
    if (req.url !== "/favicon.ico") requests.push(req.url ?? "/");
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(`<!doctype html><title>${name}</title><h1>${name}</h1>`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe.skipIf(!process.env.TEST_DATABASE_URL)("outbound clicks in Chromium", () => {
  const ctx = useAdminBrowserOnPostgres("tiklama@example.com");
  let oldSite: Awaited<ReturnType<typeof startCasinoSite>>;
  let newSite: Awaited<ReturnType<typeof startCasinoSite>>;
  beforeAll(async () => {
    [oldSite, newSite] = await Promise.all([startCasinoSite("Eski Adres"), startCasinoSite("Yeni Adres")]);
  });
  afterAll(async () => {
    await oldSite?.close();
    await newSite?.close();
  });

  const visitorPage = (userAgent = VISITOR_AGENT) => newPage(ctx.browser, { viewport: { width: 390, height: 844 }, userAgent });

  /** Clicks a link that opens a new tab and returns that tab once it has loaded. */
  async function clickToNewTab(page: TrackedPage, name: string) {
    const [tab] = await Promise.all([page.context().waitForEvent("page"), page.getByRole("link", { name, exact: true }).first().click()]);
    await tab.waitForLoadState("domcontentloaded");
    return tab;
  }

  /** Reloads the dashboard until the chart's summary says `summary` (the tally is written every few seconds). */
  async function dashboardShows(page: TrackedPage, summary: RegExp) {
    const panel = page.getByRole("region", { name: "Yönlendirme Tıklamaları" });
    await expect
      .poll(
        async () => {
          await page.goto(`${ctx.server.url}/admin/dashboard`);
          return panel.locator("[data-chart]").getAttribute("aria-label");
        },
        { timeout: 20_000, interval: 250 },
      )
      .toMatch(summary);
    return panel;
  }

  /** The text of a list row's cell under the column headed `header`. */
  async function cellUnder(page: TrackedPage, row: RegExp, header: string): Promise<string> {
    const headers = (await page.locator("thead th").allTextContents()).map((text) => text.trim());
    const column = headers.indexOf(header);
    expect(column, `column ${header} in ${headers.join(", ")}`).toBeGreaterThan(-1);
    return ((await page.getByRole("row", { name: row }).locator("td").nth(column).textContent()) ?? "").trim();
  }

  it("sends a visitor through /git/ to the casino, moves the next click when the operator changes the address, and counts both on the dashboard", async () => {
    const casino = await insertCasino(getDb(), { name: "Göç Casino", url: oldSite.url });
    await insertPromotion(getDb(), { casinoId: casino.id, title: "Göç Hoş Geldin Bonusu", url: `${oldSite.url}/bonus/hosgeldin?kod=GOC100` });

    const visitor = await visitorPage();
    await visitor.goto(`${ctx.server.url}/bonuslar`);
    const card = visitor.locator("article", { hasText: "Göç Hoş Geldin Bonusu" });
    const claim = card.getByRole("link", { name: "Bonus Al" });
    expect(await claim.getAttribute("href")).toBe("/git/goc-casino/goc-hos-geldin-bonusu?yer=card");
    expect(await claim.getAttribute("rel")).toBe("sponsored nofollow noopener");
    expect(await claim.getAttribute("target")).toBe("_blank");
    const [first] = await Promise.all([visitor.context().waitForEvent("page"), claim.click()]);
    await first.getByRole("heading", { name: "Eski Adres" }).waitFor();
    expect(first.url()).toBe(`${oldSite.url}/bonus/hosgeldin?kod=GOC100`);

    // The operator moves the casino to its new domain in the back office.
    const operator = await ctx.adminPage();
    await operator.goto(`${ctx.server.url}/admin/casinos/edit/${casino.id}`);
    // The description field is filled by the rich-text editor once it has mounted.
    await operator.waitForFunction(() => document.querySelector<HTMLButtonElement>('button[aria-label="Kalın"]')?.disabled === false);
    await operator.getByLabel("Güncel adres").fill(newSite.url);
    await operator.getByLabel("Güncel adres").press("Enter");
    await operator.getByText("Casino başarıyla güncellendi").waitFor();

    // The first visitor again, on the card they loaded before the change: the new address, path
    // and query kept (within 30 s of their first click, so not counted again).
    const again = await clickToNewTab(visitor, "Bonus Al");
    await again.getByRole("heading", { name: "Yeni Adres" }).waitFor();
    expect(again.url()).toBe(`${newSite.url}/bonus/hosgeldin?kod=GOC100`);
    // Another visitor: the card's link, then the casino page's 'Siteye Git', both to the new address.
    const other = await visitorPage(OTHER_VISITOR_AGENT);
    await other.goto(`${ctx.server.url}/bonuslar`);
    const otherCard = await clickToNewTab(other, "Bonus Al");
    await otherCard.getByRole("heading", { name: "Yeni Adres" }).waitFor();
    await other.goto(`${ctx.server.url}/casino/goc-casino`);
    expect(await other.getByRole("link", { name: "Siteye Git" }).getAttribute("href")).toBe("/git/goc-casino?yer=casino");
    const site = await clickToNewTab(other, "Siteye Git");
    await site.getByRole("heading", { name: "Yeni Adres" }).waitFor();
    expect(site.url()).toBe(`${newSite.url}/`);
    expect(oldSite.requests).toEqual(["/bonus/hosgeldin?kod=GOC100"]);
    expect(newSite.requests).toEqual(["/bonus/hosgeldin?kod=GOC100", "/bonus/hosgeldin?kod=GOC100", "/"]);

    // Counted: two visitors' card clicks on the offer, one casino-page click: three for the casino.
    const panel = await dashboardShows(operator, /^Son 30 günde toplam 3 tıklama; en çok /);
    const topPromotions = panel.getByRole("region", { name: "En Çok Tıklanan Promosyonlar" });
    const topCasinos = panel.getByRole("region", { name: "En Çok Tıklanan Casinolar" });
    for (const window of ["Son 7 gün", "Son 30 gün"]) {
      await expect(topPromotions.getByRole("table", { name: window }).getByRole("row", { name: /Göç Hoş Geldin Bonusu/ }).textContent()).resolves.toBe("Göç Hoş Geldin BonusuGöç Casino2");
      await expect(topCasinos.getByRole("table", { name: window }).getByRole("row", { name: /Göç Casino/ }).textContent()).resolves.toBe("Göç Casino3");
    }

    // The chart is drawn (uPlot's canvas), with a text alternative and a table of the days.
    const chart = panel.locator('[data-chart="drawn"]');
    await chart.waitFor();
    await expect(chart.locator("canvas").count()).resolves.toBeGreaterThan(0);
    await panel.getByText("Günlük tıklamalar tablosu").click();
    const days = panel.getByRole("table", { name: /Son 30 günün günlük tıklamaları/ });
    await expect(days.locator("tbody tr").count()).resolves.toBe(30);
    // Today's row (the last): 3 in all, 2 from a card, none from a detail page, 1 from the casino page, none from a splash ad.
    await expect(days.locator("tbody tr").last().locator("td").allTextContents()).resolves.toEqual(["3", "2", "0", "1", "0"]);

    // The lists' clicks columns, and the casino's current address in its row.
    await operator.goto(`${ctx.server.url}/admin/casinos`);
    expect(await operator.getByRole("row", { name: /Göç Casino/ }).textContent()).toContain(`Güncel: ${newSite.url}`);
    expect(await cellUnder(operator, /Göç Casino/, "Tıklama (30 gün)")).toBe("3");
    await operator.goto(`${ctx.server.url}/admin/promotions`);
    expect(await cellUnder(operator, /Göç Hoş Geldin Bonusu/, "Tıklama (30 gün)")).toBe("2");
    for (const page of [visitor, other, operator]) expectNoPageErrors(page);
  });

  it("a splash ad chosen for a casino in the back office leads through /git/ and counts as a splash click", async () => {
    const casino = await insertCasino(getDb(), { name: "Splash Casino", url: oldSite.url });
    const operator = await ctx.adminPage();
    await operator.goto(`${ctx.server.url}/admin/splash-ads/new`);
    await operator.getByLabel("Başlık").fill("Splash Casino Kış Kampanyası");
    await operator.getByLabel("Hedef URL").fill(`${oldSite.url}/kis`);
    await operator.getByLabel("Casino").selectOption({ label: "Splash Casino" });
    await operator.getByRole("tab", { name: "URL" }).click();
    await operator.getByLabel("Görsel", { exact: true }).fill("/demo/splash-1.svg");
    await operator.getByLabel("Hedef URL").press("Enter");
    await operator.getByText("Splash reklam başarıyla eklendi").waitFor();
    await operator.getByText("Casino: Splash Casino").waitFor();

    const visitor = await visitorPage();
    await freezeClock(visitor);
    await visitor.goto(`${ctx.server.url}/blog`);
    await visitor.getByRole("heading", { level: 1, name: "Blog" }).waitFor();
    await visitor.clock.runFor(7_100);
    const dialog = visitor.getByRole("dialog", { name: /Splash Casino Kış Kampanyası/ });
    await dialog.waitFor();
    const link = dialog.getByRole("link");
    expect(await link.getAttribute("href")).toBe("/git/splash-casino?yer=splash");
    expect(await link.getAttribute("rel")).toBe("sponsored nofollow noopener");
    await visitor.clock.resume();
    const [tab] = await Promise.all([visitor.context().waitForEvent("page"), link.click()]);
    await tab.getByRole("heading", { name: "Eski Adres" }).waitFor();
    expect(tab.url()).toBe(`${oldSite.url}/`);
    // The server writes its tally every few seconds.
    await expect
      .poll(async () => (await getDb().select({ n: sql<number>`coalesce(sum(${outboundClicks.clicks}), 0)::int` }).from(outboundClicks).where(eq(outboundClicks.casinoId, casino.id)))[0]!.n, { timeout: 20_000, interval: 250 })
      .toBe(1);
    const [row] = await getDb().select({ placement: outboundClicks.placement, promotionId: outboundClicks.promotionId }).from(outboundClicks).where(eq(outboundClicks.casinoId, casino.id));
    expect(row).toEqual({ placement: "splash", promotionId: null });
    expectNoPageErrors(visitor);
    expectNoPageErrors(operator);
  });

  it("never loads uPlot on public pages; the dashboard does", async () => {
    const casino = await insertCasino(getDb(), { name: "Paket Casino", url: oldSite.url });
    await insertPromotion(getDb(), { casinoId: casino.id, title: "Paket Bonusu", url: `${oldSite.url}/paket` });
    const loaded: { url: string; chart: boolean }[] = [];
    const track = (page: TrackedPage) =>
      page.on("response", async (response) => {
        if (response.request().resourceType() !== "script") return;
        loaded.push({ url: response.url(), chart: containsChart(await response.text()) });
      });

    const visitor = await visitorPage();
    track(visitor);
    for (const target of ["/", "/bonuslar", "/bonuslar/paket-casino/paket-bonusu", "/casino/paket-casino", "/guvenilir-siteler", "/blog"]) {
      await visitor.goto(ctx.server.url + target);
      await visitor.waitForLoadState("networkidle");
    }
    expect(loaded.length).toBeGreaterThan(3);
    expect(loaded.filter((script) => script.chart)).toEqual([]);

    const operator = await ctx.adminPage();
    track(operator);
    await operator.goto(`${ctx.server.url}/admin/dashboard`);
    await operator.locator('[data-chart="drawn"]').waitFor();
    // The chart can be drawn before the tracker has read the script's body.
    await expect.poll(() => loaded.filter((script) => script.chart).length).toBe(1);
    expectNoPageErrors(visitor);
    expectNoPageErrors(operator);
  });
});

const drivers = ["pglite", ...(process.env.TEST_DATABASE_URL ? ["postgres"] : [])] as const;
const CLICKS = 120;

describe.each(drivers)("no counted click is lost on a clean shutdown [%s]", (driver) => {
  it("stores every click it answered, also those answered after the signal", async () => {
    const postgres = driver === "postgres" ? await createThrowawayDatabaseUrl() : undefined;
    // One proxy hop: each click below comes from its own visitor.
    const server = await startServer({ TRUST_PROXY: "1", ...(postgres ? { DATABASE_URL: postgres.url } : {}) });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
    let database: Database | undefined;
    try {
      const link = "/git/anadolu-casino/anadolu-casino-100-hos-geldin-bonusu?yer=detail";
      const click = (i: number) => sendRaw(server.url, { method: "GET", path: link, headers: { "User-Agent": VISITOR_AGENT, "X-Forwarded-For": `198.18.${i >> 8}.${i & 255}` } }, agent);
      expect((await click(0)).status).toBe(302);
      let signalled = false;
      let firstAnswer!: () => void;
      const started = new Promise<void>((resolve) => (firstAnswer = resolve));
      const outcomes = Array.from({ length: CLICKS - 1 }, (_, i) =>
        click(i + 1).then(
          (response): { response?: RawResponse; afterSignal: boolean } => (firstAnswer(), { response, afterSignal: signalled }),
          (): { response?: RawResponse; afterSignal: boolean } => (firstAnswer(), { afterSignal: signalled }),
        ),
      );
      await started;
      signalled = true;
      process.kill(server.pid, "SIGTERM");
      const results = await Promise.all(outcomes);
      expect(await server.exited).toBe(0);

      const answered = 1 + results.filter((o) => o.response?.status === 302).length;
      expect(answered).toBeGreaterThan(1);
      database = postgres ? await openDatabase({ driver: "postgres", url: postgres.url }) : await openDatabase({ driver: "pglite", dataDir: server.dataDir, command: "test" });
      const rows = await database.db.select({ placement: outboundClicks.placement, clicks: outboundClicks.clicks }).from(outboundClicks);
      expect(rows).toEqual([{ placement: "detail", clicks: answered }]);
      expect(server.logs()).not.toMatch(/could not be written/);
    } finally {
      agent.destroy();
      await database?.close();
      await server.stop();
      await postgres?.drop();
    }
  });
});
