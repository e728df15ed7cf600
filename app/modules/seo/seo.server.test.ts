import { beforeEach, describe, expect, it } from "vitest";
import { describeEachDriver, truncateAll } from "../../../tests/helpers/db";
import { seoSettings } from "~/db/schema";
import { absoluteUrl, getPathSeo, pagedTitle, pageSeo } from "./seo.server";

const request = (path: string) => new Request(`https://bonus.example${path}`);

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
});
