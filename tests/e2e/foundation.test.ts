import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routes from "~/routes";
import { adminRoutePaths, adminSpellings, validAdminForm } from "../helpers/admin-paths";
import { startServer, type TestServer } from "../helpers/server";

describe("foundation over HTTP (production build)", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server?.stop());

  it("serves the home page with demo promotions in the server HTML", async () => {
    const response = await fetch(`${server.url}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/text\/html/);
    expect(response.headers.get("x-powered-by")).toBeNull();
    const html = await response.text();
    expect(html).toContain('<html lang="tr">');
    expect(html).toContain("Anadolu Casino %100 Hoş Geldin Bonusu");
    expect(html).toContain('id="promotions-section"');
    // Footer with the latest posts; drafts stay hidden.
    expect(html).toContain("Çevrim Şartı Nedir ve Nasıl Hesaplanır?");
    expect(html).not.toContain("VIP Programları Gerçekten Avantajlı mı?");
  });

  it("redirects an unknown path to /", async () => {
    const response = await fetch(`${server.url}/boyle-bir-sayfa-yok`, { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/");
  });

  it("redirects /admin to /admin/login", async () => {
    const response = await fetch(`${server.url}/admin`, { redirect: "manual" });
    expect(response.headers.get("location")).toBe("/admin/login");
  });

  it("serves an icon, so browsers' icon requests do not fail", async () => {
    expect((await fetch(`${server.url}/favicon.svg`)).status).toBe(200);
    expect((await fetch(`${server.url}/favicon.ico`)).status).toBe(200);
  });

  it("refuses to start with an invalid variable, naming it", async () => {
    await expect(startServer({ PORT: "abc" })).rejects.toThrow(/Server exited with 1:[\s\S]*PORT:/);
    await expect(startServer({ DATABASE_URL: "mysql://nope" })).rejects.toThrow(/DATABASE_URL: must start with postgres/);
  });

  const paths = adminRoutePaths(routes).filter((p) => p !== "/admin");

  it("finds every guarded admin route of admin.md §2 in the route config", () => {
    expect(paths).toEqual(expect.arrayContaining(["/admin/dashboard", "/admin/blog/new", "/admin/test-edge-function", "/admin/logout"]));
    expect(paths.length).toBeGreaterThanOrEqual(19);
  });

  // Issue 7, finding 1: React Router serves /ADMIN/x and /%61dmin/x as /admin/x; the cache must not share them.
  it("marks every admin route private and never answers it from the cache, however it is spelled", async () => {
    for (const path of paths) {
      for (const spelling of adminSpellings(path)) {
        for (let attempt = 0; attempt < 2; attempt++) {
          const response = await fetch(`${server.url}${spelling}`, { redirect: "manual" });
          expect(response.headers.get("cache-control"), spelling).toBe("private, no-store");
          expect(response.headers.get("x-cache"), spelling).toBeNull();
          expect(await response.text(), spelling).not.toMatch(/admin@e2e/);
        }
      }
    }
  });

  it("answers every admin route without a session with a redirect to sign-in, never data, and writes nothing", async () => {
    const before = await fetch(`${server.url}/guvenilir-siteler`).then((r) => r.text());
    for (const path of paths.filter((p) => p !== "/admin/logout" && p !== "/admin/login")) {
      for (const method of ["GET", "POST"]) {
        const response = await fetch(`${server.url}${path}`, {
          method,
          redirect: "manual",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: method === "POST" ? new URLSearchParams(validAdminForm(path)).toString() : undefined,
        });
        const where = `${method} ${path}`;
        // Only the redirect: a 405 or 403 here could hide a route whose guard was removed.
        expect(response.status, where).toBe(302);
        expect(response.headers.get("location"), where).toMatch(/^\/admin\/login/);
        expect(await response.text(), where).not.toMatch(/Anadolu|admin@e2e/);
      }
      // The data request React Router makes on client navigation redirects to sign-in too.
      const data = await fetch(`${server.url}${path}.data`, { redirect: "manual" });
      const body = await data.text();
      expect(data.status, `${path}.data`).toBe(202);
      expect(body, `${path}.data`).toMatch(/SingleFetchRedirect[\s\S]*\/admin\/login/);
      expect(body, `${path}.data`).not.toMatch(/admin@e2e/);
    }
    // Nothing the sweep posted reached a page: the casino list is what it was.
    expect(await fetch(`${server.url}/guvenilir-siteler`).then((r) => r.text())).not.toContain("Süpürme Casino");
    expect(before).not.toContain("Süpürme Casino");
  });
});
