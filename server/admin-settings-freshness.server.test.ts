import { eq } from "drizzle-orm";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDriver, truncateAll } from "../tests/helpers/db";
import { createAdminSession, type TestSession } from "../tests/helpers/admin";
import { insertCasino, insertComment, insertPromotion } from "~/seed/factories.server";
import { seoSettings } from "~/db/schema";

// Issue 8: a change saved on the comments, settings and SEO screens shows on the public
// site's very next request, page cache included. Everything goes over HTTP through the
// production build, as an operator's browser and a visitor's would.
const BUILD = path.resolve(process.env.BUILD_DIR ?? "build", "server/index.js");

describeEachDriver("admin writes reach the cached public pages", ({ db }) => {
  let server: http.Server;
  let base = "";
  let admin: TestSession;

  beforeAll(async () => {
    if (!fs.existsSync(BUILD)) throw new Error("No production build: run `npm run build` (npm test does it)");
    await truncateAll(db());
    admin = await createAdminSession();
    const { createApp } = (await import(/* @vite-ignore */ pathToFileURL(BUILD).href)) as { createApp: () => http.RequestListener };
    server = http.createServer(createApp());
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server?.close(() => resolve())));

  const get = async (pathname: string) => {
    const response = await fetch(base + pathname, { redirect: "manual" });
    return { cache: response.headers.get("x-cache"), body: await response.text() };
  };
  const warm = async (pathname: string) => {
    await get(pathname);
    expect((await get(pathname)).cache, `${pathname} should be cached`).toBe("HIT");
  };
  /** A form posted from the admin screen, as the browser sends it. */
  const submit = async (pathname: string, form: Record<string, string>) => {
    const response = await fetch(base + pathname, {
      method: "POST",
      redirect: "manual",
      headers: { Cookie: admin.cookie, Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(form),
    });
    await response.arrayBuffer();
    return { status: response.status, location: response.headers.get("location") };
  };

  it("the hero and the blog section text on /", async () => {
    await warm("/");
    const hero = { intent: "hero", upperTitle: "Üst", mainTitle: "Tazelik için yepyeni hero başlığı", highlightedText: "yepyeni", description: "Açıklama", buttonText: "Git", buttonUrl: "/bonuslar" };
    expect(await submit("/admin/settings", hero)).toEqual({ status: 302, location: "/admin/settings" });
    const page = await get("/");
    expect(page.cache).not.toBe("HIT");
    expect(page.body).toContain("yepyeni</em> hero başlığı");
    await warm("/");
    expect(await submit("/admin/settings?sekme=icerik", { intent: "content", blogSectionText: "<p>Önbellekten geçen bölüm metni</p>" })).toMatchObject({ status: 302 });
    expect((await get("/")).body).toContain("<p>Önbellekten geçen bölüm metni</p>");
  });

  it("the helpline of the compliance line on every public page (issue 11 §5)", async () => {
    const pages = ["/", "/bonuslar", "/guvenilir-siteler", "/blog"];
    for (const page of pages) {
      await warm(page);
      expect((await get(page)).body).toMatch(/<a href="tel:115"[^>]*>Yardım hattı: YEDAM 115<\/a>/);
    }
    const form = { intent: "compliance", helplineLabel: "Önbellek Destek Hattı", helplineUrl: "https://destek.example.org/hat", splashFrequencyHours: "48" };
    expect(await submit("/admin/settings?sekme=sorumlu-oyun", form)).toEqual({ status: 302, location: "/admin/settings?sekme=sorumlu-oyun" });
    for (const page of pages) {
      const after = await get(page);
      expect(after.cache, page).not.toBe("HIT");
      expect(after.body, page).toMatch(/<a href="https:\/\/destek\.example\.org\/hat"[^>]*>Önbellek Destek Hattı<\/a>/);
      expect(after.body, page).not.toContain("Yardım hattı: YEDAM 115");
    }
  });

  it("an SEO title in the page's <title>", async () => {
    // Opening the SEO screen gives the site's pages their rows.
    expect((await fetch(`${base}/admin/seo-settings`, { headers: { Cookie: admin.cookie } })).status).toBe(200);
    const [row] = await db().select().from(seoSettings).where(eq(seoSettings.pagePath, "/bonuslar"));
    await warm("/bonuslar");
    expect(await submit("/admin/seo-settings", { id: row!.id, title: "Önbellek Dostu Bonus Başlığı", description: "Yeni açıklama", keywords: "yeni" })).toMatchObject({ status: 302 });
    expect((await get("/bonuslar")).body).toContain("<title>Önbellek Dostu Bonus Başlığı</title>");
  });

  it("a comment edited and one deleted on its promotion's page", async () => {
    const casino = await insertCasino(db(), { name: "Tazelik Casino" });
    const promotion = await insertPromotion(db(), { title: "Tazelik Bonusu", casinoId: casino.id, isActive: true });
    const edited = await insertComment(db(), { promotionId: promotion.id, userName: "Eski Ad", comment: "Düzenlenecek yorum metni" });
    const removed = await insertComment(db(), { promotionId: promotion.id, userName: "Silinecek", comment: "Silinecek yorum metni" });
    const page = `/bonuslar/${casino.slug}/${promotion.slug}`;
    await warm(page);
    await warm("/");

    expect(await submit("/admin/comments", { intent: "update", id: edited.id, userName: "Yeni Ad", comment: "Moderatörün düzelttiği yorum", rating: "2" })).toMatchObject({ status: 302 });
    const afterEdit = await get(page);
    expect(afterEdit.body).toContain("Moderatörün düzelttiği yorum");
    expect(afterEdit.body).not.toContain("Düzenlenecek yorum metni");
    // Only the promotion's pages were dropped.
    expect((await get("/")).cache).toBe("HIT");

    await warm(page);
    expect(await submit("/admin/comments", { intent: "delete", id: removed.id })).toMatchObject({ status: 302 });
    expect((await get(page)).body).not.toContain("Silinecek yorum metni");
  });
});
