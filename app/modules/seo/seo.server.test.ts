import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { allowConsoleError } from "../../../tests/helpers/setup";
import { describeEachDriver, forgetSharedReads, truncateAll } from "../../../tests/helpers/db";
import { setDatabase } from "~/db/index.server";
import { auditLog, seoSettings } from "~/db/schema";
import type { Actor } from "~/lib/command.server";
import { absoluteUrl, fallbackShareImage, getPathSeo, listSeoSettingsForAdmin, pagedTitle, pageSeo, saveSeoSetting } from "./seo.server";
import { readShareCardFileName } from "./share-image.server";

const request = (path: string) => new Request(`https://bonus.example${path}`);

/**
 * This module as a newly started server loads it (with the SEO rules and share cards it
 * imports). Their constants are set when the modules load: loading them inside the test lets
 * the mutation run (which skips module-level code no test runs) judge them by these tests.
 */
async function freshSeoServer() {
  vi.resetModules();
  return import("./seo.server");
}

describe("addresses and titles of a page", () => {
  it("makes an image's address absolute on the site's origin, and keeps a full URL as it is", () => {
    expect(absoluteUrl("https://bonus.example", "/media/blog/kapak.png")).toBe("https://bonus.example/media/blog/kapak.png");
    expect(absoluteUrl("https://bonus.example", "media/blog/kapak.png")).toBe("https://bonus.example/media/blog/kapak.png");
    expect(absoluteUrl("https://bonus.example", "https://cdn.example/kapak.png")).toBe("https://cdn.example/kapak.png");
    expect(absoluteUrl("https://bonus.example", "http://cdn.example/kapak.png")).toBe("http://cdn.example/kapak.png");
  });

  it("gives a page with no image of its own the site's raster image", () => {
    for (const none of [null, undefined, ""]) expect(absoluteUrl("https://bonus.example", none)).toMatch(/^https:\/\/bonus\.example\/[\w-]+\.png$/);
  });

  it("names the page number in the title from page 2 on", () => {
    expect(pagedTitle("Bonuslar", undefined)).toBe("Bonuslar");
    expect(pagedTitle("Bonuslar", 1)).toBe("Bonuslar");
    expect(pagedTitle("Bonuslar", 2)).toBe("Bonuslar – Sayfa 2");
  });

  it("takes an address of this site that carries a URL in its query for a path, not a full URL", () => {
    expect(absoluteUrl("https://bonus.example", "/git?hedef=https://cdn.example/kapak.png")).toBe("https://bonus.example/git?hedef=https://cdn.example/kapak.png");
  });

  it("gives a page without a subject of its own the site's 1200x630 PNG, named after the site", async () => {
    const image = fallbackShareImage("https://bonus.example");
    expect(image).toMatchObject({ width: 1200, height: 630, alt: "Bonus Rehberi", type: "image/png" });
    expect(image.url.startsWith("https://bonus.example/")).toBe(true);
    // The address is a file the site serves from public/, of the size it announces.
    const file = path.resolve("public", image.url.slice("https://bonus.example/".length));
    expect(await sharp(fs.readFileSync(file)).metadata()).toMatchObject({ format: "png", width: 1200, height: 630 });
  });
});

describe("the site's origin", () => {
  const saved = process.env.PUBLIC_SITE_URL;
  afterEach(() => {
    if (saved === undefined) delete process.env.PUBLIC_SITE_URL;
    else process.env.PUBLIC_SITE_URL = saved;
    vi.resetModules();
  });

  it("is PUBLIC_SITE_URL without its trailing slashes, whatever address the request came in on", async () => {
    process.env.PUBLIC_SITE_URL = "https://bonus.example//";
    // The configuration is read once per process: a fresh copy of the modules reads it anew.
    vi.resetModules();
    const { siteOrigin } = await import("./seo.server");
    expect(siteOrigin(new Request("http://10.0.0.5:3000/bonuslar"))).toBe("https://bonus.example");
  });

  it("is the origin of every address a page gives out: its canonical, the site's image and a share card", async () => {
    process.env.PUBLIC_SITE_URL = "https://bonus.example/";
    const { pageSeo } = await freshSeoServer();
    const internal = (path: string) => new Request(`http://10.0.0.5:3000${path}`);
    const texts = { description: "Yazılar.", keywords: "rehber" };
    const plain = await pageSeo(internal("/blog"), { title: "Blog", ...texts });
    expect({ canonical: plain.canonical, image: plain.image.url, type: plain.image.type }).toEqual({
      canonical: "https://bonus.example/blog",
      image: "https://bonus.example/logo.png",
      type: "image/png",
    });
    const own = await pageSeo(internal("/casino/ege-bet"), { title: "Ege Bet", ...texts, image: "/demo/logo-ege.svg" });
    expect(own.canonical).toBe("https://bonus.example/casino/ege-bet");
    expect(own.image.url).toMatch(/^https:\/\/bonus\.example\/og\/[\w-]+\.[\w-]{22}\.jpg$/);
    expect(own.image.type).toBe("image/jpeg");
  });
});

describe("a page's SEO when the settings cannot be read", () => {
  afterEach(() => setDatabase(undefined));

  const failure = new Error("connection refused");
  const failDatabase = () => {
    const failing = new Proxy({}, { get: () => () => { throw failure; } });
    setDatabase({ db: failing as never, driver: "pglite", close: async () => {} });
    forgetSharedReads();
  };

  it("falls back to the built-in texts, and a render logs the failure once", async () => {
    allowConsoleError();
    const logged = vi.spyOn(console, "error");
    failDatabase();
    // One page's SEO, as one render of a newly started server asks for it, with none of its own texts.
    const seo = await (await freshSeoServer()).pageSeo(request("/bonuslar"));
    // public-site.md §3's defaults.
    expect({ title: seo.title, description: seo.description, keywords: seo.keywords }).toEqual({
      title: "Casino Bonusları ve Promosyonlar",
      description: "Güvenilir casino siteleri ve promosyonlar için bonus rehberi: güncel hoş geldin, deneme ve kayıp bonusları tek yerde.",
      keywords: "casino, bonus, promosyon",
    });
    expect(logged).toHaveBeenCalledTimes(1);
    expect(logged.mock.calls[0]![0]).toMatch(/SEO/);
    expect(logged.mock.calls[0]![1]).toBe(failure);
  });

  it("does not read the settings for a page with its own title, description and keywords", async () => {
    allowConsoleError();
    const logged = vi.spyOn(console, "error");
    failDatabase();
    const seo = await pageSeo(request("/blog/yazi"), { title: "Yazı", description: "Özet.", keywords: "rehber" });
    expect({ title: seo.title, description: seo.description, keywords: seo.keywords }).toEqual({ title: "Yazı", description: "Özet.", keywords: "rehber" });
    expect(logged).not.toHaveBeenCalled();
    // Any text left out is read (and here, logged as failed).
    await pageSeo(request("/blog/yazi"), { title: "Yazı", description: "Özet." });
    expect(logged).toHaveBeenCalledTimes(1);
  });
});

describeEachDriver("a page's SEO", ({ db }) => {
  beforeEach(async () => {
    await truncateAll(db());
  });

  it("gives page 2 of a list its own canonical address and title; page 1 stays the bare address", async () => {
    const second = await pageSeo(request("/bonuslar?sayfa=2"), { title: "Bonuslar", description: "Tüm bonuslar.", page: 2 });
    expect({ title: second.title, canonical: second.canonical }).toEqual({ title: "Bonuslar – Sayfa 2", canonical: "https://bonus.example/bonuslar?sayfa=2" });
    const first = await pageSeo(request("/bonuslar?sayfa=1"), { title: "Bonuslar", description: "Tüm bonuslar.", page: 1 });
    expect({ title: first.title, canonical: first.canonical }).toEqual({ title: "Bonuslar", canonical: "https://bonus.example/bonuslar" });
  });

  it("reads a page's texts from its settings row, each empty one from the home page's", async () => {
    await db().insert(seoSettings).values([
      { pageName: "Ana Sayfa", pagePath: "/", title: "Ana Başlık", description: "Ana açıklama.", keywords: "ana" },
      { pageName: "Blog", pagePath: "/blog", title: "Blog Başlığı", description: "", keywords: "blog, rehber" },
    ]);
    expect(await getPathSeo("/blog")).toEqual({ title: "Blog Başlığı", description: "Ana açıklama.", keywords: "blog, rehber" });
    expect(await getPathSeo("/guvenilir-siteler")).toEqual({ title: "Ana Başlık", description: "Ana açıklama.", keywords: "ana" });
    const seo = await pageSeo(request("/blog"));
    expect({ title: seo.title, description: seo.description, keywords: seo.keywords, canonical: seo.canonical }).toEqual({
      title: "Blog Başlığı",
      description: "Ana açıklama.",
      keywords: "blog, rehber",
      canonical: "https://bonus.example/blog",
    });
  });

  it("takes the page's own title and the settings' description when it has only a title", async () => {
    await db().insert(seoSettings).values({ pageName: "Ana Sayfa", pagePath: "/", title: "Ana Başlık", description: "Ana açıklama.", keywords: "ana" });
    const seo = await pageSeo(request("/casino/ege-bet"), { title: "Ege Bet" });
    expect({ title: seo.title, description: seo.description, keywords: seo.keywords }).toEqual({ title: "Ege Bet", description: "Ana açıklama.", keywords: "ana" });
  });

  it("gives a page with a subject a share card of its own, and one without the site's image", async () => {
    const plain = await pageSeo(request("/blog"), { title: "Blog", description: "Yazılar." });
    const own = await pageSeo(request("/casino/ege-bet"), { title: "Ege Bet", description: "Ege Bet hakkında.", image: "/demo/logo-ege.svg" });
    const card = await pageSeo(request("/bonuslar/hos-geldin"), { title: "Hoş Geldin", description: "Kategori.", card: { subtitle: "12 bonus" } });
    expect(plain.image.type).toBe("image/png");
    expect(own.image).toMatchObject({ type: "image/jpeg", alt: "Ege Bet" });
    expect(own.image.url).toMatch(/^https:\/\/bonus\.example\/og\//);
    expect(card.image).toMatchObject({ type: "image/jpeg", alt: "Hoş Geldin – 12 bonus" });
    expect(new Set([plain.image.url, own.image.url, card.image.url]).size).toBe(3);
  });

  it("gives a page with its own title and description the settings' keywords when it has none of its own", async () => {
    await db().insert(seoSettings).values({ pageName: "Ana Sayfa", pagePath: "/", title: "Ana Başlık", description: "Ana açıklama.", keywords: "deneme bonusu, kayıp iadesi" });
    const seo = await pageSeo(request("/casino/ege-bet"), { title: "Ege Bet", description: "Ege Bet hakkında." });
    expect({ title: seo.title, description: seo.description, keywords: seo.keywords }).toEqual({ title: "Ege Bet", description: "Ege Bet hakkında.", keywords: "deneme bonusu, kayıp iadesi" });
    const own = await pageSeo(request("/blog/yazi"), { title: "Yazı", description: "Özet.", keywords: "rehber" });
    expect(own.keywords).toBe("rehber");
  });

  it("takes from the settings each text a page with its own keywords leaves out", async () => {
    await db().insert(seoSettings).values({ pageName: "Ana Sayfa", pagePath: "/", title: "Ana Başlık", description: "Ana açıklama.", keywords: "ana" });
    const textsOf = async (own: { title?: string; description?: string; keywords?: string }) => {
      const seo = await pageSeo(request("/blog/yazi"), own);
      return { title: seo.title, description: seo.description, keywords: seo.keywords };
    };
    expect(await textsOf({ keywords: "rehber" })).toEqual({ title: "Ana Başlık", description: "Ana açıklama.", keywords: "rehber" });
    expect(await textsOf({ title: "Yazı", keywords: "rehber" })).toEqual({ title: "Yazı", description: "Ana açıklama.", keywords: "rehber" });
    expect(await textsOf({ description: "Özet.", keywords: "rehber" })).toEqual({ title: "Ana Başlık", description: "Özet.", keywords: "rehber" });
  });

  it("draws the card's own image when it has one, else the page's image", async () => {
    const cardOf = async (options: Parameters<typeof pageSeo>[1]) => {
      const seo = await pageSeo(request("/bonuslar/yildiz/hos-geldin"), { title: "Hoş Geldin", description: "Bonus.", ...options });
      return readShareCardFileName(seo.image.url.slice("https://bonus.example/og/".length));
    };
    expect(await cardOf({ card: { subtitle: "Yıldız Casino", image: "/demo/logo-ege.svg" } })).toMatchObject({ title: "Hoş Geldin", subtitle: "Yıldız Casino", image: "/demo/logo-ege.svg" });
    expect(await cardOf({ image: "/media/blog-images/kapak.png", card: { subtitle: "Yıldız Casino" } })).toMatchObject({ image: "/media/blog-images/kapak.png" });
    expect(await cardOf({ image: "/media/blog-images/kapak.png", card: { image: "/demo/logo-ege.svg" } })).toMatchObject({ image: "/demo/logo-ege.svg" });
  });
});

describeEachDriver("the SEO screen's rows", ({ db }) => {
  const actor: Actor = { userId: null, email: "seo@example.com", address: "10.0.0.9" };
  beforeEach(async () => {
    await truncateAll(db());
  });

  it("are in Turkish order of page name, pages of one name by address", async () => {
    await db().insert(seoSettings).values([
      { pageName: "Deneme Bonusu", pagePath: "/a-deneme" },
      { pageName: "Çevrim Rehberi", pagePath: "/b-cevrim" },
      { pageName: "Kampanya", pagePath: "/kampanya-b" },
      { pageName: "Kampanya", pagePath: "/kampanya-a" },
    ]);
    expect((await listSeoSettingsForAdmin()).map((row) => [row.pageName, row.pagePath])).toEqual([
      ["Ana Sayfa", "/"],
      ["Blog", "/blog"],
      ["Bonuslar", "/bonuslar"],
      ["Çevrim Rehberi", "/b-cevrim"],
      ["Deneme Bonusu", "/a-deneme"],
      ["Güvenilir Siteler", "/guvenilir-siteler"],
      ["Kampanya", "/kampanya-a"],
      ["Kampanya", "/kampanya-b"],
    ]);
  });

  it("change what a visitor reads next, though the page's texts were read before, and audit the save", async () => {
    await listSeoSettingsForAdmin();
    const [home] = await db().select().from(seoSettings).where(eq(seoSettings.pagePath, "/"));
    // A visitor reads the page first: the site keeps what it read until a write changes it.
    expect((await getPathSeo("/bonuslar")).title).toBe("Casino Bonusları ve Promosyonlar");
    const { saveSeoSetting: save } = await freshSeoServer();
    const result = await save(actor, { id: home!.id, title: "Yeni Ana Başlık", description: "Yeni açıklama.", keywords: "bonus" });
    expect(result.ok).toBe(true);
    expect(await getPathSeo("/bonuslar")).toEqual({ title: "Yeni Ana Başlık", description: "Yeni açıklama.", keywords: "bonus" });
    expect(await db().select({ action: auditLog.action, outcome: auditLog.outcome, summary: auditLog.summary }).from(auditLog)).toEqual([
      { action: "seo.update", outcome: "success", summary: "Ana Sayfa (/)" },
    ]);
  });

  it("refuse a save for a row id that is not one, changing nothing", async () => {
    await listSeoSettingsForAdmin();
    const before = await db().select().from(seoSettings).orderBy(seoSettings.pagePath);
    const result = await saveSeoSetting(actor, { id: "bonuslar", title: "Yeni Başlık", description: "", keywords: "" });
    expect(result).toEqual({ ok: false, fieldErrors: { "": ["SEO ayarı bulunamadı"] } });
    expect(await db().select().from(seoSettings).orderBy(seoSettings.pagePath)).toEqual(before);
    expect(await db().select({ action: auditLog.action, outcome: auditLog.outcome }).from(auditLog)).toEqual([{ action: "seo.update", outcome: "failure" }]);
  });
});
