import { describe, expect, it } from "vitest";
import { expectNoPageErrors, loginAsAdmin, newPage, useServerAndBrowser } from "../helpers/browser";
import { E2E_ADMIN } from "../helpers/server";

describe("admin sign-in in Chromium", () => {
  const ctx = useServerAndBrowser();

  it("shows the spec's field messages for a malformed form, without a request", async () => {
    const page = await newPage(ctx.browser);
    await page.goto(`${ctx.server.url}/admin/login`);
    await expect(page.getByRole("heading", { name: "Admin Paneli" }).isVisible()).resolves.toBe(true);
    await expect(page.getByText("Devam etmek için giriş yapın").isVisible()).resolves.toBe(true);
    await page.getByLabel("Email").fill("eposta-degil");
    await page.getByLabel("Şifre").fill("123");
    await page.getByRole("button", { name: "Giriş Yap" }).click();
    await page.getByText("Geçerli bir email adresi giriniz").waitFor();
    await page.getByText("Şifre en az 6 karakter olmalıdır").waitFor();
    expectNoPageErrors(page);
  });

  it("signs in with a form posted before any script runs (scripts off): the post keeps its origin and is not refused", async () => {
    const page = await newPage(ctx.browser, { javaScriptEnabled: false });
    await page.goto(`${ctx.server.url}/admin/login`);
    await page.getByLabel("Email").fill(E2E_ADMIN.email);
    await page.getByLabel("Şifre").fill(E2E_ADMIN.password);
    const [posted] = await Promise.all([
      page.waitForResponse((response) => response.request().method() === "POST"),
      page.getByRole("button", { name: "Giriş Yap" }).click(),
    ]);
    expect(posted.status()).toBe(302);
    await page.waitForURL(`${ctx.server.url}/admin/dashboard`);
    await page.getByRole("heading", { name: "Dashboard" }).waitFor();
  });

  it("rejects a wrong password with an error toast and stays on the form", async () => {
    const page = await newPage(ctx.browser);
    await page.goto(`${ctx.server.url}/admin/login`);
    await page.getByLabel("Email").fill(E2E_ADMIN.email);
    await page.getByLabel("Şifre").fill("yanlis-sifre");
    await page.getByRole("button", { name: "Giriş Yap" }).click();
    await page.getByText("Giriş başarısız. Lütfen bilgilerinizi kontrol edin.").waitFor();
    expect(new URL(page.url()).pathname).toBe("/admin/login");
    // A failed sign-in shows as a 401 in the console; nothing else may.
    expect(page.errors.filter((e) => !/401/.test(e))).toEqual([]);
  });

  it("sends a visitor of a guarded page to sign-in, then back there after signing in", async () => {
    const page = await newPage(ctx.browser);
    await page.goto(`${ctx.server.url}/admin/casinos`);
    await page.waitForURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fcasinos/);
    await page.getByText("Bu sayfaya erişmek için giriş yapmalısınız").waitFor();
    await page.getByLabel("Email").fill(E2E_ADMIN.email);
    await page.getByLabel("Şifre").fill(E2E_ADMIN.password);
    await page.getByRole("button", { name: "Giriş Yap" }).click();
    await page.waitForURL(`${ctx.server.url}/admin/casinos`);
    await page.getByRole("heading", { name: "Casino Siteleri" }).waitFor();
    // The sign-in page's reason gives way to the greeting: not both at once.
    await page.getByText("Giriş başarılı! Yönlendiriliyorsunuz...").waitFor();
    expect(await page.getByText("Bu sayfaya erişmek için giriş yapmalısınız").count()).toBe(0);
  });

  it("signs an admin in to the dashboard with the sidebar, and logs out", async () => {
    const page = await newPage(ctx.browser);
    await loginAsAdmin(page, ctx.server.url);
    await page.getByText("Giriş başarılı! Yönlendiriliyorsunuz...").waitFor();
    const nav = page.getByRole("navigation", { name: "Admin menüsü" });
    for (const label of ["Dashboard", "Promosyonlar", "Splash Reklamlar", "Kategoriler", "Casino Siteleri", "Yorumlar", "Blog Yazıları", "Zamanlanmış Yayınlar", "SEO Ayarları", "Ayarlar"]) {
      await expect(nav.getByRole("link", { name: label, exact: true }).count()).resolves.toBe(1);
    }
    // The cookie is httpOnly: page scripts cannot read it.
    await expect(page.evaluate(() => document.cookie)).resolves.not.toContain("__admin_session");

    await page.getByRole("button", { name: "Çıkış Yap" }).click();
    await page.waitForURL(`${ctx.server.url}/admin/login`);
    await page.goto(`${ctx.server.url}/admin/dashboard`);
    await page.waitForURL(/\/admin\/login/);
    expectNoPageErrors(page);
  });

  it("sends a signed-in admin from the login page straight to the dashboard", async () => {
    const page = await newPage(ctx.browser);
    await loginAsAdmin(page, ctx.server.url);
    await page.goto(`${ctx.server.url}/admin/login`);
    await page.waitForURL(`${ctx.server.url}/admin/dashboard`);
    await page.goto(`${ctx.server.url}/admin`);
    // /admin goes to the sign-in page, which forwards a signed-in admin.
    await page.waitForURL(`${ctx.server.url}/admin/dashboard`);
  });
});
