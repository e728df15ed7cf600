import { describe, expect, it } from "vitest";
import { expectNoPageErrors, loginAsAdmin, newPage, useServerAndBrowser } from "../helpers/browser";

// Issue 8 §4: the dashboard's figures and lists, a splash ad from form to public page and
// back, and the audit log that records each step, as an operator sees them in Chromium.
describe("dashboard, splash ads and audit log in Chromium", () => {
  const ctx = useServerAndBrowser();

  it("shows the four figures and three recent lists on the dashboard, hydrating cleanly", async () => {
    const page = await newPage(ctx.browser);
    await loginAsAdmin(page, ctx.server.url);
    for (const label of ["Toplam Blog Yazısı", "Toplam Promosyon", "Aktif Casino", "Toplam Görüntülenme"]) {
      await page.getByRole("heading", { name: label }).waitFor();
    }
    // The skeletons give way to the streamed figures: four changes against last month.
    await page.locator("[data-skeleton]").first().waitFor({ state: "detached" });
    await expect(page.getByText("geçen aya göre").count()).resolves.toBe(4);
    // Each change says what it counts: this month's additions against last month's.
    await expect(page.getByText(/^bu ay eklenen aktif casinolar: \d+ \(geçen ay \d+\)$/).count()).resolves.toBe(1);
    await page.getByRole("heading", { name: "Son Promosyonlar" }).waitFor();
    // The demo content has promotions: the list links each to its editor.
    await expect(page.locator('a[href^="/admin/promotions/edit/"]').count()).resolves.toBe(3);
    await expect(page.getByText(/\d+ promosyon aktif/).count()).resolves.toBe(3);
    // A client-side visit streams the same page.
    await page.getByRole("link", { name: "Denetim Kaydı", exact: true }).click();
    await page.getByRole("heading", { name: "Denetim Kaydı" }).waitFor();
    await page.getByRole("link", { name: "Dashboard", exact: true }).click();
    await page.locator('a[href^="/admin/casinos/edit/"]').nth(2).waitFor();
    await expect(page.locator('a[href^="/admin/casinos/edit/"]').count()).resolves.toBe(3);
    expectNoPageErrors(page);
  });

  it("lets a keyboard skip the sidebar, and closes the phone menu with Escape, focus back on its button", async () => {
    const page = await newPage(ctx.browser, { viewport: { width: 390, height: 844 } });
    await loginAsAdmin(page, ctx.server.url);
    await page.getByRole("heading", { name: "Toplam Promosyon" }).waitFor();
    const menu = page.getByRole("button", { name: "Menü" });
    await page.waitForFunction(() => Object.keys(document.querySelector('button[aria-controls="admin-sidebar"]')!).some((key) => key.startsWith("__reactProps")));

    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "İçeriğe geç" });
    expect(await skip.evaluate((link) => link === document.activeElement)).toBe(true);
    await page.keyboard.press("Enter");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("admin-main");

    await menu.click();
    await page.getByRole("navigation", { name: "Admin menüsü" }).waitFor();
    await page.keyboard.press("Escape");
    await page.getByRole("navigation", { name: "Admin menüsü" }).waitFor({ state: "hidden" });
    expect(await menu.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await menu.getAttribute("aria-expanded")).toBe("false");
    expectNoPageErrors(page);
  });

  it("creates a splash ad that the public pages carry, switches it off and deletes it, each step in the audit log", async () => {
    const page = await newPage(ctx.browser);
    await loginAsAdmin(page, ctx.server.url);
    const publicHome = async () => (await fetch(`${ctx.server.url}/`)).text();

    await page.goto(`${ctx.server.url}/admin/splash-ads/new`);
    await page.getByText("Önerilen boyut 600x600 (kare)").waitFor();
    await page.getByLabel("Başlık").fill("E");
    await page.getByLabel("Hedef URL").fill("kampanya");
    // Enter submits; a click could land after the blur's messages moved the button.
    await page.getByLabel("Hedef URL").press("Enter");
    await page.getByText("Başlık en az 2 karakter olmalıdır").waitFor();
    await page.getByText("Geçerli bir URL giriniz").waitFor();
    await page.getByText("Geçerli bir resim yükleyin veya URL girin").waitFor();

    await page.getByLabel("Başlık").fill("E2E Yaz Kampanyası");
    await page.getByLabel("Hedef URL").fill("https://ege.example/yaz");
    await page.getByRole("tab", { name: "URL" }).click();
    await page.getByLabel("Görsel", { exact: true }).fill("/demo/splash-1.svg");
    await page.getByLabel("Hedef URL").press("Enter");
    await page.waitForURL(`${ctx.server.url}/admin/splash-ads`);
    await page.getByText("Splash reklam başarıyla eklendi").waitFor();
    await page.getByRole("cell", { name: "E2E Yaz Kampanyası", exact: true }).waitFor();
    expect(await publicHome()).toContain("E2E Yaz Kampanyası");

    await page.getByRole("switch", { name: "E2E Yaz Kampanyası aktif" }).click();
    await page.getByText("Splash reklam yayından kaldırıldı").waitFor();
    await expect(page.getByRole("switch", { name: "E2E Yaz Kampanyası aktif" }).getAttribute("aria-checked")).resolves.toBe("false");
    expect(await publicHome()).not.toContain("E2E Yaz Kampanyası");

    const remove = page.getByRole("button", { name: "E2E Yaz Kampanyası sil" });
    await remove.click();
    // The first click only asks.
    await expect(remove.innerText()).resolves.toBe("Emin misiniz? Sil");
    await expect(page.getByRole("cell", { name: "E2E Yaz Kampanyası", exact: true }).count()).resolves.toBe(1);
    await remove.click();
    await page.getByText("Splash reklam silindi").waitFor();
    await expect(page.getByRole("cell", { name: "E2E Yaz Kampanyası", exact: true }).count()).resolves.toBe(0);

    await page.goto(`${ctx.server.url}/admin/audit`);
    const rows = page.locator("tbody tr");
    await expect(rows.nth(0).innerText()).resolves.toMatch(/Splash reklam silindi\s+E2E Yaz Kampanyası[\s\S]*Başarılı/);
    await expect(rows.nth(1).innerText()).resolves.toMatch(/Splash reklam yayından kaldırıldı\s+E2E Yaz Kampanyası/);
    await expect(rows.nth(2).innerText()).resolves.toMatch(/Splash reklam eklendi\s+E2E Yaz Kampanyası/);
    expectNoPageErrors(page);
  });
});
