import { beforeAll, expect, it } from "vitest";
import { describeEachDriver, forgetSharedReads, truncateAll } from "../../../tests/helpers/db";
import { heroSection, settings } from "~/db/schema";
import { insertCasino, insertPost, insertPromotion } from "~/seed/factories.server";
import { collectPageText } from "./page-text.server";

// admin.md §7 "seo_settings": the page SEO suggestion is given the text a visitor reads on
// the page, from the same public reads the page uses.
describeEachDriver("the text of a public page for the AI's page SEO suggestion", ({ db }) => {
  beforeAll(async () => {
    await truncateAll(db());
    await db().insert(heroSection).values({
      id: 1,
      upperTitle: "Güvenilir rehber",
      mainTitle: "En iyi casino bonusları",
      highlightedText: "bonuslar",
      description: "<p>Her gün <strong>güncel</strong> fırsatlar.</p>",
      buttonText: "Bonuslar",
      buttonUrl: "/bonuslar",
    });
    await db().insert(settings).values({ id: 1, blogSectionText: "<p>Rehber yazılarımız</p>" });
    const casino = await insertCasino(db(), { name: "Ege Bet" });
    await insertPromotion(db(), { title: "Kasasız Bonus", description: "<p>Casinosuz bir bonus.</p>", createdAt: new Date(Date.now() - 60_000) });
    await insertPromotion(db(), { title: "Hoş Geldin Bonusu", description: "<p>Yeni üyelere yüzde yüz.</p>", casinoId: casino.id });
    await insertPromotion(db(), { title: "Pasif Bonus", description: "<p>Gösterilmez.</p>", casinoId: casino.id, isActive: false });
    await insertPost(db(), { title: "Çevrim Şartı Rehberi", slug: "cevrim-sarti-rehberi", excerpt: "Çevrim şartları nasıl okunur.", content: `<h2>Giriş</h2><p>${"Uzun içerik. ".repeat(250)}</p>` });
    await insertPost(db(), { title: "Taslak Yazı", slug: "taslak-yazi", isPublished: false });
    forgetSharedReads();
  });

  it("reads the home page's hero, offers, blog section and post titles, one per line", async () => {
    expect(await collectPageText("/")).toBe(
      [
        "Güvenilir rehber",
        "En iyi casino bonusları",
        "Her gün güncel fırsatlar.",
        "Hoş Geldin Bonusu (Ege Bet): Yeni üyelere yüzde yüz.",
        "Kasasız Bonus: Casinosuz bir bonus.",
        "Rehber yazılarımız",
        "Çevrim Şartı Rehberi",
      ].join("\n"),
    );
    // A query string or a fragment does not change the page.
    expect(await collectPageText("/?utm_source=x")).toBe(await collectPageText("/"));
  });

  it("reads the offers page's active offers, with or without a trailing slash or a query", async () => {
    const text = "Hoş Geldin Bonusu (Ege Bet): Yeni üyelere yüzde yüz.\nKasasız Bonus: Casinosuz bir bonus.";
    expect(await collectPageText("/bonuslar")).toBe(text);
    expect(await collectPageText("/bonuslar//?sayfa=2#liste")).toBe(text);
  });

  it("reads the casinos page's names and their active offer counts", async () => {
    expect(await collectPageText("/guvenilir-siteler")).toBe("Ege Bet: 1 aktif promosyon");
  });

  it("reads the blog page's published titles and excerpts, never a draft's", async () => {
    expect(await collectPageText("/blog")).toBe("Çevrim Şartı Rehberi: Çevrim şartları nasıl okunur.");
  });

  it("reads a published post's title, excerpt and text, the first 2,000 characters of them", async () => {
    const text = await collectPageText("/blog/cevrim-sarti-rehberi");
    expect(text.startsWith("Çevrim Şartı Rehberi\nÇevrim şartları nasıl okunur.\nGiriş Uzun içerik. Uzun içerik.")).toBe(true);
    expect(text).toHaveLength(2_000);
    // An address written with escapes is the same post.
    expect(await collectPageText("/blog/cevrim%2Dsarti%2Drehberi")).toBe(text);
  });

  it("reads nothing of a draft, an unknown post, a broken address or a page the site does not have", async () => {
    // "/yazi/" is as long as "/blog/": only the blog's own address reads a post.
    for (const path of ["/blog/taslak-yazi", "/blog/yok", "/blog/%E0%A4%A", "/iletisim", "/yazi/cevrim-sarti-rehberi"]) {
      expect(await collectPageText(path), path).toBe("");
    }
  });

  it("leaves out an empty excerpt instead of reading a blank line", async () => {
    await insertPost(db(), { title: "Özetsiz Yazı", slug: "ozetsiz-yazi", excerpt: "", content: "<p>Özeti olmayan yazının metni.</p>" });
    expect(await collectPageText("/blog/ozetsiz-yazi")).toBe("Özetsiz Yazı\nÖzeti olmayan yazının metni.");
  });
});
