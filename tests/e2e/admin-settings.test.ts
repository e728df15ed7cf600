import { describe, expect, it } from "vitest";
import { expectNoPageErrors, loginAsAdmin, newPage, useServerAndBrowser } from "../helpers/browser";

// Issue 8 in Chromium: what only a browser shows on the settings, SEO and comment screens
// (the disabled save button, the live counters, the edit dialog), and that each save
// reaches the public site.
describe("settings, SEO settings and comments in Chromium", () => {
  const ctx = useServerAndBrowser();

  it("keeps the hero's save button disabled until something changes, checks in the browser, saves and shows it on /", async () => {
    const page = await newPage(ctx.browser);
    await loginAsAdmin(page, ctx.server.url);
    await page.goto(`${ctx.server.url}/admin/settings`);
    await page.getByRole("tab", { name: "Hero Bölümü", selected: true }).waitFor();
    const save = page.getByRole("button", { name: "Kaydet" });
    const mainTitle = page.getByLabel("Ana Başlık");
    await page.waitForFunction(() => document.querySelector("#hero-form button[type=submit]")?.hasAttribute("disabled"));
    const original = await mainTitle.inputValue();

    await mainTitle.fill(`${original}!`);
    await expect(save.isEnabled()).resolves.toBe(true);
    // Another tab and back keeps what was typed and not yet saved.
    await page.getByRole("tab", { name: "İçerik Alanları" }).click();
    await page.getByRole("tab", { name: "İçerik Alanları", selected: true }).waitFor();
    await page.getByRole("tab", { name: "Hero Bölümü" }).click();
    await page.getByRole("tab", { name: "Hero Bölümü", selected: true }).waitFor();
    await expect(mainTitle.inputValue()).resolves.toBe(`${original}!`);
    // Typing the stored value back is no change.
    await mainTitle.fill(original);
    await page.waitForFunction(() => document.querySelector("#hero-form button[type=submit]")?.hasAttribute("disabled"));

    await mainTitle.fill("");
    await mainTitle.blur();
    await page.getByText("Ana başlık gereklidir").waitFor();
    await mainTitle.fill("Tarayıcıdan kaydedilen hero başlığı");
    await save.click();
    await page.getByText("Hero bölümü kaydedildi").waitFor();
    await page.waitForFunction(() => document.querySelector("#hero-form button[type=submit]")?.hasAttribute("disabled"));
    await expect(mainTitle.inputValue()).resolves.toBe("Tarayıcıdan kaydedilen hero başlığı");

    await page.getByRole("tab", { name: "İçerik Alanları" }).click();
    await page.waitForURL(/sekme=icerik/);
    await page.getByLabel("Blog Bölümü Metni").fill("<p>Tarayıcıdan gelen bölüm metni</p>");
    await page.getByRole("button", { name: "Kaydet" }).click();
    await page.getByText("İçerik ayarları kaydedildi").waitFor();
    await page.getByRole("tab", { name: "İçerik Alanları", selected: true }).waitFor();

    await page.goto(`${ctx.server.url}/`);
    await page.getByRole("heading", { level: 1, name: "Tarayıcıdan kaydedilen hero başlığı" }).waitFor();
    await page.getByText("Tarayıcıdan gelen bölüm metni").waitFor();
    expectNoPageErrors(page);
  });

  it("counts title and description against 60 and 160, turns red past them, and saves into the page's <title>", async () => {
    const page = await newPage(ctx.browser);
    await loginAsAdmin(page, ctx.server.url);
    await page.goto(`${ctx.server.url}/admin/seo-settings`);
    const panel = page.locator("details", { has: page.getByText("/bonuslar", { exact: true }) });
    await panel.locator("summary").click();
    const title = panel.getByLabel("Başlık");
    const counter = panel.getByTestId("seo-counter").first();

    await title.fill("a".repeat(60));
    await page.waitForFunction(() => [...document.querySelectorAll("[data-testid=seo-counter]")].some((e) => e.textContent === "60/60"));
    await expect(counter.evaluate((e) => e.closest(".text-red-600") === null)).resolves.toBe(true);
    await title.fill("a".repeat(61));
    await page.waitForFunction(() => [...document.querySelectorAll("[data-testid=seo-counter]")].some((e) => e.textContent === "61/60"));
    await expect(counter.evaluate((e) => e.closest(".text-red-600") !== null)).resolves.toBe(true);
    await panel.getByText("Başlık 60 karakteri aşıyor").waitFor();

    const description = panel.getByLabel("Açıklama");
    await description.fill("d".repeat(161));
    await page.waitForFunction(() => [...document.querySelectorAll("[data-testid=seo-counter]")].some((e) => e.textContent === "161/160"));

    await title.fill("Tarayıcıdan SEO Başlığı");
    await description.fill("Kısa ve net açıklama.");
    await panel.getByRole("button", { name: "Kaydet" }).click();
    await page.getByText("SEO ayarları kaydedildi").waitFor();
    // The saved page's panel is open again after the save.
    await expect(panel.evaluate((e) => (e as HTMLDetailsElement).open)).resolves.toBe(true);

    await page.goto(`${ctx.server.url}/bonuslar`);
    await expect(page.title()).resolves.toBe("Tarayıcıdan SEO Başlığı");
    expectNoPageErrors(page);
  });

  it("edits a comment in the dialog and deletes one after confirming", async () => {
    const page = await newPage(ctx.browser);
    await loginAsAdmin(page, ctx.server.url);
    await page.goto(`${ctx.server.url}/admin/comments`);
    await page.getByRole("combobox", { name: "Puana göre filtrele" }).selectOption("3");
    await page.waitForURL(/puan=3/);
    // The table has followed the filter once every row shows 3 stars.
    await page.waitForFunction(() => {
      const labels = [...document.querySelectorAll("tbody tr td:nth-child(3) [role=img]")].map((e) => e.getAttribute("aria-label"));
      return labels.length > 0 && labels.every((label) => label === "3 / 5 puan");
    });
    const first = page.locator("tbody tr").first();
    const userName = (await first.locator("td").nth(1).textContent())!;

    await first.getByRole("link", { name: "Düzenle" }).click();
    const dialog = page.getByRole("dialog", { name: "Yorumu Düzenle" });
    await dialog.waitFor();
    await expect(dialog.getByLabel("Kullanıcı Adı").inputValue()).resolves.toBe(userName);
    await dialog.getByLabel("Kullanıcı Adı").fill("");
    await dialog.getByLabel("Yorum").focus();
    await dialog.getByText("Lütfen kullanıcı adınızı girin").waitFor();
    await dialog.getByLabel("Kullanıcı Adı").fill("Moderatör Düzeltti");
    await dialog.locator("label", { hasText: "5 yıldız" }).click();
    await expect(dialog.getByRole("radio", { name: "5 yıldız" }).isChecked()).resolves.toBe(true);
    await dialog.getByLabel("Yorum").fill("Moderatörün düzelttiği yorum metni");
    await dialog.getByRole("button", { name: "Kaydet" }).click();
    await page.getByText("Yorum güncellendi").waitFor();
    await dialog.waitFor({ state: "detached" });
    // The filter is kept: the edited comment now has 5 stars and leaves the 3-star list.
    expect(new URL(page.url()).searchParams.get("puan")).toBe("3");
    await expect(page.getByText("Moderatörün düzelttiği yorum metni").count()).resolves.toBe(0);
    // The saved dialog is no step of the history: Back leaves the list, it does not reopen the dialog.
    const wentBack = page.evaluate(() => new Promise((resolve) => window.addEventListener("popstate", resolve, { once: true })));
    await page.goBack();
    await wentBack;
    expect(new URL(page.url()).searchParams.has("duzenle")).toBe(false);
    expect(await page.getByRole("dialog", { name: "Yorumu Düzenle" }).count()).toBe(0);

    await page.goto(`${ctx.server.url}/admin/comments?q=${encodeURIComponent("Moderatörün düzelttiği")}`);
    const edited = page.locator("tbody tr", { hasText: "Moderatörün düzelttiği yorum metni" });
    await expect(edited.count()).resolves.toBe(1);
    await expect(edited.getByRole("img").getAttribute("aria-label")).resolves.toBe("5 / 5 puan");

    const remove = edited.getByRole("button", { name: "Moderatör Düzeltti yorumunu sil" });
    await remove.click();
    // The first click only arms the button; the row is still there.
    await expect(remove.textContent()).resolves.toBe("Emin misiniz? Sil");
    await expect(edited.count()).resolves.toBe(1);
    await remove.click();
    await page.getByText("Yorum silindi").waitFor();
    await page.getByText("Aramanıza uyan yorum bulunamadı").waitFor();

    expectNoPageErrors(page);
  });
});
