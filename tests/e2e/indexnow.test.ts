import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { useAdminBrowserOnPostgres } from "../helpers/admin-browser";
import { expectNoPageErrors } from "../helpers/browser";
import { startFakeIndexNow, type FakeIndexNow } from "../helpers/fake-indexnow";
import { getDb } from "~/db/index.server";
import { insertCasino, insertPromotion } from "~/seed/factories.server";

// Issue 9 §7 in a production server: the key file, the queue filled by a promotion's
// activation, the operators' screen with 'Şimdi gönder', and the background sender.
describe.skipIf(!process.env.TEST_DATABASE_URL)("IndexNow in a running server", () => {
  const KEY = "e2e0indexnow0key0123";
  let fake: FakeIndexNow;
  beforeAll(async () => {
    fake = await startFakeIndexNow();
  });
  afterAll(() => fake?.close());
  const ctx = useAdminBrowserOnPostgres("indexnow@example.com", () => ({ INDEXNOW_KEY: KEY, INDEXNOW_ENDPOINT: fake.endpoint, PUBLIC_SITE_URL: "https://bonus.example" }));
  const urlsSent = () => fake.requests.flatMap((request) => JSON.parse(request.body).urlList as string[]);

  it("serves the key file from the page cache, and leaves robots.txt and other .txt names as they were", async () => {
    const first = await fetch(`${ctx.server.url}/${KEY}.txt`);
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(await first.text()).toBe(KEY);
    const second = await fetch(`${ctx.server.url}/${KEY}.txt`);
    expect(second.headers.get("x-cache")).toBe("HIT");
    expect(await second.text()).toBe(KEY);
    const other = await fetch(`${ctx.server.url}/baska.txt`, { redirect: "manual" });
    expect(other.status).toBe(302);
    expect(other.headers.get("location")).toBe("/");
    expect(await fetch(`${ctx.server.url}/robots.txt`).then((r) => r.text())).toContain("User-agent: *");
  });

  it("an activation queues the page; 'Şimdi gönder' submits it and the screen shows the answer", async () => {
    const casino = await insertCasino(getDb(), { name: "Anahtar Casino" });
    await insertPromotion(getDb(), { title: "Bildirim Bonusu", casinoId: casino.id, isActive: false });
    // Whatever the background sender sent before (nothing was queued) does not count.
    fake.requests.length = 0;
    const page = await ctx.adminPage();
    await page.goto(`${ctx.server.url}/admin/promotions`);
    await page.getByRole("button", { name: "Bildirim Bonusu yayına al" }).click();
    await page.getByText("Promosyon yayına alındı").waitFor();

    await page.getByRole("link", { name: "Arama Motoru Bildirimleri" }).click();
    await page.getByRole("heading", { name: "Arama Motoru Bildirimleri" }).waitFor();
    const queued = page.getByRole("row", { name: /\/bonuslar\/anahtar-casino\/bildirim-bonusu/ });
    // The background sender may already have taken it; otherwise it is waiting.
    await queued.waitFor();
    if ((await queued.textContent())?.includes("Bekliyor")) {
      await page.getByRole("button", { name: "Şimdi gönder" }).click();
      await page.getByText("1 adres 1 istekte gönderildi").waitFor();
    } else {
      await page.reload();
    }
    await page.getByRole("row", { name: /Kabul edildi/ }).first().waitFor();
    expect(urlsSent()).toEqual(["https://bonus.example/bonuslar/anahtar-casino/bildirim-bonusu"]);
    // On a 390 px phone the key file's address wraps instead of widening the page.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByText(`https://bonus.example/${KEY}.txt`).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expectNoPageErrors(page);
  });

  it("the background sender submits a queued page without anyone asking", { timeout: 90_000 }, async () => {
    const casino = await insertCasino(getDb(), { name: "Arka Plan Casino" });
    await insertPromotion(getDb(), { title: "Kendiliğinden Bonus", casinoId: casino.id, isActive: false });
    const page = await ctx.adminPage();
    await page.goto(`${ctx.server.url}/admin/promotions`);
    await page.getByRole("button", { name: "Kendiliğinden Bonus yayına al" }).click();
    await page.getByText("Promosyon yayına alındı").waitFor();
    // A pass runs every 30 s in each process.
    await vi.waitFor(() => expect(urlsSent()).toContain("https://bonus.example/bonuslar/arka-plan-casino/kendiliginden-bonus"), { timeout: 45_000, interval: 500 });
    expectNoPageErrors(page);
  });
});
