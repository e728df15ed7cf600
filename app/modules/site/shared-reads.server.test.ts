import { expect, it } from "vitest";
import { heroSection, seoSettings, settings, splashAds } from "~/db/schema";
import { listCasinoCards } from "~/modules/casinos/casinos.server";
import { getBlogSectionText, getCompliance, getHero } from "~/modules/content/content.server";
import { listCategoryChips, listPromotionEditorOptions } from "~/modules/promotions/promotions.server";
import { getPathSeo } from "~/modules/seo/seo.server";
import { listActiveSplashAds, listSplashAdCasinoOptions } from "~/modules/splash-ads/splash-ads.server";
import { insertCasino, insertCategory, insertPromotion } from "~/seed/factories.server";
import { describeEachDriver, forgetSharedReads } from "../../../tests/helpers/db";

// ADR 013: the domain reads every public page shares, and the back office editors' selects
// (addendum 3), are kept between renders (each named here, so that unwrapping one fails a
// test); a write made with SQL is not seen until the site is told, as seed:scale and
// runCommand tell it, and then it is.
describeEachDriver("the shared reads", ({ db }) => {
  const domainReads: [string, () => Promise<unknown>, () => Promise<unknown>][] = [
    [
      "splash ads",
      listActiveSplashAds,
      () =>
        db().insert(splashAds).values({
          title: "Elle Reklam",
          href: "https://reklam.example",
          imageUrl: "/media/splash-ads/elle.webp",
          isActive: true,
        }),
    ],
    [
      "compliance line",
      getCompliance,
      () =>
        db()
          .insert(settings)
          .values({
            id: 1,
            helplineLabel: "Elle Yazılan Hat",
            helplineUrl: "tel:0850",
          })
          .onConflictDoUpdate({
            target: settings.id,
            set: { helplineLabel: "Elle Yazılan Hat", helplineUrl: "tel:0850" },
          }),
    ],
    [
      "hero",
      getHero,
      () =>
        db().insert(heroSection).values({
          upperTitle: "Elle",
          mainTitle: "Elle başlık",
          highlightedText: "başlık",
          description: "Elle açıklama",
          buttonText: "Git",
          buttonUrl: "/bonuslar",
        }),
    ],
    [
      "blog section text",
      getBlogSectionText,
      () =>
        db()
          .insert(settings)
          .values({ id: 1, blogSectionText: "<p>Elle yazılan bölüm metni</p>" })
          .onConflictDoUpdate({
            target: settings.id,
            set: { blogSectionText: "<p>Elle yazılan bölüm metni</p>" },
          }),
    ],
    [
      "SEO rows",
      () => getPathSeo("/blog"),
      () =>
        db().insert(seoSettings).values({
          pageName: "Blog",
          pagePath: "/blog",
          title: "Elle SEO başlığı",
          description: "Elle SEO açıklaması",
          keywords: "elle",
        }),
    ],
    [
      "category chips",
      listCategoryChips,
      async () => {
        const category = await insertCategory(db(), { name: "Elle Kategori" });
        await insertPromotion(db(), {
          categoryId: category.id,
          category: category.name,
        });
      },
    ],
    ["casino directory", listCasinoCards, () => insertCasino(db(), { name: "Elle Casino" })],
    // ADR 013 addendum 3: the editors' selects are kept the same way.
    ["promotion editor's casinos", async () => (await listPromotionEditorOptions(null)).casinos, () => insertCasino(db(), { name: "Elle Seçilen Casino" })],
    ["promotion editor's categories", async () => (await listPromotionEditorOptions(null)).categories, () => insertCategory(db(), { name: "Elle Seçilen Kategori" })],
    ["splash ad editor's casinos", listSplashAdCasinoOptions, () => insertCasino(db(), { name: "Elle Reklam Casino" })],
  ];
  it.each(domainReads)("keeps the %s between renders until the site is told of a write", async (_, domainRead, writeWithSql) => {
    const before = await domainRead();
    await writeWithSql();
    expect(await domainRead()).toEqual(before);
    forgetSharedReads();
    expect(await domainRead()).not.toEqual(before);
  });
});
