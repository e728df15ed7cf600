import { eq } from "drizzle-orm";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "~/db/db.server";
import { setDatabase } from "~/db/index.server";
import { aiJobs, blogPosts, scheduledPublishingSettings, seoSettings } from "~/db/schema";
import { createAdminSession, type TestSession } from "../helpers/admin";
import { expectNoPageErrors, launchBrowser, newPage, waitForHydration, type TrackedPage } from "../helpers/browser";
import { createThrowawayDatabaseUrl } from "../helpers/db";
import { callKind, postHtml, promptOf, startFakeOpenAi, type FakeAnswer, type FakeOpenAi } from "../helpers/fake-openai";
import { startServer, type TestServer } from "../helpers/server";

// Issue 9 §3-4 in Chromium: a bulk run of 3 with its progress, the stepper at 1, save all,
// one published post on /blog and two drafts; coming back to a running job; and the SEO
// screen's AI suggestions filling a page's form. The model is a fake on 127.0.0.1 that the
// production server is pointed at with OPENAI_BASE_URL.

const IDEAS = ["Çevrim Şartı Nedir", "Free Spin Rehberi", "Kayıp Bonusu İpuçları"];

/** A promise the test resolves to let a held answer go. */
function gate(): { wait: Promise<void>; open: () => void } {
  let open = () => {};
  const wait = new Promise<void>((resolve) => (open = resolve));
  return { wait, open };
}

describe("AI writing in Chromium", () => {
  let fake: FakeOpenAi;
  let server: TestServer;
  let browser: Browser;
  let admin: TestSession;
  let direct: Database | undefined;
  let throwaway: Awaited<ReturnType<typeof createThrowawayDatabaseUrl>> | undefined;
  let hold = gate();

  beforeAll(async () => {
    fake = await startFakeOpenAi(async (request): Promise<FakeAnswer> => {
      const kind = callKind(request);
      const idea = /odağı: "([^"]+)"/.exec(promptOf(request))?.[1] ?? "";
      if (kind === "ideas") return { json: { ideas: IDEAS.map((title) => ({ title, brief: `${title} üzerine` })) } };
      if (kind === "blog") {
        // The first post waits for the test, so its progress can be seen.
        if (idea === IDEAS[0]) await hold.wait;
        return { json: { title: `${idea} (2026)`, excerpt: `${idea} hakkında kısa özet.`, content: postHtml(310, "bonus"), suggested_keywords: "bonus, casino, çevrim, free spin, kayıp, yatırım" } };
      }
      if (kind === "seo") return { json: { title: "SEO başlığı", description: "SEO açıklaması.", keywords: "seo, bonus, casino, çevrim, spin, altıncı" } };
      if (kind === "page-seo") {
        return {
          json: {
            suggestions: [
              { title: "En Güncel Casino Bonusları 2026", description: "Güvenilir sitelerin bonusları tek sayfada.", keywords: "casino bonusu, deneme bonusu" },
              { title: `Çok Uzun Bir Başlık ${"x".repeat(60)}`, description: "Kısa açıklama.", keywords: "uzun" },
              { title: "Üçüncü Öneri", description: `Uzun açıklama ${"y".repeat(160)}`, keywords: "üç" },
            ],
          },
        };
      }
      return { status: 500, error: { message: `unexpected ${kind}` } };
    });
    throwaway = await createThrowawayDatabaseUrl();
    [server, browser] = await Promise.all([
      startServer({ DATABASE_URL: throwaway.url, SESSION_SECRET: process.env.SESSION_SECRET!, DEMO_CONTENT: "false", OPENAI_API_KEY: "sk-e2e-anahtar", OPENAI_BASE_URL: fake.baseURL, AI_MODEL: "gpt-e2e" }),
      launchBrowser(),
    ]);
    direct = await openDatabase({ driver: "postgres", url: throwaway.url, max: 2 });
    setDatabase(direct);
    admin = await createAdminSession("ai-e2e@example.com");
  });

  afterAll(async () => {
    hold.open();
    setDatabase(undefined);
    await direct?.close();
    await browser?.close();
    await server?.stop();
    await throwaway?.drop();
    await fake?.close();
  });

  async function adminPage(): Promise<TrackedPage> {
    const page = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    const [name, value] = admin.cookie.split("=") as [string, string];
    await page.context().addCookies([{ name, value, url: server.url }]);
    return page;
  }

  it("runs a bulk job of 3 with progress, publishes the first with the stepper at 1 and saves two drafts", async () => {
    hold = gate();
    const page = await adminPage();
    await page.goto(`${server.url}/admin/dashboard`);
    const trigger = page.getByRole("button", { name: "AI ile İçerik Oluştur" });
    await waitForHydration(trigger);
    await trigger.click();
    const dialog = page.getByRole("dialog", { name: "AI ile İçerik Oluştur" });
    // admin.md §9 defaults: 3 posts, 1 a day.
    await expect(dialog.getByLabel("Oluşturulacak içerik sayısı").inputValue()).resolves.toBe("3");
    await expect(dialog.getByLabel("Günlük yayın sayısı").inputValue()).resolves.toBe("1");
    await dialog.getByRole("button", { name: "İçerikleri Oluştur" }).click();
    await dialog.getByText("Lütfen bir konu girin").waitFor();
    await dialog.getByLabel("Konu").fill("casino bonusları");
    await dialog.getByRole("button", { name: "İçerikleri Oluştur" }).click();

    // Progress per post: the first is being written while the other two wait.
    const steps = dialog.getByRole("list", { name: "İlerleme" }).getByRole("listitem");
    await steps.first().getByText("İçerik yazılıyor...").waitFor();
    await expect(steps.count()).resolves.toBe(3);
    await expect(steps.nth(1).getAttribute("data-step")).resolves.toBe("waiting");
    await dialog.getByText("0 / 3 yazı tamamlandı").waitFor();
    hold.open();

    const results = page.getByRole("dialog", { name: "Oluşturulan İçerikler" });
    await results.waitFor();
    const items = results.getByTestId("ai-result");
    await expect(items.count()).resolves.toBe(3);
    await expect(items.allTextContents()).resolves.toEqual(IDEAS.map((idea) => expect.stringContaining(`${idea} (2026)`)));
    await expect(items.first().getByText("Çevrim Şartı Nedir hakkında kısa özet.").isVisible()).resolves.toBe(true);
    // admin.md §9: up to 5 keywords per post.
    await expect(items.first().getByRole("list", { name: "Anahtar kelimeler" }).getByRole("listitem").allTextContents()).resolves.toEqual(["seo", "bonus", "casino", "çevrim", "spin"]);
    await expect(results.getByText("Yayınlanacak", { exact: true }).count()).resolves.toBe(0);

    await results.getByRole("button", { name: "Yayınlanacak yazı sayısını artır" }).click();
    await expect(results.locator("output").textContent()).resolves.toBe("1");
    await expect(items.nth(0).getByText("Yayınlanacak", { exact: true }).isVisible()).resolves.toBe(true);
    await expect(items.nth(1).getByText("Taslak", { exact: true }).isVisible()).resolves.toBe(true);
    await expect(items.nth(2).getByText("Taslak", { exact: true }).isVisible()).resolves.toBe(true);

    await results.getByRole("button", { name: "Tümünü Kaydet" }).click();
    await page.getByText("3 blog yazısı kaydedildi (1 yayında, 2 taslak).").waitFor();
    await results.waitFor({ state: "hidden" });

    const rows = await direct!.db.select().from(blogPosts).orderBy(blogPosts.createdAt);
    expect(rows.map((r) => [r.title, r.isPublished, r.author, r.indexed])).toEqual([
      ["Çevrim Şartı Nedir (2026)", true, "AI Yazar", false],
      ["Free Spin Rehberi (2026)", false, "AI Yazar", false],
      ["Kayıp Bonusu İpuçları (2026)", false, "AI Yazar", false],
    ]);
    expect((await direct!.db.select().from(scheduledPublishingSettings))[0]).toMatchObject({ dailyPublishCount: 1, isActive: true });

    await page.goto(`${server.url}/blog`);
    await page.getByRole("link", { name: /Çevrim Şartı Nedir \(2026\)/ }).first().waitFor();
    const blogText = await page.locator("main").textContent();
    expect(blogText).not.toContain("Free Spin Rehberi (2026)");
    expect(blogText).not.toContain("Kayıp Bonusu İpuçları (2026)");

    // The two drafts wait in the blog list, marked as drafts.
    await page.goto(`${server.url}/admin/blog?durum=taslak`);
    const draftRows = page.locator("tbody tr");
    await draftRows.first().waitFor();
    const drafts = (await draftRows.allTextContents()).map((row) => row.replace(/\s+/g, " ")).sort();
    expect(drafts).toEqual([expect.stringMatching(/Free Spin Rehberi \(2026\).*Taslak/), expect.stringMatching(/Kayıp Bonusu İpuçları \(2026\).*Taslak/)]);
    expectNoPageErrors(page);
  });

  it("shows a running job again after the page is left, and cancel discards it", async () => {
    hold = gate();
    const page = await adminPage();
    await page.goto(`${server.url}/admin/dashboard`);
    const trigger = page.getByRole("button", { name: "AI ile İçerik Oluştur" });
    await waitForHydration(trigger);
    await trigger.click();
    const dialog = page.getByRole("dialog", { name: "AI ile İçerik Oluştur" });
    await dialog.getByLabel("Konu").fill("deneme bonusu");
    await dialog.getByLabel("Oluşturulacak içerik sayısı").fill("2");
    await dialog.getByRole("button", { name: "İçerikleri Oluştur" }).click();
    await dialog.getByText("İçerik yazılıyor...").waitFor();

    // The tab is gone; the job goes on. Back on the page, the dialog opens on its progress.
    await page.close();
    const again = await adminPage();
    await again.goto(`${server.url}/admin/dashboard`);
    const reopened = again.getByRole("dialog", { name: "AI ile İçerik Oluştur" });
    await reopened.getByText("deneme bonusu").waitFor();
    await reopened.getByRole("list", { name: "İlerleme" }).waitFor();
    // Sent to the background, it stays there on this tab's next pages; the button says it runs.
    await reopened.getByRole("button", { name: "Arka planda devam et" }).click();
    await reopened.waitFor({ state: "hidden" });
    await again.reload();
    const running = again.getByRole("button", { name: "AI ile İçerik Oluştur (devam ediyor)" });
    await waitForHydration(running);
    await expect(again.getByRole("dialog").count()).resolves.toBe(0);
    hold.open();
    const ready = again.getByRole("button", { name: "AI ile İçerik Oluştur (sonuçlar hazır)" });
    await ready.waitFor();
    // By now the page's effects have run and polled the job: still no dialog of their own.
    await expect(again.getByRole("dialog").count()).resolves.toBe(0);
    await ready.click();
    const results = again.getByRole("dialog", { name: "Oluşturulan İçerikler" });
    await results.waitFor();
    await expect(results.getByTestId("ai-result").count()).resolves.toBe(2);
    await results.getByRole("button", { name: "İptal" }).click();
    await results.waitFor({ state: "hidden" });
    const jobs = await direct!.db.select().from(aiJobs).where(eq(aiJobs.createdBy, admin.userId));
    expect(jobs.find((job) => (job.input as { topic: string }).topic === "deneme bonusu")?.status).toBe("discarded");
    await again.reload();
    await waitForHydration(again.getByRole("button", { name: "AI ile İçerik Oluştur" }));
    await expect(again.getByRole("dialog").count()).resolves.toBe(0);
    expectNoPageErrors(again);
  });

  it("suggests three SEO texts for a page, shows the long ones in red, and fills the form without saving", async () => {
    const page = await adminPage();
    await page.goto(`${server.url}/admin/seo-settings`);
    const panel = page.locator("details", { has: page.getByText("/bonuslar", { exact: true }) });
    await panel.locator("summary").click();
    const ask = panel.getByRole("button", { name: "AI öneri" });
    await waitForHydration(ask);
    await ask.click();
    const dialog = page.getByRole("dialog", { name: "AI SEO önerileri: Bonuslar" });
    const suggestions = dialog.getByTestId("seo-suggestion");
    await suggestions.first().waitFor();
    await expect(suggestions.count()).resolves.toBe(3);
    const overLimit = (index: number, part: string) => suggestions.nth(index).locator(`[data-over-limit]`).filter({ hasText: part }).count();
    await expect(overLimit(0, "En Güncel")).resolves.toBe(0);
    await expect(overLimit(1, "Çok Uzun")).resolves.toBe(1);
    await expect(suggestions.nth(1).getByText(/Çok Uzun/).evaluate((e) => e.closest(".text-red-600") !== null)).resolves.toBe(true);
    await expect(suggestions.nth(2).getByText(/Uzun açıklama/).evaluate((e) => e.closest(".text-red-600") !== null)).resolves.toBe(true);
    await expect(suggestions.nth(0).getByText(/En Güncel/).evaluate((e) => e.closest(".text-red-600") === null)).resolves.toBe(true);

    await suggestions.nth(0).getByRole("button", { name: "Bu öneriyi kullan" }).click();
    await dialog.waitFor({ state: "hidden" });
    await expect(panel.getByLabel("Başlık").inputValue()).resolves.toBe("En Güncel Casino Bonusları 2026");
    await expect(panel.getByLabel("Açıklama").inputValue()).resolves.toBe("Güvenilir sitelerin bonusları tek sayfada.");
    await expect(panel.getByLabel("Anahtar Kelimeler").inputValue()).resolves.toBe("casino bonusu, deneme bonusu");
    const [stored] = await direct!.db.select().from(seoSettings).where(eq(seoSettings.pagePath, "/bonuslar"));
    expect(stored!.title).toBe("");

    await panel.getByRole("button", { name: "Kaydet" }).click();
    await page.getByText("SEO ayarları kaydedildi").waitFor();
    const [saved] = await direct!.db.select().from(seoSettings).where(eq(seoSettings.pagePath, "/bonuslar"));
    expect(saved!.title).toBe("En Güncel Casino Bonusları 2026");
    expect(promptOf(fake.requests.find((r) => callKind(r) === "page-seo")!)).toContain("Bonuslar");
    expect(fake.requests.every((r) => r.authorization === "Bearer sk-e2e-anahtar" && r.body.model === "gpt-e2e")).toBe(true);

    // The key never reaches the browser: not in the page, not in any script it loads.
    const scripts = await page.evaluate(() => [...document.querySelectorAll<HTMLScriptElement | HTMLLinkElement>("script[src], link[rel=modulepreload]")].map((e) => ("src" in e && e.src) || (e as HTMLLinkElement).href));
    expect(scripts.length).toBeGreaterThan(0);
    const bodies = await Promise.all(scripts.map((url) => fetch(url).then((r) => r.text())));
    for (const text of [await page.content(), ...bodies]) expect(text).not.toContain("sk-e2e-anahtar");
    expectNoPageErrors(page);
  });
});
