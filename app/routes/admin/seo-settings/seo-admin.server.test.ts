import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { describeEachDriver, truncateAll } from "../../../../tests/helpers/db";
import { callAdmin, createAdminSession, createNonAdminSession, outcomeOf, type TestSession } from "../../../../tests/helpers/admin";
import { callRoute } from "../../../../tests/helpers/routes";
import { auditLog, seoSettings } from "~/db/schema";
import { DEFAULT_SEO } from "~/modules/seo/seo";
import type { SeoSettingView } from "~/modules/seo/seo.schema";
import { loader as promotionsLoader, meta as promotionsMeta } from "../../public/promotions";
import { loader as homeLoader } from "../../public/home";
import { action, loader } from "./seo-settings";

describeEachDriver("admin SEO settings", ({ db }) => {
  let admin: TestSession;
  beforeEach(async () => {
    await truncateAll(db());
    admin = await createAdminSession("seo@example.com");
  });
  const pagesOf = async () => (outcomeOf(await callAdmin(loader, "/admin/seo-settings", { session: admin })).data as { pages: SeoSettingView[] }).pages;
  const rowOf = async (path: string) => (await db().select().from(seoSettings).where(eq(seoSettings.pagePath, path)))[0]!;
  const post = (form: Record<string, string>) => callAdmin(action, "/admin/seo-settings", { session: admin, form }).then(outcomeOf);
  /** What a visitor's browser shows as the /bonuslar tab title, through the route's own loader and meta. */
  const bonuslarTitle = async () => {
    const data = await callRoute(promotionsLoader, "/bonuslar");
    const tags = promotionsMeta({ data } as never) as { title?: string; name?: string; content?: string }[];
    return { title: tags.find((t) => t.title)?.title, description: tags.find((t) => t.name === "description")?.content, keywords: tags.find((t) => t.name === "keywords")?.content };
  };

  describe("the loader", () => {
    it("gives a fresh site a row per public page, in Turkish order, without changing what visitors see", async () => {
      const pages = await pagesOf();
      expect(pages.map((p) => [p.pageName, p.pagePath])).toEqual([
        ["Ana Sayfa", "/"],
        ["Blog", "/blog"],
        ["Bonuslar", "/bonuslar"],
        ["Güvenilir Siteler", "/guvenilir-siteler"],
      ]);
      expect(pages.every((p) => p.title === "" && p.description === "" && p.keywords === "")).toBe(true);
      expect(await bonuslarTitle()).toEqual({ title: DEFAULT_SEO.title, description: DEFAULT_SEO.description, keywords: DEFAULT_SEO.keywords });
    });

    it("keeps stored rows as they are and orders extra pages the Turkish way (Ç before G)", async () => {
      await db().insert(seoSettings).values([
        { pageName: "Bonuslar", pagePath: "/bonuslar", title: "Kayıtlı Başlık", description: "Kayıtlı açıklama", keywords: "a, b" },
        { pageName: "Çekiliş", pagePath: "/cekilis", title: "Çekiliş" },
      ]);
      const pages = await pagesOf();
      expect(pages.map((p) => p.pageName)).toEqual(["Ana Sayfa", "Blog", "Bonuslar", "Çekiliş", "Güvenilir Siteler"]);
      expect(pages.find((p) => p.pagePath === "/bonuslar")).toMatchObject({ title: "Kayıtlı Başlık", description: "Kayıtlı açıklama", keywords: "a, b" });
      await pagesOf();
      expect(await db().select().from(seoSettings)).toHaveLength(5);
    });

    it("holds under concurrent first visits: one row per page", async () => {
      const lists = await Promise.all(Array.from({ length: 8 }, () => pagesOf()));
      expect(lists.map((pages) => pages.length)).toEqual(lists.map(() => 4));
      expect(await db().select().from(seoSettings)).toHaveLength(4);
    });

    it("lets a page whose texts are empty read the home page's", async () => {
      await pagesOf();
      const home = await rowOf("/");
      expect((await post({ id: home.id, title: "Ana Sayfa Başlığı", description: "Ana sayfa açıklaması", keywords: "ana" })).status).toBe(302);
      expect(await bonuslarTitle()).toEqual({ title: "Ana Sayfa Başlığı", description: "Ana sayfa açıklaması", keywords: "ana" });
      expect((await callRoute(homeLoader, "/")).seo.title).toBe("Ana Sayfa Başlığı");
    });
  });

  describe("saving a page", () => {
    it("saves title, description and tidied keywords, returns to the page's panel, and the page's <title> changes next", async () => {
      await pagesOf();
      const row = await rowOf("/bonuslar");
      // A visitor reads the page first: the site keeps what it read until a write changes it.
      expect((await bonuslarTitle()).title).toBe("Casino Bonusları ve Promosyonlar");
      const outcome = await post({ id: row.id, title: "  Tüm Bonuslar 2026  ", description: "Güncel bonusların listesi.", keywords: " bonus ,deneme bonusu,, Bonus , kayıp  bonusu " });
      expect(outcome).toMatchObject({ status: 302, location: `/admin/seo-settings#seo-${row.id}` });
      const saved = await rowOf("/bonuslar");
      expect(saved).toMatchObject({ title: "Tüm Bonuslar 2026", description: "Güncel bonusların listesi.", keywords: "bonus, deneme bonusu, kayıp bonusu", pageName: "Bonuslar" });
      expect(saved.updatedAt.getTime()).toBeGreaterThan(row.updatedAt.getTime());
      expect(await bonuslarTitle()).toEqual({ title: "Tüm Bonuslar 2026", description: "Güncel bonusların listesi.", keywords: "bonus, deneme bonusu, kayıp bonusu" });
      // Other pages keep their own.
      expect((await rowOf("/blog")).title).toBe("");
    });

    it("saves past the 60/160 guidance (the counters warn; admin.md calls it guidance)", async () => {
      await pagesOf();
      const row = await rowOf("/bonuslar");
      const title = "T".repeat(61);
      const description = "D".repeat(161);
      expect((await post({ id: row.id, title, description, keywords: "" })).status).toBe(302);
      expect(await rowOf("/bonuslar")).toMatchObject({ title, description });
      // The site itself cuts the meta description to 160 characters with an ellipsis
      // (public-site.md §9; issue 10 §2: at a word boundary, and a 161-letter word is cut).
      expect((await bonuslarTitle()).description).toBe(`${"D".repeat(159)}…`);
    });

    it.each([
      ["title", { title: "T".repeat(201) }, "Başlık en fazla 200 karakter olabilir"],
      ["description", { description: "D".repeat(501) }, "Açıklama en fazla 500 karakter olabilir"],
      ["keywords", { keywords: "k".repeat(501) }, "Anahtar kelimeler en fazla 500 karakter olabilir"],
      ["title", { title: "Başlık\u0000" }, "Geçersiz karakter içeriyor"],
      ["description", { description: "Satır\u001bkaçış" }, "Geçersiz karakter içeriyor"],
    ])("refuses a bad %s with its message and writes nothing", async (field, change, message) => {
      await pagesOf();
      const row = await rowOf("/bonuslar");
      const outcome = await post({ id: row.id, title: "Yeni", description: "Yeni açıklama", keywords: "yeni", ...change });
      expect(outcome.status).toBe(400);
      expect(outcome.errors?.[field]).toEqual([message]);
      expect(await rowOf("/bonuslar")).toMatchObject({ title: "", description: "", keywords: "" });
      expect(await db().select().from(auditLog)).toEqual([]);
    });

    it("refuses a missing, malformed or unknown row id and writes nothing", async () => {
      await pagesOf();
      const missing = await post({ title: "Yeni" });
      expect(missing.status).toBe(400);
      expect(missing.errors?.id).toEqual(["SEO ayarı bulunamadı"]);
      expect((await post({ id: "/bonuslar", title: "Yeni" })).errors?.id).toEqual(["SEO ayarı bulunamadı"]);
      const unknown = await post({ id: "00000000-0000-4000-8000-000000000000", title: "Yeni" });
      expect(unknown.status).toBe(400);
      expect(unknown.errors?.[""]).toEqual(["SEO ayarı bulunamadı"]);
      expect((await db().select().from(seoSettings)).every((r) => r.title === "")).toBe(true);
      const [entry] = await db().select().from(auditLog);
      expect(entry).toMatchObject({ action: "seo.update", outcome: "failure", entityId: "00000000-0000-4000-8000-000000000000" });
    });

    it("audits a save with who, which page and from where", async () => {
      await pagesOf();
      const row = await rowOf("/blog");
      await callAdmin(action, "/admin/seo-settings", { session: admin, form: { id: row.id, title: "Blog Başlığı", description: "", keywords: "" }, client: "203.0.113.50" });
      const [entry] = await db().select().from(auditLog);
      expect(entry).toMatchObject({ action: "seo.update", outcome: "success", entityType: "seo", entityId: row.id, summary: "Blog (/blog)", actorId: admin.userId, actorEmail: "seo@example.com", address: "203.0.113.50" });
    });
  });

  describe("access", () => {
    it.each([
      ["anonymous", () => null],
      ["a signed-in non-admin", () => createNonAdminSession()],
    ])("sends %s to sign-in from the loader and the action and writes nothing", async (_, sessionOf) => {
      const [row] = await db().insert(seoSettings).values({ pageName: "Bonuslar", pagePath: "/bonuslar", title: "Korunan" }).returning();
      const session = await sessionOf();
      const calls = [
        callAdmin(loader, "/admin/seo-settings", { session }),
        callAdmin(action, "/admin/seo-settings", { session, form: { id: row!.id, title: "Ele geçirildi", description: "", keywords: "" } }),
      ];
      for (const result of await Promise.all(calls)) {
        const outcome = outcomeOf(result);
        expect(outcome.status).toBe(302);
        expect(outcome.location).toMatch(/^\/admin\/login/);
      }
      expect(await db().select().from(seoSettings)).toEqual([expect.objectContaining({ pagePath: "/bonuslar", title: "Korunan" })]);
      expect(await db().select().from(auditLog)).toEqual([]);
    });
  });
});
