import type { RouteConfigEntry } from "@react-router/dev/routes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routes from "~/routes";
import { adminSpellings } from "../helpers/admin-paths";
import { startServer, type TestServer } from "../helpers/server";

/** Every admin path in the route config, with parameters filled in. */
function adminPaths(entries: RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const full = entry.path ? `${parent}/${entry.path}`.replace(/\/+/g, "/") : parent;
    const own = entry.path && full.startsWith("/admin/") && full !== "/admin/login" ? [full] : [];
    return [...own, ...adminPaths(entry.children ?? [], full)];
  }).map((p) => p.replace(/:[a-zA-Z]+/g, "00000000-0000-4000-8000-000000000000"));
}

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

  const paths = adminPaths(routes);

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

  it("answers every admin route without a session with a redirect to sign-in, never data", async () => {
    for (const path of paths.filter((p) => p !== "/admin/logout")) {
      for (const method of ["GET", "POST"]) {
        const response = await fetch(`${server.url}${path}`, {
          method,
          redirect: "manual",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: method === "POST" ? "intent=delete&id=00000000-0000-4000-8000-000000000000" : undefined,
        });
        const where = `${method} ${path}`;
        // 405 is what a route with no action answers to a POST: nothing runs, nothing leaks.
        expect([302, 401, 403, 405], where).toContain(response.status);
        if (response.status === 302) expect(response.headers.get("location"), where).toMatch(/^\/admin\/login/);
        expect(await response.text(), where).not.toMatch(/Anadolu|admin@e2e/);
      }
      // The data request React Router makes on client navigation is guarded too.
      const data = await fetch(`${server.url}${path}.data`, { redirect: "manual" });
      expect([202, 204, 302, 401, 403], `${path}.data`).toContain(data.status);
      expect(await data.text(), `${path}.data`).not.toMatch(/admin@e2e/);
    }
  });
});
